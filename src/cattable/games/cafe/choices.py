"""What a seat of Cat Cafe may do now: the legal actions of each phase (drafting a die, marking a space or
passing, choosing a cat for a cat house), and the rules asked directly, with the reason an action breaks.

``rule_check`` is the state's ``_rule_check``, which the core asks instead of the list: search applies
actions it made itself, and the list of marks costs more to build than the rules cost to ask.
"""

from __future__ import annotations

from typing import Any

from .actions import CAT, DRAFT, MARKS_BY_MASK, PASS, Cat, Draft, Mark, Pass
from .phases import CHOOSING_CAT, DRAFTING, MARKING
from .position import Position
from .rules import COST, FLOOR_MASKS, MAX_COST
from .sheet import FLOOR_OF, FLOOR_SPACES, FLOORS, HOUSE, ITEMS, NSPACES

NO_HOUSE = ~(1 << HOUSE)
FLOORS_1_TO_6 = tuple(range(1, FLOORS + 1))


def marks(s: Position, seat: int) -> list[Mark | Pass]:
    """Every mark the seat can afford now (cheapest use of its two dice), and passing."""
    own, shared = s.drafted[seat], s.shared
    spend = s.circled[seat] - s.used[seat]
    masks = FLOOR_MASKS[own][shared][spend if spend < MAX_COST else MAX_COST]
    keep = -1 if -1 in s.points[seat] else NO_HOUSE
    sheet = s.sheets[seat]
    out: list[Mark | Pass] = [PASS]
    for floor in FLOORS_1_TO_6:
        m = masks[floor] & keep
        if m:
            for sp in FLOOR_SPACES[floor]:
                if not sheet[sp]:
                    out += MARKS_BY_MASK[sp][m]
    return out


def legal(s: Position) -> list[Any]:
    phase = s.phase
    if phase == MARKING:
        return marks(s, s._cp)  # type: ignore[arg-type]
    if phase == DRAFTING:
        return [DRAFT[v] for v in sorted(set(s.pool))]
    points = s.points[s._cp]  # type: ignore[index]
    return [CAT[i] for i in range(1, 7) if points[i] < 0]


def rule_check(s: Position, action: Any) -> str | None:
    """The rules asked directly (no list built), so search can apply actions it made itself: None if
    ``action`` is legal, else why not. A malformed value (a wrong tag, space 99) never reaches here
    from ``apply`` (``check_value`` refuses it first); asked by ``is_legal``, it is just not legal."""
    phase, seat = s.phase, s._cp
    if seat is None:
        return "the game is over"
    kind = type(action)
    if phase == MARKING:
        if kind is Pass and action == PASS:
            return None
        if kind is not Mark:
            return f"seat {seat + 1} must mark a space or pass now, not {action.text()}"
        space, item = action.space, action.item
        if (
            action.kind != "mark"
            or type(space) is not int
            or type(item) is not int
            or not (0 <= space < NSPACES and 1 <= item <= 6)
        ):
            return f"{action!r} is not a Cat Cafe action"
        sheet = s.sheets[seat]
        if sheet[space]:
            return f"tower {action.tower} floor {action.floor} already holds a {ITEMS[sheet[space] - 1]}"
        if item == HOUSE and -1 not in s.points[seat]:
            return "all six cats have been chosen, so no more cat houses may be drawn"
        cost = COST[s.drafted[seat]][s.shared][FLOOR_OF[space]][item]
        if cost <= s.available(seat):
            return None
        return (
            f"{action.text()} needs {cost} footprint(s) with dice {s.drafted[seat]} and {s.shared}, "
            f"but only {s.available(seat)} are circled and unused"
        )
    if phase == DRAFTING:
        if kind is not Draft:
            return f"seat {seat + 1} must take a die now (one of {sorted(set(s.pool))}), not {action.text()}"
        if action.kind == "take" and type(action.value) is int and action.value in s.pool:
            return None
        return f"no die showing {action.value} is left to take; the dice left are {sorted(s.pool)}"
    if phase == CHOOSING_CAT:
        if kind is not Cat:
            return f"seat {seat + 1} drew a cat house and must choose a cat now (e.g. cat yarn)"
        item = action.item if action.kind == "cat" else 0
        if type(item) is not int or not 1 <= item <= 6:
            return f"{action!r} is not a Cat Cafe action"
        if s.points[seat][item] < 0:
            return None
        return f"the {ITEMS[item - 1]} cat has already been chosen"
    return f"{action!r} is not a legal move now"
