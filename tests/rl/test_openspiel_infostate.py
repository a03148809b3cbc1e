"""What a seat may know through OpenSpiel: re-deals from its information state (``resample_from_infostate``,
which OpenSpiel's own ISMCTS calls), and observers honouring the observation type asked for."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation
from open_spiel.python.algorithms import ismcts, mcts

from cattable.rl import register_openspiel
from cattable.rl.openspiel import CattableSpielState
from cattable.rl.openspiel_observers import ObservationTypeError

HIDDEN: list[tuple[str, dict[str, Any]]] = [("cafe", {"players": 3}), ("attack", {"players": 2, "lives": 2})]
SINGLE, NONE, ALL = (
    pyspiel.PrivateInfoType.SINGLE_PLAYER,
    pyspiel.PrivateInfoType.NONE,
    pyspiel.PrivateInfoType.ALL_PLAYERS,
)


def _load(name: str, params: dict[str, Any]) -> Any:
    register_openspiel()
    return pyspiel.load_game(f"python_cattable_{name}", params)


def _played(game: Any, moves: int, seed: int = 0) -> CattableSpielState:
    rng = random.Random(seed)
    state: CattableSpielState = game.new_initial_state()
    state.apply_action(rng.randrange(100))
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _cafe_after_a_secret_mark() -> CattableSpielState:
    game = _load("cafe", {"players": 3})
    state = _played(game, 0, seed=4)
    rng = random.Random(4)
    while state.game_state.view(0)["phase"] != "mark":
        state.apply_action(rng.choice(state.legal_actions()))
    state.apply_action(state.legal_actions()[0])  # seat 0's secret mark
    return state


def _secrets(state: Any) -> str:
    return json.dumps(state.game_state.snapshot(), sort_keys=True)


class Sampler:
    """The same numbers every time, as OpenSpiel's probability samplers give them."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self) -> float:
        return self.rng.random()


@pytest.mark.parametrize(("name", "params"), HIDDEN)
def test_resample_from_infostate_redeals_only_what_the_seat_cannot_see(name: str, params: dict[str, Any]) -> None:
    game = _load(name, params)
    state = _played(game, 12)
    seat = state.current_player()
    samples = [state.resample_from_infostate(seat, Sampler(k)) for k in range(8)]
    for other in samples:
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == []  # no history reaches a re-deal; the true one would give the deal away
    assert len({_secrets(other) for other in samples}) > 1
    assert _secrets(state.resample_from_infostate(seat, Sampler(3))) == _secrets(samples[3])
    twin = samples[5]  # another position of the same information state: the same re-deals
    assert _secrets(twin.resample_from_infostate(seat, Sampler(1))) == _secrets(samples[1])
    root = game.new_initial_state()
    assert str(root.resample_from_infostate(0, Sampler(0))) == str(root)


def test_observations_come_from_the_seats_view() -> None:
    """A seat's observation and information state are the same in a re-deal of what it cannot see; the
    information state keeps every move as announced to it (Cat Cafe's marks stay secret)."""
    state = _cafe_after_a_secret_mark()
    for seat in range(3):
        other = state.resample(seat, random.Random(seat + 1))
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.information_state_string(seat) == state.information_state_string(seat)
    assert "mark" not in state.information_state_string(1).splitlines()[-2]
    assert state.information_state_string(0).splitlines()[-2].startswith("mark")
    assert register_openspiel() == register_openspiel()


def test_observers_honour_the_observation_type() -> None:
    """The seat's view with or without recall, the spectator's likewise; the rest refused with the list."""
    state = _cafe_after_a_secret_mark()
    game = state.get_game()

    def make(recall: bool, public: bool, private: Any) -> Any:
        kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
        return observation.make_observation(game, kind)

    seat_view = make(False, True, SINGLE)
    assert seat_view.string_from(state, 0) == state.observation_string(0)
    seat_view.set_from(state, 0)
    assert list(seat_view.tensor) == state.observation_tensor(0)
    assert make(True, True, SINGLE).string_from(state, 0) == state.information_state_string(0)
    assert observation.make_observation(game).string_from(state, 2) == state.observation_string(2)
    public, public_recall = make(False, True, NONE), make(True, True, NONE)
    assert public.tensor is None and public_recall.tensor is None
    assert public.string_from(state, 0) == public.string_from(state, 1) != state.observation_string(0)
    assert "mark" not in public_recall.string_from(state, 0).splitlines()[-2]
    for seat in range(3):  # what the public sees survives any seat's re-deal
        other = state.resample(seat, random.Random(seat))
        assert public_recall.string_from(other, 0) == public_recall.string_from(state, 0)
    for recall, public_info, private in ((False, True, ALL), (True, False, SINGLE), (False, False, NONE)):
        with pytest.raises(ObservationTypeError, match="the cattable games offer"):
            make(recall, public_info, private)
    with pytest.raises(ObservationTypeError, match="no parameters"):
        game.make_py_observer(None, {"bits": 1})


def test_no_information_state_tensor_is_claimed() -> None:
    """No tensor has perfect recall, so the game says so, and asking for one says what to use instead."""
    game = _load("attack", {"players": 2})
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    state = _played(game, 3)
    with pytest.raises(ObservationTypeError, match="use its string, or the observation tensor"):
        state.information_state_tensor(0)
    with pytest.raises(ObservationTypeError):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)).set_from(state, 0)


def test_openspiel_ismcts_plays_on_its_own_redeals() -> None:
    """OpenSpiel's information-set MCTS asks the state for ``resample_from_infostate`` itself."""
    game = _load("cafe", {"players": 3})
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 1.4, 16, random_state=np.random.RandomState(0)
    )
    state = _cafe_after_a_secret_mark()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
