"""Fuzzing attack's actions: hostile values, JSON and text are applied legally or refused at once, unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import cattable
from cattable.core import InvalidAction
from cattable.games.attack.actions import CatCard, CreatureCard, FightCard, Swap

from .fuzzing import Positions, assert_lookalikes_refused, assert_refused_as_invalid, fuzz, playout_positions

SETUPS: list[tuple[int, int, dict[str, Any]]] = [
    (2, 0, {"lives": 2}),
    (4, 1, {}),
    (6, 2, {"lives": 3, "younger": True}),
    (3, 3, {"claws": "items"}),
]
"""Players, seed and options of each seeded playout."""
DEPTHS = [0, 1, 5, 20, 60, 150, 10**6]
"""The positions kept: after so many random actions (10**6: the end)."""

BAD_ACTIONS = [
    CatCard("cat", -1, 5),
    CatCard("cat", 5.5, 5),  # type: ignore[arg-type]
    CatCard("cat", 3, 10**30),
    CatCard("cat", 3, [5]),  # type: ignore[arg-type]
    CreatureCard("mouse", 2, 1006, 5),
    FightCard("fightcard", 99),
    Swap("swap", 1.0, 2),  # type: ignore[arg-type]
]
"""Inputs that once hung (every path walked for an impossible count) or crashed instead of being refused."""


@pytest.fixture(scope="module")
def positions() -> Positions:
    return playout_positions("attack", SETUPS, DEPTHS)


@pytest.mark.parametrize("form", ["values", "json", "text"])
def test_bad_input_is_refused_quickly_and_changes_nothing(positions: Positions, form: str) -> None:
    fuzz(positions, form)


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_regression_malformed_action_is_invalid(positions: Positions, action: Any) -> None:
    assert_refused_as_invalid(positions, action)


def test_regression_lookalike_of_a_legal_action_is_refused(positions: Positions) -> None:
    assert_lookalikes_refused(positions, InvalidAction)


@pytest.mark.parametrize(
    "text", ["cat \u00b2 g3a", "mouse \u00b9 pass", "sixcat mouse \u00b3", "mouse 2 larder\u00b2 mh"]
)
def test_regression_unicode_digits_are_unreadable(text: str) -> None:
    """'²'.isdigit() is true but int('²') fails: such text is an InvalidAction, not a bare ValueError."""
    with pytest.raises(InvalidAction):
        cattable.game("attack").parse_action(text)
