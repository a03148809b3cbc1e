"""The core owns the one legality check (issue #30): no game overrides ``is_legal``; a game whose actions
cannot all be listed declares ``_rule_check`` instead, and the core asks it."""

from __future__ import annotations

from typing import Any

import pytest

import cattable
from cattable.core import IllegalAction, InvalidAction, State
from cattable.core.registry import game_names

GAMES = game_names()
RULE_JUDGED = {"cafe", "tower"}
"""The games whose ``_rule_check`` the core asks: Cat Cafe (its list of marks costs more to build than the
rules cost to ask) and the tower (placements are judged by range)."""


def _state_class(name: str) -> type[State]:
    rules = cattable.game(name)
    return type(rules.new(players=rules.min_players + (rules.min_players == 1), seed=3))


@pytest.mark.parametrize("name", GAMES)
def test_no_game_state_overrides_is_legal(name: str) -> None:
    cls = _state_class(name)
    assert cls.is_legal is State.is_legal
    overriding = [k.__qualname__ for k in cls.__mro__ if k is not State and "is_legal" in vars(k)]
    assert overriding == [], f"{name}: {overriding} override is_legal"
    assert cls._by_rule == (name in RULE_JUDGED)


def test_the_core_refuses_a_state_class_that_overrides_is_legal() -> None:
    with pytest.raises(TypeError, match="overrides is_legal: the core owns the legality check"):

        class Cheat(State):  # made only to be refused
            def is_legal(self, action: Any) -> bool:
                return True


def _whole_to_float(action: Any) -> Any:
    return type(action)(*[float(v) if type(v) is int else v for v in action])


@pytest.mark.parametrize("name", [g for g in GAMES if g not in RULE_JUDGED])
def test_a_listed_game_takes_equal_actions_only_when_exact(name: str) -> None:
    """One of the list's own objects, or a fresh equal one of the same types, is legal; an equal one with a
    float for a whole number is not (and is refused, the position unchanged)."""
    rules = cattable.game(name)
    state = rules.new(players=rules.min_players, seed=5)
    legal = state.legal_actions()
    with_number = [a for a in legal if isinstance(a, tuple) and any(type(v) is int for v in a)]
    assert with_number, f"{name}: the opening offers no action with a number"
    action = with_number[0]
    fresh = type(action)(*action)
    floated = _whole_to_float(action)
    assert fresh is not action and fresh == action == floated
    assert state.is_legal(action) and state.is_legal(fresh)
    assert not state.is_legal(floated)
    assert not state.is_legal(tuple(action))  # type: ignore[arg-type] # not of an action type, though equal
    before = state.snapshot()
    with pytest.raises((IllegalAction, InvalidAction)):  # a game may call a float malformed
        state.apply(floated)
    assert state.snapshot() == before and state.history == []
    state.apply(fresh)
    assert state.history == [fresh]


@pytest.mark.parametrize("name", GAMES)
def test_is_legal_agrees_with_the_list_and_is_false_after_the_end(name: str) -> None:
    rules = cattable.game(name)
    state = rules.new(players=rules.min_players + (rules.min_players == 1), seed=7)
    legal = state.legal_actions()
    assert legal and all(state.is_legal(a) for a in legal)
    assert not state.is_legal("not an action")  # type: ignore[arg-type]
    if name == "cafe":  # cheap to finish: the rule check says so at the end too
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        assert not any(state.is_legal(a) for a in legal)
