"""Cat Fight, Six Cat, the Cornered Cat, retired cats and winning (rulebook pages 7 and 8)."""

from __future__ import annotations

import pytest

from cattable.core import IllegalAction
from cattable.games.attack.cards import CARD_CODES, FULL_LARDER
from cattable.games.attack.game import FIGHT, MOVE, PLAY, SWAP
from cattable.games.attack.walks import R_CAR, R_CAT, R_MOUSE
from tests.rulebook import rule

from .helpers import at, cards, give_hand, items, legal_texts, play, put_bird, put_mouse, rig_dice, table

BOOK = "cat-attack.txt"


@rule(BOOK, "you can have a Cat Fight. Indicate which cat you are fighting which must be no more than six spaces away")
@rule(BOOK, "If you want to attack a cat but don't have a Cat Attack card or the right value Cat card to land on a cat")
def test_a_cat_fight_is_offered_only_without_a_way_to_land_on_that_cat() -> None:
    s = table(at={0: "r4_7", 1: "r4_10"}, hand=["cat1", "bird1", "bird2", "bird3", "mouse1", "speedy"])
    texts = legal_texts(s)
    assert {"fight 1 bird", "fight 1 mouse", "fight 1 cat"} <= texts
    give_hand(s, 0, "cat3", "bird1", "bird2", "bird3", "mouse1", "speedy")  # cat 3 lands on r4_10
    assert not any(t.startswith("fight") for t in legal_texts(s))
    give_hand(s, 0, "attack", "bird1", "bird2", "bird3", "mouse1", "speedy")
    assert not any(t.startswith("fight") for t in legal_texts(s))


@rule(BOOK, "cannot be on his home square.")
def test_no_cat_fight_with_a_cat_at_home() -> None:
    s = table(at={0: "g3a"}, hand=["bird1", "bird2", "bird3", "mouse1", "mouse2", "speedy"])
    assert not any(t.startswith("fight") for t in legal_texts(s))


@rule(BOOK, "Note: you can't use Mog picture cards in a cat fight.")
@rule(BOOK, "The defending cat now tries to fight back by placing any card of the same suit on the discard pile.")
@rule(BOOK, "That cat loses the fight, loses a Life Token and goes home.")
@rule(BOOK, "Both players replenish their hands and the winning player exchanges a card with his opponent")
@rule(BOOK, "Place one of your attack cards on the discard pile. The numbers don't matter – only the suit.")
@rule(BOOK, "The fight continues with play-taking turns until one cat can no longer play a card of the attacking suit.")
@rule(BOOK, "decide which suit (cat, bird or mouse) you will use to make your attack")
def test_a_cat_fight_is_played_out_in_the_chosen_suit() -> None:
    s = table(at={0: "r4_7", 1: "r4_10"}, hand=["bird1", "bird2", "bird3", "mouse1", "speedy", "attack"])
    give_hand(s, 0, "bird1", "bird2", "bird3", "mouse1", "speedy", "burglar")
    give_hand(s, 1, "bird6", "cat1", "cat2", "cat3", "mouse6", "speedy")
    play(s, "fight 1 bird")
    assert s.phase == FIGHT and s.current_player == 0
    assert legal_texts(s) == {"fightcard bird1", "fightcard bird2", "fightcard bird3"}
    with pytest.raises(IllegalAction):
        play(s, "fightcard speedy")
    play(s, "fightcard bird1")
    assert s.current_player == 1 and legal_texts(s) == {"fightcard bird6"}
    play(s, "fightcard bird6")
    play(s, "fightcard bird2")
    # cat 1 has no bird left: it loses
    assert s.lives[s.house_of[1]] == 8 and at(s, 1) == "h3"
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 6
    assert s.phase == SWAP and s.current_player == 0


