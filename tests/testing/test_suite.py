"""The shipped conformance suite (``cattable.testing``) checks a game it has never seen, and can fail.

A tiny game is defined here and registered for one test: every check runs on it and passes. Two broken
copies, one whose view shows another seat's secret card and one whose action does not read back from its
own text, each fail a check: a suite that cannot fail proves nothing.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

import cattable
from cattable.core import Game, InvalidAction, Result, State, ranking_from_scores
from cattable.testing import CHECKS, Settings, check_game, checks, conformance_tests, default_settings, registered

SETTINGS: Settings = {"players": [2, 3], "playouts": 30, "options": [{}], "checks_every": 1, "schemas": False}


class Step(NamedTuple):
    """Add 1 or 2 to the shared count."""

    by: int

    def text(self) -> str:
        return f"add {self.by}"

    def to_json(self) -> Any:
        return {"kind": "add", "by": self.by}


class Tiny(Game):
    """Each seat holds a secret card; seats add 1 or 2 to a count in turn until it reaches 10; the seat
    that reaches it scores its card, the others nothing."""

    name = "tiny_toy"
    title = "Tiny"
    min_players = 2
    max_players = 3
    action_types = (Step,)
    has_hidden_information = True

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> State:
        return TinyState(self, players, seed, options, script)

    def parse_action(self, text: str) -> Step:
        words = text.split() if isinstance(text, str) else []
        if len(words) == 2 and words[0] == "add" and words[1] in ("1", "2"):
            return Step(int(words[1]))
        raise InvalidAction(f"tiny moves are 'add 1' and 'add 2', not {text!r}")

    def action_from_json(self, data: Any) -> Step:
        shaped = isinstance(data, dict) and set(data) == {"kind", "by"} and data["kind"] == "add"
        by = data["by"] if shaped else None
        if type(by) is int and by in (1, 2):
            return Step(by)
        raise InvalidAction(f"not a tiny action: {data!r}")


class TinyState(State):
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None):
        super().__init__(game, players, seed, options, script)
        deck = list(range(1, 10))
        self.chance.shuffle(deck)
        self.cards = [deck.pop() for _ in range(players)]
        self.deck = deck
        self.count = 0
        self.turn = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def _legal(self) -> list[Any]:
        return [Step(1), Step(2)]

    def _apply(self, action: Any) -> None:
        self.count += action.by
        if self.count >= 10:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.players

    def _result(self) -> Result:
        return ranking_from_scores([c if s == self.winner else 0 for s, c in enumerate(self.cards)])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"count": self.count, "turn": self.current_player, "card": None if seat is None else self.cards[seat]}

    def snapshot(self) -> dict[str, Any]:
        return {**self.view(None), "cards": list(self.cards), "deck": list(self.deck)}

    def _copy(self) -> State:
        other = type(self).__new__(type(self))
        other.cards, other.deck = list(self.cards), list(self.deck)
        other.count, other.turn, other.winner = self.count, self.turn, self.winner
        return other

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        unseen = sorted([c for s, c in enumerate(self.cards) if s != seat] + self.deck)
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.cards[s] = unseen.pop()
        self.deck = unseen


class LeakyState(TinyState):
    """Shows every seat's card in every view: a re-deal for one seat then changes what it sees."""

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "all_cards": list(self.cards)}


class Leaky(Tiny):
    name = "tiny_leaky"

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> State:
        return LeakyState(self, players, seed, options, script)


class Misread(Tiny):
    """Reads ``add 2`` back as ``add 1``: its actions do not round-trip through their text."""

    name = "tiny_misread"

    def parse_action(self, text: str) -> Step:
        step = super().parse_action(text)
        return Step(1) if step.by == 2 else step


def test_a_registered_toy_gets_every_check_and_passes() -> None:
    with registered(Tiny) as name:
        assert name in cattable.game_names()
        assert check_game(name, SETTINGS) == list(CHECKS[:-1])  # no schemas: the settings say so
    assert name not in cattable.game_names()  # registered for the test alone


def test_the_parametrised_suite_lists_a_registered_toy() -> None:
    with registered(Tiny) as name:
        tests = conformance_tests({name: SETTINGS})
        for test in tests.values():
            params = [p for mark in getattr(test, "pytestmark", []) for p in mark.args[1]]
            if params:  # every parametrised test has the toy among its games
                assert any(name in p.values or f"{name}-fast" == p.id for p in params), test.__name__
    assert "test_random_playouts_keep_the_contract" in tests


def test_a_game_registered_without_settings_is_checked_with_defaults() -> None:
    with registered(Tiny) as name:
        defaults = default_settings(cattable.game(name))
        assert defaults["players"] == [2, 3]
        with pytest.raises(ValueError, match="publishes no action schema"):  # the defaults ask for schemas
            check_game(name)
        assert check_game(name, {**defaults, "schemas": False}) == list(CHECKS[:-1])


def test_a_view_that_leaks_a_hidden_card_fails() -> None:
    with registered(Leaky) as name:
        with pytest.raises(AssertionError, match="view"):
            checks.random_playouts_keep_the_contract(name, SETTINGS)
        with pytest.raises(AssertionError):
            checks.determinize_resamples_hidden_information_only(name, SETTINGS)


def test_an_action_that_does_not_round_trip_fails() -> None:
    with registered(Misread) as name, pytest.raises(AssertionError, match="round-trip"):
        check_game(name, SETTINGS)
