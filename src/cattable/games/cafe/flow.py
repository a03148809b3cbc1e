"""A round of Cat Cafe as it goes: carrying out a draft, a mark, a pass or a cat's choice; once every seat
has chosen, resolving the round (every mark drawn at once, towers completed, the end checked); then the
next round's dice.

``apply_action`` is the state's ``_apply``: the core has already checked the action.
"""

from __future__ import annotations

from typing import Any

from . import scoring
from .actions import PASS, Cat, Draft, Mark, Pass
from .phases import CHOOSING_CAT, DRAFTING, MARKING, OVER
from .position import Position
from .rules import COST
from .sheet import BUTTERFLY, CAT_HOUSE_PER_ITEM, FLOOR_OF, HOUSE, TOWER_OF, TOWER_SIZE, TOWER_SPACES, TRACK
from .tunables import sheet_numbers

TOWERS_TO_END = 3
"""Completed towers that end the game."""


def roll(s: Position) -> None:
    """A new round: roll players+1 dice; solo skips the draft (both dice are the player's)."""
    n = s.n
    s.round += 1
    s.dice = [s.chance.die() for _ in range(n + 1)]
    s.pending = [None] * n
    s.pending_cat = [0] * n
    s.turn = 0
    if n == 1:
        s.drafted = [s.dice[0]]
        s.pool = []
        s.shared = s.dice[1]
        s.phase = MARKING
    else:
        s.drafted = [0] * n
        s.pool = list(s.dice)
        s.shared = 0
        s.phase = DRAFTING
    s._cp = s.first


def apply_action(s: Position, action: Any) -> None:
    seat: int = s._cp  # type: ignore[assignment]
    kind = type(action)
    n = s.n
    if kind is Draft:
        s.pool.remove(action.value)
        s.drafted[seat] = action.value
        s.turn += 1
        if s.turn == n:
            s.shared = s.pool[0]
            s.phase = MARKING
            s.turn = 0
        s._cp = (s.first + s.turn) % n
        return
    if kind is Cat:
        s.pending_cat[seat] = action.item
        s.phase = MARKING
    else:
        s.pending[seat] = action
        if kind is Mark and action.item == HOUSE:
            s.phase = CHOOSING_CAT
            return
    s.turn += 1
    if s.turn == n:
        resolve(s)
    else:
        s._cp = (s.first + s.turn) % n


def resolve(s: Position) -> None:
    """Everyone has chosen: draw every mark, then check towers, then the end, then roll again."""
    n = s.n
    numbers = sheet_numbers(s.options)
    last: list[tuple[Mark | Pass, int, int]] = []
    done: list[tuple[int, int]] = []
    for p in range(n):
        act = s.pending[p]
        if act is None or type(act) is Pass:
            s.circled[p] = min(TRACK, s.circled[p] + numbers.passing)
            last.append((PASS, 0, 0))
            continue
        assert type(act) is Mark
        space, item = act.space, act.item
        cost = COST[s.drafted[p]][s.shared][FLOOR_OF[space]][item]
        s.used[p] += cost
        sheet = s.sheets[p]
        sheet[space] = item
        tower = TOWER_OF[space]
        s.towers[p][tower] += 1
        if s.towers[p][tower] == TOWER_SIZE[tower]:
            done.append((p, tower))
        cat = 0
        if item == BUTTERFLY:
            s.circled[p] = min(TRACK, s.circled[p] + numbers.butterfly)
        elif item == HOUSE:
            cat = s.pending_cat[p]
            s.points[p][cat] = scoring.cat_house_points(sheet, cat, CAT_HOUSE_PER_ITEM)
        last.append((act, cost, cat))
    s.last = last
    s._public = None
    if (done and complete_towers(s, done)) or s.round >= s.options["max_rounds"]:
        s.phase = OVER
        s._cp = None
        return
    s.first = (s.first + 1) % n
    roll(s)


def complete_towers(s: Position, done: list[tuple[int, int]]) -> bool:
    """Give this round's completions their bonus: the larger one with a house in the tower, if no
    earlier round completed it (so everyone completing it this round is first). True if the game ends."""
    numbers = sheet_numbers(s.options)
    for p, t in done:
        has_house = any(s.sheets[p][sp] == HOUSE for sp in TOWER_SPACES[t])
        s.completed[p][t] = numbers.larger[t] if has_house and not s.claimed[t] else numbers.smaller[t]
    for _, t in done:
        s.claimed[t] = True
    return any(sum(1 for b in s.completed[p] if b) >= TOWERS_TO_END for p, _ in done)