@rule(BOOK, "If both players run out of cards during the cat fight, each picks up six new Mog cards")
def test_both_out_of_cards_draw_six_and_fight_on() -> None:
    s = table(at={0: "r4_7", 1: "r4_10"}, hand=["bird1", "bird2", "bird3", "bird4", "bird5", "bird6"])
    s.hands[1] = cards("bird1", "bird2", "bird3", "bird4", "bird5", "bird6")
    play(s, "fight 1 bird")
    for _ in range(12):
        play(s, sorted(legal_texts(s))[0])
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 6  # both drew six, attacker first
    attacker_has_bird = any(c // 10 == 2 for c in s.hands[0])
    if attacker_has_bird:
        assert s.phase == FIGHT and s.current_player == 0  # the fight goes on, attacker leading
    else:
        assert s.lives[s.house_of[0]] == 8


@rule(BOOK, "If you have six bird or six mouse cards in your hand, you can make one of these creatures vanish")
@rule(BOOK, "Lay out all six cards at once (instead of playing just one card)")
@rule(BOOK, "move a bird or mouse – depending on the card suit played – out six spaces from any larder of your choice.")
def test_six_cat_takes_a_creature_from_an_opponents_larder() -> None:
    s = table(at={1: "r4_7"}, hand=["mouse1", "mouse2", "mouse3", "mouse4", "mouse5", "mouse6"])
    s.larder[s.house_of[1]] = items("mouse", "fish")
    hole = s.mice_home
    assert "sixcat mouse 3" in legal_texts(s)
    rig_dice(s, 1)
    play(s, "sixcat mouse 3")
    assert s.larder[s.house_of[1]] == items("fish")
    assert s.mice_home == hole + 1  # the publisher's ruling: it goes back to the mouse-hole
    assert len(s.hands[0]) == 6 and s.discard[-6:] == cards("mouse1", "mouse2", "mouse3", "mouse4", "mouse5", "mouse6")


@rule(BOOK, "You can't magic a bird or mouse away from a cat who is at Home or in his garden.")
def test_no_six_cat_on_a_cat_at_home_or_in_its_garden() -> None:
    for where in ("h3", "g3b"):
        s = table(at={1: where}, hand=["mouse1", "mouse2", "mouse3", "mouse4", "mouse5", "mouse6"])
        s.larder[s.house_of[1]] = items("mouse")
        assert not any(t.startswith("sixcat") for t in legal_texts(s))


@rule(BOOK, "You lose one Life Token for every reason you're cornered and go home.")
@rule(BOOK, "All three possible routes are blocked so you lose three Life Tokens and go home.")
@rule(BOOK, "you can't move into the street because the car is there; you can't jump over a cat standing in your path")
@rule(BOOK, "There may be times where you have nowhere to run:")
@rule(BOOK, "You might get cornered (see page 7)!")
def test_the_cornered_cat_loses_a_life_for_each_reason() -> None:
    s = table(
        players=3, at={0: "r4_9", 1: "r4_8", 2: "r4_10"}, hand=["cat2", "bird1", "bird2", "bird3", "mouse1", "speedy"]
    )
    s.car = 0  # the car on the North street
    s.larder[s.house_of[0]] = items("mouse")
    put_mouse(s, "r6_9")
    found, reasons = s.cat_moves(0, s.pos[0], 2)
    assert not found
    assert reasons == R_CAR | R_CAT | R_MOUSE
    assert "cat 2 cornered" in legal_texts(s)
    rig_dice(s, 1)
    play(s, "cat 2 cornered")
    assert s.lives[s.house_of[0]] == 6 and at(s, 0) == "h0"


@rule(BOOK, "If you've played a cat card or rolled the die and find you cannot complete your move, you're cornered.")
def test_a_cornering_roll_needs_no_decision() -> None:
    s = table(at={0: "g3a", 1: "h3"}, hand=["bird1", "bird2", "bird3", "mouse1", "mouse2", "speedy"])
    s.larder[s.house_of[0]] = items("mouse", "bird")
    put_mouse(s, "r14_12")
    put_bird(s, "g3c")
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    assert s.lives[s.house_of[0]] == 6  # a cat on its Home space, a mouse and a bird: three reasons
    assert at(s, 0) == "h0" and s.turn == 1
    assert s.view(1)["cornered"] == {"cat": 0, "by": ["cat", "mouse", "bird"]}


@rule(BOOK, "Your Mog cards go face-up on the discard pile.")
@rule(BOOK, "If you lose all nine of your lives, you retire to the countryside!")
@rule(BOOK, "You're removed from the game and what you leave behind is up for grabs")
def test_a_cat_with_no_lives_retires_and_its_cards_are_discarded() -> None:
    s = table(players=3, at={0: "r4_7", 1: "r4_8"}, hand=["cat1", "bird1", "bird2", "bird3", "mouse1", "speedy"])
    s.lives[s.house_of[1]] = 1
    hand = list(s.hands[1])
    play(s, "cat 1 r4_8")
    assert at(s, 1) is None and s.hands[1] == [] and s.discard[-6:] == hand
    assert not s.is_over


@rule(BOOK, "Other cats can raid your larder without having to be out of your garden or Home space")
def test_raiding_a_retired_cat_has_no_penalty() -> None:
    s = table(players=3, at={0: "g2a"}, hand=["cat1", "bird1", "bird2", "bird3", "mouse1", "speedy"])
    s.lives[s.house_of[1]] = 0
    s.pos[1] = -1
    s.larder[s.house_of[1]] = items("fish")
    play(s, "cat 1 h2")
    rig_dice(s, 1)
    play(s, "raid fish")
    play(s, "move g2a")
    assert s.lives[s.house_of[0]] == 9 and s.larder[s.house_of[0]] == items("fish")


@rule(BOOK, "Any bird or mouse in your larder can be moved using bird or mouse cards.")
def test_a_retired_cats_mouse_can_be_moved_home() -> None:
    s = table(players=3, hand=["mouse2", "bird1", "bird2", "bird3", "mouse1", "speedy"])
    s.lives[s.house_of[1]] = 0
    s.pos[1] = -1
    s.larder[s.house_of[1]] = items("mouse")
    hole = s.mice_home
    assert "mouse 2 larder2 mh" in legal_texts(s)
    rig_dice(s, 1)
    play(s, "mouse 2 larder2 mh")
    assert s.larder[s.house_of[1]] == 0 and s.mice_home == hole + 1


@rule(BOOK, "Other cats standing on your Home space can be attacked.")
def test_a_cat_on_a_retired_cats_home_space_can_be_attacked() -> None:
    s = table(players=3, at={0: "g2a", 2: "h2"}, hand=["cat1", "bird1", "bird2", "bird3", "mouse1", "speedy"])
    s.lives[s.house_of[1]] = 0
    s.pos[1] = -1
    assert "cat 1 h2" in legal_texts(s)
    play(s, "cat 1 h2")
    assert s.lives[s.house_of[2]] == 8 and at(s, 2) == "h4"


@rule(BOOK, "The first cat to collect six different items of food and land back on his Home space by rolling")
@rule(BOOK, "To be the first cat to collect six items of food")
@rule(BOOK, "make it safely back home with the correct throw of the die")
def test_six_foods_and_the_exact_roll_home_wins() -> None:
    s = table(at={0: "g0a"}, hand=["bird1", "bird2", "bird3", "mouse1", "mouse2", "speedy"])
    s.larder[s.house_of[0]] = FULL_LARDER
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    play(s, "move h0")
    assert s.is_over and s.result().winners == (0,)
    assert s.result().details["reason"] == "six foods and home"


def test_a_cat_card_home_with_six_foods_does_not_win() -> None:
    s = table(at={0: "g0a"}, hand=["cat1", "bird2", "bird3", "mouse1", "mouse2", "speedy"])
    s.larder[s.house_of[0]] = FULL_LARDER
    rig_dice(s, 2)
    play(s, "cat 1 h0")
    assert not s.is_over and s.phase == MOVE


def test_being_sent_home_with_six_foods_does_not_win() -> None:
    s = table(at={0: "r4_8", 1: "r4_7"}, hand=["cat1"] * 1 + ["bird2", "bird3", "mouse1", "mouse2", "speedy"], seat=1)
    give_hand(s, 1, "cat1", "bird2", "bird3", "mouse1", "mouse2", "speedy")
    s.larder[s.house_of[0]] = FULL_LARDER
    play(s, "cat 1 r4_8")
    assert at(s, 0) == "h0" and not s.is_over


@rule(BOOK, "the last cat left in the game when all the others have lost each and every one of their nine lives")
@rule(BOOK, "It doesn't matter whether the surviving cat has collected all six items of food or not.")
@rule(BOOK, "To be the sole surviving cat when all the others have lost each and every one of their nine lives.")
def test_the_last_cat_with_lives_wins() -> None:
    s = table(at={0: "r4_7", 1: "r4_8"}, hand=["cat1", "bird2", "bird3", "mouse1", "mouse2", "speedy"])
    s.lives[s.house_of[1]] = 1
    play(s, "cat 1 r4_8")
    assert s.is_over and s.result().winners == (0,)
    assert s.current_player is None and s.legal_actions() == []
    assert s.result().ranking[0] == (0,)
    assert CARD_CODES["cat1"] in s.discard
    assert s.phase != PLAY or s.is_over
