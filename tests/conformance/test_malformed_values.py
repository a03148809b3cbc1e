"""Malformed JSON actions are InvalidAction in every registered game, never IllegalAction.

core/errors.py draws the line: InvalidAction is "the input is not an action of this game at all",
IllegalAction "a well-formed action that the rules forbid here". A server relays whichever the game
raises, so a client that sends a missing field, an unknown field, a list where a number goes or a
card -1 must hear that its message is malformed, not that the rules forbid it now. Each case here is
built from a real legal action's JSON and broken one way; it is refused by ``action_from_json`` or, if
that reads it, by ``apply`` in the position where the original was legal, and the position is unchanged.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cattable
from cattable.core import IllegalAction, InvalidAction, State

PLIES = 6
"""Random moves played from the start; the legal actions met on the way give the JSON shapes to break."""


def broken(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Ways to break one action's JSON, each a value no position of any game could accept."""
    yield "unknown kind", {**data, "kind": "no_such_kind"}
    yield "unknown field", {**data, "no_such_field": 1}
    for key, value in data.items():
        if key == "kind":
            continue
        yield f"missing {key}", {k: v for k, v in data.items() if k != key}
        yield f"{key} a list", {**data, key: [value]}
        yield f"{key} an object", {**data, key: {"value": value}}
        if type(value) is int:
            yield f"{key} -1", {**data, key: -1}
            yield f"{key} huge", {**data, key: 10**9}
            yield f"{key} a bool", {**data, key: True}
            yield f"{key} a text", {**data, key: str(value)}
        elif isinstance(value, str):
            yield f"{key} an unknown word", {**data, key: "no-such-word"}


def positions(name: str) -> Iterator[State]:
    """The start of a seeded two-player game and the positions after each of its first random moves."""
    state = cattable.game(name).new(players=2, seed=11)
    rng = random.Random(11)
    for _ in range(PLIES):
        if state.is_over:
            return
        yield state
        state = state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _games() -> list[Any]:
    return [pytest.param(n, marks=[pytest.mark.physics] if n == "tower" else []) for n in cattable.game_names()]


@pytest.mark.parametrize("name", _games())
def test_malformed_json_actions_are_invalid_not_illegal(name: str) -> None:
    game = cattable.game(name)
    tried: set[tuple[str, str]] = set()
    for state in positions(name):
        for action in state.legal_actions():
            data = action.to_json()
            for how, junk in broken(data):
                if (data["kind"], how) in tried:
                    continue
                tried.add((data["kind"], how))
                before = json.dumps(state.snapshot(), sort_keys=True)
                with pytest.raises(InvalidAction) as refused:
                    state.apply(game.action_from_json(junk))
                assert not isinstance(refused.value, IllegalAction), (name, how, junk)
                assert str(refused.value), (name, how)
                assert json.dumps(state.snapshot(), sort_keys=True) == before, (name, how)
    assert len(tried) >= 5, f"{name}: too few malformed cases were built"
