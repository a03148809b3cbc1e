"""The cafe search's judge of a position: points on the sheet, footprints in hand, and what is set up."""

from __future__ import annotations

from cattable.agents.cafe.heuristic import evaluate
from cattable.games.cafe.game import CafeState
from cattable.games.cafe.sheet import BOWL, CUSHION, NEIGHBOURS, NSPACES, SPACE_AT

from .helpers import forget_legal_moves, new


def _state(players: int = 2) -> CafeState:
    return new(players, seed=1)


def test_equal_sheets_are_an_even_game_and_values_are_chances() -> None:
    values = evaluate(_state(3))
    assert len(values) == 3 and all(abs(v - values[0]) < 1e-9 for v in values)
    assert 0.0 < values[0] < 1.0


def test_more_points_means_a_better_chance() -> None:
    state = _state()
    for floor in range(1, 4):
        state.sheets[0][SPACE_AT[(0, floor)]] = CUSHION  # cushions score their floor
    forget_legal_moves(state)
    ahead, behind = evaluate(state)
    assert ahead > 0.5 > behind


def test_a_food_bowl_with_room_around_it_is_worth_something_before_it_scores() -> None:
    state = _state()
    middle = max(range(NSPACES), key=lambda s: len(NEIGHBOURS[s]))  # most room around it
    state.sheets[0][middle] = BOWL
    forget_legal_moves(state)
    mine, theirs = evaluate(state)
    assert mine > theirs
