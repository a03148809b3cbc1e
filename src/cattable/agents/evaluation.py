"""Shared pieces of the games' position evaluators: a seat's lead over its best rival, as a chance to win.

The search asks a game's ``evaluate(state)`` for each seat's chance of winning; Cat Cafe and Cat Attack
both judge it as a logistic of the lead over the strongest rival (by seat or by team).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

Side = TypeVar("Side", bound=Hashable)


def logistic(x: float) -> float:
    """1 / (1 + e^-x), clamped so a huge lead never overflows."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def leads(values: Mapping[Side, float], sides: Sequence[Side]) -> list[float | None]:
    """For each seat (``sides[seat]`` is its side: itself, or its team), its side's value less the best
    rival side's; None when its side is out (not in ``values``) or has no rival left."""
    out: list[float | None] = []
    for side in sides:
        mine = values.get(side)
        rivals = [v for s, v in values.items() if s != side]
        out.append(None if mine is None or not rivals else mine - max(rivals))
    return out
