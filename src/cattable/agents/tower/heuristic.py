"""The placement bot: it rebuilds the tower from its view, tries candidate placements on copies of that
world, and keeps the steadiest. Cards and goals are chosen by simple rules of thumb.

It sees only the view (the poses and pieces a player can see on the table) and the legal actions.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from cattable.agents.base import Agent
from cattable.agents.budget import Budget
from cattable.core import Action
from cattable.games.tower import goals, placing
from cattable.games.tower.actions import Cat, Choose, Floor, Goal, Move, Pet, Skip, Toto, Wall
from cattable.games.tower.cards import DECKS, Side, cards
from cattable.games.tower.menu import resting_on
from cattable.games.tower.physics import STEADINESS, TowerWorld, noise
from cattable.games.tower.table import reading_json, tilt_of
from cattable.games.tower.tunables import HEIGHTS, view_heights, view_world

SAMPLES = 5
"""Candidate placements simulated per decision (the menu is sampled down to this many)."""
CAP = 0.8
"""Simulated seconds a candidate gets to come to rest: the heuristic's cheap look. A tower that starts to fall
slowly can still stand at 0.8 s and lie on the table at the rules' 2 s (``SearchAgent(settle=...)``)."""
TRIAL_STOREYS = 24
"""Trials a placement may run, times the storeys standing: the trial cap is ``TRIAL_STOREYS // storeys``
(at most every sampled candidate with both hands, at least ``MIN_TRIALS``). A trial costs more with every
storey (more bodies, and a leaning tower that never falls asleep runs each trial to ``CAP``): five
candidates once took up to 9 s a move on a 14-16-storey tower. Counting trials, not CPU seconds, keeps a
move's cost bounded and makes it depend only on the seed and the view, so a game replays the same on a
busy machine (issue #31). 24, not 40: a bot's move from the server's pool then stays under the 2 s a
person waits at p95 (benchmarks/bench_tower_bot_move.py, docs/BOTS.md): 10 trials up to 2 storeys, 6 at
4, 3 at 8, 2 from 9."""
MIN_TRIALS = 2
"""The fewest trials a placement gets however tall the tower: one candidate, still and shaky."""
GUARD_SECONDS = 30.0
"""An outer safety on a decision's CPU seconds (``HeuristicAgent(max_seconds=...)``; None: none). Under the
trial cap a move takes a few seconds at most, so the guard never acts in a normal run; it is there for a
pathological world, and a decision it cuts short is flagged (``timed_out``)."""
MAX_SECONDS = GUARD_SECONDS
"""The former name of the guard, kept for callers that import it."""
WALL_HEIGHT_RANK = {"bricks": 0, "windows": 1, "arches": 2, "angels": 3, "pillars": 4}
"""The shipped walls' heights in steps of ``HEIGHT_STEP`` above the bricks: how unevenly a card's walls hold a floor."""
HEIGHT_STEP = 0.3
"""cm between neighbouring shipped wall heights (4.0, 4.3, .. 5.2): one rank."""


