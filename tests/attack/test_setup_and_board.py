"""The box, the board and setting up (rulebook: CONTENTS, SETTING UP, the board picture)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cattable.core import OptionError
from cattable.games.attack.board import BOARD_FILE, BoardError, build
from cattable.games.attack.cards import CUR_SHUFFLE, curiosity_deck, mog_deck
from tests.rulebook import rule

from .helpers import B, new, sp

BOOK = "cat-attack.txt"


@rule(BOOK, "63 Mog cards")
@rule(BOOK, "There are three special Mog picture cards: SPEEDY CAT, CAT ATTACK and CAT BURGLAR")
@rule(BOOK, "From the deck of Mog cards, remove the four quick reference cards.")
@rule(
    BOOK,
    "In addition to the Cat, Bird and Mouse cards that let you move, there are three special types of picture card",
)
@rule(BOOK, "4 crib cards")
def test_the_mog_deck_has_63_cards_in_three_suits_valued_1_to_6_and_three_picture_kinds() -> None:
    deck = mog_deck()
    assert len(deck) == 63
    assert {c // 10 for c in deck} == {0, 1, 2, 3}
    assert {c % 10 for c in deck if c < 30} == {1, 2, 3, 4, 5, 6}
    assert {c for c in deck if c > 30} == {31, 32, 33}


@rule(BOOK, "39 Curiosity cards")
@rule(BOOK, "Remove the four shop picture cards from the Curiosity card deck")
def test_the_curiosity_deck_is_the_box_less_the_four_shop_picture_cards() -> None:
    assert len(curiosity_deck()) + 1 == 39 - 4  # the Shuffle card is kept apart


@rule(BOOK, "A Street (5 spaces)")
@rule(BOOK, "Each of the four streets around the board is made up of five spaces.")
@rule(BOOK, "1 game board")
@rule(BOOK, "Walls")
def test_four_streets_of_five_spaces() -> None:
    assert len(B.streets) == 4
    assert all(len(st) == 5 for st in B.streets)
    assert all(B.kind[x] == "street" for st in B.streets for x in st)
    assert sum(1 for k in B.kind if k == "wall") > 0


@rule(BOOK, "Each of the four paw-prints in your garden counts as one space.")
@rule(BOOK, "6 cats")
@rule(BOOK, "A cat's house")
@rule(BOOK, "A Cat's Larder (food store)")
def test_a_house_has_a_home_space_and_four_garden_paw_prints() -> None:
    for h in range(6):
        garden = [i for i in range(len(B.ids)) if B.house_of[i] == h and B.kind[i] == "garden"]
        assert len(garden) == 4
        assert set(B.neighbours[B.home[h]]) <= set(garden)
    assert len(B.home) == 6


@rule(BOOK, "It's the quickest way for cats to get around and the only way into the shops.")
def test_shop_gardens_are_reached_only_from_streets() -> None:
    for i, k in enumerate(B.shop_garden_of):
        if k >= 0:
            assert all(B.shop_garden_of[j] == k or B.kind[j] == "street" for j in B.neighbours[i])


def _board_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BOARD_FILE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(
    "breakage",
    ["drop_street_space", "garden_to_wall", "hole_to_wall", "unknown_kind", "dead_end"],
)
def test_a_board_file_that_breaks_a_rulebook_fact_is_refused(breakage: str) -> None:
    data = copy.deepcopy(_board_data())
    if breakage == "drop_street_space":
        data["streets"][0]["spaces"] = data["streets"][0]["spaces"][:4]
    elif breakage == "garden_to_wall":
        data["edges"].append(["f2", "r4_6"])
    elif breakage == "hole_to_wall":
        data["edges"].append(["mh", "r7_8"])
    elif breakage == "unknown_kind":
        data["spaces"][0]["kind"] = "river"
    elif breakage == "dead_end":
        data["spaces"].append({"id": "spur", "kind": "wall", "at": [1, 1]})
        data["edges"].append(["spur", "r4_7"])
    with pytest.raises(BoardError):
        build(data)


def test_the_shipped_board_loads() -> None:
    board = build(_board_data())
    assert len(board.ids) == len(B.ids)
    assert board.kind[board.mouse_hole] == "mouse_hole"


@rule(BOOK, "Put the cat on the door of your house. This is your cat's Home space.")
@rule(BOOK, "Line up your nine Life Tokens in front of you")
@rule(BOOK, "Choose which colour house will be yours and take a cat and nine Life Tokens to match.")
@rule(BOOK, "54 Life Tokens (6 colours, 9 tokens per cat)")
def test_cats_start_on_their_home_spaces_with_nine_lives() -> None:
    for players in range(2, 7):
        s = new(players)
        assert [s.pos[t] for t in range(players)] == [s.home_of(t) for t in range(players)]
        assert len(set(s.house_of)) == players
        assert all(s.lives[h] == 9 for h in s.houses)


@rule(BOOK, "Put one mouse on the roof over the mousehole.")
@rule(BOOK, "Put one pink tin of fish on the Fishmonger's roof.")
@rule(BOOK, "Put one white bowl of milk on the Dairy's roof.")
@rule(BOOK, "Put one lilac tin of cat food on the Corner shop's roof.")
@rule(BOOK, "Put one green box of cat vitamins on the Vet's roof.")
@rule(
    BOOK,
    "36 items of food (6 mice, 6 birds, 6 tins of fish, 6 bowls of milk, 6 boxes of cat vitamins",
)
@rule(BOOK, "For each player:")
@rule(BOOK, "Items of food to start")
@rule(BOOK, "(Mice start here)")
@rule(BOOK, "(Birds start here)")
def test_one_mouse_bird_and_item_of_each_food_per_player() -> None:
    for players in (2, 5):
        s = new(players)
        assert s.mice_home == s.birds_home == players
        assert s.stock == [players] * 4
        assert not s.mice and not s.birds
    s = new(6)
    assert s.mice_home == s.birds_home == 6 and s.stock == [6, 6, 6, 6]


@rule(BOOK, "Put the black car in the car park.")
@rule(BOOK, "Place the four folded shops next to the game board")
@rule(BOOK, "1 black car")
@rule(BOOK, "4 closed shop cards")
def test_the_car_starts_in_the_car_park() -> None:
    s = new(3)
    assert s.car == -1
    assert s.shop_open == [True, True, True, True]
    assert s.view(None)["car"] is None


@rule(BOOK, "Place it face down on the Curiosity space, then thoroughly shuffle the remaining cards")
@rule(BOOK, 'From the deck of Curiosity cards, remove the card that says, "Shuffle the Curiosity cards".')
def test_the_shuffle_card_starts_at_the_bottom_of_the_shuffled_curiosity_deck() -> None:
    a, b = new(2, seed=1), new(2, seed=2)
    assert a.cur[-1] == CUR_SHUFFLE and b.cur[-1] == CUR_SHUFFLE
    assert a.cur != b.cur
    assert a.cur_fresh == len(a.cur) - 1


@rule(BOOK, "Shuffle the rest of the Mog cards and deal six to each player.")
@rule(BOOK, "Place the remaining cards face down on the Mog cards' space.")
@rule(BOOK, "Mog cards draw pile")
@rule(BOOK, "Mog cards discard pile")
def test_six_cards_each_and_the_rest_face_down() -> None:
    s = new(6)
    assert all(len(h) == 6 for h in s.hands)
    assert len(s.deck) == 63 - 36
    assert s.discard == [] and s.view(None)["discard"] == 0 and s.view(None)["deck"] == 27
    assert sorted(c for h in s.hands for c in h) + sorted(s.deck) != []
    assert sorted([*s.deck, *(c for h in s.hands for c in h)]) == sorted(mog_deck())


@rule(BOOK, "Roll the die to decide who will go first.")
def test_the_first_player_is_decided_by_chance() -> None:
    firsts = {new(4, seed=k).turn for k in range(20)}
    assert len(firsts) > 1
    s = new(4, seed=5)
    assert s.current_player == s.turn == s.first


def test_player_counts_and_options_are_checked() -> None:
    with pytest.raises(OptionError):
        new(1)
    with pytest.raises(OptionError):
        new(7)
    with pytest.raises(OptionError):
        new(3, teams=2)
    with pytest.raises(OptionError):
        new(4, shared_house=True)
    with pytest.raises(OptionError):
        new(4, lives=10)
    assert sp("h0") == B.home[0]
