"""What happens at the tower, told: each event a message (an English template with {named} fields, its
gettext msgid, and the values of its fields) that every door renders in its reader's language.

The view carries them as ``{"msgid", "args"}``. An argument may itself be a message (how the game ended,
how many walls have fallen): core.i18n renders it in the same language. Pieces are named by their ids
(``W-bricks-1``, ``C-yellow-2``, ``F3``), the black cat by the edition's name (Toto, Neko: a name, never
translated), wall types, colours and a few words by the words the catalogue translates. No event names
a hidden card: a goal is named once it is completed, face up on the discard pile.
"""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, counted, render

from .cards import Side

# -- the turn --------------------------------------------------------------------------------------------
TAKES_WALLS = N_("seat {seat} takes {card}: {first} + {second} + floor")
TAKES_CAT = N_("seat {seat} takes {card}: {colour} cat")
TAKES_CAT_PET = N_("seat {seat} takes {card}: {colour} cat + pet")
TAKES_ANY_CAT = N_("seat {seat} takes {card}: any cat")
TAKES_ANY_CAT_PET = N_("seat {seat} takes {card}: any cat + pet")
ACTIONS_REPLACED = N_("no face-up Action card can be carried out: they are replaced")
ACTIONS_RESHUFFLED = N_("the Action deck is reshuffled from its discard pile")
GOALS_RESHUFFLED = N_("the Goal deck is reshuffled from its discard pile")

# -- placing ---------------------------------------------------------------------------------------------
PLACES = N_("seat {seat} places {piece}")
PETS = N_("seat {seat} pets {cat}")
MOVES = N_("seat {seat} moves {cat} up to floor {floor}")
PET_DROPPED = N_("no Feline Friend to pet: the pet is dropped")
NOWHERE = N_("{piece}: nowhere left to place it, so it is given up")
WALL = N_("wall")
"""A piece given up with nowhere to go is named by what it is: a wall (a floor, a cat, a pet: words already)."""

# -- debris ----------------------------------------------------------------------------------------------
PUT_BACK = N_("{piece} fell but still touches a floor: put back where it fell from")
RETRY = {
    "fell": N_("{piece} fell while being placed: back to the hand (try {attempt})"),
    "unsteady": N_("{piece} does not stand properly: back to the hand (try {attempt})"),
}
GIVEN_UP = {
    "fell": N_("{piece} fell while being placed and did not stand in {tries} tries: given up, back to the stock"),
    "unsteady": N_("{piece} does not stand properly and did not stand in {tries} tries: given up, back to the stock"),
}
"""Why a piece of one's own goes back to the hand (``fell``, ``unsteady``): a try more, or the last one."""
TO_STOCK = N_("{piece} falls: back to the stock")
OUTSIDE = N_("{piece} falls: back outside the tower")
STOOD_BACK = N_("{piece} falls: stood back on {floor}")
TOTO_IN_HAND = N_("{piece} falls: seat {seat} places him back on {floor}")
NO_ROOM_TOTO = N_("no room for {piece} on floor {floor}: seat {seat} places him on floor {lower}")
TOTO_STOOD = N_("{piece} did not stand in {tries} tries: stood on {floor} by the rules")
WALL_FALLS = N_("{wall} falls ({where}): {count}")
WALLS_FALL = N_("{walls} and {last} fall ({where}): {count}")
WALLS_MORE = N_("{walls} and {more} more fall ({where}): {count}")
SET_ASIDE = N_("set aside")
TO_RESERVE = N_("back to the reserve")
"""Where fallen walls go: aside (the English rulebook), back to the reserve (the French one)."""
WALLS_DOWN = N_("{n} fallen walls, and the tower comes down at {limit}")
WALL_SO_FAR = N_("{n} fallen wall so far (the tower comes down at {limit})")
WALLS_SO_FAR = N_("{n} fallen walls so far (the tower comes down at {limit})")

