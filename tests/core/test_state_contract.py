"""The base State's promises, checked on a toy game: errors change nothing, records replay, re-deals are fair."""

from __future__ import annotations

import json
import random

import pytest

import cattable
from cattable.agents import RandomAgent
from cattable.analysis.playout import play_out
from cattable.core import IllegalAction, InvalidAction, RecordError
from cattable.testing import Settings, checks

from .toy import ROLL, STOP, ToyState


def test_unknown_game_lists_known_ones() -> None:
    with pytest.raises(ValueError, match="known games: attack, cafe, tower, washi"):
        cattable.game("chess")


def test_bad_input_is_refused_and_changes_nothing(toy: str) -> None:
    state = cattable.game(toy).new(players=2, seed=1)
    assert isinstance(state, ToyState)
    state.totals[0] = 25
    before = json.dumps(state.snapshot())
    with pytest.raises(IllegalAction, match="must stop"):
        state.apply(ROLL)
    with pytest.raises(InvalidAction):
        state.apply("roll")  # type: ignore[arg-type]
    with pytest.raises(InvalidAction):
        cattable.game(toy).parse_action("jump")
    assert json.dumps(state.snapshot()) == before and state.history == []
    state.apply(STOP)
    assert state.current_player == 1


def test_record_replays_exactly_and_partially(toy: str) -> None:
    game = cattable.game(toy)
    state = play_out(game.new(players=3, seed=4), [RandomAgent(s) for s in range(3)])
    record = json.loads(json.dumps(state.record()))
    assert record["chance"], "the deal and the dice are in the record"
    again = cattable.replay(record)
    assert again.snapshot() == state.snapshot() and again.result() == state.result()
    halfway = cattable.replay(record, upto=len(record["actions"]) // 2)
    assert len(halfway.history) == len(record["actions"]) // 2
    with pytest.raises(RecordError):
        cattable.replay({**record, "game": "cafe-typo"})
    broken = {**record, "actions": [{"kind": "fly"}]}
    with pytest.raises(RecordError, match=r"actions\[0\].*not an action"):
        cattable.replay(broken)


def test_determinize_hides_others_cards_and_future_dice(toy: str) -> None:
    state = cattable.game(toy).new(players=3, seed=2)
    mine = state.view(0)["my_card"]
    others = set()
    futures = set()
    for k in range(30):
        d = state.determinize(0, random.Random(k))
        assert d.view(0) == state.view(0)
        assert isinstance(d, ToyState)
        others.add(tuple(d.cards[1:]))
        d.apply(ROLL)
        futures.add(d.totals[0])
        assert d.cards[0] == mine
    assert len(others) > 5 and len(futures) > 2


def test_the_conformance_suite_runs_on_the_toy(toy: str) -> None:
    cfg: Settings = {"players": [1, 2, 3, 4], "playouts": 300, "options": [{}], "checks_every": 2, "schemas": False}
    checks.random_playouts_keep_the_contract(toy, cfg)
    checks.same_seed_same_game(toy, cfg)
    checks.determinize_resamples_hidden_information_only(toy, cfg)
    checks.determinize_depends_only_on_what_the_seat_knows(toy, cfg)


def test_a_game_left_with_no_legal_action_is_named_as_a_rules_bug(toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position before the end must offer an action; when a rules bug breaks that, playing it out
    says so plainly (the tower once did, deep in a tournament, as an IndexError inside a bot)."""
    state = cattable.game(toy).new(players=2, seed=3)
    monkeypatch.setattr(ToyState, "_legal", lambda self: [])
    state.forget_caches()
    with pytest.raises(RuntimeError, match=r"toy: seat 0 has no legal action in a game that is not over \(seed 3"):
        play_out(state, [RandomAgent(0), RandomAgent(1)])
