"""Carrying out a placement: a wall, a floor, a Feline Friend, a pet or a competitive move, each by an
unsteady hand on the real world, then judged (did it stand?) and followed by the debris rules.

A placement lands where it is aimed or is refused: one aimed inside a piece on the table (a wall where a
cat stands, a cat on a cat with no room under the floor above) raises ``IllegalAction`` before anything
changes, and a piece that came to rest on another floor than the one asked for did not stand."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import islice
from typing import TYPE_CHECKING

from cattable.core import IllegalAction

from . import climb, debris, legal, pending, placing, stock, turn
from . import events as ev
from .actions import Cat, Floor, Move, Pet, Toto, TowerAction, Wall
from .menu import XY_LIMIT
from .pending import Pending, ToPlace
from .phases import Edition, Phase
from .physics import Blocked, TowerWorld
from .pieces import TOTO, Kind, floor_id, piece
from .table import in_floor_frame, tilt_of, yaw_of

if TYPE_CHECKING:
    from .state import TowerState

UPRIGHT_DEG = 30.0
"""A wall leaning further than this from upright does not stand."""
WALL_PANEL = 3.0
"""A wall panel's width (cm), crease to edge (physics/pieces.json)."""


def take_item(s: TowerState, kind: ToPlace) -> Pending:
    """Take the first piece of a kind out of the hand."""
    for i, it in enumerate(s.pending):
        if it.piece is kind:
            return s.pending.pop(i)
    raise AssertionError(kind)


def refusal(s: TowerState, a: Wall | Floor | Cat | Move | Toto) -> str | None:
    """Why the placement cannot land where it is aimed, or None: the piece is let go at its aim (no hand
    noise) on a copy of the table, and the world refuses an aim inside another piece (``Blocked``).
    The legal menu leaves such placements out (``landable``)."""
    world = s.table.live().clone()
    try:
        if isinstance(a, Wall):
            wanted = stock.walls(s, a.type)
            if wanted:
                world.place_wall(wanted[0], a.x, a.y, a.yaw, _fold(a))
        elif isinstance(a, Floor):
            floors = stock.floors(s)
            if floors:
                world.place_floor(floors[0], a.x, a.y, a.yaw)
        elif isinstance(a, Toto):
            if s.pending and s.pending[0].piece is ToPlace.TOTO:
                _aim_cat(world, TOTO, toto_aim(s, a))
        else:
            cat = a.cat if isinstance(a, Move) else (a.take or _stock_cat(s, a.colour))
            if cat:
                _aim_cat(world, cat, a)
    except Blocked as error:
        return _reason(error)
    return None


def landable(s: TowerState, actions: list[TowerAction]) -> list[TowerAction]:
    """The actions that are not placements refused by ``refusal`` (for the legal menu)."""
    return [a for a in actions if _lands(s, a)]


def _lands(s: TowerState, a: TowerAction) -> bool:
    return not isinstance(a, Wall | Floor | Cat | Move | Toto) or refusal(s, a) is None


SPREAD = (-3.0, -1.5, 0.0, 1.5, 3.0)
"""Where ``offered`` looks for room on a floor (cm) when the menu's own spots are all taken."""
HEADINGS = (45.0, -135.0, 135.0, -45.0, 0.0, 180.0, 90.0, -90.0)
SPARE = 4
"""How many spare placements of each piece ``offered`` looks for."""


def offered(s: TowerState, menu: list[TowerAction]) -> list[TowerAction]:
    """The menu without the placements the rules would refuse; if that leaves none, the same pieces aimed
    at other spots of their floor where they fit (walls left lying on the top floor can fill every corner
    the menu knows), so the game always has a placement to offer while one exists."""
    kept = landable(s, menu)
    if kept or not menu:
        return kept
    spare: list[TowerAction] = []
    for a in _pieces(menu):
        spare += islice((c for c in _spread(a) if _lands(s, c)), SPARE)
    return spare


def has_room(s: TowerState, menu: list[TowerAction]) -> bool:
    """Whether ``offered`` would offer anything: its search, stopped at the first placement that lands
    (each look costs a copy of the world, so asking only this is several times cheaper)."""
    return any(_lands(s, a) for a in menu) or any(_lands(s, c) for a in _pieces(menu) for c in _spread(a))


