"""The tower's search bot (``mcts:easy|medium|hard``): flat Monte Carlo over physics trials.

The generic tree search needs thousands of cheap moves; here every move is a physics simulation (about
10 ms to place and settle a piece), so the search stays one decision deep and spends its budget on what
decides games: how each candidate placement comes out under the seat's own shaky hand. Hand noise is
sampled from the seat's steadiness (chance handled as chance) and a candidate is scored by its expected
outcome. Cards, goals and the competitive move are chosen by a short lookahead on the same world:

- placements: the menu (up to ``cap`` candidates) is tried once with a still hand (plus the heuristic's
  look at how the storey's floor would lie), the best ``keep`` then get the same ``trials`` noisy hands
  each (common random numbers), and the still try and the mean of the noisy ones, half each, decide;
- competitive Action cards and sides (``card_lookahead``, on by default): a wall side is built (both walls,
  opposite corners, both orders, then the floor) and then replayed with noise, so the bot sees which pair
  levels the tower and how often it falls; a cat side is judged by the best spots the card allows;
- goals: the climb it buys (Toto, or one's own Black Cat), Toto's or the Black Cat's stand simulated
  (the rules stand it without noise, so the bot can foresee it), and which goal cards stay to be met;
- competitive: its own hidden goals count, and so, negatively, does what a placement gives the others,
  judged only on the goal cards it has not seen (deck and others' hands pooled; never the real hands).

In a duel (two players: only the toppler loses) and in the cooperative game, medium and hard do not search
this way: they play the heuristic's move, checked by shaky replays of the storey a card asks for
(``guard.py``; ``duel_guard=False`` and ``coop_guard=False`` restore the flat search). The flat search
plays the competitive game between three to five.

Experiments, each off by default, none better in duels against the heuristic (BOTS.md): ``live_storeys`` (a
trial on a tall tower simulates only its top storeys, the ones beneath held still by
``TowerWorld.freeze_below``: 4.3 times cheaper); ``settle`` (trials settle as long as the rules, 2 s, where
the heuristic's 0.8 s misses a tower that falls slowly); ``card_lookahead=False`` with
``candidates=FEW_CANDIDATES`` (the heuristic's cards and its 5 placements, each with more shaky hands).

It sees only the view and the legal actions. ``budget.iterations`` sets the plan of trials, and
``budget.max_seconds`` a count of trials by the tower's height (``TRIAL_SECOND_STOREYS``): both counts, so a
seed replays the same game on any machine. The CPU clock is only an outer guard (``GUARD_SECONDS``, as the
heuristic's), which a normal decision never reaches.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cattable.agents.budget import Budget
from cattable.core import Action
from cattable.games.tower import goals, placing
from cattable.games.tower.actions import Choose, Floor, Goal, Move, Refresh, Skip, Toto, Wall
from cattable.games.tower.cards import Side
from cattable.games.tower.menu import roomiest_spot, wall_menu
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.pieces import black_cat
from cattable.games.tower.table import tilt_of
from cattable.games.tower.tunables import view_world

from .heuristic import (
    GUARD_SECONDS,
    MIN_TRIALS,
    SAMPLES,
    HeuristicAgent,
    _my_goals,
    _my_level,
    _wanted_colours,
    side_of,
)
from .view_reading import (
    cat_floors,
    cat_spots,
    climb_weight,
    duel,
    floors_for,
    free_wall,
    level_of,
    spot_use,
    unseen_goals,
)
from .weights import (
    CLIMB,
    DISASTER,
    DUEL_LOSS,
    EASE,
    FEW_CANDIDATES,
    GIFT,
    LIVE_STOREYS,
    SAFETY,
    STILL_SHARE,
    TRIAL_SECOND_STOREYS,
    WALL_FALL,
    Plan,
)

_level_of = level_of
"""The floor level an action puts a piece on (``view_reading.level_of``)."""


class SearchAgent(HeuristicAgent):
    """The heuristic bot grown into a search: every choice is tried on copies of the world from its view."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        spec: str = "mcts",
        live_storeys: int | None = None,
        card_lookahead: bool = True,
        candidates: int | None = None,
        settle: float | None = None,
        duel_guard: bool = True,
        coop_guard: bool = True,
    ) -> None:
        # the heuristic's placements it borrows (``guard.py``) run under this bot's own budget, not the
        # heuristic's count by height: every sampled candidate, both hands (as before issue #31)
        super().__init__(seed, max_trials=2 * SAMPLES)
        self.duel_guard = duel_guard
        """In a duel, play the heuristic's move checked by replays (``guard.py``); False: this flat search."""
        self.coop_guard = coop_guard
        """The same in the cooperative game, where the flat search's placements lost to the heuristic's."""
        self.live_storeys = live_storeys
        """Simulate only this many storeys below the top in each trial (``LIVE_STOREYS``); None: the whole tower."""
        self.card_lookahead = card_lookahead
        """Choose the competitive game's cards by simulating each side (False: the heuristic's rules of thumb,
        as in the cooperative game)."""
        if settle is not None:
            self.settle_cap = settle
        self.budget = budget if budget is not None else Budget(iterations=400, max_seconds=1.0)
        self.plan = Plan.of(self.budget, candidates)
        self.name = spec
        self.trials_run = 0
        self.allowance = 0
        """Trials this decision may run (``allowance``), the guard's placements counted too."""

    # -- the decision -------------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.mark = time.process_time()
        self.deadline = self.mark + GUARD_SECONDS  # an outer guard only: the trials are counted
        self.slowest = 0.0
        self.trials_run = self.trials = 0
        self.allowance = self.trial_allowance(view)
        self.timed_out = False
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Toto):  # where Toto stands: the heuristic's trials of the roomiest spots
            return super()._decide(view, legal)
        if self._guarded(view):
            from . import guard

            return guard.choose(self, view, legal)
        first = legal[0]
        if isinstance(first, Choose):
            # Cooperative cards keep the heuristic's rules of thumb (measured over 150 games); the
            # lookahead's weights lost games in trials, so it only judges the competitive game's cards.
            lookahead = self.card_lookahead and self.plan.lookahead and view["mode"] == "competitive"
            return self._choose_card(view, legal) if lookahead else super()._decide(view, legal)
        if view["phase"] == "goal":
            return self._choose_goal(view, legal)
        if view["phase"] == "interact":
            return self._choose_move(view, legal) if self.plan.lookahead else super()._decide(view, legal)
        return self._search(view, legal)

    def trial_allowance(self, view: Mapping[str, Any]) -> int:
        """The trials a decision may run on this tower: the level's seconds as a count, fewer with every
        storey (a trial costs more with each), never under ``MIN_TRIALS``."""
        storeys = max(view["tower"]["reading"]["floor_levels"].values(), default=1)
        per_storey = round(TRIAL_SECOND_STOREYS * SAFETY * self.budget.max_seconds)
        return max(MIN_TRIALS, per_storey // max(1, storeys))

    def _time_left(self, until: float | None = None) -> bool:
        """Called before each trial: False once the decision's trials (its own and the heuristic's placement
        trials it borrows) reach the allowance, or ``until`` (a count); the CPU clock only as the outer guard."""
        if self.trials_run + self.trials >= (self.allowance if until is None else until):
            return False
        return super()._time_left()

    def _guarded(self, view: Mapping[str, Any]) -> bool:
        """Whether ``guard.py`` plays this decision: a duel's or the cooperative game's, at medium and hard
        (unless ``duel_guard`` or ``coop_guard`` is off)."""
        if not self.plan.lookahead:
            return False
        return (self.duel_guard and duel(view)) or (self.coop_guard and view["mode"] == "coop")

    def _base(self, view: Mapping[str, Any], lowest: int) -> TowerWorld:
        """The world from the view; with ``live_storeys`` set, every storey more than that below the top (and
        below ``lowest``, the lowest floor level this decision places anything on) is held still, so a trial
        simulates only the top of a tall tower (``experiments/tower_freeze.py``)."""
        world = view_world(view)
        if self.live_storeys is None:
            return world
        levels = view["tower"]["reading"]["floor_levels"]
        hold = min(max(levels.values(), default=1) - self.live_storeys, lowest - 1)
        floor = next((f for f, level in levels.items() if level == hold), "")
        if hold > 1 and floor:
            world.freeze_below(floor)
        return world

    # -- placements: still hand for all, noisy trials for the best -----------------------------------
    def _search(self, view: Mapping[str, Any], legal: Sequence[Action], extra: float | None = None) -> Action:
        """The placement (or competitive move) with the best expected score; ``extra`` is the value of
        skipping instead (None: no skip allowed)."""
        candidates = [a for a in legal if not isinstance(a, Skip)]
        if len(candidates) > self.plan.cap:
            candidates = self.rng.sample(candidates, self.plan.cap)
        base = self._base(view, min(level_of(view, a) for a in candidates))
        # The still look may spend only ``STILL_SHARE`` of the trials left: a candidate never met by a shaky
        # hand is judged too kindly, so the kept ones must have trials left for their noisy ones.
        until = self.trials_run + STILL_SHARE * max(0, self.allowance - self.trials_run)
        still = []
        for i, a in enumerate(candidates):
            if i > 0 and not self._time_left(until):
                break
            still.append((self._try(base, view, a, placing.STILL), -i, a))
            self.trials_run += 1
        still.sort(key=lambda t: (t[0], t[1]), reverse=True)
        kept = still[: self.plan.keep]
        # Common random numbers: every kept candidate meets the same shaky hands, so they are compared on
        # the placement and not on whose hand happened to tremble least (the winner's curse). Hands are
        # dealt one at a time to all of them, and a hand the trial cap cuts short counts for none.
        noisy: list[list[float]] = [[] for _ in kept]
        for hand in (self._noise(view) for _ in range(self.plan.trials)):
            row = []
            for _, _, a in kept:
                if not self._time_left():
                    break
                row.append(self._try(base, view, a, hand))
                self.trials_run += 1
            if len(row) < len(kept):
                break
            for tries, score in zip(noisy, row, strict=True):
                tries.append(score)
        # Half the still try (it carries the look at how level the storey's floor will lie), half the mean of
        # the shaky ones, as the heuristic weighs them: in 12 cooperative games at steady hands the mean
        # of all tries (the still one a sixth) won none, this weighing 2 to 3 (tower README, "Bots").
        best = [((s + sum(n) / len(n)) / 2 if n else s, order, a) for (s, order, a), n in zip(kept, noisy, strict=True)]
        score, _, choice = max(best, key=lambda t: (t[0], t[1]))
        if extra is not None and extra >= score:
            return next(a for a in legal if isinstance(a, Skip))
        return choice

    def _value_of(self, view: Mapping[str, Any], reading: Mapping[str, Any]) -> float:
        """The heuristic's goal value, counting only the floors a goal can really climb now; in the
        competitive game, less what the others' (unseen) goals would make of the same tower. A guarded game
        places its cats by the heuristic's own values (``guard.py``)."""
        if self._guarded(view):
            return super()._value_of(view, reading)
        levels = reading.get("floor_levels", {})
        top = max(levels.values(), default=1)
        mine = _my_level(view)
        floors = floors_for(view, reading, mine)
        value = 0.0
        for g in _my_goals(view):
            if goals.met(g["condition"], floors, reading):
                value = max(value, CLIMB * min(g["floors"], max(1, top - mine)) + 1.0)
        cats = goals.friends_on(floors, reading)
        touching = sum(1 for a, b in reading.get("touching", []) if a in cats and b in cats)
        value += 2.0 * len(cats) + 3.0 * touching
        if view["mode"] == "competitive":
            value -= GIFT * CLIMB * self._gift(view, reading)
        return value * climb_weight(view)

    def _gift(self, view: Mapping[str, Any], reading: Mapping[str, Any]) -> float:
        """Floors the other players could expect to climb on this tower, judged on the goal cards this
        seat has not seen (each other hand is a draw from that pool: their real cards stay unknown)."""
        pool = unseen_goals(view)
        if not pool:
            return 0.0
        levels = reading.get("floor_levels", {})
        out = 0.0
        for s, hand in enumerate(view["hands"]):
            if s == view["seat"] or not isinstance(hand, int) or not hand:
                continue
            black = view["black"][s]
            lv = int(levels.get(black, 1)) if black else 1
            floors = [f for f, level in levels.items() if level > lv]
            if not floors:
                continue
            met = [g.floors for g in pool if goals.met(g.condition, floors, reading)]
            chance = 1.0 - (1.0 - len(met) / len(pool)) ** hand
            out += chance * (sum(met) / len(met) if met else 0.0)
        return out

    # -- Action cards --------------------------------------------------------------------------------
    def _choose_card(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Each card side is carried out on the world from the view, with the seat's own noisy hand. The
        heuristic's favourites go first; a side the trial cap did not reach is not chosen (a rule-of-thumb
        score is on another scale than a simulated one), unless every side it reached is a ``DISASTER``."""
        levels = view["tower"]["reading"]["floor_levels"]
        base = self._base(view, min((levels.get(f, 1) for f in cat_floors(view)), default=1))
        order = sorted(range(len(legal)), key=lambda i: -self._card_score(view, legal[i]))
        scored: list[tuple[float, int, Action]] = []
        for i in order:
            if scored and not self._time_left():
                break
            side = side_of(view, legal[i])
            value = self._wall_side(view, base, side) if side.walls else self._cat_side(view, base, side)
            if value is not None:
                scored.append((value, -i, legal[i]))
        reached = {-i for _, i, _ in scored}
        unreached = [legal[i] for i in order if i not in reached]
        best = max(scored, key=lambda t: (t[0], t[1])) if scored else None
        if best is None or (best[0] <= DISASTER and unreached):
            return unreached[0]  # an untried side beats a known collapse
        return best[2]

    def _need_for_floor(self, view: Mapping[str, Any]) -> float:
        """What one more storey is worth: a lot while the tower is barely above one's cat; past two storeys of
        room it is a cost (a tall tower sways and goals climb at most three floors)."""
        levels = view["tower"]["reading"]["floor_levels"]
        top = max(levels.values(), default=1)
        mine = _my_level(view)
        room = top - mine
        if view["mode"] == "coop" and top >= view["target"] and room >= 1:
            return 2.0
        need = {0: 40.0, 1: 16.0, 2: 4.0}.get(room, -8.0 - 6.0 * (room - 3))
        return need * climb_weight(view)

    def _wall_side(self, view: Mapping[str, Any], base: TowerWorld, side: Side) -> float | None:
        """Build the storey: both wall orders at each free diagonal, floor centred; keep the levellest
        plan, replay it with noise, and weigh a standing floor against the walls it brings down (None: the
        trial cap came before the first storey)."""
        if not view["stock"]["floors"]:
            return -1000.0
        plans: dict[frozenset[tuple[str, float, float]], tuple[Wall, Wall]] = {}
        orders = list(dict.fromkeys([(side.walls[0], side.walls[1]), (side.walls[1], side.walls[0])]))
        corners = [w for w in wall_menu(view["tower"], [side.walls[0]]) if w.fold == 90.0]
        for w in corners:
            for first, second in orders:
                a = Wall("wall", first, w.x, w.y, w.yaw, 90.0)
                b = Wall("wall", second, -w.x, -w.y, w.yaw + 180.0, 90.0)
                plans.setdefault(frozenset({(first, a.x, a.y), (second, b.x, b.y)}), (a, b))
        if not plans:
            return self._card_score(view, Choose("choose", 1, "")) - 20.0
        outcomes = []
        for plan in list(plans.values())[: self.plan.storeys]:
            if not self._time_left():
                break
            outcomes.append((self._storey(view, base, plan, None), plan))
            self.trials_run += 1
        if not outcomes:
            return None
        best_still, plan = max(outcomes, key=lambda t: t[0])
        noisy = []
        for _ in range(max(1, self.plan.trials // 3)):
            if not self._time_left():
                break
            noisy.append(self._storey(view, base, plan, self._noise))
            self.trials_run += 1
        expected = (best_still + sum(noisy) / len(noisy)) / 2 if noisy else best_still
        return expected + self._need_for_floor(view)

    def _storey(
        self,
        view: Mapping[str, Any],
        base: TowerWorld,
        plan: tuple[Wall, Wall],
        hand: Callable[[Mapping[str, Any]], dict[str, float]] | None,
    ) -> float:
        world = base.clone()
        before = set(view["tower"]["reading"].get("debris", []))
        floor = str(view["stock"]["floors"][0])
        try:
            for w in plan:
                piece = free_wall(world, view, w.type)
                if not piece:
                    return -100.0
                placing.wall(world, piece, w, hand(view) if hand else placing.STILL, self.settle_cap)
            placing.floor(
                world, floor, Floor("floor", 0.0, 0.0, 0.0), hand(view) if hand else placing.STILL, self.settle_cap
            )
        except ValueError:
            return -100.0
        r = world.read()
        fallen = set(r.debris) - before
        score = -WALL_FALL * sum(1 for p in fallen if p.startswith("W-")) - 20.0 * len(fallen - {floor})
        pose = world.poses().get(floor)
        if floor in r.floor_levels and pose is not None:
            score -= 4.0 * tilt_of(pose)
        else:
            score -= 60.0
        return score + self._risk_weight(view, fallen)

    def _risk_weight(self, view: Mapping[str, Any], fallen: set[str]) -> float:
        """Walls that would make the fifth (a lost game, or the toppler's last place) cost everything."""
        walls = sum(1 for p in fallen if p.startswith("W-"))
        if walls and len(view["wall_debris"]) + walls >= 5:
            return DUEL_LOSS if duel(view) else -500.0
        return 0.0

    def _cat_side(self, view: Mapping[str, Any], base: TowerWorld, side: Side) -> float | None:
        """The best spots this side allows (a short placement search), and what they are worth (None: the
        trial cap came before the first spot)."""
        menu = cat_spots(view, side.cat)
        if not menu:
            return -1000.0
        floors = cat_floors(view)
        wanted = _wanted_colours(view)
        # the spots its goals could use first (a cat beside a cat for a touching goal, on one for a stacking
        # goal): sorting every stacking spot first left a two-yellow goal only spots on top of cats to try
        menu.sort(key=lambda c: (c.colour not in wanted, -spot_use(view, c), c.floor != int(floors[0][1:])))
        cap = max(2, self.plan.cap // 3)
        picks = menu[:cap]
        still = []
        for i, a in enumerate(picks):
            if not self._time_left():
                break
            still.append((self._try(base, view, a, placing.STILL), -i, a))
            self.trials_run += 1
        if not still:
            return None
        s, _, a = max(still, key=lambda t: (t[0], t[1]))
        noisy = []
        for _ in range(max(1, self.plan.trials // 2)):
            if not self._time_left():
                break
            noisy.append(self._try(base, view, a, self._noise(view)))
            self.trials_run += 1
        expected = (s + sum(noisy) / len(noisy)) / 2 if noisy else s
        now = self._value_of(view, view["tower"]["reading"])
        return expected - now - (1.0 if side.pet else 0.0)

    # -- goals ---------------------------------------------------------------------------------------
    def _choose_goal(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Climb as far as a goal allows, unless Toto's (or the Black Cat's) stand would topple walls;
        spend the goal card that is hardest to meet again; refresh a poor hidden goal when nothing is met."""
        options = [a for a in legal if isinstance(a, Goal)]
        skip = next((a for a in legal if isinstance(a, Skip)), None)
        if not options:
            refreshes = [a for a in legal if isinstance(a, Refresh)]
            if refreshes and self.plan.lookahead:
                return self._refresh(view, refreshes, skip)
            return skip if skip is not None else legal[0]
        goal_cards = _my_goals(view)
        levels = view["tower"]["reading"]["floor_levels"]
        top = max(levels.values(), default=1)
        mine = _my_level(view)
        base = self._base(view, mine + 1) if self.plan.lookahead else None
        stands: dict[int, float] = {}
        scored = []
        for i, a in enumerate(options):
            climb = min(a.floors, top - mine)
            if base is not None and climb not in stands:
                stands[climb] = self._stand(view, base, mine + climb) if self._time_left() else 0.0
            penalty = stands.get(climb, 0.0)
            card = goal_cards[a.card - 1]
            keep = EASE.get(card["condition"], 0.3) * card["floors"]
            scored.append(((CLIMB * climb - keep) * climb_weight(view) + penalty, -a.floors, -i, a))
        value, _, _, best = max(scored, key=lambda t: (t[0], t[1], t[2]))
        if skip is not None and value < 0.0 and base is not None:
            return skip
        return best

    def _stand(self, view: Mapping[str, Any], base: TowerWorld, level: int) -> float:
        """The rules stand Toto (or the Black Cat) at the roomiest spot of the floor, with no noise."""
        levels = view["tower"]["reading"]["floor_levels"]
        dest = next((f for f, lv in levels.items() if lv == level), "")
        if not dest:
            return 0.0
        piece = "toto" if view["mode"] == "coop" else black_cat(view["seat"] or 0)
        x, y = roomiest_spot(view["tower"], dest, piece)
        world = base.clone()
        before = set(view["tower"]["reading"].get("debris", []))
        try:
            if piece in world.active:
                world.remove(piece)
            world.place_cat(piece, dest, x, y, 0.0)
            world.settle()
        except ValueError:
            return 0.0
        self.trials_run += 1
        r = world.read()
        fallen = set(r.debris) - before - {piece}
        walls = sum(1 for p in fallen if p.startswith("W-"))
        penalty = -WALL_FALL * walls - 10.0 * len(fallen) + self._risk_weight(view, fallen)
        if r.support.get(piece) != dest:
            penalty -= CLIMB
        return penalty

    def _refresh(self, view: Mapping[str, Any], refreshes: Sequence[Refresh], skip: Action | None) -> Action:
        """French competitive: swap the hidden goal least worth keeping for a draw from the unseen cards,
        when a draw is worth more on average."""
        hand = _my_goals(view)
        pool = unseen_goals(view)
        if not pool or skip is None:
            return skip if skip is not None else refreshes[0]
        draw = sum(EASE.get(g.condition, 0.3) * g.floors for g in pool) / len(pool)
        worth = [(EASE.get(hand[a.card - 1]["condition"], 0.3) * hand[a.card - 1]["floors"], a) for a in refreshes]
        value, worst = min(worth, key=lambda t: t[0])
        return worst if draw > value + 0.1 else skip

    # -- the competitive move ------------------------------------------------------------------------
    def _choose_move(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Move a Feline Friend up only when the expected goal value beats leaving it (skip)."""
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return next((a for a in legal if isinstance(a, Skip)), legal[0])
        now = self._value_of(view, view["tower"]["reading"])
        return self._search(view, legal, extra=now + 1.0)


__all__ = [
    "DUEL_LOSS",
    "FEW_CANDIDATES",
    "LIVE_STOREYS",
    "SAFETY",
    "WALL_FALL",
    "Plan",
    "SearchAgent",
    "_level_of",
    "cat_spots",
]
