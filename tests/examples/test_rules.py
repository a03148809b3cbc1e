"""Every sentence of Cat Nap's rulebook, each checked by a test that quotes it."""

from __future__ import annotations

import pytest
from catnap.actions import COLOURS
from catnap.game import CARDS_PER_COLOUR, DOG, CatNapState

import cattable
from cattable.core import GameNotOver, IllegalAction, OptionError

from .helpers import draws, table
from .trace import rule


@rule("A push-your-luck game for 2 to 4 players")
def test_two_to_four_players() -> None:
    game = cattable.game("catnap")
    for players in (1, 5):
        with pytest.raises(OptionError, match="allowed: 2 to 4"):
            game.new(players=players)
    for players in (2, 3, 4):
        assert game.new(players=players).players == players


@rule("12 cat tokens: 4 ginger, 4 black and 4 white.")
@rule("Put the 12 cat tokens and 2 dog tokens into the bag.")
@rule("1 cloth bag.")
def test_the_bag_starts_with_twelve_cats_and_two_dogs() -> None:
    view = cattable.game("catnap").new(players=2).view(None)
    assert view["bag"] == {"black": 4, "ginger": 4, "white": 4, "dog": 2}
    assert view["lap"] == [] and view["ran_away"] == 0


@rule("3 dog tokens.")
@rule("Braver players may put 3 dogs into the bag, and careful players only 1.")
def test_the_dogs_option() -> None:
    game = cattable.game("catnap")
    for dogs in (1, 2, 3):
        assert game.new(players=2, dogs=dogs).view(None)["bag"]["dog"] == dogs
    with pytest.raises(OptionError, match="allowed: 1, 2, 3"):
        game.new(players=2, dogs=4)
    assert game.new(players=2, dogs="3").view(None)["bag"]["dog"] == 3  # as typed on the command line


@rule("6 favourite cards: 2 of each colour.")
@rule("Shuffle the favourite cards and deal one face down to each player.")
@rule("Put the other cards back in the box unseen.")
def test_one_secret_card_each_and_the_rest_in_the_box() -> None:
    dealt_to_seat_0 = set()
    for seed in range(30):
        for players in (2, 3, 4):
            state = table(players, seed=seed)
            assert len(state.favourites) == players
            assert sorted(state.favourites + state.box) == sorted(c for c in COLOURS for _ in range(CARDS_PER_COLOUR))
            for seat in [None, *range(players)]:
                assert "box" not in state.view(seat)
        dealt_to_seat_0.add(table(2, seed=seed).favourites[0])
    assert dealt_to_seat_0 == set(COLOURS), "the shuffle deals every colour to seat 0 on some seed"


@rule("Look at your own card, but keep it secret.")
def test_a_seat_sees_its_own_card_only() -> None:
    a = table(3, favourites=["black", "ginger", "white"])
    b = table(3, favourites=["black", "white", "ginger"])
    assert a.view(0)["favourite"] == "black" and a.view(1)["favourite"] == "ginger"
    assert a.view(0) == b.view(0), "seat 0 cannot tell the others' cards apart"
    assert a.view(None)["favourite"] is None and a.view(None)["favourites"] is None


@rule("The player who napped most recently goes first.")
def test_seat_zero_goes_first() -> None:
    assert cattable.game("catnap").new(players=3, seed=5).current_player == 0  # README: seat 0 napped last


@rule("Draw a token from the bag without looking and put it in front of you: this is your lap.")
def test_a_draw_takes_a_chance_token_into_the_lap() -> None:
    for seed in range(10):
        state = table(2, seed=seed)
        state.apply_text("draw")
        bag = state.view(1)["bag"]
        if state.lap:
            assert bag[state.lap[0]] == 3 and state.current_player == 0
        else:
            assert state.previous == {"seat": 0, "drew": [DOG], "napped": None} and bag["dog"] == 2
        assert len(state.chance.log) == 2, "the deal and the draw are both chance outcomes in the record"


@rule("You must draw at least once each turn.")
def test_the_first_move_of_a_turn_is_a_draw() -> None:
    state = table(2)
    assert [a.text() for a in state.legal_actions()] == ["draw"]
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="must draw at least once"):
        state.apply_text("nap black")
    assert state.snapshot() == before


@rule("If you draw a cat, you may draw again, or stop.")
def test_after_a_cat_draw_again_or_stop() -> None:
    state = table(2)
    draws(state, ["ginger", "white"])
    assert state.current_player == 0
    assert [a.text() for a in state.legal_actions()] == ["draw", "nap ginger", "nap white"]


@rule("If you draw a dog, the dog barks: every cat in your lap runs away and leaves the game.")
@rule("Put the dog back into the bag; your turn is over.")
def test_a_dog_empties_the_lap_and_ends_the_turn() -> None:
    state = table(2)
    draws(state, ["ginger", "ginger", "black"])
    draws(state, [DOG])
    view = state.view(None)
    assert view["lap"] == [] and view["ran_away"] == 3
    assert view["bag"] == {"black": 3, "ginger": 2, "white": 4, "dog": 2}
    assert view["baskets"][0] == {"black": 0, "ginger": 0, "white": 0}
    assert view["previous"] == {"seat": 0, "drew": ["ginger", "ginger", "black", DOG], "napped": None}
    assert state.current_player == 1