def _pieces(menu: list[TowerAction]) -> list[Wall | Cat | Move | Toto]:
    """The menu's pieces, each once, aimed at the middle of its floor."""
    return list(dict.fromkeys(_elsewhere(a) for a in menu if isinstance(a, Wall | Cat | Move | Toto)))


def _spread(a: Wall | Cat | Move | Toto) -> Iterator[Wall | Cat | Move | Toto]:
    """The piece aimed across its floor (``SPREAD``), at the headings that matter for its kind."""
    for x in SPREAD:
        for y in SPREAD:
            for yaw in HEADINGS if isinstance(a, Wall) else HEADINGS[4:6]:
                yield a._replace(x=x, y=y, yaw=yaw)


def _elsewhere(a: Wall | Cat | Move | Toto) -> Wall | Cat | Move | Toto:
    """The piece of a placement aimed at the middle of the floor (squarely folded; not on a cat)."""
    if isinstance(a, Wall):
        return a._replace(x=0.0, y=0.0, yaw=0.0, fold=90.0)
    if isinstance(a, Cat):
        return a._replace(x=0.0, y=0.0, yaw=0.0, on="")
    return a._replace(x=0.0, y=0.0, yaw=0.0)


def toto_aim(s: TowerState, a: Toto) -> Move:
    """Toto's placement as the hand carries it out: a cat stood on the floor the rules handed him for, or,
    when that floor has fallen since (his own slip brought it down), the closest standing floor below."""
    return Move("move", TOTO, s.level(debris.fall_back(s, s.pending[0].floor)), a.x, a.y, a.yaw)


def _fold(a: Wall) -> float:
    return min(placing.FOLD_RANGE[1], max(placing.FOLD_RANGE[0], a.fold))


def _stock_cat(s: TowerState, colour: str) -> str:
    cats = stock.cats(s, colour)
    return cats[0] if cats else ""


def _aim_cat(world: TowerWorld, cat: str, a: Cat | Move) -> None:
    if cat in world.active:
        world.remove(cat)
    on = a.on if isinstance(a, Cat) and a.on else None
    world.place_cat(cat, floor_id(a.floor), a.x, a.y, a.yaw, on)


def _reason(error: Blocked) -> str:
    if error.from_above:
        return f"no room there: {error.piece} would not fit under {error.obstacle} (the floor above is too low)"
    return f"{error.piece} cannot go there: {error.obstacle} is in the way ({error.depth_mm:.1f} mm inside it)"


def refuse_blocked(s: TowerState, a: Wall | Floor | Cat | Move | Toto) -> None:
    """Raise ``IllegalAction`` (nothing has changed yet) if the placement cannot land where it is aimed.
    A replay trusts its record: the placement was accepted when it was played."""
    if s.chance.replaying:
        return
    why = refusal(s, a)
    if why is not None:
        raise IllegalAction(why)


def place_wall(s: TowerState, a: Wall) -> None:
    """Stand a wall on the top floor; a type out of stock may be stood in for by another (the FAQ)."""
    refuse_blocked(s, a)
    wanted = [it for it in s.pending if it.piece is ToPlace.WALL]
    exact = [it for it in wanted if it.type == a.type]
    item = exact[0] if exact else next(it for it in wanted if not stock.walls(s, it.type))
    s.pending.remove(item)
    wall = stock.walls(s, a.type)[0]
    top = s.reading["top_floor"]
    n = s.hand_noise()
    s.physics(lambda w: placing.wall(w, wall, a, n))
    placed(s, wall, replace(item, type=a.type), lambda: standing(s, wall, top))


def place_floor(s: TowerState, a: Floor) -> None:
    refuse_blocked(s, a)
    item = take_item(s, ToPlace.FLOOR)
    floor = stock.floors(s)[0]
    below = s.reading["top_floor"]
    n = s.hand_noise()
    s.physics(lambda w: placing.floor(w, floor, a, n))
    placed(s, floor, item, lambda: floor_ok(s, floor, below))


