"""OpenSpiel's own random simulation test (with serialisation) and its MCTS bot on every game, and what
the opening chance node buys: the same initial state every time, histories that replay, pickles."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import cattable
from cattable.rl import register_openspiel
from cattable.rl.openspiel import DEALS, CattableSpielState
from cattable.rl.openspiel_fair import FairBot

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
    pyspiel.random_sim_test(_load(name, params), num_sims=1, serialize=True, verbose=False)


def _played(game: Any, moves: int, seed: int = 0) -> CattableSpielState:
    """A state after the opening deal and up to ``moves`` random moves."""
    rng = random.Random(seed)
    state: CattableSpielState = game.new_initial_state()
    state.apply_action(rng.randrange(DEALS))
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _same(a: Any, b: Any) -> None:
    """Two OpenSpiel states alike in everything OpenSpiel shows of them."""
    assert str(a) == str(b)
    assert a.history() == b.history()
    assert a.current_player() == b.current_player()
    assert a.returns() == b.returns()
    for seat in range(a.num_players()):
        assert a.observation_string(seat) == b.observation_string(seat)
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
    if not a.is_terminal():
        assert a.legal_actions() == b.legal_actions()


def _mcts_steps(name: str, params: dict[str, Any], steps: int) -> None:
    """OpenSpiel's MCTSBot plays a few moves, each searched on a fair re-deal of what it cannot see."""
    game = _load(name, params)
    bots = [
        FairBot(mcts.MCTSBot(game, 1.4, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))), s, s)
        for s in range(game.num_players())
    ]
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = bots[seat].step(state)
        assert action in state.legal_actions(seat)
        state.apply_action(action)
    assert len(state.history()) > 1


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


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_the_game_opens_with_one_chance_node_choosing_the_deal(name: str, params: dict[str, Any]) -> None:
    """The initial state is a chance node, the same at every call; outcome k is cattable's seed + k."""
    game = _load(name, dict(params, seed=7))
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.is_chance_node() and second.is_chance_node()
    assert first.chance_outcomes() == second.chance_outcomes() == [(k, 1 / DEALS) for k in range(DEALS)]
    _same(first, second)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == DEALS
    first.apply_action(5)
    second.apply_action(5)
    _same(first, second)
    dealt = cattable.game(name).new(seed=12, **params)
    assert first.game_state.snapshot() == dealt.snapshot()
    assert first.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "deal 12"
    assert not first.is_chance_node() and first.chance_outcomes() == []


def test_the_number_of_deals_is_a_parameter() -> None:
    game = _load("cafe", {"players": 2, "deals": 3})
    assert [a for a, _ in game.new_initial_state().chance_outcomes()] == [0, 1, 2]
    with pytest.raises(ValueError, match="deals must be at least 1"):
        _load("cafe", {"players": 2, "deals": 0})
    state = game.new_initial_state()
    with pytest.raises(ValueError, match=r"outside 0\.\.2"):
        state.apply_action(3)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_a_history_replays_from_a_fresh_initial_state(name: str, params: dict[str, Any]) -> None:
    """The history identifies the game: applied to a new initial state it gives the same state, which
    then plays on exactly alike."""
    game = _load(name, params)
    state = _played(game, 40, seed=3)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    _same(state, again)
    rng = random.Random(9)
    for _ in range(10):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        again.apply_action(action)
        _same(state, again)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_serialisation_and_pickle_round_trip(name: str, params: dict[str, Any]) -> None:
    """``serialize_game_and_state`` and ``pickle`` give back the state, which plays on exactly alike;
    before the deal too."""
    game = _load(name, params)
    for state in (game.new_initial_state(), _played(game, 25, seed=5)):
        text = pyspiel.serialize_game_and_state(game, state)
        game2, loaded = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        unpickled = pickle.loads(pickle.dumps(state))
        for copy in (loaded, unpickled):
            _same(state, copy)
            rng = random.Random(2)
            mirror = state.clone()
            for _ in range(5):
                if copy.is_terminal():
                    break
                action = rng.choice(copy.legal_actions())
                copy.apply_action(action)
                mirror.apply_action(action)
            _same(mirror, copy)


def test_a_dealt_state_pickles_as_its_record() -> None:
    """A state reached by the deal and moves alone serialises as its record (small), which replays."""
    game = _load("attack", {"players": 2, "lives": 2})
    state = _played(game, 30)
    assert len(pickle.dumps(state)) < 10_000 < len(pickle.dumps(state.game_state))
    assert pickle.loads(pickle.dumps(state)).game_state.record() == state.game_state.record()


def test_a_redeal_pickles_whole() -> None:
    """A re-deal has no record that replays to it (its hidden cards were sampled): it pickles whole."""
    game = _load("cafe", {"players": 3})
    state = _played(game, 12)
    other = state.resample(0, random.Random(1))
    again = pickle.loads(pickle.dumps(other))
    assert again.game_state.snapshot() == other.game_state.snapshot()
    assert again.information_state_string(0) == state.information_state_string(0)


def test_a_cattable_position_can_be_wrapped() -> None:
    """A position found elsewhere (a benchmark's) goes behind the OpenSpiel API, with an empty history."""
    game = _load("washi", {"players": 2})
    inner = cattable.game("washi").new(players=2, seed=4)
    inner.apply(inner.legal_actions()[0])
    state = CattableSpielState(game, inner.clone())
    assert state.history() == [] and state.current_player() == inner.current_player
    assert state.game_state.snapshot() == inner.snapshot()
    assert state.legal_actions() == sorted(
        game.encoding.index_of(a, inner.legal_actions()) for a in inner.legal_actions()
    )
