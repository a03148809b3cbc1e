"""Fuzzing washi's actions: hostile values, JSON and text are applied legally or refused at once, unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from cattable.core import InvalidAction
from cattable.games.washi.actions import Fish, Jump, Move, Pop

from .fuzzing import Positions, assert_lookalikes_refused, assert_refused_as_invalid, fuzz, playout_positions

SETUPS: list[tuple[int, int, dict[str, Any]]] = [(2, 0, {}), (3, 1, {}), (6, 2, {})]
"""Players, seed and options of each seeded playout."""
DEPTHS = [0, 3, 12, 30, 60, 10**6]
"""The positions kept: after so many random actions (10**6: the end)."""

BAD_ACTIONS = [
    Fish("fish", 0, 26.0),  # type: ignore[arg-type]
    Fish("fish", 1.0, 0),  # type: ignore[arg-type]
    Fish("fish", None, 0),  # type: ignore[arg-type]
    Fish("fish", 0, -98),
    Fish("fish", 0, 55834572352),
    Fish("cat", 0, 0.5),  # type: ignore[arg-type]
    Move("move", 0, 1.0, 2),  # type: ignore[arg-type]
    Pop("pop", 0.5, 1, 1),  # type: ignore[arg-type]
    Jump("jump", 0, ["north"]),  # type: ignore[arg-type]
    Jump("jump", 0, 3),  # type: ignore[arg-type]
]
"""Inputs that once crashed (TypeError, ValueError from chr, OverflowError) instead of being refused."""


@pytest.fixture(scope="module")
def positions() -> Positions:
    return playout_positions("washi", SETUPS, DEPTHS)


@pytest.mark.parametrize("form", ["values", "json", "text"])
def test_bad_input_is_refused_quickly_and_changes_nothing(positions: Positions, form: str) -> None:
    fuzz(positions, form)


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_regression_malformed_action_is_invalid(positions: Positions, action: Any) -> None:
    assert_refused_as_invalid(positions, action)


def test_regression_lookalike_of_a_legal_action_is_refused(positions: Positions) -> None:
    assert_lookalikes_refused(positions, InvalidAction)
