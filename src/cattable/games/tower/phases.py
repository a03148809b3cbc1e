"""The named values a table of Cat and the Tower moves between: the step of a turn, how the game ended,
and the two options that change the rules (cooperative or competitive, English or French)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The step of the turn: choose a card, place its pieces, (competitive) move a Feline Friend, goals."""

    ACTION = "action"
    PLACE = "place"
    INTERACT = "interact"
    GOAL = "goal"
    OVER = "over"


class Ending(StrEnum):
    """How the game ended (``NONE`` while it runs); the words the views and results show."""

    NONE = ""
    VICTORY = "victory"
    DEFEAT = "defeat"
    COLLAPSE = "collapse"
    TOP = "top"
    NO_ACTION = "no action"
    TURN_LIMIT = "turn limit"


class Mode(StrEnum):
    COOP = "coop"
    COMPETITIVE = "competitive"


class Edition(StrEnum):
    """English (Arcane Wonders: Toto) or French (Unfriendly Games: Neko); a few rules differ."""

    EN = "en"
    FR = "fr"


__all__ = ["Edition", "Ending", "Mode", "Phase"]