def floor_ok(s: TowerState, floor: str, below: str) -> bool:
    """The floor stands in the tower; in the French game its walls, those this action stood on ``below``
    ("ses Murs", "les dernières tuiles Mur ajoutées"), must not stick out from under it. A wall left there
    from before (one that stood its ground when a storey above it fell) is not the floor's own: judged
    too (the rules' revision 1), it could make every floor fail for the rest of the game."""
    if floor not in s.reading["floor_levels"]:
        return False
    if s.edition is not Edition.FR:
        return True
    out = s.table.outcome
    poses = out["poses"]
    support = s.reading["support"]
    walls = s.placed if s.revision >= 2 else list(support)
    for wall in walls:
        if support.get(wall) != below or piece(wall).kind is not Kind.WALL or wall not in poses:
            continue
        fold = float(out["pieces"][wall].get("fold", 90.0))
        heading = math.radians(yaw_of(poses[wall]))
        ends = [poses[wall][:2]] + [
            [
                poses[wall][0] + WALL_PANEL * math.cos(heading + side),
                poses[wall][1] + WALL_PANEL * math.sin(heading + side),
            ]
            for side in (math.radians(fold / 2), -math.radians(fold / 2))
        ]
        for end in ends:
            x, y = in_floor_frame(poses[floor], [end[0], end[1], 0.0])
            if abs(x) > XY_LIMIT + 0.05 or abs(y) > XY_LIMIT + 0.05:
                return False
    return True


def place_cat(s: TowerState, a: Cat) -> None:
    refuse_blocked(s, a)
    item = take_item(s, ToPlace.CAT)
    cat = a.take or stock.cats(s, a.colour)[0]
    n = s.hand_noise()
    s.physics(lambda w: placing.cat(w, cat, a, n))
    s.last_cat = cat
    placed(s, cat, replace(item, colour=a.colour), lambda: cat_ok(s, cat, floor_id(a.floor)))


def pet(s: TowerState, a: Pet) -> None:
    """A light touch on the cat just placed (the pet cards), by the player's finger (where it touches and how
    hard both slip: ``TowerState.finger_noise``): it may fall, and so may others."""
    item = take_item(s, ToPlace.PET)
    cat = s.last_cat
    n = s.finger_noise()
    pose = s.table.outcome["poses"][cat]
    s.physics(lambda w: placing.pet(w, cat, pose, a, n))
    s.say(ev.PETS, seat=s.seat, cat=cat)
    placed(s, "", item, lambda: True)


def move(s: TowerState, a: Move) -> None:
    """Competitive: a Feline Friend from one's Black Cat's floor goes up (or is placed again after a fall)."""
    refuse_blocked(s, a)
    if s.phase is Phase.INTERACT:
        item = pending.move(a.cat)
        s.phase = Phase.PLACE
        s.after_place = Phase.GOAL
        s.card = ""
    else:
        item = take_item(s, ToPlace.MOVE)
    n = s.hand_noise()
    s.physics(lambda w: placing.cat(w, a.cat, a, n))
    s.say(ev.MOVES, seat=s.seat, cat=a.cat, floor=a.floor)
    placed(s, a.cat, item, lambda: cat_ok(s, a.cat, floor_id(a.floor)))


def place_toto(s: TowerState, a: Toto) -> None:
    """The player places Toto on the floor the rules handed him for (the option ``toto=player``), with the
    hand's slip. Like a piece of the action, one that falls or does not stand goes back to the hand to be
    placed again (the digital limit: the rules then stand him, ``debris.retry``); once he stands he is
    no longer in the player's hands, and a later fall is a fall (placed back on his floor of the turn's
    start)."""
    refuse_blocked(s, a)
    aim = toto_aim(s, a)
    item = take_item(s, ToPlace.TOTO)
    n = s.hand_noise()
    s.physics(lambda w: placing.cat(w, TOTO, aim, n))
    s.placed.append(TOTO)
    s.items[TOTO] = item
    if cat_ok(s, TOTO, item.floor):
        s.placed.remove(TOTO)
        del s.items[TOTO]
        s.say(ev.PLACES, seat=s.seat, piece=s.name(TOTO))
    elif TOTO in s.table.outcome["pieces"] and TOTO not in debris.fallen(s):
        debris.retry(s, TOTO, item, "unsteady")
    debris.clear(s)
    debris.track_cats(s)
    if s.phase is Phase.OVER:
        return
    carry_on(s)


