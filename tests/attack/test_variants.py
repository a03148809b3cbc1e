"""OTHER WAYS TO PLAY: shorter games, younger players, opt-out claws, gang warfare."""

from __future__ import annotations

import random

from cattable.games.attack.cards import FULL_LARDER
from cattable.games.attack.flow import time_up
from cattable.games.attack.game import MOVE
from tests.rulebook import rule

from .helpers import at, items, legal_texts, new, play, rig_dice, table

BOOK = "cat-attack.txt"
HAND = ["cat1", "cat2", "cat3", "bird1", "bird2", "mouse5"]


@rule(BOOK, "Start with less than nine lives each.")
def test_fewer_lives() -> None:
    s = new(4, lives=3)
    assert [s.lives[h] for h in s.houses] == [3, 3, 3, 3]


@rule(BOOK, "Agree how long you'll play and when time is up, count up the number of lives each player has left.")
def test_the_time_limit_ends_the_game_after_the_agreed_rounds() -> None:
    s = new(3, seed=4, time_limit=2)
    rng = random.Random(0)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert s.rounds == 2 and s.result().details["reason"] == "time limit"
    assert s.result().scores == tuple(s.scores())


@rule(BOOK, "Add these to the number of items in each player's larder. The player with the highest total wins.")
@rule(BOOK, "If there is a tie, the player with the most food wins.")
@rule(BOOK, "If there is still no outright winner, the game is declared a draw.")
def test_time_limit_scoring_and_tie_breaks() -> None:
    s = new(3, time_limit=5)
    h = s.house_of
    s.lives[h[0]], s.lives[h[1]], s.lives[h[2]] = 5, 7, 4
    s.larder[h[0]] = items("fish", "milk")  # 7
    s.larder[h[1]] = 0  # 7
    s.larder[h[2]] = items("fish")  # 5
    time_up(s)
    assert s.result().winners == (0,)  # tie on 7, seat 0 has more food
    assert s.result().scores == (7.0, 7.0, 5.0)
    s = new(2, time_limit=5)
    s.larder[s.house_of[0]] = items("fish")
    s.larder[s.house_of[1]] = items("milk")
    time_up(s)
    assert s.result().winners == () and s.result().is_draw


@rule(BOOK, "Leave out Raiding, Trespassing, Cat Fight and the Six Cat rules.")
def test_younger_players_play_without_raids_trespass_fights_or_six_cat() -> None:
    s = table(at={0: "g3a", 1: "r4_7"}, hand=HAND, younger=True)
    s.larder[s.house_of[1]] = items("fish")
    rig_dice(s, 2)
    play(s, "cat 1 h3")
    assert s.phase == MOVE and s.larder[s.house_of[0]] == 0  # no raid
    s = table(at={0: "g3a", 1: "r14_10"}, hand=HAND, seat=1, younger=True)
    rig_dice(s, 1)
    play(s, "cat 2 h3")
    assert at(s, 0) == "g3a" and s.lives[s.house_of[0]] == 9  # no trespass attack
    s = table(at={0: "r4_7", 1: "r4_10"}, hand=["bird1", "bird2", "mouse1", "mouse2", "mouse3", "speedy"], younger=True)
    assert not any(t.startswith("fight") for t in legal_texts(s))
    s = table(at={1: "r4_7"}, hand=["mouse1", "mouse2", "mouse3", "mouse4", "mouse5", "mouse6"], younger=True)
    s.larder[s.house_of[1]] = items("mouse")
    assert not any(t.startswith("sixcat") for t in legal_texts(s))


@rule(BOOK, "set up the game with one bird and one mouse less than the number of players.")
@rule(BOOK, "have one less item in each shop than the number of players.")
def test_opt_out_claws() -> None:
    s = new(4, claws="creatures")
    assert s.mice_home == s.birds_home == 3 and s.stock == [4, 4, 4, 4]
    s = new(4, claws="items")
    assert s.mice_home == s.birds_home == 3 and s.stock == [3, 3, 3, 3]


@rule(BOOK, "Play in pairs or play in teams.")
def test_team_mates_do_not_attack_each_other() -> None:
    s = table(players=4, at={0: "r4_7", 2: "r4_8", 1: "r4_6"}, hand=HAND, teams=2)
    assert s.team_of == [0, 1, 0, 1]
    texts = legal_texts(s)
    assert "cat 1 r4_8" not in texts and "cat 1 r4_6" in texts


@rule(BOOK, "The winning team is the first one to get all of its players to fill their larders")
def test_a_team_wins_when_all_its_cats_are_home_with_six_foods() -> None:
    s = table(players=4, at={0: "g0a"}, hand=["bird1", "bird2", "bird3", "mouse1", "mouse2", "speedy"], teams=2)
    s.larder[s.house_of[0]] = FULL_LARDER
    s.larder[s.house_of[2]] = FULL_LARDER
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    play(s, "move h0")
    assert s.done[0] and not s.is_over
    assert s.turn != 0
    s.done[2] = False
    s.turn = s.actor = 2
    s.pos[2] = s.b.index["g3a"]
    s.phase, s.agenda = MOVE, []
    s.roll, s.moves = 1, [s.b.index["h3"]]
    s.forget_caches()
    play(s, "move h3")
    assert s.result().winners == (0, 2)  # result() answers only once the game is over


@rule(BOOK, "all the cats in one team could live in the same house and only need to collect six items of food.")
@rule(BOOK, "Each house has just nine lives.")
def test_shared_house_gang_warfare() -> None:
    s = table(players=4, at={0: "r4_7", 1: "r4_8"}, hand=HAND, teams=2, shared_house=True)
    assert s.house_of == [0, 3, 0, 3]
    assert s.pos[2] == s.b.home[0] and s.lives[0] == 9 and s.lives[3] == 9
    play(s, "cat 1 r4_8")
    assert s.lives[3] == 8  # cat 1 and cat 3 share house 3's lives
    s.larder[0] = FULL_LARDER
    assert s.larder[s.house_of[2]] == FULL_LARDER  # one larder for the team


@rule(BOOK, "The winning team is the first one to get all of its players to fill their larders with the six items")
@rule(BOOK, "each return to their Home space by exact count")
def test_a_shared_house_takes_the_second_cat_home_beside_the_first() -> None:
    # The door of a shared house is every team-mate's Home space: one cat already home must not block the
    # other from coming home (else a shared-house team could never win; see the README's Gang warfare).
    s = table(
        players=4,
        at={0: "g0a", 1: "r4_8"},
        hand=["bird1", "bird2", "bird3", "mouse1", "mouse2", "speedy"],
        teams=2,
        shared_house=True,
    )
    assert s.house_of[0] == s.house_of[2] and at(s, 2) == "h0"
    s.done[2] = True
    s.larder[s.house_of[0]] = FULL_LARDER
    rig_dice(s, 1)
    play(s, "bird 1 bh bs")
    assert "move h0" in legal_texts(s)
    play(s, "move h0")
    assert at(s, 0) == at(s, 2) == "h0" and s.lives[s.house_of[0]] == 9  # no team-mate attacked
    assert s.is_over and s.result().winners == (0, 2)
