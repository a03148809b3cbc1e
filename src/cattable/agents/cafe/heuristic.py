"""A sensible Cat Cafe bot: immediate points plus a rough worth of what a mark sets up, from the view only.

Each item on each empty space gets a value (what it scores now or at the end, what it adds to
neighbouring food bowls, progress towards a tower bonus); a mark is worth that value minus its footprints
at a fixed price; passing is worth the footprints it circles. A draft takes the die whose pairings with
the other dice still on the table give the best marks on average. A cat house takes the richest cat.

Bonuses and footprints are the table's, not the printed sheet's: a game played with data overrides
(``bonus.*``, ``footprints.*``) is another game, and its view says which (towers' ``bonus``, ``options``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cattable.agents.base import GreedyAgent
from cattable.agents.budget import Budget
from cattable.agents.evaluation import leads, logistic
from cattable.core import Action, State
from cattable.games.cafe import scoring
from cattable.games.cafe.actions import Cat, Draft, Mark
from cattable.games.cafe.game import CafeState
from cattable.games.cafe.rules import COST
from cattable.games.cafe.sheet import (
    BOWL,
    BUTTERFLY,
    BUTTERFLY_POINTS,
    CAT_HOUSE_PER_ITEM,
    CUSHION,
    FLOOR_OF,
    HOUSE,
    ITEMS,
    MOUSE,
    NEIGHBOURS,
    NSPACES,
    SPACE_AT,
    TOWER_OF,
    TOWER_SIZE,
    TOWER_SPACES,
    TOWERS,
    TRACK,
    YARN,
    YARN_MOST,
    YARN_OTHER,
)
from cattable.games.cafe.tunables import sheet_numbers

LEVELS = {"hard": Budget(iterations=6000, max_seconds=1.8)}
"""Cat Cafe's search is cheap (about 10,000 iterations a CPU second), so its hard level searches 6,000
iterations (about 0.6 s) rather than the shared 1,500: in duels against the heuristic that took hard from
65.5% (200 games at 1,500, seeds 2026-2225) to 72.8% (149 games at 6,000: 87.5 of 120 on seeds 1200-1319,
21 of 29 on seeds 900-928); in the 200-game tournament on seeds 2026-2225 it won 67.8% [61-74]."""
FOOTPRINT = 1.2
"""What one footprint is worth in points (the price of bending a die, the reward for passing)."""
SPACE_COST = 1.5
"""A space used now cannot hold something better later."""
CAT_RESERVE = 2.0
"""A cat chosen now cannot score more later."""

CODE = {name: i + 1 for i, name in enumerate(ITEMS)}


def _flat(sheet_view: Mapping[str, Any]) -> list[int]:
    flat = [0] * NSPACES
    for t, tower in enumerate(sheet_view["towers"]):
        for floor, item in tower.items():
            if item:
                flat[SPACE_AT[(t, int(floor))]] = CODE[item]
    return flat


def _yarn_value(mine: int, best_other: int) -> int:
    if not mine:
        return 0
    return YARN_MOST if mine >= best_other else YARN_OTHER


class _Context:
    """What the acting seat's view says, flattened once per decision."""

    yarn_weight = 1.0
    """A yarn majority is contested: how much of its face value to count."""
    bowl_room = 0.5
    """Worth of each empty space beside a new food bowl (something different may come)."""
    mouse_room = 0.8
    """Worth of each empty space beside a new mouse (the group may grow)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        seat = int(view["seat"])
        me = view["sheets"][seat]
        self.sheet = _flat(me)
        self.others = [_flat(row) for p, row in enumerate(view["sheets"]) if p != seat]
        self.available = int(me["footprints"]["available"])
        self.circled = int(me["footprints"]["circled"])
        self.free_cats = [CODE[c] for c, pts in me["cats"].items() if pts is None]
        self.claimed = [bool(t["claimed"]) for t in view["towers"]]
        self.larger = [int(t["bonus"][0]) for t in view["towers"]]
        self.smaller = [int(t["bonus"][1]) for t in view["towers"]]
        numbers = sheet_numbers(view.get("options") or {})
        self.pass_footprints = numbers.passing
        self.butterfly_footprints = numbers.butterfly
        self.done = [bool(b) for b in me["tower_bonuses"]]
        self.die = int(me["die"] or 0)
        self.shared = int(view["shared"] or 0)
        self.pool = list(view["pool"])
        self.pending = me.get("pending")
        self.values = self._values()

    def _values(self) -> list[list[float]]:
        """values[space][item]: what drawing item there is worth (-inf where it cannot go)."""
        sheet = self.sheet
        counts = [sum(1 for x in sheet if x == i) for i in range(7)]
        out = [[float("-inf")] * 7 for _ in range(NSPACES)]
        filled = [sum(1 for s in TOWER_SPACES[t] if sheet[s]) for t in range(TOWERS)]
        mice_now = scoring.mouse_points(sheet)
        for s in range(NSPACES):
            if sheet[s]:
                continue
            t, floor = TOWER_OF[s], FLOOR_OF[s]
            neighbours = NEIGHBOURS[s]
            empty_near = sum(1 for n in neighbours if not sheet[n])
            tower_houses = any(sheet[x] == HOUSE for x in TOWER_SPACES[t])
            completes = filled[t] + 1 == TOWER_SIZE[t]
            for item in range(1, 7):
                if item == HOUSE and not self.free_cats:
                    continue
                v = -SPACE_COST
                # this item may be new to a neighbouring food bowl
                for n in neighbours:
                    if sheet[n] == BOWL and all(sheet[m] != item for m in NEIGHBOURS[n] if m != s):
                        v += 1
                if item == HOUSE:
                    best = max(CAT_HOUSE_PER_ITEM * (counts[c] + (c == HOUSE)) for c in self.free_cats)
                    v += best - CAT_RESERVE
                    if not self.claimed[t] and not tower_houses:
                        v += (self.larger[t] - self.smaller[t]) * (filled[t] + 1) / TOWER_SIZE[t]
                elif item == YARN:
                    mine = sum(1 for x in TOWER_SPACES[t] if sheet[x] == YARN)
                    other = max((sum(1 for x in TOWER_SPACES[t] if o[x] == YARN) for o in self.others), default=2)
                    v += self.yarn_weight * (_yarn_value(mine + 1, other) - _yarn_value(mine, other))
                elif item == BUTTERFLY:
                    v += BUTTERFLY_POINTS + FOOTPRINT * min(self.butterfly_footprints, TRACK - self.circled)
                elif item == BOWL:
                    v += len({sheet[n] for n in neighbours if sheet[n]}) + self.bowl_room * empty_near
                elif item == CUSHION:
                    v += floor
                elif item == MOUSE:
                    sheet[s] = MOUSE
                    v += scoring.mouse_points(sheet) - mice_now + self.mouse_room * empty_near
                    sheet[s] = 0
                # a house elsewhere in the tower could still be the cat's own: counts for every item
                v += 1.0 * counts[item] if item in self.free_cats and item != HOUSE else 0.0
                if completes and not self.done[t]:
                    big = (tower_houses or item == HOUSE) and not self.claimed[t]
                    v += self.larger[t] if big else self.smaller[t]
                else:
                    v += 0.25 * self.smaller[t] * (filled[t] + 1) / TOWER_SIZE[t]
                out[s][item] = v
        return out

    def best_mark(self, a: int, b: int) -> float:
        """The best net value of any mark with dice a and b (passing if nothing beats it)."""
        best = self.pass_value()
        table = COST[a][b]
        for s in range(NSPACES):
            row = self.values[s]
            costs = table[FLOOR_OF[s]]
            for item in range(1, 7):
                c = costs[item]
                if c <= self.available:
                    v = row[item] - FOOTPRINT * c
                    if v > best:
                        best = v
        return best

    def pass_value(self) -> float:
        return FOOTPRINT * min(self.pass_footprints, TRACK - self.circled)


class HeuristicAgent(GreedyAgent):
    """Greedy on the value tables above; sees only the view and the legal actions."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else super().choose(view, legal)

    def prepare(self, view: Mapping[str, Any]) -> _Context:
        return _Context(view)

    def score(self, view: Mapping[str, Any], action: Action) -> float:
        ctx: _Context = self.context(view)
        kind = type(action)
        if kind is Mark:
            assert isinstance(action, Mark)
            cost = COST[ctx.die][ctx.shared][action.floor][action.item]
            return ctx.values[action.space][action.item] - FOOTPRINT * cost
        if kind is Draft:
            assert isinstance(action, Draft)
            rest = list(ctx.pool)
            rest.remove(action.value)
            return sum(ctx.best_mark(action.value, o) for o in rest) / len(rest)
        if kind is Cat:
            assert isinstance(action, Cat)
            counts = sum(1 for x in ctx.sheet if x == action.item) + (action.item == HOUSE)
            return CAT_HOUSE_PER_ITEM * counts
        return ctx.pass_value()


