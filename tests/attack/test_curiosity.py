"""Curiosity spaces and cards (rulebook: LANDING ON CURIOSITY SPACES)."""

from __future__ import annotations

from cattable.games.attack.cards import CUR_SHUFFLE, CURIOSITY_CODES
from cattable.games.attack.game import MOVE, PLAY, AttackState
from tests.rulebook import rule

from .helpers import at, legal_texts, play, rig_dice, sp, table, top_curiosity

BOOK = "cat-attack.txt"
HAND = ["cat1", "cat2", "cat3", "bird1", "bird2", "mouse5"]


def on_q1(players: int = 2, card: str = "extra", **at_: str) -> AttackState:
    s = table(players=players, at={0: "r4_9", **{int(k[1:]): v for k, v in at_.items()}}, hand=HAND)
    top_curiosity(s, card)
    return s


@rule(BOOK, "If you land on a Curiosity space, pick up a Curiosity card")
@rule(BOOK, "Then, place the card face down at the bottom of the deck.")
@rule(BOOK, "When your Cat lands on a Curiosity space, pick up a")
@rule(BOOK, "Read out the instruction on the card and do as it says.")
def test_landing_on_a_curiosity_space_draws_the_top_card_which_then_goes_to_the_bottom() -> None:
    s = on_q1(card="extra")
    n = len(s.cur)
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    assert s.cur[-1] == CURIOSITY_CODES["extra"] and len(s.cur) == n
    assert s.extra == 1


@rule(BOOK, "Some cards will close a shop if it's open, or vice versa.")
@rule(BOOK, "If you get caught in the garden of a shop as it closes, you lose one Life Token and go home.")
@rule(BOOK, "To close a shop, place the folded shop card over the shop's roof (hiding any food that is left there).")
@rule(BOOK, "To open it, place the folded shop card next to the game board.")
@rule(BOOK, "And mind you don't get caught in the garden when the shop closes")
def test_a_shop_card_closes_an_open_shop_and_evicts_cats_in_its_garden() -> None:
    s = on_q1(card="shop0", c1="f2")
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    assert s.shop_open[0] is False
    assert s.stock[0] == 2  # the food is still there under the sign
    assert at(s, 1) == "h3" and s.lives[s.house_of[1]] == 8
    s = on_q1(card="shop0")
    s.shop_open[0] = False
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    assert s.shop_open[0] is True


@rule(BOOK, "If a Curiosity card tells you to play another Mog card, do so right away")
def test_play_another_mog_card_at_once() -> None:
    s = on_q1(card="another")
    play(s, "cat 1 q1")
    assert s.phase == PLAY and s.current_player == 0
    assert len(s.hands[0]) == 6
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    assert s.phase == MOVE and s.current_player == 0


@rule(BOOK, "The car always drives clockwise around the board and comes to rest on the middle space of the street")
@rule(BOOK, "If the car meets any cats on its way or if there's a cat anywhere on the street it stops in")
def test_the_car_drives_clockwise_scaring_cats_on_its_way_and_on_its_street() -> None:
    s = on_q1(players=4, card="car1", c1="n2", c2="e5", c3="w1")
    assert s.car_route(1) == [sp(x) for x in ("n1", "n2", "n3", "n4", "n5", "e1", "e2", "e3")]
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    assert s.car == 1
    lives = [s.lives[s.house_of[t]] for t in range(4)]
    assert lives == [9, 8, 8, 9]
    assert at(s, 1) == "h1" and at(s, 2) == "h3" and at(s, 3) == "w1"


@rule(BOOK, "If you're told to move the car and it's already in that street, do a full lap")
def test_a_full_lap_when_the_car_is_already_there() -> None:
    s = on_q1(players=3, card="car1", c1="e4", c2="w3")
    s.car = 1
    route = s.car_route(1)
    assert len(route) == 20 and route[-1] == sp("e3") and route[0] == sp("e4")
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    assert at(s, 1) == "h2" and at(s, 2) == "h4"


def test_the_car_from_the_car_park_enters_the_north_street() -> None:
    s = table()
    assert s.car_route(0) == [sp("n1"), sp("n2"), sp("n3")]
    assert s.car_route(2)[-1] == sp("s3") and len(s.car_route(2)) == 13


@rule(BOOK, "REMEMBER: cats cannot step onto a street occupied by the car.")
def test_after_the_car_stops_its_street_is_closed_to_cats() -> None:
    s = on_q1(card="car0")
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    assert s.car == 0
    assert "move n3" not in legal_texts(s)


@rule(BOOK, 'When you pick up the "Shuffle" card, you\'ve been right through the deck.')
@rule(BOOK, "Follow the instructions on the card.")
def test_the_shuffle_card_reshuffles_the_deck_and_goes_back_to_the_bottom() -> None:
    s = on_q1(card="shuffle")
    before = sorted(s.cur)
    play(s, "cat 1 q1")
    assert s.cur[-1] == CUR_SHUFFLE and sorted(s.cur) == before
    assert s.cur_fresh == len(s.cur) - 1


@rule(
    BOOK, "If you attack a cat, bird or mouse that is on a Curiosity space, you also get to pick up a Curiosity card!"
)
def test_attacking_on_a_curiosity_space_draws_a_card_too() -> None:
    s = on_q1(card="extra", c1="q1")
    play(s, "cat 1 q1")
    assert s.lives[s.house_of[1]] == 8 and s.extra == 1
