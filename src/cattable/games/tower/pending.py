"""What the player still holds this turn: the pieces of the chosen card still to place (and a pet, or a
competitive move), each a :class:`Pending` record; its JSON form is what the views show."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any


class ToPlace(StrEnum):
    WALL = "wall"
    FLOOR = "floor"
    CAT = "cat"
    PET = "pet"
    MOVE = "move"
    TOTO = "toto"


@dataclass(frozen=True)
class Pending:
    """One thing in hand: a wall of ``type``, a floor, a cat of ``colour`` (or ``any``), a pet, the
    move of Feline Friend ``cat``, or Toto to place on ``floor``; ``tries`` counts the attempts that fell,
    ``take`` (after a cat fell) names the cat to re-place when its colour is out of stock, empty for one
    from the stock."""

    piece: ToPlace
    type: str = ""
    colour: str = ""
    cat: str = ""
    tries: int = 0
    take: str | None = None
    floor: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"piece": self.piece.value}
        if self.piece is ToPlace.WALL:
            out["type"] = self.type
        elif self.piece is ToPlace.CAT:
            out["colour"] = self.colour
        elif self.piece is ToPlace.MOVE:
            out["cat"] = self.cat
        elif self.piece is ToPlace.TOTO:
            out["floor"] = self.floor
        out["tries"] = self.tries
        if self.take is not None:
            out["take"] = self.take
        return out

    def again(self, tries: int) -> Pending:
        return replace(self, tries=tries)


def wall(wall_type: str) -> Pending:
    return Pending(ToPlace.WALL, type=wall_type)


def floor() -> Pending:
    return Pending(ToPlace.FLOOR)


def cat(colour: str) -> Pending:
    return Pending(ToPlace.CAT, colour=colour)


def pet() -> Pending:
    return Pending(ToPlace.PET)


def move(cat_id: str) -> Pending:
    return Pending(ToPlace.MOVE, cat=cat_id)


def toto(floor_id: str) -> Pending:
    """Toto in the player's hand, to be placed on ``floor_id`` (a goal's climb, or back after a fall)."""
    return Pending(ToPlace.TOTO, floor=floor_id)


__all__ = ["Pending", "ToPlace", "cat", "floor", "move", "pet", "toto", "wall"]
