"""OpenSpiel's own random simulation test and its MCTS bot on every game, through the adapter."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from cattable.rl import register_openspiel
from cattable.rl.openspiel import CattableSpielState

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("cafe", {"players": 3}),
    ("washi", {"players": 2}),
    ("attack", {"players": 2, "lives": 2}),
]
TOWER: tuple[str, dict[str, Any]] = ("tower", {"players": 2, "turn_limit": 3})


def _load(name: str, params: dict[str, Any]) -> Any:
    register_openspiel()
    return pyspiel.load_game(f"python_cattable_{name}", params)


def _random_sim(name: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(_load(name, params), num_sims=1, serialize=False, verbose=False)


def _mcts_steps(name: str, params: dict[str, Any], steps: int) -> None:
    """OpenSpiel's MCTSBot plays a few moves, each searched on a fair re-deal of what it cannot see."""
    game = _load(name, params)
    bot = mcts.MCTSBot(game, 1.4, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)))
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        sample = state.resample(seat, rng)
        action = bot.step(sample)
        assert action in state.legal_actions(seat)
        state.apply_action(action)
    assert len(state.history()) > 0


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_simulation(name: str, params: dict[str, Any]) -> None:
    _random_sim(name, params)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_mcts_bot(name: str, params: dict[str, Any]) -> None:
    _mcts_steps(name, params, 4)


@pytest.mark.slow
@pytest.mark.physics
def test_tower_random_simulation() -> None:
    """OpenSpiel checks that a clone plays exactly like the original: the adapter has the tower rebuild its
    world from the recorded poses before each move, as a clone does (``openspiel.like_a_copy``)."""
    _random_sim(*TOWER)


@pytest.mark.slow
@pytest.mark.physics
@pytest.mark.long  # OpenSpiel's MCTS searching on physics; make test runs its random simulation
def test_tower_mcts_bot() -> None:
    _mcts_steps(*TOWER, 2)


def test_strings_and_tensors_come_from_the_seats_view() -> None:
    """The observation of a seat is the same in a re-deal of what that seat cannot see; the information
    state keeps every move as announced to it."""
    game = _load("cafe", {"players": 3})
    state: CattableSpielState = game.new_initial_state()
    rng = random.Random(4)
    while state.game_state.view(0)["phase"] != "mark":
        state.apply_action(rng.choice(state.legal_actions()))
    state.apply_action(state.legal_actions()[0])  # a secret mark
    for seat in range(3):
        other = state.resample(seat, random.Random(seat + 1))
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.information_state_string(seat) == state.information_state_string(seat)
    assert "mark" not in state.information_state_string(1).splitlines()[-2]
    assert state.information_state_string(0).splitlines()[-2].startswith("mark")
    assert register_openspiel() == register_openspiel()