@rule("When you stop, choose one colour among the cats in your lap.")
def test_only_a_colour_in_the_lap_may_nap() -> None:
    state = table(2)
    draws(state, ["ginger", "white"])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="no black cat; you may nap: ginger, white"):
        state.apply_text("nap black")
    assert state.snapshot() == before


@rule("The cats of that colour curl up in your basket and stay there.")
@rule("Put the other cats from your lap back into the bag.")
def test_a_nap_keeps_one_colour_and_returns_the_rest() -> None:
    state = table(2, baskets=[{"black": 1}, {}])
    draws(state, ["black", "white", "black"])
    state.apply_text("nap black")
    view = state.view(None)
    assert view["baskets"][0] == {"black": 3, "ginger": 0, "white": 0}
    assert view["bag"] == {"black": 2, "ginger": 4, "white": 4, "dog": 2}
    assert view["lap"] == []
    assert view["previous"] == {"seat": 0, "drew": ["black", "white", "black"], "napped": "black"}
    draws(state, [DOG])  # seat 1's dog scares only seat 1's lap: basket cats stay
    assert state.view(None)["baskets"][0]["black"] == 3


@rule("Then the player on your left takes a turn.")
def test_turns_go_round() -> None:
    state = table(4, turn=3)
    draws(state, ["white"])
    state.apply_text("nap white")
    assert state.current_player == 0
    draws(state, [DOG])
    assert state.current_player == 1


@rule("The game ends at the end of a turn when no cat is left in the bag.")
def test_the_game_ends_when_the_bag_has_no_cat_after_a_turn() -> None:
    state = table(2, bag=["white", "black", DOG, DOG])
    draws(state, ["white", "black"])
    assert not state.is_over, "the bag is out of cats, but the turn goes on"
    assert [a.text() for a in state.legal_actions()] == ["draw", "nap black", "nap white"]
    with pytest.raises(GameNotOver):
        state.result()
    state.apply_text("nap black")
    assert not state.is_over, "the white cat went back into the bag"
    draws(state, ["white"])
    state.apply_text("nap white")
    assert state.current_player is None and state.legal_actions() == []
    assert state.clone().is_over  # (a fresh expression: mypy still holds is_over False from above)


@rule("Everyone reveals their favourite card.")
def test_the_cards_are_revealed_at_the_end() -> None:
    state = table(3, bag=["ginger", DOG], favourites=["white", "black", "ginger"])
    draws(state, ["ginger"])
    state.apply_text("nap ginger")
    for seat in [None, 0, 1, 2]:
        assert state.view(seat)["favourites"] == ["white", "black", "ginger"]
        assert "box" not in state.view(seat), "the unused cards stay in the box"


def _finish(state: CatNapState) -> None:
    state.bag = [DOG, DOG]
    state.lap = ["white"]
    state.forget_caches()
    state.apply_text("nap white")  # seat 0 naps one more white cat and the game ends


@rule("Each cat in your basket scores 1 point, and each cat of your favourite colour scores 2 points instead.")
@rule("The player with the most points wins.")
def test_scores() -> None:
    state = table(
        3, baskets=[{"black": 2, "ginger": 1}, {"black": 3}, {"white": 5}], favourites=["black", "ginger", "black"]
    )
    _finish(state)  # seat 0: 2*2 + 1 + 1 (the last white) = 6; seat 1: 3; seat 2: 5
    result = state.result()
    assert result.scores == (6.0, 3.0, 5.0)
    assert result.winners == (0,) and result.ranking == ((0,), (2,), (1,))
    assert result.details == {"favourites": ["black", "ginger", "black"], "favourite_cats": [2, 0, 0]}


@rule("If players tie, the one with more cats of their favourite colour wins")
@rule("if they are still tied, they share the victory.")
def test_ties() -> None:
    state = table(2, baskets=[{"black": 2}, {"ginger": 2}], favourites=["white", "ginger"])
    _finish(state)  # seat 0: 2 + 2 = 4 with one white cat; seat 1: 2*2 = 4 with two ginger cats
    result = state.result()
    assert result.scores == (4.0, 4.0)
    assert result.winners == (1,) and result.ranking == ((1,), (0,))

    state = table(2, baskets=[{"black": 2}, {"ginger": 1, "black": 2}], favourites=["white", "ginger"])
    _finish(state)  # seat 0: 2 + 2 = 4 with one white cat; seat 1: 2 + 2 = 4 with one ginger cat
    result = state.result()
    assert result.scores == (4.0, 4.0)
    assert result.winners == (0, 1) and result.ranking == ((0, 1),)
