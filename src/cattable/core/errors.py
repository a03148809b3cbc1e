"""Errors split by cause, so callers can tell a typo from a rule (as python-chess does)."""

from __future__ import annotations


class InvalidAction(ValueError):
    """The input is not an action of this game at all (unparseable text, malformed JSON, wrong type)."""


class IllegalAction(ValueError):
    """A well-formed action that the rules forbid here; the message says why."""


class OptionError(ValueError):
    """An unknown game option or a bad value; the message lists what is allowed."""


class RecordError(ValueError):
    """A game record that cannot be replayed (wrong game, malformed, or an action that no longer applies)."""


class GameNotOver(RuntimeError):
    """``result()`` was asked for before the end: a game in progress has no winners yet."""
