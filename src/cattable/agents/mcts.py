"""Monte Carlo tree search for every game; information-set search where a game hides something.

Each iteration draws a fair sample of the position from the agent's ``InfoSet`` (others' cards re-dealt,
future dice reseeded), walks one shared tree (single-observer ISMCTS: a child's "availability" counts
the iterations in which its action was legal, so UCB compares actions fairly across samples), adds
one node, finishes the game with a rollout and backs up one reward per seat. Chance is handled as
chance: dice and draws happen inside ``apply`` from the sample's own reseeded source, so the tree is
open-loop over them. Budgets are iterations (reproducible) with a time cap as a safety net.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import ModuleType
from typing import Any

from cattable.core import Action, Game, Result, State
from cattable.core.registry import descriptor

from .base import Agent, InfoSet
from .budget import LEVELS, Budget

Evaluator = Callable[[State], list[float]]
"""A game's judgement of an unfinished position: each seat's chance of winning, in [0, 1]."""
DEFAULT_DEPTH = 400
"""Without an evaluator a rollout plays on (almost always to the end)."""


def rewards(result: Result, players: int) -> list[float]:
    """1 for a win (shared equally among tied winners), 0 otherwise; a cooperative win pays everyone."""
    if result.team_win is not None:
        return [1.0 if result.team_win else 0.0] * players
    out = [0.0] * players
    if result.winners:
        share = 1.0 / len(result.winners)
        for w in result.winners:
            out[w] = share
    else:
        out = [1.0 / players] * players
    return out


class Node:
    __slots__ = ("avail", "children", "seat", "visits", "wins")

    def __init__(self, seat: int | None, players: int) -> None:
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.wins = [0.0] * players


class MCTSAgent(Agent):
    """Information-set MCTS with random (or game-supplied) rollouts."""

    name = "mcts"
    stop_early = True
    """Stop once the most visited move cannot be caught (it is chosen either way)."""

    def __init__(
        self,
        seed: int = 0,
        budget: Budget = LEVELS["medium"],
        evaluate: Evaluator | None = None,
        rollout_depth: int = DEFAULT_DEPTH,
        anchor: Agent | None = None,
        anchor_z: float = -1.0,
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.evaluate = evaluate
        self.anchor = anchor if anchor_z >= 0.0 else None
        """The game's heuristic, an experiment (off unless asked for): its move stands unless the search is
        ``anchor_z`` standard errors sure of a better one. Meant for a wide, noisy root; measured, it lost
        duels in Cat Attack and changed nothing in Cat Cafe (docs/BOTS.md, "Record of experiments")."""
        self.anchor_z = anchor_z
        self.depth = budget.rollout_depth if budget.rollout_depth is not None else rollout_depth
        if evaluate is None:
            self.depth = max(self.depth, DEFAULT_DEPTH)
        self.last_iterations = 0

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Without an information set there is nothing to search: fall back to a random legal move."""
        return legal[self.rng.randrange(len(legal))]

    def choose_with(self, view: Mapping[str, Any], legal: Sequence[Action], infoset: InfoSet) -> Action:
        if len(legal) == 1:
            return legal[0]
        probe = infoset.sample(random.Random(self.rng.getrandbits(63)))
        players = probe.players
        root = Node(infoset.seat, players)
        deadline = time.process_time() + self.budget.max_seconds
        done = 0
        total = self.budget.iterations
        stop_early = self.stop_early and self.anchor is None
        while done < total and (done < 8 or time.process_time() < deadline):
            self._iterate(root, infoset.sample(random.Random(self.rng.getrandbits(63))), players)
            done += 1
            if stop_early and done % 16 == 0 and _settled(root, total - done):
                break
        self.last_iterations = done
        options = [(root.children[a].visits, i, a) for i, a in enumerate(legal) if a in root.children]
        if not options:
            return legal[self.rng.randrange(len(legal))]
        best = max(v for v, _, _ in options)
        tied = [a for v, _, a in options if v == best]
        chosen = tied[self.rng.randrange(len(tied))]
        if self.anchor is not None:
            default = self.anchor.choose(view, legal)
            if default != chosen and not _sure(root, chosen, default, infoset.seat, self.anchor_z):
                return default
        return chosen

    def _iterate(self, root: Node, state: State, players: int) -> None:
        path = [root]
        node = root
        c = self.budget.exploration
        while not state.is_over:
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                seat = state.current_player
                state.apply(action)
                child = Node(seat, players)
                child.avail = 1
                node.children[action] = child
                path.append(child)
                break
            best_value = -1.0
            best: tuple[Action, Node] | None = None
            for a in legal:
                child = node.children[a]
                child.avail += 1
                assert child.seat is not None
                value = child.wins[child.seat] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best_value, best = value, (a, child)
            assert best is not None
            state.apply(best[0])
            node = best[1]
            path.append(node)
        reward = self._finish(state, players)
        for n in path:
            n.visits += 1
            for s in range(players):
                n.wins[s] += reward[s]

    def _finish(self, state: State, players: int) -> list[float]:
        depth = 0
        while not state.is_over and depth < self.depth:
            legal = state.legal_actions()
            state.apply(legal[self.rng.randrange(len(legal))])
            depth += 1
        if state.is_over:
            return rewards(state.result(), players)
        if self.evaluate is not None:
            return self.evaluate(state)
        return [1.0 / players] * players


