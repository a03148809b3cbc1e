"""A sensible Cat Attack bot (one-step greedy, judged from the seat's view only) and the search's evaluator.

The bot scores each legal action by what it gains on landing (food, an attack, a raid) plus how much
closer it leaves the cat to the next thing worth having (a *potential*: minus two points a step), less
what the card played was worth keeping. What is "worth having" is worked out once per decision:

- food it lacks from an open shop, a bird or mouse on the board, or an unguarded rival larder;
- food that only a closed shop holds: the Curiosity spaces (one of them may reopen the shop) and, with a
  Cat Burglar card in hand, the shop's Cat Burglar paw-print. Without this the bot used to sit at home
  for thousands of rounds while both cats waited for a closed shop (heuristic-vs-heuristic, seed 1);
- with a full larder, the spaces from which the most die rolls land exactly on its Home space (home by
  the card does not win, and from the Home space itself no roll can come back to it).

The board is public data, so distances and walks come from the board file; the bot never touches the
state. ``evaluate`` (for the Monte Carlo search, which may read its own re-dealt sample of the state)
is at the end of the file.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from cattable.agents.base import GreedyAgent
from cattable.agents.budget import Budget
from cattable.agents.evaluation import leads, logistic
from cattable.core import Action, State
from cattable.games.attack.actions import (
    NONE,
    Burglar,
    CatAttack,
    CatCard,
    CreatureCard,
    Fight,
    FightCard,
    Move,
    Raid,
    SixCat,
    Speedy,
    Swap,
)
from cattable.games.attack.board import standard_board
from cattable.games.attack.cards import FULL_LARDER, ITEMS
from cattable.games.attack.game import AttackState
from cattable.games.attack.walks import cat_routes

CARD_WORTH = {"attack": 9.0, "speedy": 8.0, "burglar": 7.0}
STEP = 2.0
"""Points for one step closer to the nearest target."""
FAR = 20
"""Distances are capped here, so an unreachable target does not swamp every other term."""
WIN = 1000.0
"""Landing on the Home space by the die with a full larder."""
ROLL_HOME = WIN / 6
"""Each die roll that would land home from a space, once the larder is full."""
FOOD = 50.0
"""An item of food gained."""
ATTACK = 10.0
"""Sending a rival cat home (and taking one of its cards); doubled when the rival's larder is full. 10,
25 or 50 made no clear difference (213:187 and 207:193 against 25 in 400 games)."""
CURIOSITY_DETOUR = 3
"""A Curiosity space (a long shot at reopening a shop) counts as this many steps further than it is."""
HOLE_DETOUR = 2
"""The mouse or bird space, while the creatures are all in the hole or house: a card must bring one out."""
SPEEDY = 40.0
"""Three more rolls: about twenty steps' worth. Kept for the run home instead, it lost 170 to 230 in 400
heuristic-vs-heuristic games; valued 8, 20 or 40 made no clear difference."""
REACH = 6
"""Cat Burglar: 'no more than six spaces away'."""


def _card_worth(code: int) -> float:
    """How much a card is worth keeping (for exchanges and Cat Fights)."""
    if code >= 31:
        return CARD_WORTH[("speedy", "attack", "burglar")[code - 31]]
    suit, value = divmod(code, 10)
    return (3.0 if suit == 0 else 1.0) + value * 0.3


@cache
def home_rolls(home: int) -> tuple[tuple[int, ...], ...]:
    """For each space, the die rolls (1-6) that can land exactly on ``home`` from it (no car, shops open)."""
    b = standard_board()
    out: list[tuple[int, ...]] = []
    everything_open = [True] * 4
    for s in range(len(b.ids)):
        if not b.cat_ok[s] or s == home:
            out.append(())
            continue
        out.append(tuple(r for r in range(1, 7) if home in cat_routes(b, s, r, NONE, everything_open)[1]))
    return tuple(out)


@cache
def _spaces() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Each shop's garden paw-prints, and the Curiosity spaces (looked up on every decision)."""
    b = standard_board()
    every = range(len(b.ids))
    return tuple(tuple(i for i in every if b.shop_garden_of[i] == k) for k in range(4)), tuple(
        i for i in every if b.curiosity[i]
    )


def _life_cost(lives: int, lost: int) -> float:
    """What losing ``lost`` lives costs a cat with ``lives`` left: little with many, everything at the end."""
    if lost >= lives:
        return WIN / 2
    return sum(40.0 / (lives - i) for i in range(lost))


