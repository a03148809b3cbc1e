"""Fuzzing cafe's actions: hostile values, JSON and text are applied legally or refused at once, unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import cattable
from cattable.core import InvalidAction
from cattable.games.cafe.actions import Draft, Mark

from .fuzzing import Positions, assert_lookalikes_refused, assert_refused_as_invalid, fuzz, playout_positions

SETUPS: list[tuple[int, int, dict[str, Any]]] = [(1, 0, {}), (2, 1, {}), (4, 2, {"mice": "repeat"})]
"""Players, seed and options of each seeded playout."""
DEPTHS = [0, 1, 3, 9, 30, 80, 10**6]
"""The positions kept: after so many random actions (10**6: the end)."""

BAD_ACTIONS = [
    Draft("cat", []),  # type: ignore[arg-type]
    Draft("take", 1.0),  # type: ignore[arg-type]
    Draft("take", True),
    Mark("mark", 0.0, 4),  # type: ignore[arg-type]
    Mark("mark", 0, 4.0),  # type: ignore[arg-type]
    Mark("mark", -1, 99),
]
"""Inputs that once crashed (TypeError, IndexError) instead of being refused. An action value that is no
move on the sheet is malformed, an ``InvalidAction``, as in every game (issue #19); ``IllegalAction`` is
for a real action the rules forbid now."""


@pytest.fixture(scope="module")
def positions() -> Positions:
    return playout_positions("cafe", SETUPS, DEPTHS)


@pytest.mark.parametrize("form", ["values", "json", "text"])
def test_bad_input_is_refused_quickly_and_changes_nothing(positions: Positions, form: str) -> None:
    fuzz(positions, form)


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_regression_malformed_action_is_invalid(positions: Positions, action: Any) -> None:
    assert_refused_as_invalid(positions, action)


def test_regression_lookalike_of_a_legal_action_is_refused(positions: Positions) -> None:
    assert_lookalikes_refused(positions, InvalidAction)


@pytest.mark.parametrize("text", ["take \u00b2", "mark \u00b2 3 yarn", "mark 2 \u00b3 yarn"])
def test_regression_unicode_digits_are_unreadable(text: str) -> None:
    """'²'.isdigit() is true but int('²') fails: such text is an InvalidAction, not a bare ValueError."""
    with pytest.raises(InvalidAction):
        cattable.game("cafe").parse_action(text)
