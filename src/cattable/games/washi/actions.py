"""The five actions, as small tuples with a leading kind tag (C-level hash and equality), each kind
declared once in ``ACTIONS`` (its fields, their types, its text form, schema and announcement).

Cats are numbered 1 and 2 in text and JSON (0 and 1 inside). Cells are named like ``c5``. Forms:

    fish c5        draw a fish (setup)
    cat c5         draw a cat (setup)
    move 1 c6      extend cat 1's line one space (into a building: name the door's inside cell)
    jump 1 north   super cat jump (over any line: the super amazing cat jump) -- a special move
    pop 1 e4       super sewer popper: dive into the sewer at e4, come out of its pair -- a special move
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from cattable.core.declared import Declaration, Field, Kind
from cattable.core.fields import FieldType, Int, Word, described
from cattable.core.i18n import N_

from .coords import cell_name, parse_cell

DIRECTIONS = ("north", "east", "south", "west")
DIR_ALIASES = {
    "n": "north",
    "e": "east",
    "s": "south",
    "w": "west",
    "up": "north",
    "down": "south",
    "right": "east",
    "left": "west",
}


class Fish(NamedTuple):
    kind: str
    row: int
    col: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Cat(NamedTuple):
    kind: str
    row: int
    col: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Move(NamedTuple):
    kind: str
    cat: int
    row: int
    col: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Jump(NamedTuple):
    kind: str
    cat: int
    direction: str

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Pop(NamedTuple):
    kind: str
    cat: int
    row: int
    col: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


WashiAction = Fish | Cat | Move | Jump | Pop


# interned constructors: the same tuple object every time, so legal lists are built without allocation
@cache
def fish(row: int, col: int) -> Fish:
    return Fish("fish", row, col)


@cache
def cat(row: int, col: int) -> Cat:
    return Cat("cat", row, col)


@cache
def move(cat: int, row: int, col: int) -> Move:
    return Move("move", cat, row, col)


@cache
def jump(cat: int, direction: str) -> Jump:
    return Jump("jump", cat, direction)


@cache
def pop(cat: int, row: int, col: int) -> Pop:
    return Pop("pop", cat, row, col)


class CellName(FieldType):
    """A cell, ``(row, col)`` inside: its canonical name in JSON (``c5``), any case in text."""

    define = "cell"
    description = "A cell name: its column in letters (a..z, then aa, ab, ...) and its row from 1 at the top, like c5."

    def from_json(self, value: Any) -> tuple[int, int]:
        pos = parse_cell(value) if isinstance(value, str) else None
        if pos is None or cell_name(*pos) != value:
            raise ValueError(value)
        return pos

    def to_json(self, value: Any) -> str:
        return cell_name(*value)

    def from_text(self, word: str) -> tuple[int, int]:
        pos = parse_cell(word)
        if pos is None:
            raise ValueError(word)
        return pos

    def expects(self) -> str:
        return "a cell name like c5"

    def body(self, description: str | None) -> dict[str, Any]:
        return described({"type": "string"}, description, {"pattern": "^[a-z]{1,2}[1-9][0-9]{0,2}$"})


CELL = CellName()
CAT = Int(1, 2, offset=1, define="cat", description="Which of the player's two cats: 1 or 2.")
ROW_COL = ("row", "col")

ACTIONS = Declaration(
    "washi",
    "Tokyo Washi",
    (
        Kind(
            "fish",
            Fish,
            lambda at: fish(*at),
            "Setup: draw one of your fish on a plain street space of your home row or far row.",
            (Field("at", CELL, "Where the fish is drawn.", ROW_COL),),
            announce=N_("places a fish at {at}"),
        ),
        Kind(
            "cat",
            Cat,
            lambda at: cat(*at),
            "Setup: draw one of your two cats on a plain street space of your home row.",
            (Field("at", CELL, "Where the cat is drawn.", ROW_COL),),
            announce=N_("places a cat at {at}"),
        ),
        Kind(
            "move",
            Move,
            lambda cat, to: move(cat, *to),
            "Extend a cat's line one space (into a building: name the door's inside cell).",
            (Field("cat", CAT), Field("to", CELL, "The space the line enters.", ROW_COL)),
            announce=N_("moves cat {cat} to {to}"),
        ),
        Kind(
            "jump",
            Jump,
            jump,
            "A special move, the super cat jump: over any straight run of lines (over another colour, the super "
            "amazing cat jump).",
            (Field("cat", CAT), Field("direction", Word(DIRECTIONS, aliases=DIR_ALIASES), "Which way the cat jumps.")),
            announce=N_("jumps cat {cat} to the {direction}"),
        ),
        Kind(
            "pop",
            Pop,
            lambda cat, at: pop(cat, *at),
            "A special move, the super sewer popper: dive into the sewer at a cell, come out of its pair.",
            (Field("cat", CAT), Field("at", CELL, "The sewer the cat dives into.", ROW_COL)),
            announce=N_("pops cat {cat} out of the sewer at {at}"),
        ),
    ),
)
ACTION_TYPES = ACTIONS.types