class _Plan:
    """What the acting cat wants, worked out once per decision from the view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        b = self.b = standard_board()
        seat = view["seat"]
        cats = view["cats"]
        me = cats[seat]
        self.house: int = me["house"]
        self.home = b.home[self.house]
        houses = {h["house"]: h for h in view["houses"]}
        self.lives: int = max(1, houses[self.house]["lives"])
        have = set(houses[self.house]["larder"])
        self.missing = [i for i in ITEMS if i not in have]
        self.full = not self.missing
        self.here = b.index[me["at"]] if me["at"] else NONE
        self.hand: list[str] = list(view.get("hand", []))
        self.mice = {b.index[m] for m in view["mice"]}
        self.birds = {b.index[m] for m in view["birds"]}
        self.shops: list[dict[str, Any]] = view["shops"]
        rival_houses = {c["house"] for c in cats if c["team"] != me["team"]}
        self.rivals: dict[int, bool] = {}
        """Space of each rival cat in play -> whether its larder is full (it is close to winning)."""
        for c in cats:
            if c["team"] != me["team"] and c["at"] is not None:
                self.rivals[b.index[c["at"]]] = len(houses[c["house"]]["larder"]) == len(ITEMS)
        # rival larders holding food we lack, and whether a cat of that house guards it (home or garden)
        self.raidable: dict[int, list[str]] = {}
        self.guarded: set[int] = set()
        self.retired = {b.home[h] for h in rival_houses if houses[h]["lives"] == 0}
        """Home spaces of retired rivals: raided without a penalty."""
        for h in rival_houses:
            items = [i for i in houses[h]["larder"] if i in self.missing]
            for c in cats:
                if c["house"] == h and c["at"] is not None:
                    at = b.index[c["at"]]
                    if b.house_of[at] == h:
                        self.guarded.add(h)
                    k = b.shop_garden_of[at]
                    if k != NONE and ITEMS[k] in items:
                        items.remove(ITEMS[k])  # 'stopped by a shop': not that shop's item
            if items:
                self.raidable[b.home[h]] = items
        self.closed_need = any(
            ITEMS[k] in self.missing and not s["open"] and s["stock"] for k, s in enumerate(self.shops)
        )
        self.targets = [] if self.full else self._targets(view)
        self._pot: dict[int, float] = {}

    def _targets(self, view: Mapping[str, Any]) -> list[tuple[int, int, int]]:
        """(space, extra steps, reach) for every place that could yield food we lack; ``reach`` is how far
        away a card can act on it (6 for a Cat Burglar card in hand), else 0."""
        b = self.b
        out: list[tuple[int, int, int]] = []
        gardens, curiosity = _spaces()
        burglar = "burglar" in self.hand
        for k, shop in enumerate(self.shops):
            if shop["item"] not in self.missing or not shop["stock"]:
                continue
            if shop["open"]:
                out.extend((i, 0, 0) for i in gardens[k])
            elif burglar:
                out.append((b.burglar[k], 0, REACH))
        if self.closed_need:
            out.extend((i, CURIOSITY_DETOUR, 0) for i in curiosity)
        for kind, on_board, in_hole, space in (
            ("mouse", self.mice, view["mice_in_hole"], b.mouse_space),
            ("bird", self.birds, view["birds_in_house"], b.bird_space),
        ):
            if kind in self.missing:
                out.extend((i, 0, 0) for i in on_board)
                if in_hole and not on_board:
                    out.append((space, HOLE_DETOUR, 0))
        for home, _ in self.raidable.items():
            if b.house_of[home] not in self.guarded:
                out.append((home, 1, 0))
            elif burglar:
                out.append((home, 0, REACH))
        if not out:  # nothing in sight: wander where a Curiosity card may change things
            out.extend((i, CURIOSITY_DETOUR, 0) for i in curiosity)
        return out

    def pot(self, space: int) -> float:
        """How promising it is to stand on ``space``: closeness to food, or home rolls once full."""
        if space == NONE:
            return 0.0
        got = self._pot.get(space)
        if got is None:
            dist = self.b.distance[space]
            if self.full:
                got = ROLL_HOME * len(home_rolls(self.home)[space]) - STEP * min(dist[self.home], FAR)
            else:
                near = min((max(0, dist[t] - reach) + extra for t, extra, reach in self.targets), default=FAR)
                got = -STEP * min(near, FAR)
            self._pot[space] = got
        return got

    def gain(self, dest: int, by_roll: bool) -> float:
        """What landing on ``dest`` brings at once (food, an attack, a raid), less the risks it runs."""
        b = self.b
        if dest == self.home:
            return WIN if by_roll and self.full else 0.0
        value = 0.0
        if dest in self.rivals:
            value += ATTACK * (2.0 if self.rivals[dest] else 1.0)
        if dest in self.mice and "mouse" in self.missing:
            value += FOOD
        if dest in self.birds and "bird" in self.missing:
            value += FOOD
        k = b.shop_garden_of[dest]
        if k != NONE and ITEMS[k] in self.missing and self.shops[k]["stock"]:
            value += FOOD
        h = b.house_of[dest]
        if b.kind[dest] == "home" and h not in self.guarded and dest in self.raidable:
            # a raid: by the die the turn ends on his Home space (two lives); by a card, a roll of one
            # leaves the cat in his garden (two lives, one time in six); a retired cat's larder is free
            penalty = 0.0 if dest in self.retired else _life_cost(self.lives, 2) * (1.0 if by_roll else 1 / 6)
            value += FOOD - penalty
        elif h != NONE and h != self.house:
            value -= 3.0  # trespassing: attacked if the host comes home
        if b.curiosity[dest]:
            value += 8.0 if self.closed_need else 3.0
        return value

    def move(self, dest: int, by_roll: bool) -> float:
        """Landing on ``dest``, relative to staying where the cat is."""
        return self.gain(dest, by_roll) + self.pot(dest) - self.pot(self.here)


class HeuristicAgent(GreedyAgent):
    """Greedy on the plan above: food first, then the Home space by the die."""

    name = "attack-heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[0] if len(legal) == 1 else super().choose(view, legal)

    def prepare(self, view: Mapping[str, Any]) -> _Plan:
        return _Plan(view)

    def score(self, view: Mapping[str, Any], action: Action) -> float:
        p: _Plan = self.context(view)
        b = p.b
        if isinstance(action, Move):
            return p.move(action.dest, True)
        if isinstance(action, CatCard):
            cost = _card_worth(action.value)
            if action.dest == NONE:
                return -cost - _life_cost(p.lives, 1) - 30.0
            return p.move(action.dest, False) - cost
        if isinstance(action, CatAttack):
            cost = _card_worth(32)
            return -cost if action.target == NONE else p.move(action.target, False) - cost
        if isinstance(action, Burglar):
            cost = _card_worth(33)
            if action.target == NONE:
                return -cost
            # a burglary on a Home space: a roll of one leaves the cat in that garden (one life)
            risk = _life_cost(p.lives, 1) / 6 if action.item != NONE else 0.0
            return FOOD - risk + p.pot(action.target) - p.pot(p.here) - cost
        if isinstance(action, Speedy):
            if not p.full:
                return SPEEDY - _card_worth(31)
            # three more rolls, each of which may bring the cat home
            chance = len(home_rolls(p.home)[p.here]) / 6 if p.here != NONE else 0.0
            return WIN * chance + SPEEDY - _card_worth(31)
        if isinstance(action, SixCat):
            return 20.0
        if isinstance(action, CreatureCard):
            cost = _card_worth((10 if action.kind == "mouse" else 20) + action.value)
            if action.src == NONE or action.kind not in p.missing or p.here == NONE:
                return -cost
            if action.dest >= len(b.ids) or not b.cat_ok[action.dest]:
                return -cost
            before = b.distance[p.here][action.src] if action.src < len(b.ids) and b.cat_ok[action.src] else FAR
            after = b.distance[p.here][action.dest]
            return STEP * (min(before, FAR) - min(after, FAR)) - cost
        if isinstance(action, Fight):
            mine = [c for c in p.hand if c.startswith(("cat", "mouse", "bird")[action.suit])]
            return 2.0 * len(mine) - 6.0
        if isinstance(action, FightCard):
            return -_card_worth(action.card)
        if isinstance(action, Swap):
            return _card_worth(action.take) - _card_worth(action.give)
        if isinstance(action, Raid):
            item = ITEMS[action.item]
            k = ITEMS.index(item)
            elsewhere = item in ("mouse", "bird") or (p.shops[k]["open"] and p.shops[k]["stock"])
            return 1.0 if elsewhere else 2.0
        return 0.0


# -- the search's evaluator ------------------------------------------------------------------------

LEVELS = {"hard": Budget(iterations=3000, max_seconds=1.8)}
"""Cat Attack's hard level searches 3,000 iterations (about 0.9 s a move) rather than the shared 1,500: a
card-play decision offers some twenty moves, which 1,500 iterations leave at a few dozen visits each. In
duels against the heuristic (2 players, ``time_limit=30``, seeds 700-799) 1,500 iterations won 65 of 100;
3,000 won 19 of 21 (the first 100 at 1,500 on the same seeds: 12) and, with cards in hand counted in the
evaluator (which made no difference at 1,500: 45 against 48 of 70), 37 of 48 (32 at 1,500)."""
ROLLOUT_DEPTH = 8
"""Random moves before judging: enough to play out the roll and the next card or two. Against the
heuristic at 200 iterations (40 games each) MCTS scored 23% judging at once, 45% after 5, 47% after 8,
35% after 12: the dice need resolving, but longer random play only wanders."""
WEIGHTS = (1.0, 1.4, 3.5, 0.3, 0.1)
"""A cat's strength in items: each item, a full larder, its chance of rolling home from where it stands
(0 to 1/2), each life, and minus each step to the nearest food it lacks (the bot's potential). A logistic
regression on 6,760 positions of 400 heuristic-vs-heuristic games gave the first four, the step a second
fit; refitting all five at once (1, 0.65, 3.2, 0.25, 0.1; scale 1.5) made MCTS-200 score 36% against the
heuristic where these scored 45% (the same 80 games)."""
SCALE = 1.65
"""Strength lead that makes a win e : 1 (73%) in the untimed game (the same fit)."""
TIMED_SCALE = (0.5, 0.6)
"""With a time limit and R rounds left, a score lead of ``a + b * sqrt(R)`` makes a win 73% likely
(fitted on positions of heuristic games that ended at the time limit)."""
TIE_FOOD = 0.3
"""Food breaks ties at the time limit, and more food is closer to winning outright: the same fit."""
ROUNDS_PER_ITEM = 1.7
ROUNDS_HOME = 2.0
"""Heuristic cats fill a larder in about 1.7 rounds an item and then need about two rounds to roll home."""


def _strength(state: AttackState, seat: int) -> float:
    """Progress towards the six foods and the Home space, plus lives, in items."""
    house = state.house_of[seat]
    item, full, chance, life, step = WEIGHTS
    value = item * bin(state.larder[house]).count("1") + life * state.lives[house]
    if state.done[seat]:
        return value + full + chance
    if state.larder[house] == FULL_LARDER:
        return value + full + chance * len(home_rolls(state.b.home[house])[state.pos[seat]]) / 6
    plan = _Plan(state.view(seat))
    return value + step * plan.pot(plan.here) / STEP


def _by_team(state: AttackState, values: list[float], worst: bool) -> dict[int, float]:
    """Each team's value: its weakest live cat's (a team wins when all are home), or its best."""
    out: dict[int, float] = {}
    for s, v in enumerate(values):
        if state.live(s):
            t = state.team_of[s]
            out[t] = v if t not in out else (min(out[t], v) if worst else max(out[t], v))
    return out


def evaluate(state: State) -> list[float]:
    """Each seat's chance of winning: a logistic of its lead over the best rival.

    Untimed, the lead is in strength (food, a full larder's chance of rolling home, lives); with a time
    limit, the lead in lives plus food (ties to food) counts more as the rounds left run short of what
    the leading cat still needs to get home. For the searcher only, on its own re-dealt sample of the
    position (never the true state); a finished game scores as the search's own rewards do.
    """
    assert isinstance(state, AttackState)
    n = state.players
    if state.is_over:
        winners = state.winners or []
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)] if winners else [1.0 / n] * n
    strength = [_strength(state, s) for s in range(n)]
    untimed = leads(_by_team(state, strength, worst=True), state.team_of)
    limit = int(state.options["time_limit"])
    if not limit:
        return [0.0 if m is None else logistic(m / SCALE) for m in untimed]
    left = max(0, limit - state.rounds)
    scores = state.scores()
    food = [bin(state.larder[state.house_of[s]]).count("1") for s in range(n)]
    timed = leads(_by_team(state, [scores[s] + TIE_FOOD * food[s] for s in range(n)], worst=False), state.team_of)
    need = min((ROUNDS_PER_ITEM * (len(ITEMS) - food[s]) + ROUNDS_HOME for s in range(n) if state.live(s)), default=0.0)
    finishes = logistic((left - need) / 2.0)  # how likely a cat gets home before the time is up
    spread = TIMED_SCALE[0] + TIMED_SCALE[1] * math.sqrt(left)
    out = []
    for mu, mt in zip(untimed, timed, strict=True):
        if mu is None or mt is None:
            out.append(0.0)
        else:
            out.append(finishes * logistic(mu / SCALE) + (1.0 - finishes) * logistic(mt / spread))
    return out
