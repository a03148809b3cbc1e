"""The physical pieces and their ids: floors ``F1``..``F24``, walls ``W-bricks-3``, Feline Friends
``C-blue-2``, Black Cats ``B-red`` and ``toto``. The world and the record name pieces by these strings;
the rules parse an id once into a :class:`Piece` when they need to know what it is."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

FLOORS = 24
WALL_COUNTS = {"bricks": 12, "windows": 12, "arches": 12, "angels": 12, "pillars": 6}
CATS_PER_COLOUR = 4
SCARVES = ("red", "orange", "blue", "purple", "yellow")
"""The Black Cats' scarves, one per seat in seat order."""
TOTO = "toto"


class Kind(StrEnum):
    FLOOR = "floor"
    WALL = "wall"
    CAT = "cat"
    BLACK = "black"
    TOTO = "toto"


@dataclass(frozen=True)
class Piece:
    """A parsed piece id: its kind, its family (wall type, cat colour, scarf) and its number."""

    kind: Kind
    family: str = ""
    number: int = 0

    def __str__(self) -> str:
        if self.kind is Kind.FLOOR:
            return floor_id(self.number)
        if self.kind is Kind.WALL:
            return wall_id(self.family, self.number)
        if self.kind is Kind.CAT:
            return cat_id(self.family, self.number)
        if self.kind is Kind.BLACK:
            return f"B-{self.family}"
        return TOTO


@cache
def piece(text: str) -> Piece:
    """Parse a piece id (``F3``, ``W-bricks-1``, ``C-blue-2``, ``B-red``, ``toto``); ValueError otherwise."""
    if text == TOTO:
        return Piece(Kind.TOTO)
    if text.startswith("F") and text[1:].isdigit():
        return Piece(Kind.FLOOR, "", int(text[1:]))
    head, _, rest = text.partition("-")
    if head == "B" and rest:
        return Piece(Kind.BLACK, rest)
    family, _, number = rest.rpartition("-")
    if head in ("W", "C") and family and number.isdigit():
        return Piece(Kind.WALL if head == "W" else Kind.CAT, family, int(number))
    raise ValueError(f"not a piece of Cat and the Tower: {text!r}")


def floor_id(number: int) -> str:
    return f"F{number}"


def wall_id(wall_type: str, number: int) -> str:
    return f"W-{wall_type}-{number}"


def cat_id(colour: str, number: int) -> str:
    return f"C-{colour}-{number}"


def black_cat(seat: int) -> str:
    """The Black Cat of a seat (competitive game)."""
    return f"B-{SCARVES[seat]}"


def seat_of_black(black: Piece) -> int:
    return SCARVES.index(black.family)


def floor_number(floor: str) -> int:
    """``F7`` -> 7; an empty floor (no floor) counts as the ground floor, 1."""
    return piece(floor).number if floor else 1


__all__ = [
    "CATS_PER_COLOUR",
    "FLOORS",
    "SCARVES",
    "TOTO",
    "WALL_COUNTS",
    "Kind",
    "Piece",
    "black_cat",
    "cat_id",
    "floor_id",
    "floor_number",
    "piece",
    "seat_of_black",
    "wall_id",
]
