"""The two-player competitive tower as a game of chicken over the Action cards.

With two players only the toppler loses (END OF GAME: the toppler is ranked last), and the tower grows
only when someone plays a wall side. Most storeys are not chosen but forced: in traced heuristic duels
nearly every wall side was taken with no cat side face-up, and the fatal storey was almost always such a
forced one, built on a tall tower. So a duel is mostly decided by who is left holding only wall cards
when the tower is tall, which is a question about the card flow, not about physics.

This module looks ahead over that flow. The make-up of the Action deck is public (every card not face-up
and not in the discard pile, which anyone may check: FAQ), so the chance of each draw is known. A storey
built on an ``h``-storey tower topples it with a measured chance (``RISK``); a cat placement almost never
does. The value of a play is the chance that the seat making it wins, with both seats playing this way
(expectimax over draws, to a fixed depth). It never looks at hidden cards: only the view's face-up cards,
discard pile and tower height.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import cards

Counts = tuple[int, ...]
"""Cards by kind, in the order of ``KINDS``."""
KINDS = ("W", "C", "D")
"""Action cards by what they allow: wall sides only, cat sides only, or both (one of each side)."""
TOP = 24
"""Floors in the box: past the 24th floor no storey can be built (the game ends on the ranking)."""


@dataclass(frozen=True)
class Risk:
    """Chance that one play topples an ``h``-storey tower: a logistic in ``h`` for a storey, a share of it for a cat."""

    middle: float
    """Height at which building a storey topples the tower one time in two."""
    slope: float
    """How fast that chance rises per storey."""
    cat: float
    """How often a cat placement brings the tower down, as a share of a storey's chance at that height."""

    def storey(self, h: int) -> float:
        return 1.0 / (1.0 + math.exp(-self.slope * (h - self.middle)))

    def feline(self, h: int) -> float:
        return self.cat * self.storey(h)


RISK: dict[str, Risk] = {
    "steady": Risk(middle=22.0, slope=0.45, cat=0.15),
    "normal": Risk(middle=20.0, slope=0.45, cat=0.15),
    "shaky": Risk(middle=18.0, slope=0.45, cat=0.15),
}
"""A prior, not a fit: in traced heuristic duels at normal hands the tower came down whole on a storey built
at 14-19 storeys (once on a cat at 18), never lower; ``steady`` and ``shaky`` are shifted by two storeys.
The choices it drives (build when short, take a cat card when tall) change little with these numbers."""
DEPTH = 16
"""Plies looked ahead (eight turns each); beyond it a duel counts as even."""


@dataclass(frozen=True)
class Flow:
    """What the card flow looks like to the seat about to choose: counts by kind (W, C, D)."""

    display: Counts
    deck: Counts


def kind_of(card: str) -> str:
    """W, C or D for an Action card id."""
    sides = cards().actions[card].sides
    walls = any(s.walls for s in sides)
    cats = any(not s.walls for s in sides)
    return "D" if walls and cats else ("W" if walls else "C")


def _counts(ids: Sequence[str]) -> Counts:
    kinds = [kind_of(c) for c in ids]
    return (kinds.count("W"), kinds.count("C"), kinds.count("D"))


def flow_of(view: Mapping[str, Any]) -> Flow:
    """The face-up kinds, and the deck's make-up: all cards less the face-up and the discarded ones."""
    faceup = [c["id"] for c in view["action_faceup"]]
    seen = set(faceup) | set(view["action_discard"])
    deck = [c for c in sorted(cards().actions) if c not in seen]
    return Flow(_counts(faceup), _counts(deck))


def height_of(view: Mapping[str, Any]) -> int:
    """Storeys in the tower: the highest floor's level."""
    return int(max(view["tower"]["reading"]["floor_levels"].values(), default=1))


def _draws(display: Counts, deck: Counts) -> list[tuple[float, Counts, Counts]]:
    """The refill after a card is taken: each kind with its chance; an empty deck is the discards reshuffled."""
    if sum(deck) == 0:
        total = _counts(sorted(cards().actions))
        deck = tuple(t - d for t, d in zip(total, display, strict=True))
        if sum(deck) == 0:
            return [(1.0, display, deck)]
    n = sum(deck)
    out = []
    for k in range(3):
        if deck[k]:
            shown = tuple(d + (1 if i == k else 0) for i, d in enumerate(display))
            left = tuple(d - (1 if i == k else 0) for i, d in enumerate(deck))
            out.append((deck[k] / n, shown, left))
    return out


PLAYS = (("cat", 1), ("cat", 2), ("wall", 0), ("wall", 2))
"""(what is played, the index of the card kind it is taken from in (W, C, D))."""


@cache
def win_chance(h: int, display: Counts, deck: Counts, depth: int, risk: Risk) -> float:
    """Chance that the seat to move wins, both seats choosing their best play (expectimax over draws)."""
    if depth == 0 or h >= TOP:
        return 0.5
    return max(play_value(h, display, deck, play, depth, risk) for play in PLAYS if display[play[1]] > 0)


def play_value(h: int, display: Counts, deck: Counts, play: tuple[str, int], depth: int, risk: Risk) -> float:
    """The mover's chance to win after this play: it may topple the tower; else the other seat moves."""
    what, k = play
    if display[k] == 0:
        return -1.0
    fall = risk.storey(h) if what == "wall" else risk.feline(h)
    after = h + 1 if what == "wall" else h
    left = tuple(d - (1 if i == k else 0) for i, d in enumerate(display))
    rest = 0.0
    for p, shown, deck2 in _draws(left, deck):
        rest += p * (1.0 - win_chance(after, shown, deck2, depth - 1, risk))
    return (1.0 - fall) * rest


def values(view: Mapping[str, Any], plays: Sequence[tuple[str, str]], depth: int = DEPTH) -> list[float]:
    """For each (``wall``|``cat``, card id) play, the chance that the seat choosing it wins the duel."""
    flow = flow_of(view)
    risk = RISK.get(str(view.get("steadiness", "normal")), RISK["normal"])
    h = height_of(view)
    return [
        play_value(h, flow.display, flow.deck, (what, KINDS.index(kind_of(card))), depth, risk) for what, card in plays
    ]


__all__ = ["DEPTH", "KINDS", "PLAYS", "RISK", "Flow", "Risk", "flow_of", "height_of", "kind_of", "values", "win_chance"]