class HeuristicAgent(Agent):
    """Builds when Toto needs a floor above him, places cats where the face-up goals want them,
    simulates each candidate placement (once with a still hand, once with its own shaky one)."""

    name = "heuristic"
    settle_cap = CAP
    """Simulated seconds each trial gets to come to rest."""

    def __init__(
        self,
        seed: int = 0,
        samples: int = SAMPLES,
        max_seconds: float | None = GUARD_SECONDS,
        max_trials: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.max_seconds = max_seconds
        """The outer guard in CPU seconds (``GUARD_SECONDS``); it does not change a move in a normal run."""
        self.max_trials = max_trials
        """Physics trials a placement may run; None: by the tower's height (``trial_cap``)."""
        self.mark = self.deadline = self.slowest = 0.0
        self.timed_out = False
        """Whether the last decision's outer guard stopped its trials early."""
        self.trials = 0
        """Physics trials the last placement ran."""
        self.capped = False
        """Whether the last placement's trial cap left sampled candidates untried."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self.mark = time.process_time()
        self.deadline = self.mark + (self.max_seconds if self.max_seconds is not None else math.inf)
        self.slowest = 0.0
        self.timed_out = False
        return self._decide(view, legal)

    def trial_cap(self, view: Mapping[str, Any]) -> int:
        """How many physics trials this placement may run: ``max_trials``, or by the storeys standing."""
        if self.max_trials is not None:
            return self.max_trials
        storeys = max(view["tower"]["reading"]["floor_levels"].values(), default=1)
        return max(MIN_TRIALS, min(2 * self.samples, TRIAL_STOREYS // max(1, storeys)))

    def _trial_left(self, cap: int) -> bool:
        """Called before each trial of a placement: False once ``cap`` trials ran (the count a seed
        replays), or, as an outer guard only, once the CPU clock would pass the deadline."""
        if self.trials >= cap:
            self.capped = True
            return False
        return self._time_left()

    def _time_left(self, until: float | None = None) -> bool:
        """Called before each trial: False once the next one (as slow as the slowest trial yet, the time
        between two calls) would end past the deadline (or ``until``)."""
        now = time.process_time()
        self.slowest = max(self.slowest, now - self.mark)
        self.mark = now
        if now + self.slowest < (self.deadline if until is None else until):
            return True
        self.timed_out = self.timed_out or until is None
        return False

    def _decide(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """The move, once ``choose`` has started the clock (the search bot's guard calls this directly, under
        its own budget's clock)."""
        first = legal[0]
        if isinstance(first, Choose):
            return max(legal, key=lambda a: (self._card_score(view, a), -self.rng.random()))
        if view["phase"] == "goal":
            goals_ = [a for a in legal if isinstance(a, Goal)]
            if goals_:
                return max(goals_, key=lambda a: (a.floors, -a.card))
            return next((a for a in legal if isinstance(a, Skip)), first)
        if view["phase"] == "interact":
            return self._interact(view, legal)
        return self._best_placement(view, legal)

    # -- cards -------------------------------------------------------------------------------------
    def _card_score(self, view: Mapping[str, Any], a: Action) -> float:
        side = side_of(view, a)
        levels = view["tower"]["reading"]["floor_levels"]
        top = max(levels.values(), default=1)
        mine = _my_level(view)
        need_floor = top <= mine + 1
        if side.walls:
            rank = _wall_ranks(view)
            ranks = [rank[t] for t in side.walls]
            even = 3.0 - (max(ranks) - min(ranks))  # walls of one height hold a level floor
            return (10.0 if need_floor else 1.0) + even
        wanted = _wanted_colours(view)
        score = 5.0 if not need_floor else 0.5
        if side.cat == "any" or side.cat in wanted:
            score += 2.0
        if side.pet:
            score -= 1.0
        return score

    # -- the competitive move: help one's own goals only ----------------------------------------------
    def _interact(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, Move)]
        wanted = _wanted_colours(view)
        useful = [m for m in moves if m.cat.split("-")[1] in wanted]
        if useful:
            return min(useful, key=lambda m: m.floor)
        return next(a for a in legal if isinstance(a, Skip))

    # -- placements ------------------------------------------------------------------------------------
    def _best_placement(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        candidates = list(legal)
        if len(candidates) > self.samples:
            candidates = self.rng.sample(candidates, self.samples)
        base = view_world(view)  # the table's wall heights, not the shipped ones
        scored: list[tuple[float, float, Action]] = []
        cap = self.trial_cap(view)
        self.trials, self.capped = 0, False
        for a in candidates:
            hands = (placing.STILL, self._noise(view)) if isinstance(a, Wall | Floor) else (placing.STILL,)
            tries: list[float] = []
            for hand in hands:
                if (scored or tries) and not self._trial_left(cap):
                    break
                tries.append(self._try(base, view, a, hand))
                self.trials += 1
            if len(tries) < len(hands) and scored:
                break  # cut short by the cap (or the guard): judged on its still hand alone it would look too good
            scored.append((sum(tries) / len(tries), self.rng.random(), a))
            if len(tries) < len(hands):
                break
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _noise(self, view: Mapping[str, Any]) -> dict[str, float]:
        level = view.get("steadiness", "normal")
        return noise(level if level in STEADINESS else "normal", lambda s: self.rng.gauss(0.0, s))

    def _try(self, base: TowerWorld, view: Mapping[str, Any], a: Action, hand: Mapping[str, float]) -> float:
        """Simulate ``a`` on a copy of the world and score the result: standing, still, useful."""
        world = base.clone()
        before = set(view["tower"]["reading"].get("debris", []))
        piece = _piece_for(view, a)
        try:
            if isinstance(a, Wall):
                placing.wall(world, piece, a, hand, self.settle_cap)
            elif isinstance(a, Floor):
                placing.floor(world, piece, a, hand, self.settle_cap)
            elif isinstance(a, Cat | Move):
                placing.cat(world, piece, a, hand, self.settle_cap)
            elif isinstance(a, Pet):
                placing.pet(world, piece, view["tower"]["poses"][piece], a, hand, self.settle_cap)
            elif isinstance(a, Toto):
                placing.cat(world, piece, _toto_aim(view, a), hand, self.settle_cap)
        except ValueError:
            return -1000.0
        r = world.read()
        poses = world.poses()
        score = 0.0
        new_debris = set(r.debris) - before
        score -= 60.0 * sum(1 for p in new_debris if p.startswith("W-")) + 20.0 * len(new_debris)
        score += self._risk_weight(view, new_debris)
        if piece in r.debris or (r.support.get(piece) is None and piece != "F1" and not isinstance(a, Floor)):
            score -= 100.0
        moved = [v for p, v in r.moved.items() if p != piece]
        score -= min(30.0, max(moved, default=0.0))
        if isinstance(a, Wall) and piece in poses:
            score -= tilt_of(poses[piece]) * 0.5
            score += 3.0 * _spread(view, a)
            if hand is placing.STILL and piece not in r.debris:
                score -= 4.0 * _floor_tilt_after(world, view, a, self.settle_cap)
        if isinstance(a, Floor):
            score += 20.0 if piece in r.floor_levels else -100.0
            if piece in poses:
                score -= tilt_of(poses[piece]) * 3.0
        if isinstance(a, Cat | Move):
            if not r.upright.get(piece, False):
                score -= 40.0
            score += self._value_of(view, reading_json(r))
        if isinstance(a, Toto) and not r.upright.get(piece, False):
            score -= 40.0
        return score

    def _risk_weight(self, view: Mapping[str, Any], fallen: set[str]) -> float:
        """What falls cost beyond their count: nothing here (the search bot weighs the fifth wall)."""
        return 0.0

    def _value_of(self, view: Mapping[str, Any], reading: Mapping[str, Any]) -> float:
        """What a tower reading is worth to the acting seat's goals (the search bot refines this)."""
        return _goal_value(view, reading)


def _floor_tilt_after(world: TowerWorld, view: Mapping[str, Any], a: Wall, cap: float = CAP) -> float:
    """Look ahead: stand the card's other wall in the opposite corner, lay the floor centred, and measure
    how far that floor leans (degrees). Putting the taller wall on the low side straightens the tower."""
    rest = [it["type"] for it in view["pending"] if it["piece"] == "wall"]
    if a.type in rest:
        rest.remove(a.type)
    elif rest:
        rest.pop(0)
    try:
        for kind in rest[:1]:
            other = next((f"W-{kind}-{k}" for k in range(1, 13) if f"W-{kind}-{k}" not in world.active), "")
            if not other:
                return 0.0
            opposite = Wall("wall", kind, -a.x, -a.y, a.yaw + 180.0, 90.0)
            placing.wall(world, other, opposite, placing.STILL, cap)
        if rest[1:] or not view["stock"]["floors"]:
            return 0.0
        floor = str(view["stock"]["floors"][0])
        placing.floor(world, floor, Floor("floor", 0.0, 0.0, 0.0), placing.STILL, cap)
    except ValueError:
        return 0.0
    pose = world.poses().get(floor)
    return tilt_of(pose) if pose is not None else 30.0


def _spread(view: Mapping[str, Any], a: Wall) -> float:
    """How far (cm) a wall would stand from the nearest wall already on the top floor: opposite corners
    carry a floor, neighbouring ones tip it."""
    top = view["tower"]["reading"]["top_floor"]
    others = [(x, y) for p, x, y, _ in resting_on(view["tower"], top) if p.startswith("W-")]
    return min((math.dist((a.x, a.y), o) for o in others), default=0.0)


def _wall_ranks(view: Mapping[str, Any]) -> Mapping[str, float]:
    """The table's wall heights as ranks: the shipped ranks, or with the view's overridden heights the same
    measure (steps of ``HEIGHT_STEP`` above the shipped bricks), so taller bricks are not taken as level
    with the pillars."""
    changed = dict(view_heights(view))
    if not changed:
        return WALL_HEIGHT_RANK
    return {t: (h - HEIGHTS["bricks"]) / HEIGHT_STEP for t, h in {**HEIGHTS, **changed}.items()}


def side_of(view: Mapping[str, Any], a: Action) -> Side:
    """The side of a face-up Action card that a ``Choose`` picks."""
    assert isinstance(a, Choose)
    entry = view["action_faceup"][a.card - 1]
    # the view names the card and words its sides; the deck (option ``cards``) is the one whose sides read so
    decks = [cards(deck).actions[entry["id"]].sides for deck in DECKS]
    sides = next((d for d in decks if [s.describe() for s in d] == entry.get("sides")), decks[0])
    return sides[0] if a.side in ("", "left") else sides[1]


def _my_level(view: Mapping[str, Any]) -> int:
    levels = view["tower"]["reading"]["floor_levels"]
    if view["mode"] == "coop":
        return int(levels.get(view["toto"], 1))
    seat = view["seat"] if view["seat"] is not None else 0
    mine = view["black"][seat]
    return int(levels.get(mine, 1)) if mine else 1


def _goal_floors(view: Mapping[str, Any]) -> list[str]:
    levels = view["tower"]["reading"]["floor_levels"]
    mine = _my_level(view)
    if view["mode"] == "coop":
        return [f for f, lv in levels.items() if lv == mine + 1]
    return [f for f, lv in levels.items() if lv > mine]


def _my_goals(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    if view["mode"] == "coop":
        return list(view["goal_faceup"])
    seat = view["seat"] if view["seat"] is not None else 0
    hand = view["hands"][seat]
    return list(hand) if isinstance(hand, list) else []


def _wanted_colours(view: Mapping[str, Any]) -> set[str]:
    out: set[str] = set()
    for g in _my_goals(view):
        c = g["condition"]
        if c == "two_yellow_touching":
            out.add("yellow")
        elif c == "blue_on_blue":
            out.add("blue")
        elif c == "purple_orange_yellow":
            out |= {"purple", "orange", "yellow"}
        else:
            out |= {"yellow", "blue", "purple", "orange"}
    return out


def _goal_value(view: Mapping[str, Any], reading: Mapping[str, Any]) -> float:
    """Floors the best goal would give if this reading were the tower, plus a little for progress."""
    floors = _goal_floors(view)
    value = 0.0
    for g in _my_goals(view):
        if goals.met(g["condition"], floors, reading):
            value = max(value, 15.0 * g["floors"])
    cats = goals.friends_on(floors, reading)
    touching = sum(1 for a, b in reading["touching"] if a in cats and b in cats)
    return value + 2.0 * len(cats) + 3.0 * touching


def _piece_for(view: Mapping[str, Any], a: Action) -> str:
    """The piece the rules would use for ``a`` (the lowest-numbered one in stock)."""
    pieces = view["tower"]["pieces"]
    if isinstance(a, Wall):
        gone = set(pieces) | (set(view["wall_debris"]) if view["edition"] == "en" else set())
        return next((f"W-{a.type}-{k}" for k in range(1, 13) if f"W-{a.type}-{k}" not in gone), f"W-{a.type}-1")
    if isinstance(a, Floor):
        return str(view["stock"]["floors"][0]) if view["stock"]["floors"] else "F24"
    if isinstance(a, Cat):
        if a.take:
            return a.take
        return next((f"C-{a.colour}-{k}" for k in range(1, 5) if f"C-{a.colour}-{k}" not in pieces), "")
    if isinstance(a, Move):
        return a.cat
    if isinstance(a, Pet):
        return str(view["last_cat"])
    if isinstance(a, Toto):
        return "toto"
    return ""


def _toto_aim(view: Mapping[str, Any], a: Toto) -> Move:
    """Toto's placement as the rules carry it out: a cat stood on the floor the view's hand names."""
    floor = str(view["pending"][0]["floor"])
    level = int(view["tower"]["reading"]["floor_levels"].get(floor, 1))
    return Move("move", "toto", level, a.x, a.y, a.yaw)


def search_agent(spec: str, budget: Budget, seed: int) -> Agent:
    """The ``mcts:*`` bots: the generic tree search cannot afford a physics simulation per node, so
    the tower's search is a flat Monte Carlo over this bot's placements, cards and goals (``search.py``)."""
    from .search import SearchAgent

    return SearchAgent(seed, budget, spec)


def hand_agent(seed: int) -> Agent:
    """The ``hand`` bot: aims as a person does, with no physics trial (``hand.py``)."""
    from .hand import HandAgent

    return HandAgent(seed)


__all__ = ["HeuristicAgent", "hand_agent", "search_agent"]
