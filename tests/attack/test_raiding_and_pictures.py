"""Raiding, trespassing and the Mog picture cards (rulebook pages 6 and 7)."""

from __future__ import annotations

import pytest

from cattable.core import IllegalAction
from cattable.games.attack.cards import CARD_CODES
from cattable.games.attack.game import MOVE, PLAY, RAID, SWAP, AttackState
from tests.rulebook import rule

from .helpers import at, items, legal_texts, play, put_mouse, rig_dice, table

BOOK = "cat-attack.txt"
HAND = ["cat1", "cat2", "cat3", "bird1", "bird2", "mouse5"]


def raid_table(victim_at: str = "r4_7") -> AttackState:
    s = table(at={0: "g3a", 1: victim_at}, hand=HAND)
    s.larder[s.house_of[1]] = items("fish", "milk")
    return s


@rule(BOOK, "If your cat lands on another cat's Home space by exact count")
@rule(BOOK, "you can steal one item and place it in your own larder.")
def test_landing_on_an_away_cats_home_space_raids_one_item() -> None:
    s = raid_table()
    play(s, "cat 1 h3")
    assert s.phase == RAID and legal_texts(s) == {"raid fish", "raid milk"}
    rig_dice(s, 2)
    play(s, "raid milk")
    assert s.larder[s.house_of[0]] == items("milk")
    assert s.larder[s.house_of[1]] == items("fish")


@rule(BOOK, "you can't take that shop's matching item from his larder.")
def test_no_raiding_the_food_of_the_shop_the_victim_stands_in() -> None:
    s = raid_table(victim_at="f2")
    play(s, "cat 1 h3")
    assert legal_texts(s) == {"raid milk"}


@rule(BOOK, "you lose two Life Tokens and go home!")
@rule(BOOK, "If you've just done a raid and you're still in that cat's garden or on his Home space")
def test_still_in_the_raided_garden_at_the_end_of_the_turn_costs_two_lives() -> None:
    s = raid_table()
    play(s, "cat 1 h3")
    rig_dice(s, 1)
    play(s, "raid fish")
    assert s.phase == MOVE
    play(s, "move g3b")
    assert s.lives[s.house_of[0]] == 7 and at(s, 0) == "h0"
    assert s.turn == 1


def test_leaving_the_raided_garden_in_time_costs_nothing() -> None:
    s = raid_table()
    play(s, "cat 1 h3")
    rig_dice(s, 2)
    play(s, "raid fish")
    play(s, "move r14_10")
    assert s.lives[s.house_of[0]] == 9


@rule(BOOK, "A cat cannot be raided if he is on his Home space.")
@rule(BOOK, "You can steal from other cats if they're not on their Home space or in their garden")
def test_no_raid_when_the_owner_is_home_or_in_the_garden() -> None:
    s = raid_table(victim_at="h3")
    assert "cat 1 h3" not in legal_texts(s)
    s = raid_table(victim_at="g3c")
    rig_dice(s, 1)
    play(s, "cat 1 h3")
    assert s.phase == MOVE and s.larder[s.house_of[0]] == 0


@rule(BOOK, "You can step into another cat's garden and stay there at the end of your turn")
def test_trespassing_without_raiding_is_allowed() -> None:
    s = table(at={0: "r14_12"}, hand=HAND)
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    play(s, "move g3a")
    assert at(s, 0) == "g3a" and s.lives[s.house_of[0]] == 9 and s.turn == 1


@rule(BOOK, "If the host cat is away and returns home to find you in his garden, it counts as an attack")
@rule(BOOK, "You lose a Life Token and go home. Mog cards are exchanged in the normal way.")
def test_a_host_coming_home_catches_trespassers() -> None:
    s = table(at={0: "g3a", 1: "g3c"}, hand=HAND, seat=1)
    give = s.hands[1][0]
    s.pos[1] = s.b.index["r14_10"]
    play(s, "cat 2 h3")
    assert at(s, 1) == "h3" and at(s, 0) == "h0"
    assert s.lives[s.house_of[0]] == 8
    assert s.phase == SWAP and s.current_player == 1
    assert give in s.hands[1]


@rule(BOOK, "roll the die three times and move your cat after each throw.")
@rule(BOOK, "Don't forget your normal roll of the die, making it four in total.")
def test_speedy_cat_gives_three_rolls_then_the_normal_one() -> None:
    s = table(at={0: "r4_7"}, hand=["speedy", *HAND[:5]])
    rig_dice(s, 1, 1, 1, 1)
    play(s, "speedy")
    moves = 0
    while s.turn == 0 and s.phase == MOVE:
        play(s, sorted(legal_texts(s))[0])
        moves += 1
    assert moves == 4


@rule(BOOK, "jump on a cat, bird or mouse that is no more than six spaces away.")
@rule(BOOK, "Any cat you jump on loses a life and goes home.")
@rule(BOOK, "You also get to swap a Mog card with its owner")
def test_cat_attack_jumps_up_to_six_spaces() -> None:
    s = table(at={0: "r4_7", 1: "r7_8"}, hand=["attack", *HAND[:5]])
    put_mouse(s, "q1")
    texts = legal_texts(s)
    assert {"attack r7_8", "attack q1"} <= texts
    assert s.b.distance[s.pos[0]][s.b.index["r7_8"]] <= 6
    play(s, "attack r7_8")
    assert s.lives[s.house_of[1]] == 8 and at(s, 1) == "h3" and s.phase == SWAP


