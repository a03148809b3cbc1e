"""The competitive variant (both rulebooks): Black Cats, three Action cards, hidden goals, the ranking."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cattable.core import IllegalAction
from cattable.games.tower import debris, legal, pending, placements, turn, views
from cattable.games.tower.actions import Choose, Goal, Move, Refresh, Skip
from cattable.games.tower.events import texts as told
from cattable.games.tower.game import TowerState
from cattable.games.tower.phases import Ending, Phase
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.pieces import SCARVES
from cattable.games.tower.ranking import ranking
from tests.rulebook import rule

from .helpers import cats_on, new, refresh, scene, storey, tower

EN = "cat-and-the-tower.en.txt"
FR = "cat-and-the-tower.fr.txt"


def comp(players: int = 3, **options: Any) -> TowerState:
    return new(players=players, mode="competitive", **options)


@rule(EN, "Players can play a competitive version of Cat and the Tower if they choose.")
@rule(EN, "Follow these “Competitive Variant” rules.")
@rule(EN, "Sort Floor Tiles, Wall Tiles, and Feline Friends as normal.")
@rule(EN, "Each player chooses a Black Cat (red, orange, blue, purple, or yellow) and places it around the 1st")
@rule(EN, "Players place their Paw Ranking Pieces of the same color as their cat's scarf")
@rule(EN, "Separate the Action Cards and Goal Cards into two stacks and shuffle each deck.")
@rule(EN, "Draw three Action Cards from the Action Card Deck and place them Face-up on the table.")
@rule(EN, "Deal two Goal Cards face-down to each player from the Goal Card Deck.")
@rule(EN, "Players should look at their own Goal Cards, but do not show the cards to other players!")
@rule(FR, "Triez Étage, Mur et Nakama comme en temps normal.")
@rule(FR, "Chaque joueur place le Chat Noir avec l'écharpe de sa couleur autour de la tuile 1, à l'extérieur")
@rule(FR, "Placez 3 cartes Action face visible sur la table")
@rule(FR, "Distribuez 2 cartes Mission face cachée à chaque joueur.")
@rule(FR, "Les joueurs peuvent regarder leurs propres cartes Mission.")
@rule(FR, "Variante compétitive")
def test_competitive_setup() -> None:
    s = comp(4)
    assert len(s.action_faceup) == 3 and len(s.action_deck) == 17
    assert [len(h) for h in s.hands] == [2, 2, 2, 2] and len(s.goal_deck) == 8
    assert s.black == ["", "", "", ""]  # outside the tower
    assert "toto" not in s.table.outcome["pieces"] and not any(p.startswith("B-") for p in s.table.outcome["pieces"])
    assert SCARVES == ("red", "orange", "blue", "purple", "yellow")
    v = s.view(1)
    assert v["hands"][1] == [views.goal_json(s, g) for g in s.hands[1]]
    assert v["hands"][0] == 2 and v["hands"][2] == 2  # the others' goals: only how many
    assert "hands" not in str(s.view(None)["hands"]) and s.view(None)["hands"] == [2, 2, 2, 2]
    assert v["ranking"] == [[0, 1, 2, 3]]  # all paws on the start position


@rule(EN, "Players follow a normal turn Action from standard play, except they can choose from three Action Cards")
@rule(EN, "Play an Action Card MANDATORY")
@rule(FR, "Procédez comme en temps normal, mais avec 3 cartes toujours en jeu.")
def test_three_action_cards_to_choose_from() -> None:
    s = comp()
    assert {a.card for a in s.legal_actions() if isinstance(a, Choose)} == {1, 2, 3}
    with pytest.raises(IllegalAction, match="not optional"):
        s.apply(Skip("skip"))


@rule(EN, "If the active player's Black Cat is on the same floor as at least one Feline Friend, they may move one")
@rule(EN, "Interact with Cats OPTIONAL")
@rule(EN, "Keep in mind, moving a Feline Friend above another player's Black Cat could help that player")
@rule(FR, "Si votre Chat Noir")
@rule(FR, "est sur le même étage qu'au moins un chat Nakama, vous pouvez déplacer ce chat Nakama vers l'étage")
@rule(FR, "INTERAGIR AVEC DES CHATS OPTIONNEL")
@rule(FR, "Si vous placez un Nakama sur un étage au-dessus d'un Chat Noir adverse, cela peut aussi aider ce joueur")
def test_a_friend_on_your_black_cats_floor_may_be_moved_up() -> None:
    s = comp(2)

    def two_storeys_and_a_friend(w: TowerWorld) -> None:
        storey(w)
        storey(w)
        w.place_cat("C-blue-1", "F1", 2.0, 0.0, 0.0)

    scene(s, two_storeys_and_a_friend)
    s.phase = Phase.INTERACT
    s.pending = []
    refresh(s)
    legal = s.legal_actions()
    assert Skip("skip") in legal and {a.cat for a in legal if isinstance(a, Move)} == {"C-blue-1"}
    with pytest.raises(IllegalAction, match="floor above"):
        s.apply(Move("move", "C-blue-1", 1, 0.0, 0.0, 0.0))
    s.apply(Move("move", "C-blue-1", 3, 0.0, 0.0, 0.0))
    assert s.reading["support"]["C-blue-1"] == "F3"
    assert s.phase in ("goal", "action")
    t = comp(2)
    scene(t, lambda w: storey(w))
    t.phase = Phase.INTERACT
    refresh(t)
    turn.enter_optional_steps(t)  # nobody on the Black Cat's floor: the step is skipped
    assert t.phase == "action" and t.current_player == 1


@rule(EN, "Complete or Refresh a Goal OPTIONAL")
@rule(EN, "Completing a Goal remains the same as standard play.")
@rule(EN, "In the Competitive Variant, Feline Friends placed on any floor above the active player's Black Cat can")
@rule(EN, "This is different from standard play, where the Feline Friends have to be on the floor directly above")
@rule(FR, "En compétition : sur n'importe quel étage au-dessus de votre Chat Noir")
@rule(FR, "les chats Nakama placés sur n'importe quel étage au-dessus de celui où votre Chat Noir se trouve")
@rule(FR, "Valider une carte Mission : Procédez comme en temps normal.")
@rule(EN, "Refresh a Goal Card: The player discards the Goal Card they just completed, face-up, and draws a new one")
@rule(FR, "puis piochez une nouvelle carte Mission.")
def test_goals_are_met_on_any_floor_above_ones_black_cat() -> None:
    s = comp(2)
    tower(s, 4)
    s.hands[0] = ["G04", "G13"]  # three placed (2 floors); blue on blue
    cats_on(s, "F4", ["C-blue-1", "C-orange-1", "C-yellow-1"])
    assert legal.goal_floors(s, 0) == ["F2", "F3", "F4", "F5"] and legal.met_goals(s, 0) == [1]
    s.phase = Phase.GOAL
    refresh(s)
    assert sorted(a.text() for a in s.legal_actions()) == ["goal 1 floors=1", "goal 1 floors=2", "skip"]
    drawn = s.goal_deck[-1]
    s.apply(Goal("goal", 1, 2))
    assert s.black[0] == "F3" and s.reading["support"]["B-red"] == "F3"
    assert s.hands[0] == ["G13", drawn] and s.goal_discard == ["G04"]
    assert s.current_player == 1


@rule(EN, "The active player advances their  Paw Ranking Token on the Ranking Card according to their position")
@rule(EN, "In the case of a tie, place the active player's Paw Ranking Token on TOP of the other player's token.")
@rule(EN, "If 2 or more players are in the same position when the Tower collapses, the player whose Ranking Token")
@rule(EN, "The player who causes the Tower to fall immediately moves their Ranking Token to last place.")
@rule(FR, "Déplacez votre jeton Classement")
@rule(FR, "Le joueur qui fait tomber la tour termine")
def test_the_ranking_stacks_ties_and_puts_the_toppler_last() -> None:
    s = comp(4)
    tower(s, 4)
    s.black = ["F3", "F3", "F4", "F2"]
    s.black_best = [3, 3, 4, 2]
    s.arrival = [2, 1, 3, 4]  # seat 1 reached floor 3 before seat 0: seat 0's token is on top
    assert ranking(s) == [[2], [1], [0], [3]]
    s.seat = 2
    s.wall_debris = ["W-angels-1", "W-angels-2", "W-angels-3", "W-angels-4"]
    from .helpers import with_reading

    with_reading(s, debris=["W-bricks-1"], floor_contact=[])
    debris.clear(s)
    assert s.is_over and s.toppler == 2
    r = s.result()
    assert r.ranking == ((1,), (0,), (3,), (2,)) and r.winners == (1,)


@rule(EN, "According to the Ranking on the Ranking Card, the player whose Black Cat climbed the highest during")
@rule(FR, "le joueur dont le Chat Noir")
@rule(EN, "In the Competitive Variant, each player must help their Black Cat climb as high as possible on the Tower")
def test_the_highest_floor_a_black_cat_reached_wins_not_where_it_fell_to() -> None:
    s = comp(2)
    tower(s, 7)
    s.black = ["F5", "F3"]
    s.black_best = [5, 4]
    s.arrival = [2, 1]
    s.hands[0] = ["G13", "G04"]  # three placed: 2 floors
    cats_on(s, "F7", ["C-blue-1", "C-orange-1", "C-yellow-1"])
    s.phase = Phase.GOAL
    refresh(s)
    s.apply(Goal("goal", 2, 2))
    assert s.black_best[0] == 7 and s.arrival[0] == s.clock
    s.black = ["F3", "F3"]  # both Black Cats fell to floor 3; seat 1 got there first
    s.end(Ending.TURN_LIMIT, "the game stops here")
    r = s.result()
    assert r.ranking == ((0,), (1,)) and r.scores == (7.0, 4.0)
    assert s.view(None)["black_best"] == [7, 4]


@rule(FR, "Les égalités sont possibles.")
def test_in_french_ties_stand_in_the_ranking() -> None:
    for edition, expected in (("fr", [[0, 1], [2]]), ("en", [[1], [0], [2]])):
        s = comp(3, edition=edition)
        s.black_best = [4, 4, 2]
        s.arrival = [2, 1, 3]
        assert ranking(s) == expected, edition


@rule(EN, "This also applies in the rare event that all players reach the 24th floor without the Tower collapsing.")
def test_everyone_on_the_24th_floor_ends_the_game() -> None:
    s = comp(2)
    tower(s, 2)
    s.black = ["F3", "F3"]
    s.hands[0] = ["G03", "G13"]
    levels = {**s.reading["floor_levels"], **{f"F{k}": k for k in range(4, 25)}}
    from .helpers import with_reading

    with_reading(s, floor_levels=levels)
    s.black = ["F24", "F24"]
    s.arrival = [5, 2]
    assert all(s.black_level(x) == 24 for x in (0, 1))
    assert ranking(s) == [[1], [0]]


@rule(FR, "Renouveler une Mission : Défaussez une de vos cartes Mission face visible et piochez-en une nouvelle.")
@rule(FR, "VALIDER OU RENOUVELER UNE MISSION OPTIONNEL")
def test_french_competitive_lets_you_swap_a_goal() -> None:
    s = comp(2, edition="fr")
    s.phase = Phase.GOAL
    refresh(s)
    assert Refresh("refresh", 2) in s.legal_actions()
    old = s.hands[0][1]
    drawn = s.goal_deck[-1]
    s.apply(Refresh("refresh", 2))
    assert s.hands[0] == [s.hands[0][0], drawn] and old in s.goal_discard and s.current_player == 1
    e = comp(2, edition="en")
    e.phase = Phase.GOAL
    refresh(e)
    with pytest.raises(IllegalAction, match="French"):
        e.apply(Refresh("refresh", 1))


def test_determinize_redeals_the_others_goals_and_the_decks_only() -> None:
    s = comp(3)
    mine = list(s.hands[0])
    other = s.determinize(0, random.Random(5))
    assert isinstance(other, TowerState)
    assert other.hands[0] == mine
    assert sorted(other.hands[1] + other.hands[2] + other.goal_deck) == sorted(s.hands[1] + s.hands[2] + s.goal_deck)
    assert other.view(0) == s.view(0)


def test_a_fallen_black_cat_goes_back_to_its_floor_at_the_start_of_the_turn() -> None:
    s = comp(2)
    tower(s, 3)
    scene(s, lambda w: w.place_cat("B-red", "F3", 0.0, 0.0, 0.0))
    s.black = ["F3", ""]
    s.black_start = ["F3", ""]

    def knock_off(w: TowerWorld) -> None:
        w.remove("B-red")
        w.place_cat("B-red", "F1", 25.0, 0.0, 0.0)

    scene(s, knock_off)
    assert "B-red" in s.reading["debris"]
    debris.clear(s)
    assert s.black[0] == "F3" and s.reading["support"]["B-red"] == "F3"


def test_a_move_back_in_the_hand_with_no_floor_left_is_given_up_and_play_goes_on() -> None:
    """A decision (the rulebook is silent), found by a tournament that stopped on it (seed 2089): a moved
    Feline Friend did not stand and went back to the hand, and the same placement brought down every floor
    above the mover's Black Cat. With nowhere left to move it, the game offered no action at all; now the
    move is given up (the cat stays in the stock) and the turn goes on."""
    s = comp(2)
    tower(s, 2)
    s.black = ["F3", ""]  # the Black Cat is on the top floor: no floor is left above it
    s.phase = Phase.PLACE
    s.card = ""
    s.after_place = Phase.GOAL
    s.pending = [pending.move("C-purple-1")]
    placements.drop_unplaceable(s)
    assert s.pending == [] and "C-purple-1: nowhere left to place it, so it is given up" in told(s.events)
    assert "C-purple-1" not in s.table.outcome["pieces"]
