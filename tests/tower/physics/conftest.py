"""Shared helpers for the tower's physics tests."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cattable.games.tower.physics import TowerWorld


def seeded(seed: int) -> Callable[[float], float]:
    """A seeded Gaussian draw, as the rules pass one (state.chance.gauss)."""
    rng = random.Random(seed)
    return lambda sigma: rng.gauss(0.0, sigma)


@pytest.fixture
def world() -> TowerWorld:
    return TowerWorld()
