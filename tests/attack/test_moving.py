"""Playing Mog cards and moving cats, mice and birds (rulebook: PLAYING MOG CARDS)."""

from __future__ import annotations

import pytest

from cattable.core import IllegalAction
from cattable.games.attack.cards import CARD_CODES
from cattable.games.attack.game import MOVE, PLAY
from tests.rulebook import rule

from .helpers import B, at, items, legal_texts, new, play, rig_dice, sp, table

BOOK = "cat-attack.txt"


def dests(s, seat: int, steps: int) -> set[str]:  # type: ignore[no-untyped-def]
    found, _ = s.cat_moves(seat, s.pos[seat], steps)
    return {B.ids[d] for d in found}


@rule(BOOK, "Play one of your six Mog cards.")
@rule(BOOK, "Pick up a new Mog card from the deck to bring your hand back up to six cards.")
@rule(BOOK, "Roll the die to move your cat.")
@rule(BOOK, "Play a card by placing it face up in the centre of the board so that all the players can see")
@rule(
    BOOK,
    "REMEMBER: after you play a Mog card, replenish your hand to six cards and finish your turn by rolling the die",
)
@rule(BOOK, "Do three things:")
@rule(BOOK, "1 die")
def test_a_turn_is_play_a_card_replenish_then_roll_and_move() -> None:
    s = table(hand=["cat1", "cat2", "mouse3", "bird4", "speedy", "burglar"])
    deck_before = len(s.deck)
    rig_dice(s, 1)
    play(s, "cat 1 g0a")
    assert at(s, 0) == "g0a"
    assert len(s.hands[0]) == 6 and len(s.deck) == deck_before - 1
    assert s.view(None)["discard_top"] == "cat1"
    assert s.phase == MOVE and s.roll == 1 and s.current_player == 0
    assert all(1 <= new(2, seed=k).chance.die() <= 6 for k in range(30))
    assert {a.text() for a in s.legal_actions()} == {"move h0", "move g0c", "move r4_6"}
    play(s, "move r4_6")
    assert at(s, 0) == "r4_6"
    assert s.turn == 1 and s.phase == PLAY


@rule(BOOK, "Play a Cat card to move your cat the number of spaces shown on the card.")
@rule(BOOK, "Leaving your Home space, step on the paw-prints and move in any direction through your garden")
@rule(BOOK, "So, for example, if you play a 5 of cats, move five spaces.")
def test_a_cat_card_moves_exactly_its_number_of_spaces() -> None:
    s = table(hand=["cat1", "cat2", "cat3", "cat4", "cat5", "cat6"])
    assert dests(s, 0, 1) == {"g0a", "g0b"}
    assert dests(s, 0, 2) == {"r4_6", "g0c", "r4_8", "g0d"}
    texts = legal_texts(s)
    assert {"cat 2 g0c", "cat 2 r4_8"} <= texts
    assert "cat 2 g0a" not in texts
    with pytest.raises(IllegalAction, match="can land on r4_6, r4_8, g0c, g0d"):
        play(s, "cat 2 g0a")


@rule(BOOK, "Back-track when on the move.")
def test_cats_never_back_track() -> None:
    s = table(at={0: "g0a"})
    assert "g0a" not in dests(s, 0, 2)
    assert "g0a" not in dests(s, 0, 4)
    s = table()
    assert "h0" not in dests(s, 0, 2)


@rule(BOOK, "Step onto a street occupied by the car.")
def test_cats_cannot_step_onto_the_car_street() -> None:
    s = table(at={0: "q1"})
    assert dests(s, 0, 1) == {"n3", "r4_9"}
    s.car = 0
    assert dests(s, 0, 1) == {"r4_9"}
    assert not any(B.street_of[sp(d)] == 0 for d in dests(s, 0, 4))


@rule(BOOK, "Step onto the car park, the bird-house or the mouse-hole.")
def test_cats_cannot_step_into_the_mouse_hole_or_bird_house() -> None:
    s = table(at={0: "ms"})
    assert dests(s, 0, 1) == {"r7_8", "r7_10", "r6_9"}
    s = table(at={0: "bs"})
    assert "bh" not in dests(s, 0, 1)
    assert all(B.cat_ok[sp(d)] for d in dests(s, 0, 3))


@rule(BOOK, "Jump over other cats. (You must move in a different direction.)")
def test_cats_cannot_jump_over_cats() -> None:
    s = table(at={0: "r4_7", 1: "r4_8"})
    assert dests(s, 0, 2) == {"fb", "g0a"}
    assert dests(s, 0, 1) == {"r4_6", "r4_8"}  # landing on it is an attack


@rule(BOOK, "Jump over birds and mice if they have enough moves left.")
@rule(BOOK, "Include the space on which the creature is standing when counting out your move.")
@rule(BOOK, "Remember that jumping over birds and mice is not the same as landing on them")
def test_cats_jump_birds_and_mice_counting_their_space() -> None:
    s = table(at={0: "r4_7"})
    s.birds.append(sp("r4_8"))
    s.birds_home -= 1
    assert {"r4_9", "g0b"} <= dests(s, 0, 2)
    assert "r4_8" in dests(s, 0, 1)


@rule(BOOK, "Sit on the same space as a cat, bird or mouse without attacking it.")
def test_a_cat_lands_on_a_creature_only_to_catch_it() -> None:
    s = table(at={0: "r4_7"})
    s.mice.append(sp("r4_8"))
    s.mice_home -= 1
    s.larder[s.house_of[0]] = items("mouse")
    assert "r4_8" not in dests(s, 0, 1)


