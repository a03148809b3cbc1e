"""Cat Nap played to the end many times: clones, text and JSON round-trips, schemas, records that replay,
bad input refused with nothing changed; and the project's own conformance suite, run over the example."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from jsonschema import Draft202012Validator

import cattable
from cattable.agents import RandomAgent
from cattable.core import IllegalAction, InvalidAction, State
from cattable.testing import Settings, checks

from .test_package import schema

SETTINGS: Settings = {
    "players": [2, 3, 4],
    "playouts": 600,
    "options": [{}, {"dogs": 1}, {"dogs": 3}],
    "checks_every": 4,
}
"""What ``tests/conformance/settings.py`` would hold for Cat Nap, were it one of the project's own games."""


def _dump(state: State) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


ACTIONS = Draft202012Validator(schema("action"))
VIEWS = Draft202012Validator(schema("view"))


def _check(state: State, rng: random.Random) -> None:
    game = state.game
    before = _dump(state)
    for action in state.legal_actions():
        assert game.parse_action(action.text()) == action
        data = json.loads(json.dumps(action.to_json()))
        assert game.action_from_json(data) == action
        if len(state.history) % 6 == 0:  # jsonschema is slow: every sixth position is plenty
            ACTIONS.validate(data)
    for seat in [None, *range(state.players)]:
        view = json.loads(json.dumps(state.view(seat)))
        if len(state.history) % 6 == 0:
            VIEWS.validate(view)
    twin = state.clone()
    twin.apply(rng.choice(twin.legal_actions()))
    assert _dump(state) == before, "a clone shares nothing with its original"
    for text in ("nap", "nap purple", "draw 2", "sleep"):
        with pytest.raises(InvalidAction):
            state.apply_text(text)
    for action in map(game.parse_action, ("nap black", "nap ginger", "nap white")):
        if action not in state.legal_actions():
            with pytest.raises(IllegalAction):
                state.apply(action)
    assert _dump(state) == before, "refused input changes nothing"


def test_random_playouts_with_clones_round_trips_and_replays() -> None:
    game = cattable.game("catnap")
    rng = random.Random(7)
    lengths = []
    for i in range(120):
        state = game.new(players=2 + i % 3, seed=i, dogs=1 + i % 3)
        agent = RandomAgent(i)
        while not state.is_over:
            _check(state, rng)
            state.apply(agent.choose({}, state.legal_actions()))
        lengths.append(len(state.history))
        for seat in [None, *range(state.players)]:
            VIEWS.validate(json.loads(json.dumps(state.view(seat))))
        result = state.result()
        assert result.winners and all(0 <= w < state.players for w in result.winners)
        record = json.loads(json.dumps(state.record()))
        again = cattable.replay(record)
        assert _dump(again) == _dump(state) and again.result() == result and again.record() == record
        halfway = cattable.replay(record, upto=len(record["actions"]) // 2)
        assert len(halfway.history) == len(record["actions"]) // 2
    assert 10 < sum(lengths) / len(lengths) < 100


@pytest.mark.parametrize(
    "check",
    [
        lambda name: checks.random_playouts_keep_the_contract(name, SETTINGS),
        lambda name: checks.same_seed_same_game(name, SETTINGS),
        checks.bad_options_and_player_counts_are_refused,
        lambda name: checks.determinize_resamples_hidden_information_only(name, SETTINGS),
        lambda name: checks.determinize_depends_only_on_what_the_seat_knows(name, SETTINGS),
    ],
    ids=[
        "random_playouts_keep_the_contract",
        "same_seed_same_game",
        "bad_options_and_player_counts_are_refused",
        "determinize_resamples_hidden_information_only",
        "determinize_depends_only_on_what_the_seat_knows",
    ],
)
def test_the_conformance_suite_passes(check: Callable[[str], None]) -> None:
    check("catnap")