def test_cat_attack_out_of_reach_is_not_offered() -> None:
    s = table(at={0: "r4_7", 1: "r14_8"}, hand=["attack", *HAND[:5]])
    assert s.b.distance[s.pos[0]][s.pos[1]] > 6
    assert "attack r14_8" not in legal_texts(s)
    assert "attack pass" in legal_texts(s)


@rule(BOOK, "If you catch a bird or a mouse, it goes to your larder.")
def test_cat_attack_on_a_mouse_catches_it() -> None:
    s = table(at={0: "r4_7"}, hand=["attack", *HAND[:5]])
    put_mouse(s, "ms")
    rig_dice(s, 1)
    play(s, "attack ms")
    assert s.larder[s.house_of[0]] == items("mouse")


@rule(BOOK, "A cat cannot be attacked if he is on his Home space.")
def test_cat_attack_cannot_hit_a_cat_at_home() -> None:
    s = table(at={0: "g3a"}, hand=["attack", *HAND[:5]])
    assert "attack h3" not in legal_texts(s)
    with pytest.raises(IllegalAction):
        play(s, "attack h3")


@rule(BOOK, "use it to land on the Cat Burglar paw-print outside a shop and take an item")
@rule(BOOK, "whether the shop is open or closed.")
@rule(BOOK, "Play a Cat Burglar card to bend the shopping and raiding rules!")
def test_cat_burglar_takes_from_a_shop_even_when_closed() -> None:
    s = table(at={0: "r4_7"}, hand=["burglar", *HAND[:5]])
    s.shop_open[0] = False
    assert "burglar fb" in legal_texts(s)
    rig_dice(s, 1)
    play(s, "burglar fb")
    assert at(s, 0) == "fb" and s.larder[s.house_of[0]] == items("fish") and s.stock[0] == 1


@rule(
    BOOK,
    "use it to land on another cat's Home space and raid one item from his larder, even if that cat is in his garden.",
)
def test_cat_burglar_raids_a_larder_while_its_cat_is_in_the_garden() -> None:
    s = table(at={0: "r14_9", 1: "g3c"}, hand=["burglar", *HAND[:5]])
    s.larder[s.house_of[1]] = items("milk")
    assert "burglar h3 milk" in legal_texts(s)
    rig_dice(s, 3)
    play(s, "burglar h3 milk")
    assert s.larder[s.house_of[0]] == items("milk") and s.larder[s.house_of[1]] == 0


@rule(BOOK, "If you've just played a Cat Burglar card and you're still in a shop's garden or a cat's garden")
def test_cat_burglar_penalty_when_still_in_a_garden_at_the_end_of_the_turn() -> None:
    s = table(at={0: "r14_9", 1: "g3c"}, hand=["burglar", *HAND[:5]])
    s.larder[s.house_of[1]] = items("milk")
    rig_dice(s, 1)
    play(s, "burglar h3 milk")
    play(s, "move g3b")
    assert s.lives[s.house_of[0]] == 8 and at(s, 0) == "h0"


@rule(BOOK, "If the Mog deck is exhausted, shuffle the discard pile")
def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    s = table(at={0: "r4_7"}, hand=HAND)
    s.discard = s.deck[:]
    s.deck = []
    play(s, "bird 1 bh bs")
    assert len(s.hands[0]) == 6 and s.discard == [] and len(s.deck) > 0
    assert CARD_CODES["bird1"] in s.deck or CARD_CODES["bird1"] in s.hands[0]
    assert s.phase in (MOVE, PLAY)


@rule(BOOK, "REMEMBER: you cannot have more than one of each item of food in your larder.")
def test_a_raid_offers_only_items_the_raider_lacks() -> None:
    s = raid_table()
    s.larder[s.house_of[0]] = items("fish")
    play(s, "cat 1 h3")
    assert legal_texts(s) == {"raid milk"}


@rule(BOOK, "You can even be there when the resident cat is in his garden or at home.")
def test_trespassing_while_the_host_is_at_home() -> None:
    s = table(at={0: "r14_12"}, hand=HAND)
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    assert "move g3a" in legal_texts(s)
    play(s, "move g3a")
    assert at(s, 0) == "g3a" and s.lives[s.house_of[0]] == 9 and at(s, 1) == "h3"


@rule(BOOK, "Remember: a cat cannot be raided if he is on his Home space.")
def test_cat_burglar_cannot_raid_a_cat_at_home() -> None:
    s = table(at={0: "r14_9"}, hand=["burglar", *HAND[:5]])
    s.larder[s.house_of[1]] = items("milk")
    assert not any(t.startswith("burglar h3") for t in legal_texts(s))


def test_a_host_sent_home_from_its_garden_still_attacks_a_guest_on_its_home_space() -> None:
    # cat 1 is in its own garden (not away), cat 0 sits on cat 1's Home space; cat 2 attacks cat 1
    s = table(players=3, at={0: "h2", 1: "g2c", 2: "r8_11"}, hand=HAND, seat=2)
    assert s.house_of[1] == 2
    play(s, "cat 1 g2c")
    assert at(s, 1) == "h2" and at(s, 0) == "h0"
    assert s.lives[s.house_of[0]] == 8 and s.lives[s.house_of[1]] == 8
    assert (1, 0) in s.swaps or s.phase == SWAP