ROLLOUT_DEPTH = 0
"""The search judges a position at once: random marks would only blur what the sheets already say."""
PROGRESS = 0.5
"""How much of a tower's small bonus its drawn spaces are worth before it is complete."""
MARGIN_SCALE = 8.0
"""Points of lead that make a win about 73% likely (a logistic curve)."""


def _promise(state: CafeState, p: int) -> float:
    """What the sheet has set up but not yet scored, in the heuristic's own prices (see ``_Context``)."""
    sheet = state.sheets[p]
    smaller = sheet_numbers(state.options).smaller  # the table's bonuses (data overrides), as the view's
    value = 0.0
    for s, item in enumerate(sheet):
        if item == BOWL:
            value += _Context.bowl_room * sum(1 for n in NEIGHBOURS[s] if not sheet[n])
        elif item == MOUSE:
            value += _Context.mouse_room * sum(1 for n in NEIGHBOURS[s] if not sheet[n])
    for t in range(TOWERS):
        if not state.completed[p][t]:
            filled = sum(1 for s in TOWER_SPACES[t] if sheet[s])
            value += PROGRESS * smaller[t] * filled / TOWER_SIZE[t]
    return value


def evaluate(state: State) -> list[float]:
    """Each seat's chance of winning from the sheets as they stand: points now, plus unspent footprints.

    For the searcher only, on its own re-dealt sample of the position (never the true state).
    """
    assert isinstance(state, CafeState)
    rows = state._breakdown()  # the totals only: no need to build the sheets' views
    worth = [row["total"] + FOOTPRINT * state.available(p) + _promise(state, p) for p, row in enumerate(rows)]
    if len(worth) == 1:
        return [logistic((worth[0] - float(state.options["solo_target"])) / MARGIN_SCALE)]
    margins = leads(dict(enumerate(worth)), range(len(worth)))
    return [logistic((m or 0.0) / MARGIN_SCALE) for m in margins]
