"""What is left off the table: floors, walls and Feline Friends a card can still ask for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import COLOURS, WALL_TYPES
from .cards import Side
from .phases import Edition
from .pieces import CATS_PER_COLOUR, FLOORS, WALL_COUNTS, cat_id, floor_id, wall_id

if TYPE_CHECKING:
    from .state import TowerState


def floors(s: TowerState) -> list[str]:
    return [floor_id(k) for k in range(2, FLOORS + 1) if floor_id(k) not in s.table.outcome["pieces"]]


def walls(s: TowerState, wall_type: str) -> list[str]:
    """Walls of a type not on the table (and, in the English game, not set aside as debris)."""
    gone = set(s.table.outcome["pieces"])
    if s.edition is Edition.EN:
        gone |= set(s.wall_debris)
    ids = (wall_id(wall_type, k) for k in range(1, WALL_COUNTS[wall_type] + 1))
    return [w for w in ids if w not in gone]


def cats(s: TowerState, colour: str) -> list[str]:
    ids = (cat_id(colour, k) for k in range(1, CATS_PER_COLOUR + 1))
    return [c for c in ids if c not in s.table.outcome["pieces"]]


def cats_on_tower(s: TowerState, colour: str) -> list[str]:
    ids = (cat_id(colour, k) for k in range(1, CATS_PER_COLOUR + 1))
    return [c for c in ids if c in s.table.outcome["pieces"]]


def side_possible(s: TowerState, side: Side) -> bool:
    """Can the pieces of this card side be found (a Feline Friend may be re-placed from the tower)?"""
    if side.walls:
        left = sum(len(walls(s, t)) for t in WALL_TYPES)
        return bool(floors(s)) and left >= len(side.walls)
    colours = COLOURS if side.cat == "any" else (side.cat,)
    return any(cats(s, c) or cats_on_tower(s, c) for c in colours)


def cat_take(s: TowerState, colour: str) -> str:
    """The cat re-placed when a colour is out of stock (the FAQ); empty when the stock has one."""
    if cats(s, colour):
        return ""
    on = cats_on_tower(s, colour)
    return on[0] if on else ""


__all__ = ["cat_take", "cats", "cats_on_tower", "floors", "side_possible", "walls"]