def standing(s: TowerState, wall: str, floor: str) -> bool:
    """The wall rests on the floor it was stood on, upright enough."""
    pose = s.table.outcome["poses"].get(wall)
    return pose is not None and s.reading["support"].get(wall) == floor and tilt_of(pose) < UPRIGHT_DEG


def cat_ok(s: TowerState, cat: str, floor: str = "") -> bool:
    """The cat stands upright on a floor: the one it was placed on, when ``floor`` is given (a cat that
    slid off onto the floor below fell from where it was placed)."""
    support = s.reading["support"].get(cat)
    if support is None or (floor and support != floor):
        return False
    return bool(s.reading["upright"].get(cat, False))


def placed(s: TowerState, what: str, item: Pending, ok: Callable[[], bool]) -> None:
    """After a placement: own pieces that fell go back to the hand, other debris by the rules."""
    if what:
        s.placed.append(what)
        s.items[what] = item
        if ok():
            s.say(ev.PLACES, seat=s.seat, piece=what)
        elif what in s.table.outcome["pieces"] and what not in debris.fallen(s):
            debris.retry(s, what, item, "unsteady")
    debris.clear(s)
    if s.phase is Phase.OVER:
        return
    carry_on(s)


def carry_on(s: TowerState) -> None:
    """The hand after a placement, or after taking a card: a piece with nowhere to go is given up, a pet
    with no cat left to pet is dropped, and an empty hand ends the action (or the competitive move)."""
    drop_unplaceable(s)
    if s.phase is Phase.OVER:
        return
    if s.pending and s.pending[0].piece is ToPlace.PET and s.last_cat not in s.table.outcome["pieces"]:
        s.pending.pop(0)  # the cat was given up on: there is nothing left to pet
        s.say(ev.PET_DROPPED)
    if not s.pending and s.after_toto:
        then, s.after_toto = s.after_toto, ""
        if then == "arrive":
            climb.arrive(s)
        elif then == "end":
            turn.end_turn(s)
        else:  # he fell outside an action: back to that step
            s.phase = Phase(then)
        return
    if not s.pending:
        if s.card:
            turn.finish_action(s)
        else:  # a competitive move is done
            s.phase = Phase.GOAL
            turn.enter_optional_steps(s)


def has_place(s: TowerState) -> bool:
    """Whether the first piece in hand has a placement to offer: ``bool(legal.place_menu(s))``, stopping at
    the first that lands (each is tried on a copy of the table, and taking a card asks it too)."""
    return has_room(s, legal.menu_for_hand(s))


def drop_unplaceable(s: TowerState) -> None:
    """A piece back in the hand with nowhere left to go is given up (the game must always offer a move).

    It happens to a competitive move: the Feline Friend did not stand, went back to the hand, and the
    same placement brought down every floor above the seat's Black Cat, so no floor is left to move it
    to (a tournament found it: seed 2089, heuristic against random). The rulebook is silent; the cat
    stays off the tower, back in the stock, as a piece does after its last try. And to a Feline Friend
    card taken when every floor is too crowded for one more cat (seed 48, three random bots, normal
    hands: F1 alone, holding six walls put back after two storeys fell, Toto and two cats).
    """
    while s.pending and not has_place(s):
        item = s.pending.pop(0)
        if item.piece is ToPlace.TOTO:  # he cannot be given up: the rules stand him (on a floor below if need be)
            stood = s.stand(TOTO, item.floor)
            s.say(ev.STOOD_BACK, piece=s.name(TOTO), floor=stood)
            debris.clear(s)
            debris.track_cats(s)
            if s.phase is Phase.OVER:
                return
            continue
        s.say(ev.NOWHERE, piece=item.cat or item.piece.value)


__all__ = [
    "UPRIGHT_DEG",
    "WALL_PANEL",
    "carry_on",
    "cat_ok",
    "drop_unplaceable",
    "floor_ok",
    "has_place",
    "landable",
    "move",
    "offered",
    "pet",
    "place_cat",
    "place_floor",
    "place_toto",
    "place_wall",
    "placed",
    "refusal",
    "refuse_blocked",
    "standing",
]
