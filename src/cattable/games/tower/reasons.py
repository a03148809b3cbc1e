"""Why a move is not legal now, in words a player understands (None when it is legal). Placements are
judged by range, not by membership in the menu: any wall, floor, cat or pet aimed at the tile is legal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cattable.core import InvalidAction

from . import legal, stock, turn
from .actions import Cat, Choose, Floor, Goal, Move, Pet, Refresh, Skip, Toto, Wall, malformed
from .menu import on_tile
from .pending import Pending, ToPlace
from .phases import Edition, Mode, Phase
from .pieces import Kind, floor_id, piece
from .placing import FOLD_RANGE

if TYPE_CHECKING:
    from .state import TowerState

PET_HEIGHT = (0.0, 2.0)
PET_PUSH = (0.5, 20.0)
"""A "light touch" in g cm/s (5-10 is light for a 1.8 g cat; 20 is a shove we refuse)."""
TURN = (-360.0, 360.0)
"""Yaws and pet angles, in degrees."""


def _in(value: float, bounds: tuple[float, float]) -> bool:
    return bounds[0] <= value <= bounds[1]


def why_not(s: TowerState, a: Any) -> str | None:
    """None if legal, else why not; a malformed action value (a text or None where a number goes) is
    refused first, as an ``InvalidAction``."""
    wrong = malformed(a)
    if wrong is not None:
        raise InvalidAction(wrong)
    if s.phase is Phase.OVER:
        return "the game is over"
    if isinstance(a, Choose | Goal | Refresh | Skip):
        if a in s.legal_actions():
            return None
        return _menu_reason(s, a)
    if s.phase not in (Phase.PLACE, Phase.INTERACT):
        return f"you cannot {a.kind} now: it is the {s.phase.value} step"
    if isinstance(a, Move):
        return _move_reason(s, a)
    if s.phase is not Phase.PLACE:
        return f"you cannot {a.kind} now: move a Feline Friend or skip"
    item = s.pending[0]
    if isinstance(a, Toto) or item.piece is ToPlace.TOTO:
        return _toto_reason(s, a, item)
    if isinstance(a, Wall):
        return _wall_reason(s, a, item)
    if isinstance(a, Floor):
        if item.piece is not ToPlace.FLOOR:
            return (
                "walls first: a floor goes onto the top-most walls"
                if item.piece is ToPlace.WALL
                else f"place the {item.piece.value} now"
            )
        if not (on_tile(a.x, a.y) and _in(a.yaw, TURN)):
            return "a floor goes over the floor below: x and y within 4.5 cm, yaw within 360 degrees"
        return None
    if isinstance(a, Cat):
        return _cat_reason(s, a, item)
    if isinstance(a, Pet):
        if item.piece is not ToPlace.PET:
            return "you pet the Feline Friend after placing it"
        if not (_in(a.angle, TURN) and _in(a.height, PET_HEIGHT) and _in(a.push, PET_PUSH)):
            return "a pet is a light touch: angle within 360, height 0 to 2 cm, push 0.5 to 20 g cm/s"
        return None
    return f"{a.text()} is not a legal move now"


def _toto_reason(s: TowerState, a: Any, item: Pending) -> str | None:
    """Toto is placed when the rules hand him to the player (a goal's climb, or back after a fall), and
    before anything else in hand ("the current player must place him back")."""
    toto = s.name("toto")
    if item.piece is not ToPlace.TOTO:
        return f"{toto} is placed only when a goal sends him up or he has fallen"
    if not isinstance(a, Toto):
        return f"place {toto} on {item.floor} first"
    if not (on_tile(a.x, a.y) and _in(a.yaw, TURN)):
        return f"{toto} stands on the tile: x and y within 4.5 cm of its centre, yaw within 360 degrees"
    return None


def _wall_reason(s: TowerState, a: Wall, item: Pending) -> str | None:
    if not legal.walls_in_hand(s):
        return (
            "this card's walls are placed: now the floor"
            if item.piece is ToPlace.FLOOR
            else f"place the {item.piece.value} now"
        )
    if a.type not in legal.wall_types_allowed(s):
        return wrong_wall_type(s, a.type)
    if not on_tile(a.x, a.y):
        return "walls must stand on the top-most floor: x and y within 4.5 cm of its centre"
    if not _in(a.yaw, TURN):
        return "yaw must be between -360 and 360 degrees"
    if not _in(a.fold, FOLD_RANGE):
        return "fold must be between 30 (tightly folded) and 180 (flat) degrees"
    return None


def wrong_wall_type(s: TowerState, wall_type: str) -> str:
    """Why a wall of this type may not be placed now: out of stock (others may stand in), or not asked for."""
    allowed = legal.wall_types_allowed(s)
    others = ", ".join(allowed[:-1]) + (" or " if len(allowed) > 1 else "") + allowed[-1] if allowed else ""
    if not stock.walls(s, wall_type):
        left = f": place {others} instead" if others else ""
        return f"no {wall_type} wall is left in stock{left}"
    wanted = [it.type for it in s.pending if it.piece is ToPlace.WALL]
    if len(wanted) == 2 and wanted[0] == wanted[1]:
        asked = f"two {wanted[0]} walls"
    else:
        asked = " and ".join(f"one {t} wall" for t in wanted)
    return f"this card asks for {asked}, not {wall_type}"


def _menu_reason(s: TowerState, a: Choose | Goal | Refresh | Skip) -> str:
    if isinstance(a, Choose):
        if s.phase is not Phase.ACTION:
            return "you have already chosen an Action card this turn"
        if not 1 <= a.card <= len(s.action_faceup):
            return f"there are {len(s.action_faceup)} face-up Action cards"
        names = [n for n, _ in turn.sides(s, s.action_faceup[a.card - 1])]
        if a.side not in names:
            return (
                f"card {a.card} has two sides: type 'card {a.card} left' or 'card {a.card} right'"
                if names != [""]
                else f"card {a.card} has one side: type 'card {a.card}'"
            )
        return "the stock cannot carry out that action"
    if isinstance(a, Goal | Refresh):
        if s.phase is not Phase.GOAL:
            return f"goals come after the action: it is the {s.phase.value} step"
        if isinstance(a, Refresh):
            return "only the French competitive game lets you refresh a goal"
        if a.card not in legal.met_goals(s, s.seat):
            return f"goal {a.card} is not met on the floor(s) where goals are judged"
        return "you may move up to the number of floors on the card, at least 1"
    return "this step is not optional: choose an Action card" if s.phase is Phase.ACTION else "place the piece first"


def _cat_reason(s: TowerState, a: Cat, item: Pending) -> str | None:
    if item.piece is not ToPlace.CAT:
        return f"this card asks for a {item.piece.value} now"
    if item.colour not in (a.colour, "any"):
        return f"this card asks for a {item.colour} Feline Friend"
    floor = floor_id(a.floor)
    if floor not in s.reading["floor_levels"]:
        return f"floor {a.floor} is not standing in the tower"
    if not (on_tile(a.x, a.y) and _in(a.yaw, TURN)):
        return "a cat stands on the floor: x and y within 4.5 cm, yaw within 360 degrees"
    in_stock = stock.cats(s, a.colour)
    if in_stock and a.take:
        return f"there are {a.colour} Feline Friends in stock: take one of them"
    if not in_stock and a.take not in stock.cats_on_tower(s, a.colour):
        return f"no {a.colour} Feline Friend is left in stock: re-place one from the tower (take=...)"
    if s.edition is Edition.FR and a.take and s.reading["support"].get(a.take) == floor:
        return f"{a.take} is taken from floor {a.floor}: in the French game it goes to another floor"
    if a.on:
        if not _is_cat(a.on):
            return "cats go on top of Feline Friends only"
        if a.on == a.take or s.reading["support"].get(a.on) != floor:
            return f"{a.on} is not a Feline Friend on floor {a.floor}"
    return None


def _is_cat(text: str) -> bool:
    try:
        return piece(text).kind is Kind.CAT
    except ValueError:
        return False


def _move_reason(s: TowerState, a: Move) -> str | None:
    if s.mode is not Mode.COMPETITIVE:
        return "only the competitive game moves Feline Friends"
    if s.phase is Phase.INTERACT:
        if a.cat not in legal.movable_cats(s):
            return f"{a.cat} is not on your Black Cat's floor"
    elif s.pending[0].piece is not ToPlace.MOVE or s.pending[0].cat != a.cat:
        return "finish placing this turn's piece first"
    if floor_id(a.floor) not in legal.floors_above(s, s.seat):
        return "a Feline Friend moves to a floor above your Black Cat"
    if not (on_tile(a.x, a.y) and _in(a.yaw, TURN)):
        return "x and y within 4.5 cm, yaw within 360 degrees"
    return None


__all__ = ["PET_HEIGHT", "PET_PUSH", "why_not", "wrong_wall_type"]
