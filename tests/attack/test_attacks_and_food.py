"""Attacking cats, catching birds and mice, shopping (rulebook pages 4 and 5)."""

from __future__ import annotations

import pytest

from cattable.core import IllegalAction
from cattable.games.attack.game import MOVE, PLAY, SWAP
from tests.rulebook import rule

from .helpers import at, items, legal_texts, play, put_bird, put_mouse, rig_dice, sp, table

BOOK = "cat-attack.txt"
HAND = ["cat1", "cat2", "cat6", "bird1", "bird2", "mouse5"]


@rule(BOOK, "the cat you land on loses a life and goes home.")
@rule(BOOK, "If your cat lands on the same space as another cat by exact count")
@rule(BOOK, "Cats can attack other cats if they are within striking distance")
def test_landing_on_a_cat_by_a_cat_card_costs_it_a_life_and_sends_it_home() -> None:
    s = table(at={0: "r4_7", 1: "r4_8"}, hand=HAND)
    play(s, "cat 1 r4_8")
    assert s.lives[s.house_of[1]] == 8
    assert at(s, 1) == "h3" and at(s, 0) == "r4_8"
    assert s.phase == SWAP and s.current_player == 0


@rule(BOOK, "when you roll the correct amount on the die – the cat you land on loses a life and goes home.")
def test_landing_on_a_cat_by_the_roll_is_an_attack_too() -> None:
    s = table(at={0: "r4_6", 1: "r4_8"}, hand=HAND)
    rig_dice(s, 2)
    play(s, "bird 1 bh bs")
    assert s.phase == MOVE and "move r4_8" in legal_texts(s)
    play(s, "move r4_8")
    assert s.lives[s.house_of[1]] == 8 and at(s, 1) == "h3"
    assert s.phase == SWAP


@rule(BOOK, "If you've just played a card to make your attack, pick up a new card from the Mog pile")
@rule(BOOK, "Help yourself to a card of your choice and swap it with one of your own that you don't want.")
@rule(BOOK, "examine the six Mog cards of the cat you've attacked")
def test_the_attacker_refills_then_looks_at_the_victims_hand_and_swaps_one_card() -> None:
    s = table(at={0: "r4_7", 1: "r4_8"}, hand=HAND)
    victim = list(s.hands[1])
    play(s, "cat 1 r4_8")
    assert len(s.hands[0]) == 6
    view = s.view(0)
    assert sorted(view["seen"]["1"]) == sorted(_names(victim))
    assert "seen" not in s.view(1) or "0" not in s.view(1)["seen"]
    take = victim[0]
    give = s.hands[0][0]
    from cattable.games.attack.cards import card_name

    play(s, f"swap {card_name(take)} {card_name(give)}")
    assert take in s.hands[0] and give in s.hands[1]
    assert len(s.hands[0]) == len(s.hands[1]) == 6
    assert s.phase == MOVE  # then the attacker rolls and moves


def _names(cards: list[int]) -> list[str]:
    from cattable.games.attack.cards import card_name

    return [card_name(c) for c in cards]


@rule(BOOK, "REMEMBER: you cannot attack a cat on his Home space.")
def test_a_cat_on_its_home_space_cannot_be_attacked() -> None:
    s = table(at={0: "g3a", 1: "h3"}, hand=HAND)
    assert "cat 1 h3" not in legal_texts(s)
    with pytest.raises(IllegalAction):
        play(s, "cat 1 h3")
    assert at(s, 0) == "g3a" and s.lives[s.house_of[1]] == 9


@rule(BOOK, "you catch the critter and place it in your larder (on the roof of your house).")
@rule(BOOK, "Move your cat towards any birds or mice you see – or move these towards your cat")
def test_landing_on_a_mouse_or_bird_catches_it() -> None:
    s = table(at={0: "r4_7"}, hand=HAND)
    put_mouse(s, "r4_8")
    rig_dice(s, 1)
    play(s, "cat 1 r4_8")
    assert s.larder[s.house_of[0]] == items("mouse") and s.mice == []
    s = table(at={0: "r4_7"}, hand=HAND)
    put_bird(s, "r4_6")
    rig_dice(s, 1)
    play(s, "cat 1 r4_6")
    assert s.larder[s.house_of[0]] == items("bird") and s.birds == []


@rule(BOOK, "You can't catch more than one mouse or more than one bird.")
@rule(BOOK, "retrace your steps to the space you started your move from and try heading in another direction.")
def test_a_second_mouse_cannot_be_landed_on_so_the_cat_goes_another_way() -> None:
    s = table(at={0: "r4_7"}, hand=HAND)
    s.larder[s.house_of[0]] = items("mouse")
    put_mouse(s, "r4_8")
    texts = legal_texts(s)
    assert "cat 1 r4_8" not in texts and "cat 1 r4_6" in texts
    assert "cat 2 r4_9" in texts  # jumping it is fine


@rule(BOOK, "your cat must land on one of the three paw-prints in the shop's garden")
@rule(BOOK, "You must land on one of the three spaces.")
def test_landing_in_an_open_shops_garden_takes_its_food() -> None:
    s = table(at={0: "n1"}, hand=HAND)
    rig_dice(s, 1)
    play(s, "cat 1 f3")
    assert s.larder[s.house_of[0]] == items("fish") and s.stock[0] == 1


@rule(BOOK, "if you roll a 6, for example, and it's too much, you just have to keep moving through the garden")
def test_a_long_move_runs_through_a_shop_garden_onto_the_road() -> None:
    s = table(at={0: "n2"}, hand=HAND)
    texts = legal_texts(s)
    assert "cat 6 w4" in texts
    rig_dice(s, 1)
    play(s, "cat 6 w4")
    assert s.larder[s.house_of[0]] == 0 and s.stock[0] == 2


@rule(BOOK, "You cannot enter the garden of a shop if it is closed.")
def test_a_closed_shops_garden_is_out_of_bounds() -> None:
    s = table(at={0: "n1"}, hand=HAND)
    s.shop_open[0] = False
    assert "cat 1 f3" not in legal_texts(s)
    found, _ = s.cat_moves(0, sp("n2"), 6)
    assert sp("w4") not in found


@rule(BOOK, "You cannot have more than one of each item of food in your larder.")
def test_a_second_tin_of_fish_is_not_taken() -> None:
    s = table(at={0: "n1"}, hand=HAND)
    s.larder[s.house_of[0]] = items("fish")
    rig_dice(s, 1)
    play(s, "cat 1 f3")
    assert s.larder[s.house_of[0]] == items("fish") and s.stock[0] == 2


def test_an_empty_shop_gives_nothing() -> None:
    s = table(at={0: "n1"}, hand=HAND)
    s.stock[0] = 0
    rig_dice(s, 1)
    play(s, "cat 1 f3")
    assert s.larder[s.house_of[0]] == 0 and s.phase in (MOVE, PLAY)


@rule(BOOK, "Only cats can shop without a credit card or cash!")
def test_a_mouse_in_a_shop_garden_takes_nothing() -> None:
    s = table(hand=["mouse1", *HAND[:5]])
    put_mouse(s, "n1")
    rig_dice(s, 1)
    play(s, "mouse 1 n1 f3")
    assert sp("f3") in s.mice and s.stock[0] == 2 and s.larder == [0] * 6