# -- climbing --------------------------------------------------------------------------------------------
CLIMBS = N_("seat {seat} completes {goal}: {cat} climbs to floor {floor}")
REFRESHES = N_("seat {seat} refreshes a goal")
COUNT_FAILED = N_("the tower did not stand through the count of five")
MILESTONE_STOOD = N_("floor {floor} reached and the tower stood: {story}")
MILESTONE_THERE = N_("floor {floor} reached and {toto} is there: {story}")
STORIES = (
    N_("Toto reaches the tenth floor. Far above, one star blinks twice, as if it had seen him."),
    N_(
        "The wind is colder on the thirteenth floor. The Feline Friends huddle round Toto, and the star seems "
        "a little nearer."
    ),
    N_("From the fifteenth floor the town is a quilt of lights. Toto hears a faint purr carried on the wind."),
    N_(
        "On the seventeenth floor the clouds are below them. Toto stretches a paw up, and the star stretches "
        "its light down."
    ),
    N_(
        "At the twentieth floor the tower touches the sky. Toto curls up in his mother's light, home at last, "
        "and his friends purr him to sleep."
    ),
)
"""The English edition's story cards (cards.json), so that a reader in another language reads them in it;
the French edition's stickers are French text of the edition, shown as they are."""

# -- the end ---------------------------------------------------------------------------------------------
GAME_OVER = N_("game over: {why}")
"""``why`` is a message of its own, one of these."""
END_TOP = N_("every Black Cat reached the 24th floor")
END_VICTORY = N_("{toto} reached floor {floor}")
END_NO_ACTION = N_("no Action card can be carried out: the stock has run out")
END_TURN_LIMIT = N_("the turn limit ({limit}) is reached")
COLLAPSE_TOPPLED = N_("the tower collapses ({why}); seat {seat} toppled it")
COLLAPSE = N_("the tower collapses: {why}")
WHOLE_TOWER = N_("the whole tower has fallen")
WALLS_FALLEN = N_("{n} walls have fallen")


def takes(side: Side) -> tuple[str, dict[str, Any]]:
    """The event of a seat taking an Action card's ``side`` (its template and the side's arguments; the
    seat and card are added by the caller)."""
    if side.walls:
        first, second = side.walls
        return TAKES_WALLS, {"first": first, "second": second}
    if side.cat == "any":
        return (TAKES_ANY_CAT_PET if side.pet else TAKES_ANY_CAT), {}
    return (TAKES_CAT_PET if side.pet else TAKES_CAT), {"colour": side.cat}


def message(msgid: str, /, **args: Any) -> dict[str, Any]:
    """An event (or an event's argument) as the view carries it."""
    return {"msgid": msgid, "args": args}


for _template in [v for k, v in list(globals().items()) if k.isupper() and isinstance(v, str) and "{seat}" in v]:
    counted(_template, "seat")
"""Seats are 0-based in the events' arguments (as in every protocol field) and read from 1 when rendered,
as the browser and the other games number them: the terminal says "seat 1 places F3" for the first seat."""


def copy(event: dict[str, Any]) -> dict[str, Any]:
    """An event for a view: its own dicts and lists (a reader may change its view, never the state)."""
    return {"msgid": event["msgid"], "args": {k: _copy(v) for k, v in event["args"].items()}}


def _copy(v: Any) -> Any:
    if isinstance(v, dict):
        return copy(v)
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


def text(event: dict[str, Any], lang: str = "en") -> str:
    """An event of the view in ``lang`` (English: the sentence the rules used to log)."""
    return render(event["msgid"], event["args"], lang)


def texts(events: list[dict[str, Any]], lang: str = "en") -> list[str]:
    """Events in ``lang``, one sentence each."""
    return [text(e, lang) for e in events]


def is_game_over(event: dict[str, Any]) -> bool:
    return bool(event.get("msgid") == GAME_OVER)


__all__ = ["GAME_OVER", "copy", "is_game_over", "message", "takes", "text", "texts"]
