"""A sensible Cat Nap bot that reads only its view: nap now, or draw once more if that is worth the dog.

Found by the entry point ``cattable.heuristics: catnap = "catnap.heuristic"``, so ``--bots 1`` and
``hint`` use it. It weighs napping the best colour now against one more draw followed by the best nap,
with the bag's contents (which every seat may count) giving the odds of a dog.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cattable.agents import GreedyAgent
from cattable.core import Action

from .actions import COLOURS, Nap


def _worth(lap: Sequence[str], colour: str, favourite: str | None) -> int:
    """What napping ``colour`` from ``lap`` scores for a seat whose favourite is ``favourite``."""
    return lap.count(colour) * (2 if colour == favourite else 1)


class HeuristicAgent(GreedyAgent):
    """One step of look-ahead over the bag's odds."""

    name = "catnap-heuristic"

    def score(self, view: Mapping[str, Any], action: Action) -> float:
        lap: list[str] = view["lap"]
        favourite: str | None = view["favourite"]
        if isinstance(action, Nap):
            return float(_worth(lap, action.colour, favourite))
        bag: dict[str, int] = view["bag"]
        total = sum(bag.values())
        after = 0.0
        for colour in COLOURS:  # a cat of this colour joins the lap, then the best nap is taken
            grown = [*lap, colour]
            after += bag[colour] / total * max(_worth(grown, c, favourite) for c in COLOURS)
        return after  # against each nap's worth now; with an empty lap drawing is the only move anyway
