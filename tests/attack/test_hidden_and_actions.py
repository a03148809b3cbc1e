"""Secret hands, determinize, and reading actions."""

from __future__ import annotations

import json
import random

import pytest

from cattable.core import IllegalAction, InvalidAction
from cattable.games.attack.actions import parse
from cattable.games.attack.game import AttackState
from tests.rulebook import rule

from .helpers import legal_texts, new, play, table

BOOK = "cat-attack.txt"
HAND = ["cat1", "cat2", "cat3", "bird1", "bird2", "mouse5"]


@rule(BOOK, "Don't let other players see your cards.")
def test_a_view_shows_only_the_seats_own_hand() -> None:
    s = new(4, seed=2)
    for seat in range(4):
        v = s.view(seat)
        assert sorted(v["hand"]) == sorted(json.loads(json.dumps(s.snapshot()))["hands"][seat])
        assert all(c["cards"] == 6 for c in v["cats"])
        assert "hands" not in v and "deck_order" not in v
    assert "hand" not in s.view(None)


@rule(BOOK, "Make sure none of the other players sneaks a peek.")
def test_only_the_attacker_sees_the_victims_hand() -> None:
    s = table(players=3, at={0: "r4_7", 1: "r4_8"}, hand=HAND)
    play(s, "cat 1 r4_8")
    assert "1" in s.view(0)["seen"]
    assert s.view(2).get("seen") == {}
    assert s.view(None).get("seen") is None


def test_determinize_keeps_what_the_seat_saw_and_redeals_the_rest() -> None:
    s = table(players=3, at={0: "r4_7", 1: "r4_8"}, hand=HAND)
    play(s, "cat 1 r4_8")
    seen = sorted(s.view(0)["seen"]["1"])
    other = _determinized(s, 0, 5)
    assert sorted(other.view(0)["seen"]["1"]) == seen
    assert sorted(other.snapshot()["hands"][1]) == seen  # the whole hand was seen
    assert other.hands[0] == s.hands[0]
    changed = any(_determinized(s, 0, k).hands[2] != s.hands[2] for k in range(10))
    assert changed


def _determinized(s: AttackState, seat: int, seed: int) -> AttackState:
    other = s.determinize(seat, random.Random(seed))
    assert isinstance(other, AttackState)
    return other


def test_text_is_forgiving_and_round_trips() -> None:
    s = table(hand=HAND)
    for action in s.legal_actions():
        assert parse(action.text()) == action
        assert parse("  " + action.text().upper() + " ") == action
        assert s.game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "junk", ["", "   ", "cat", "cat 9 n1", "cat 3 nowhere", "mouse 2 mh", "swap cat3", "raid gold", "zzz"]
)
def test_unreadable_text_is_invalid(junk: str) -> None:
    with pytest.raises(InvalidAction):
        parse(junk)


@pytest.mark.parametrize("junk", [None, 3, {}, [], ["cat", 1], {"kind": "cat"}])
def test_unreadable_json_is_invalid(junk: object) -> None:
    s = new()
    with pytest.raises(InvalidAction):
        s.game.action_from_json(junk)


def test_a_forbidden_move_says_why_and_changes_nothing() -> None:
    s = table(hand=HAND)
    before = json.dumps(s.snapshot(), sort_keys=True)
    with pytest.raises(IllegalAction, match="not in your hand"):
        play(s, "cat 6 r4_6")
    with pytest.raises(IllegalAction, match="time to play a Mog card"):
        play(s, "move g0a")
    with pytest.raises(IllegalAction):
        play(s, "cat 1 r4_6")
    assert json.dumps(s.snapshot(), sort_keys=True) == before
    assert "cat 1 g0a" in legal_texts(s)
