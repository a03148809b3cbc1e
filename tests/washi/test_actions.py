"""Reading actions: text and JSON round-trip, case and spaces are forgiven, junk is an InvalidAction."""

from __future__ import annotations

import pytest

import cattable
from cattable.core import InvalidAction
from cattable.games.washi import actions as A

GAME = cattable.game("washi")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("fish c5", A.fish(4, 2)),
        ("cat p12", A.cat(11, 15)),
        ("move 1 c6", A.move(0, 5, 2)),
        ("move 2 aj20", A.move(1, 19, 35)),
        ("jump 1 north", A.jump(0, "north")),
        ("pop 2 e4", A.pop(1, 3, 4)),
    ],
)
def test_text_and_json_round_trip(text: str, action: A.WashiAction) -> None:
    assert GAME.parse_action(text) == action
    assert action.text() == text
    assert GAME.action_from_json(action.to_json()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [("  MOVE   1  C6 ", A.move(0, 5, 2)), ("Jump 2 w", A.jump(1, "west")), ("FISH A1", A.fish(0, 0))],
)
def test_case_and_spacing_are_forgiven(text: str, action: A.WashiAction) -> None:
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize(
    "junk",
    ["", "   ", "?!", "zzz 99 99", "{}", "fish", "fish c0", "move 3 c5", "move 1", "jump 1 sideways", "pop x c5"],
)
def test_unreadable_text_is_an_invalid_action(junk: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.parse_action(junk)


@pytest.mark.parametrize(
    "junk",
    [
        None,
        17,
        [],
        ["x"],
        {},
        {"nonsense": True},
        {"kind": "fish"},
        {"kind": "fish", "at": 5},
        {"kind": "move", "cat": "1", "to": "c5"},
        {"kind": "move", "cat": True, "to": "c5"},
        {"kind": "move", "cat": 1, "to": "c5", "extra": 1},
        {"kind": "jump", "cat": 1, "direction": "up-ish"},
        {"kind": "fly", "cat": 1, "to": "c5"},
    ],
)
def test_malformed_json_is_an_invalid_action(junk: object) -> None:
    with pytest.raises(InvalidAction):
        GAME.action_from_json(junk)


def test_parse_action_refuses_non_text() -> None:
    with pytest.raises(InvalidAction):
        GAME.parse_action(None)  # type: ignore[arg-type]  # not text on purpose: parse_action must refuse it


def test_actions_are_interned() -> None:
    assert A.move(0, 3, 4) is GAME.parse_action("move 1 e4")
