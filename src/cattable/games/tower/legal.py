"""The legal actions offered at each step: the playable card sides, the menu of placements for the piece
in hand, the competitive move, and the goals met (any typed placement in range is legal too: see
``reasons``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cattable.core import Action

from . import goals, menu, stock, turn
from .actions import COLOURS, SKIP, WALL_TYPES, Choose, Goal, Refresh, TowerAction
from .cards import cards
from .menu import FLOOR_MENU, PET_MENU, cat_menu, wall_menu
from .pending import ToPlace
from .phases import Edition, Mode, Phase
from .pieces import Kind, piece
from .tunables import goal_card_floors

if TYPE_CHECKING:
    from .state import TowerState


def actions(s: TowerState) -> list[Action]:
    if s.phase is Phase.ACTION:
        return [
            Choose("choose", i + 1, name)
            for i, c in enumerate(s.action_faceup)
            for name, side in turn.sides(s, c)
            if stock.side_possible(s, side)
        ]
    if s.phase is Phase.PLACE:
        return [*place_menu(s)]
    if s.phase is Phase.INTERACT:
        return [*move_menu(s), SKIP]
    if s.phase is Phase.GOAL:
        return [*goal_actions(s), SKIP]
    return []


def walls_in_hand(s: TowerState) -> bool:
    return any(it.piece is ToPlace.WALL for it in s.pending)


def wall_types_allowed(s: TowerState) -> list[str]:
    """The wall types the hand asks for; any type in stock when one of them has run out (the FAQ)."""
    wanted = [it.type for it in s.pending if it.piece is ToPlace.WALL]
    allowed = {t for t in wanted if stock.walls(s, t)}
    if any(not stock.walls(s, t) for t in wanted):
        allowed |= {t for t in WALL_TYPES if stock.walls(s, t)}
    return [t for t in WALL_TYPES if t in allowed]


def cat_floors(s: TowerState) -> list[str]:
    """Floors the menu offers a cat: where goals are judged, and the top floor."""
    mine = s.level(s.toto) if s.mode is Mode.COOP else s.black_level(s.seat)
    first = s.floor_at(mine + 1)
    top = s.reading["top_floor"]
    return list(dict.fromkeys(f for f in (first, top) if f))


def other_floors(s: TowerState, taken: str) -> list[str]:
    """French FAQ: a Feline Friend taken from the tower is placed on another floor ("à un autre étage"):
    the menu's floors without its own, or else the highest other floor standing."""
    floors = cat_floors(s)
    was = s.reading["support"].get(taken) if taken else None
    keep = [f for f in floors if f != was]
    if keep or not was:
        return keep
    levels = s.reading["floor_levels"]
    others = sorted((f for f in levels if f != was), key=lambda f: int(levels[f]))
    return others[-1:]


def place_menu(s: TowerState) -> list[TowerAction]:
    """The placements offered for the first piece in hand (walls come before their floor), without those
    aimed inside a piece on the table (``placements.offered``: the rules would refuse them)."""
    from .placements import offered  # placements imports this module

    return offered(s, menu_for_hand(s))


def menu_for_hand(s: TowerState) -> list[TowerAction]:
    """The placements offered for the first piece in hand, before ``placements.landable`` filters them."""
    item = s.pending[0]
    kind = item.piece
    if kind in (ToPlace.WALL, ToPlace.FLOOR) and walls_in_hand(s):
        return list(wall_menu(s.table.outcome, wall_types_allowed(s)))
    if kind is ToPlace.FLOOR:
        return list(FLOOR_MENU)
    if kind is ToPlace.CAT:
        colours = [c for c in COLOURS if item.colour in (c, "any")]
        colours = [c for c in colours if stock.cats(s, c) or stock.cats_on_tower(s, c)]
        take = {c: stock.cat_take(s, c) for c in colours}
        if s.edition is Edition.FR and any(take.values()):
            return [a for c in colours for a in cat_menu(s.table.outcome, [c], other_floors(s, take[c]), take)]
        return list(cat_menu(s.table.outcome, colours, cat_floors(s), take))
    if kind is ToPlace.PET:
        return list(PET_MENU)
    if kind is ToPlace.TOTO:
        return list(menu.toto_menu(s.table.outcome, item.floor))
    above = floors_above(s, s.seat)
    return list(menu.move_menu(s.table.outcome, [item.cat], above[:1] + above[-1:]))


def floors_above(s: TowerState, seat: int) -> list[str]:
    """The standing floors above a seat's Black Cat, lowest first."""
    mine = s.black_level(seat)
    levels = s.reading["floor_levels"]
    return sorted((f for f, lv in levels.items() if lv > mine), key=lambda f: levels[f])


def movable_cats(s: TowerState) -> list[str]:
    """Feline Friends on the floor of the seat's Black Cat (the ground floor while it waits outside)."""
    here = s.black[s.seat] or "F1"
    support = s.reading["support"]
    return sorted(p for p, on in support.items() if piece(p).kind is Kind.CAT and on == here)


def move_menu(s: TowerState) -> list[TowerAction]:
    """Competitive: moves of a Feline Friend up to the first or the top floor above one's Black Cat."""
    if s.mode is not Mode.COMPETITIVE:
        return []
    floors = floors_above(s, s.seat)
    if not floors:
        return []
    from .placements import landable

    return landable(
        s, list(menu.move_menu(s.table.outcome, movable_cats(s), list(dict.fromkeys([floors[0], floors[-1]]))))
    )


def goal_floors(s: TowerState, seat: int) -> list[str]:
    """Where the seat's goals are judged: the floor directly above Toto, or any floor above one's cat."""
    if s.mode is Mode.COOP:
        above = s.floor_at(s.level(s.toto) + 1)
        return [above] if above else []
    return floors_above(s, seat)


def goal_ids(s: TowerState, seat: int) -> list[str]:
    """The goal cards a seat plays to: the face-up ones (coop) or its hand (competitive)."""
    return s.goal_faceup if s.mode is Mode.COOP else s.hands[seat]


def met_goals(s: TowerState, seat: int) -> list[int]:
    """1-based positions of the goal cards (face-up, or in the seat's hand) whose condition is met."""
    floors = goal_floors(s, seat)
    if not floors:
        return []
    ids = goal_ids(s, seat)
    return [i + 1 for i, g in enumerate(ids) if goals.met(cards().goals[g].condition, floors, s.reading)]


def goal_actions(s: TowerState) -> list[TowerAction]:
    """Each met goal, climbing 1 up to its card's number of floors; the French refresh of a hand card."""
    ids = goal_ids(s, s.seat)
    out: list[TowerAction] = [
        Goal("goal", i, n)
        for i in met_goals(s, s.seat)
        for n in range(1, cards(s.options["cards"], goal_card_floors(s.options)).goals[ids[i - 1]].floors + 1)
    ]
    if s.mode is Mode.COMPETITIVE and s.edition is Edition.FR and s.goal_deck + s.goal_discard:
        out += [Refresh("refresh", i + 1) for i in range(len(s.hands[s.seat]))]
    return out
