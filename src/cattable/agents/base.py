"""Agents see what a seat sees (its view) and the legal actions, never the state: bots play fair."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from cattable.core import Action, State


class InfoSet:
    """What a searching agent may ask beyond its view: fair samples of the positions it cannot tell apart.

    It wraps the true state privately and hands out only ``determinize(seat, rng)`` copies, in which
    everything the seat cannot see is re-dealt and future chance is reseeded; the conformance suite
    proves such a copy depends only on the seat's information.
    """

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.seat = seat

    def sample(self, rng: random.Random) -> State:
        return self.__state.determinize(self.seat, rng)


class Agent(ABC):
    """Chooses one of the legal actions from a seat's view. Seeded, so a game replays the same way."""

    name: str = "agent"
    needs_view: bool = True
    """False lets a runner skip building the view (the random agent ignores it)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """One of ``legal``; ``view`` is the acting seat's view."""

    def choose_with(self, view: Mapping[str, Any], legal: Sequence[Action], infoset: InfoSet) -> Action:
        """What runners call: searchers override it to sample positions; others just ``choose``."""
        return self.choose(view, legal)


class RandomAgent(Agent):
    """Uniform over the legal actions: the baseline and the conformance fuzzer."""

    name = "random"
    needs_view = False

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


class GreedyAgent(Agent):
    """Picks the action with the best one-step score; ties broken at random.

    A game's heuristic subclasses this and writes ``score`` from the view alone. Work that every action's
    score shares (a board rebuilt from the view, a plan) goes in ``prepare``: it runs once per decision,
    and ``score`` reads it back with ``context(view)``.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._prepared: tuple[Mapping[str, Any], Any] | None = None

    def prepare(self, view: Mapping[str, Any]) -> Any:
        """What the scores of one decision share; nothing by default."""
        return None

    def context(self, view: Mapping[str, Any]) -> Any:
        """``prepare(view)``, built once per decision (or now, when ``score`` is called on its own)."""
        if self._prepared is None or self._prepared[0] is not view:
            return self.prepare(view)
        return self._prepared[1]

    @abstractmethod
    def score(self, view: Mapping[str, Any], action: Action) -> float:
        """How good ``action`` looks to the acting seat, judged from its view."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        self._prepared = (view, self.prepare(view))
        try:
            best: list[Action] = []
            best_score = float("-inf")
            for action in legal:
                s = self.score(view, action)
                if s > best_score:
                    best, best_score = [action], s
                elif s == best_score:
                    best.append(action)
            return best[self.rng.randrange(len(best))]
        finally:
            self._prepared = None