@rule(BOOK, "Play a Mouse card to move one of the mice the number of spaces shown on the card.")
@rule(BOOK, "A mouse's first move is onto the mouse space on the wall.")
def test_a_mouse_leaves_the_hole_onto_the_mouse_space() -> None:
    s = table(hand=["mouse1", "mouse3", "cat1", "cat1", "cat1", "cat1"])
    texts = legal_texts(s)
    assert "mouse 1 mh ms" in texts
    assert {t for t in texts if t.startswith("mouse 3 mh")} == {
        "mouse 3 mh r7_7",
        "mouse 3 mh g0d",
        "mouse 3 mh r7_11",
        "mouse 3 mh g1c",
        "mouse 3 mh r5_9",
    }
    rig_dice(s, 1)
    play(s, "mouse 1 mh ms")
    assert s.mice == [sp("ms")] and s.mice_home == 1


@rule(BOOK, "Play a Bird card to move one of the birds the number of spaces shown on the card.")
@rule(BOOK, "A bird's first move is onto the bird space on the wall.")
def test_a_bird_leaves_the_bird_house_onto_the_bird_space() -> None:
    s = table(hand=["bird1", "cat1", "cat1", "cat1", "cat1", "cat1"])
    assert {t for t in legal_texts(s) if t.startswith("bird")} == {"bird 1 bh bs"}
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    assert s.birds == [sp("bs")] and s.birds_home == 1


@rule(BOOK, "Step on a cat's Home space.")
def test_creatures_never_step_on_a_home_space() -> None:
    s = table(at={0: "r4_7"})
    s.mice.append(sp("g0a"))
    assert {B.ids[d] for d in s.creature_moves(1, sp("g0a"), 1)} == {"r4_6", "g0c"}
    assert all(B.kind[d] != "home" for d in s.creature_moves(1, sp("g0a"), 3))


@rule(BOOK, "Land on the same space as a mouse, bird or cat. (Mice and birds must move in a different direction.)")
@rule(BOOK, "Jump over cats, birds and mice.")
def test_creatures_jump_anything_but_land_only_on_empty_spaces() -> None:
    s = table(at={0: "r4_8"})
    s.birds.append(sp("r4_6"))
    moves1 = {B.ids[d] for d in s.creature_moves(1, sp("r4_7"), 1)}
    assert moves1 == set()
    moves2 = {B.ids[d] for d in s.creature_moves(1, sp("r4_7"), 2)}
    assert {"r4_9", "g0b", "fb", "g0a"} <= moves2


@rule(BOOK, "Pick up a Curiosity card when they land on a Curiosity space.")
def test_creatures_do_not_draw_curiosity_cards() -> None:
    s = table(hand=["mouse1", "cat1", "cat1", "cat1", "cat1", "cat1"])
    s.mice.append(sp("r4_9"))
    s.mice_home -= 1
    before = list(s.cur)
    rig_dice(s, 1)
    play(s, "mouse 1 r4_9 q1")
    assert sp("q1") in s.mice
    assert s.cur == before


@rule(BOOK, "Move on any street (they are not affected by the car).")
@rule(BOOK, "Step up to any shop.")
def test_creatures_ignore_the_car_and_closed_shops() -> None:
    s = table()
    s.car = 0
    s.shop_open[0] = False
    assert "n3" in {B.ids[d] for d in s.creature_moves(2, sp("q1"), 1)}
    assert "f3" in {B.ids[d] for d in s.creature_moves(2, sp("n1"), 1)}


@rule(BOOK, "Only mice can use the mouse-hole and return to it during the game.")
@rule(BOOK, "Only birds can use the bird-house and return to it during the game.")
def test_only_mice_use_the_mouse_hole_and_only_birds_the_bird_house() -> None:
    s = table()
    assert "mh" in {B.ids[d] for d in s.creature_moves(1, sp("r6_9"), 2)}
    assert "mh" not in {B.ids[d] for d in s.creature_moves(2, sp("r6_9"), 2)}
    assert "bh" in {B.ids[d] for d in s.creature_moves(2, sp("r12_9"), 2)}
    assert "bh" not in {B.ids[d] for d in s.creature_moves(1, sp("r12_9"), 2)}
    s = table(hand=["mouse2", "cat1", "cat1", "cat1", "cat1", "cat1"])
    s.mice.append(sp("r6_9"))
    s.mice_home -= 1
    rig_dice(s, 1)
    play(s, "mouse 2 r6_9 mh")
    assert s.mice == [] and s.mice_home == 2


@rule(BOOK, "you can play a Mouse or Bird card, even if there are no more mice or birds left to move.")
@rule(BOOK, "It's a good way of playing the cards in your hand so you can pick up a fresh card from the Mog deck.")
def test_a_creature_card_may_be_played_with_nothing_to_move() -> None:
    s = table(hand=["mouse2", "cat1", "cat1", "cat1", "cat1", "cat1"])
    s.mice_home = 0
    texts = legal_texts(s)
    assert "mouse 2 pass" in texts
    rig_dice(s, 1)
    play(s, "mouse 2 pass")
    assert CARD_CODES["mouse2"] == s.discard[-1]
    assert len(s.hands[0]) == 6


@rule(BOOK, "pick up as many cards as you need to replenish your hand back up to six, then roll the die")
def test_the_hand_is_replenished_then_the_die_is_rolled() -> None:
    s = table(hand=["speedy", "cat1", "cat1", "cat1", "cat1", "cat1"])
    rig_dice(s, 2)
    play(s, "speedy")
    assert len(s.hands[0]) == 6
    assert s.phase == MOVE and s.roll == 2
