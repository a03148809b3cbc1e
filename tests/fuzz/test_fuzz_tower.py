"""Fuzzing the tower's actions: hostile values, JSON and text are applied legally or refused at once,
unchanged. Positions come from short seeded playouts on MuJoCo physics, built once for the module; an
input found legal is carried out only now and then (``APPLIED_LEGAL``), since each costs physics time."""

from __future__ import annotations

from typing import Any

import pytest

from cattable.core import InvalidAction
from cattable.games.tower.actions import Cat, Choose, Floor, Goal, Pet, Wall

from .fuzzing import Positions, assert_lookalikes_refused, assert_refused_as_invalid, fuzz, playout_positions

pytestmark = pytest.mark.physics

SETUPS: list[tuple[int, int, dict[str, Any]]] = [
    (1, 0, {"steadiness": "steady"}),
    (2, 1, {"mode": "competitive", "edition": "fr", "steadiness": "steady"}),
]
"""Players, seed and options of each seeded playout."""
DEPTHS = [0, 1, 2, 4, 7]
"""The positions kept: after so many random actions."""
APPLIED_LEGAL = 12
"""How many inputs found legal each test carries out through physics (the rest are counted, not run)."""

BAD_ACTIONS = [
    Choose("choose", None, "left"),  # type: ignore[arg-type]
    Wall("wall", "bricks", "1", 0.0, 0.0, 90.0),  # type: ignore[arg-type]
    Floor("floor", float("nan"), 0.0, 0.0),
    Floor("floor", 10**400, 0.0, 0.0),
    Cat("cat", "blue", 1, 0.0, 0.0, 0.0, None, ""),  # type: ignore[arg-type]
    Pet("pet", 0.0, None, 1.0),  # type: ignore[arg-type]
    Goal("goal", 1.5, 1),  # type: ignore[arg-type]
]
"""Inputs that once crashed (TypeError from comparing None or a text) instead of being refused."""


@pytest.fixture(scope="module")
def positions() -> Positions:
    return playout_positions("tower", SETUPS, DEPTHS)


@pytest.mark.parametrize("form", ["values", "json", "text"])
def test_bad_input_is_refused_quickly_and_changes_nothing(positions: Positions, form: str) -> None:
    budget = [APPLIED_LEGAL]

    def apply_legal(state: Any, action: Any) -> bool:
        budget[0] -= 1
        return budget[0] >= 0

    fuzz(positions, form, apply_legal)


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_regression_malformed_action_is_invalid(positions: Positions, action: Any) -> None:
    assert_refused_as_invalid(positions, action)


def test_regression_lookalike_of_a_legal_action_is_refused(positions: Positions) -> None:
    assert_lookalikes_refused(positions, InvalidAction)
