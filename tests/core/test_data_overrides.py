"""A game's data changed through its options (``data``): the game changes, the record keeps it and
replays it, bad overrides are refused with a message, and no override reaches another game."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import cattable
from cattable.agents import RandomAgent
from cattable.core import OptionError, RecordError, State
from cattable.games.attack.cards import CARD_CODES, SHIPPED, mog_deck


def _play(state: State, seed: int, steps: int = 400) -> State:
    agents = [RandomAgent(seed + s) for s in range(state.players)]
    while not state.is_over and steps:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        steps -= 1
    return state


def _mog_cards(state: Any) -> Counter[int]:
    """Every Mog card of a Cat Attack game, wherever it is (deck, discard, hands)."""
    return Counter([*state.deck, *state.discard, *(c for hand in state.hands for c in hand)])


def _in_hands(state: Any, card: int) -> int:
    return sum(hand.count(card) for hand in state.hands)


def test_an_attack_deck_with_more_of_a_card_deals_it_more() -> None:
    game = cattable.game("attack")
    speedy = CARD_CODES["speedy"]
    plain = [game.new(players=4, seed=s) for s in range(30)]
    rich = [game.new(players=4, seed=s, **{"data.deck.speedy": 12, "data.deck.cat1": 0}) for s in range(30)]
    assert all(_mog_cards(s)[speedy] == 3 for s in plain)
    assert all(_mog_cards(s)[speedy] == 12 and _mog_cards(s)[CARD_CODES["cat1"]] == 0 for s in rich)
    dealt_plain = sum(_in_hands(s, speedy) for s in plain)
    dealt_rich = sum(_in_hands(s, speedy) for s in rich)
    assert dealt_rich > 2 * dealt_plain  # 12 of 72 cards against 3 of 63: about 3.5 times as many in hand


def test_both_spellings_are_stored_one_way_and_empty_overrides_leave_no_trace() -> None:
    game = cattable.game("attack")
    flat = game.new(players=3, seed=4, **{"data.deck.cat3": "5", "data.curiosity.extra": 0})
    nested = game.new(players=3, seed=4, data={"curiosity.extra": 0, "deck.cat3": 5})
    assert flat.options["data"] == nested.options["data"] == {"curiosity.extra": 0, "deck.cat3": 5}
    assert flat.snapshot() == nested.snapshot()
    assert "data" not in game.new(players=3, seed=4, data={}).options
    assert game.new(players=3, seed=4, data={}).record() == game.new(players=3, seed=4).record()


def test_views_tell_every_seat_the_tables_overrides_and_nothing_without_them() -> None:
    """The overrides are the rules of the table, public: each seat's view carries them (Cat Cafe within its
    options, the tower and Cat Attack as ``data``), so a bot can play the game on the table; a game
    without any shows nothing new (the golden transcripts hold those views)."""
    given: dict[str, dict[str, float]] = {
        "attack": {"deck.cat3": 7, "curiosity.car0": 0},
        "cafe": {"bonus.tower2.larger": 15, "footprints.pass": 1},
        "tower": {"walls.pillars": 6.5, "goal.G03": 2},
    }
    for name, data in given.items():
        game = cattable.game(name)
        tuned, plain = game.new(players=2, seed=3, data=data), game.new(players=2, seed=3)
        for seat in (0, 1, None):
            shown = tuned.view(seat)
            assert (shown["options"]["data"] if name == "cafe" else shown["data"]) == dict(sorted(data.items()))
            assert "data" not in plain.view(seat) and "data" not in plain.view(seat).get("options", {})


@pytest.mark.parametrize(
    ("name", "players", "data"),
    [
        ("attack", 3, {"deck.cat3": 9, "deck.speedy": 0, "curiosity.car0": 8}),
        ("cafe", 2, {"footprints.start": 4, "footprints.pass": 1, "bonus.tower5.larger": 12}),
    ],
)
def test_a_record_with_overrides_replays_identically(name: str, players: int, data: dict[str, int]) -> None:
    state = _play(cattable.game(name).new(players=players, seed=11, data=data), seed=11)
    record = json.loads(json.dumps(state.record()))  # as saved to a file and read back
    assert record["options"]["data"] == dict(sorted(data.items()))
    again = cattable.replay(record)
    assert again.snapshot() == state.snapshot() and again.record() == state.record()


@pytest.mark.parametrize(
    ("name", "players", "data"),
    [
        ("attack", 6, {**{f"deck.{c}": 0 for c in ("cat1", "cat2", "mouse1", "bird1")}, "curiosity.extra": 12}),
        ("attack", 2, {"deck.speedy": 12, "deck.attack": 12, "deck.burglar": 0, "curiosity.car0": 0}),
        (
            "cafe",
            4,
            {"footprints.start": 6, "footprints.pass": 0, "bonus.tower1.larger": 20, "bonus.tower5.smaller": 0},
        ),
        ("cafe", 1, {"footprints.start": 0, "footprints.butterfly": 6}),
    ],
)
def test_games_at_the_edges_of_their_ranges_keep_to_their_schemas(
    name: str, players: int, data: dict[str, int]
) -> None:
    """A whole random game with overrides at the ends of their ranges: every view keeps to the schema."""
    jsonschema = pytest.importorskip("jsonschema")
    game = cattable.game(name)
    validator = jsonschema.Draft202012Validator(game.schema("view"))
    state = game.new(players=players, seed=7, data=data)
    agents = [RandomAgent(7 + s) for s in range(players)]
    step = 0
    while not state.is_over and step < 3000:
        if step % 25 == 0:
            for seat in [*range(players), None]:
                validator.validate(state.view(seat))
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        step += 1
    validator.validate(state.view(None))
    assert cattable.replay(state.record()).snapshot() == state.snapshot()


def test_changed_footprints_and_bonuses_change_a_cafe_game() -> None:
    game = cattable.game("cafe")
    state = game.new(players=2, seed=1, **{"data.footprints.start": 5, "data.bonus.tower2.larger": 15})
    view = state.view(0)
    assert view["sheets"][0]["footprints"]["circled"] == 5
    assert view["towers"][1]["bonus"] == [15, 5]
    assert game.new(players=2, seed=1).view(0)["sheets"][0]["footprints"]["circled"] == 1


@pytest.mark.parametrize(
    ("name", "given", "message"),
    [
        ("attack", {"data.deck.cat9": 1}, r"unknown data path\(s\) deck.cat9; tunable data: deck.cat1"),
        ("attack", {"data": {"x" * 5000: 1}}, r"unknown data path\(s\) x{57}\.\.\.; tunable data"),  # cut short
        ("attack", {"data.deck.cat3": 13}, "out of range; a whole number from 0 to 12, default 3"),
        ("attack", {"data.deck.cat3": "many"}, "expected a whole number"),
        ("attack", {"data.deck.cat3": 2.5}, "expected a whole number"),
        ("attack", {"data.deck.cat3": True}, "expected a whole number"),
        ("attack", {"data": ["deck.cat3"]}, "must be an object"),
        ("attack", {"data": {"deck.cat3": 2}, "data.deck.cat3": 4}, "given twice"),
        ("cafe", {"data.footprints.start": -1}, "out of range"),
        ("tower", {"data.walls.pillars": 12.0}, "out of range; a number from 3 to 7"),
        ("tower", {"data.goal.G01": 4}, "out of range"),
        ("washi", {"data.fish": 3}, "has no tunable data"),
    ],
)
def test_bad_overrides_are_refused_with_what_is_allowed(name: str, given: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        cattable.game(name).new(players=2, seed=0, **given)


def test_a_deck_too_small_to_deal_is_refused() -> None:
    empty = {f"data.deck.{card}": 0 for card in SHIPPED["mog"]}
    with pytest.raises(OptionError, match="the Mog deck has 0 cards"):
        cattable.game("attack").new(players=2, **empty)


def test_a_record_with_a_bad_override_names_the_options_field() -> None:
    state = cattable.game("attack").new(players=2, seed=1, **{"data.deck.cat3": 5})
    record = state.record()
    record["options"]["data"]["deck.cat3"] = 40
    with pytest.raises(RecordError, match=r"record field 'options'.*out of range"):
        cattable.replay(record)
    assert state.options["data"] == {"deck.cat3": 5}  # the record is a copy: breaking it broke nothing


def test_no_override_leaks_into_the_next_game() -> None:
    """The decks are cached per override set: a changed game never changes the shipped deck."""
    game = cattable.game("attack")
    before = game.new(players=2, seed=5).snapshot()
    game.new(players=2, seed=5, **{"data.deck.cat3": 12})
    with pytest.raises(OptionError):
        game.new(players=2, seed=5, **{"data.deck.cat3": 99})
    assert game.new(players=2, seed=5).snapshot() == before
    assert Counter(mog_deck()) == Counter({code: 3 for code in CARD_CODES.values()})
    cafe = cattable.game("cafe")
    cafe.new(players=2, seed=0, **{"data.footprints.start": 6})
    assert cafe.new(players=2, seed=0).view(0)["sheets"][0]["footprints"]["circled"] == 1


def test_games_describe_their_tunable_data() -> None:
    paths = {name: [d["path"] for d in cattable.game(name).describe()["data"]] for name in cattable.game_names()}
    assert "data.deck.cat3" in paths["attack"] and "data.curiosity.extra" in paths["attack"]
    assert "data.footprints.start" in paths["cafe"] and "data.bonus.tower1.larger" in paths["cafe"]
    assert "data.walls.pillars" in paths["tower"] and "data.goal.G16" in paths["tower"]
    assert paths["washi"] == []
