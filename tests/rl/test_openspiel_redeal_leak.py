"""A re-deal hands a bot nothing of the true game: not its seed (from which the whole deal replays), not its
chance log (every shuffle so far), not another seat's secret mark in the history or in what that seat heard.
Issue #33: the re-deal used to keep all of these reachable through ``state.game_state``."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

import cattable
from cattable.rl.openspiel_fair import FairBot

from .test_openspiel_infostate import HIDDEN, _cafe_after_a_secret_mark, _load, _played


class SeedReader:
    """A cheat that notes everything of the state it is handed that could tell the true game."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def step(self, state: Any) -> int:
        inner = state.game_state
        self.seen.append((inner.seed, list(inner.chance.log), [a.text() for a in inner.history], state.heard))
        return int(state.legal_actions()[0])


@pytest.mark.parametrize(("name", "params"), HIDDEN)
def test_a_redeal_keeps_neither_the_true_seed_nor_the_chance_log(name: str, params: dict[str, Any]) -> None:
    game = _load(name, params)
    for start in range(4):
        state = _played(game, 12 + start, seed=start)
        truth = state.game_state
        seat = state.current_player()
        cheat = SeedReader()
        FairBot(cheat, seat, seed=start).step(state)
        seed, log, _, _ = cheat.seen[0]
        assert seed != truth.seed
        assert truth.chance.log and not (set(map(json.dumps, truth.chance.log)) & set(map(json.dumps, log)))
        opening = cattable.game(name).new(players=truth.players, seed=seed, **truth.options)
        replayed = cattable.game(name).new(players=truth.players, seed=truth.seed, **truth.options)
        assert opening.snapshot() != replayed.snapshot(), "the re-deal's seed deals the true game again"


def test_a_redeal_hides_another_seats_secret_mark_in_history_and_heard() -> None:
    state = _cafe_after_a_secret_mark()  # seat 0 has just marked in secret; seat 1 is to choose
    secret = state.game_state.history[-1].text()
    other = state.resample(1, random.Random(0))
    assert other.game_state.history[-1].text() != secret
    assert len(other.game_state.history) == len(state.game_state.history)
    assert all(secret not in heard[-1:] for heard in other.heard)
    assert other.information_state_string(1) == state.information_state_string(1)
    assert state.game_state.history[-1].text() == secret  # the true state is untouched


def test_a_redeal_still_plays_on_and_clones() -> None:
    """A searcher plays the re-deal out: its withheld history and fresh seed do not get in the way."""
    state = _cafe_after_a_secret_mark()
    other = state.resample(1, random.Random(3))
    rng = np.random.RandomState(0)
    copy = other.clone()
    while not copy.is_terminal():
        copy.apply_action(int(rng.choice(copy.legal_actions())))
    assert len(copy.returns()) == 3