def _sure(root: Node, chosen: Action, default: Action, seat: int, z: float) -> bool:
    """True when the search's move beats the default by more than ``z`` standard errors of the difference.

    Rewards lie in [0, 1], so q(1 - q) bounds each mean's variance; a default the search never tried
    leaves no evidence against it, and the search's move stands.
    """
    a, b = root.children[chosen], root.children.get(default)
    if b is None or b.visits == 0:
        return True
    qa, qb = a.wins[seat] / a.visits, b.wins[seat] / b.visits
    spread = math.sqrt(qa * (1 - qa) / a.visits + qb * (1 - qb) / b.visits)
    return qa - qb > z * spread


def _settled(root: Node, remaining: int) -> bool:
    """True when no other move can catch the most visited one in the iterations left.

    The move chosen is the most visited, so stopping here picks the same move the full budget would
    (only a tie could differ, and a lead larger than what remains rules one out): a cheap, exact saving.
    """
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


def parse_budget(spec: str, levels: Mapping[str, Budget] = LEVELS) -> Budget:
    """``mcts``, ``mcts:hard``, ``mcts:iters=800``, ``mcts:ms=500`` (a time budget: not reproducible), and
    any of these with settings after slashes: ``mcts:hard/c=0.5/depth=4`` (UCB exploration, rollout depth;
    not commas, which separate agents on the command line)."""
    _, _, arg = spec.partition(":")
    parts = [p.strip() for p in arg.strip().lower().split("/") if p.strip()]
    budget = levels["medium"]
    allowed = f"use one of {', '.join(levels)}, iters=N or ms=N, then optionally /c=X /depth=N /anchor=Z|off"
    for i, part in enumerate(parts):
        key, sep, value = part.partition("=")
        try:
            if i == 0 and not sep and part in levels:
                budget = levels[part]
            elif i == 0 and key in ("iters", "iterations") and sep:
                budget = Budget(iterations=max(1, int(value)), max_seconds=3600.0)
            elif i == 0 and key == "ms" and sep:
                budget = Budget(iterations=10**9, max_seconds=max(1, int(value)) / 1000)
            elif i > 0 and key == "c" and sep and float(value) >= 0.0:
                budget = replace(budget, exploration=float(value))
            elif i > 0 and key == "depth" and sep and int(value) >= 0:
                budget = replace(budget, rollout_depth=int(value))
            elif i > 0 and key == "anchor" and sep:
                budget = replace(budget, anchor=-1.0 if value == "off" else float(value))
            else:
                raise ValueError(part)
        except ValueError:
            raise ValueError(f"unknown MCTS budget {part!r} in {spec!r}; {allowed}") from None
    return budget


def levels_for(game: Game) -> dict[str, Budget]:
    """The difficulty levels in ``game``: the shared ones, except where the game's heuristic module sets
    its own ``LEVELS`` (a game whose search is cheap can afford more iterations in the same time)."""
    return {**LEVELS, **getattr(_heuristic_module(game), "LEVELS", {})}


def _heuristic_module(game: Game) -> ModuleType | None:
    """The game's heuristic module (its descriptor's ``heuristic``), where it keeps what its search may
    use; None if it has none."""
    return descriptor(game.name).heuristic.load()


def make_mcts(spec: str, game: Game, seed: int) -> Agent:
    """The search bot for ``game`` at budget ``spec``.

    A game's ``heuristic`` module may supply ``evaluate`` and ``ROLLOUT_DEPTH`` (judge positions after
    that many random moves instead of playing to the end), or a whole ``search_agent(spec, budget, seed)``
    where the generic tree does not fit (the tower: every move is a physics simulation).
    """
    evaluate: Evaluator | None = None
    depth = DEFAULT_DEPTH
    module = _heuristic_module(game)
    budget = parse_budget(spec, levels_for(game))
    if module is not None:
        custom = getattr(module, "search_agent", None)
        if custom is not None:
            made = custom(spec, budget, seed)
            assert isinstance(made, Agent)
            return made
        evaluate = getattr(module, "evaluate", None)
        depth = int(getattr(module, "ROLLOUT_DEPTH", DEFAULT_DEPTH))
    z = budget.anchor if budget.anchor is not None else float(getattr(module, "ANCHOR", -1.0))
    anchor = module.HeuristicAgent(seed) if module is not None and z >= 0.0 else None
    agent = MCTSAgent(seed, budget, evaluate, depth, anchor, z)
    agent.name = spec
    return agent
