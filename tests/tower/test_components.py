"""What is in the box, and the French rule that walls must not stick out from under their floor."""

from __future__ import annotations

from cattable.games.tower.actions import Choose, Floor, Wall
from cattable.games.tower.cards import cards
from cattable.games.tower.game import TowerGame
from cattable.games.tower.pending import Pending, ToPlace
from cattable.games.tower.phases import Ending, Phase
from cattable.games.tower.physics.model import catalogue
from cattable.games.tower.pieces import FLOORS, WALL_COUNTS
from tests.rulebook import rule

from .helpers import free_wall, new, scene, set_actions

EN = "cat-and-the-tower.en.txt"
FR = "cat-and-the-tower.fr.txt"


@rule(EN, "24 Floor Tiles")
@rule(EN, "Numbered 1-24")
@rule(EN, "1 Wooden Toto Piece")
@rule(EN, "Black Cat Piece")
@rule(EN, "Competitive Mode Pieces")
@rule(EN, "4 Black Cat Pieces")
@rule(EN, "1 Ranking Card")
@rule(EN, "5 Paw Ranking Pieces")
@rule(EN, "16 Feline Friend Pieces")
@rule(EN, "(4 of each of the 4 colors)")
@rule(EN, "54 Wall Tiles")
@rule(EN, "12 Bricks")
@rule(EN, "12 Angels")
@rule(EN, "12 Windows")
@rule(EN, "12 Arches")
@rule(EN, "6 Pillars")
@rule(EN, "1 Wall Reference Card")
@rule(EN, "20 Action Cards")
@rule(EN, "16 Goal Cards")
@rule(EN, "5 Story Cards")
@rule(FR, "24 tuiles Étage numérotées de 1 à 24")
@rule(FR, "17 pions Chat")
@rule(FR, "1 Neko ○ 16 Nakama (amis félins) 4 de chaque couleur")
@rule(FR, "5 stickers Palier réussi")
@rule(FR, "54 tuiles Mur")
@rule(FR, "Petite Fenêtre o Grande Fenêtre")
@rule(FR, "20 cartes Action")
@rule(FR, "16 cartes Mission")
@rule(FR, "4 pions Chat Noir")
def test_the_box_holds_every_piece_and_card() -> None:
    """The physics world holds every piece; the cards file every card; the editions five milestones each.

    The English box has 4 Black Cat pieces plus Toto for the 5 scarves; the world has the 5 scarves
    (Toto is not used in the competitive game), and TowerGame allows 5 players.
    """
    pieces = catalogue()
    kinds = [p.kind for p in pieces]
    assert kinds.count("floor") == FLOORS == 24
    assert kinds.count("wall") == sum(WALL_COUNTS.values()) == 54
    assert WALL_COUNTS == {"bricks": 12, "windows": 12, "arches": 12, "angels": 12, "pillars": 6}
    friends = [p for p in pieces if p.kind == "cat"]
    assert len(friends) == 16 and all(
        sum(p.type == c for p in friends) == 4 for c in ("yellow", "blue", "purple", "orange")
    )
    assert kinds.count("toto") == 1 and kinds.count("black") == 5 and TowerGame.max_players == 5
    assert len(cards().actions) == 20 and len(cards().goals) == 16
    for edition in ("en", "fr"):
        assert len(cards().editions[edition]["stories"]) == 5
    assert cards().editions["fr"]["walls"]["windows"] == "Petite Fenêtre"
    assert cards().editions["fr"]["walls"]["arches"] == "Grande Fenêtre"


@rule(EN, "Cat and the Tower is a cooperative dexterity game where the players help Toto, a young black cat")
@rule(EN, "Players will take turns building the tower using floor and wall pieces, or clearing conditions")
@rule(FR, "En coopération, construisez la tour à l'aide de tuiles Mur et Étage, et accomplissez des missions")
@rule(FR, "Chaque joueur devra faire monter son Chat Noir le plus haut possible sur la tour avant qu'elle ne")
def test_the_cooperative_game_is_won_together_and_the_competitive_one_alone() -> None:
    coop = new(players=3)
    assert TowerGame.cooperative and coop.goal_floor == 10
    coop.outcome, coop.phase = Ending.VICTORY, Phase.OVER
    assert coop.result().team_win is True and coop.result().winners == (0, 1, 2)
    comp = new(players=3, mode="competitive")
    comp.black = ["F1", "", ""]
    comp.phase = Phase.OVER
    assert comp.result().team_win is None


@rule(FR, "Pour valider l'installation en cours, le joueur actif doit placer son Étage de façon à ce que ses Murs")
def test_french_floors_must_cover_their_walls() -> None:
    for edition, expected in (("en", True), ("fr", False)):
        s = new(edition=edition)
        set_actions(s, "A07", "A08")
        s.apply(Choose("choose", 1, "left"))
        s.apply(Wall("wall", "bricks", 3.0, 3.0, 225.0, 90.0))
        s.apply(Wall("wall", "bricks", -3.0, -3.0, 45.0, 90.0))
        s.apply(Floor("floor", 2.0, 0.0, 0.0))  # a wall at x=-3 sticks out of a floor spanning -2.5..6.5
        if expected:  # English: the floor stands, the action is done
            assert "F2" in s.reading["floor_levels"] and s.card == ""
        else:  # French: not a valid placement; the floor is back in the hand to be placed again
            assert "F2" not in s.table.outcome["pieces"]
            assert s.pending == [Pending(ToPlace.FLOOR, tries=1)] and s.card == "A07"


def test_the_cat_menu_never_offers_a_spot_off_the_floor() -> None:
    """A cat that slid to the edge of its floor: the spots beside it and on top of it would be aimed more
    than half a tile out, which the rules refuse (``XY_LIMIT``). The menu of legal actions must not offer
    them (a tournament once stopped on such an offer)."""
    from cattable.games.tower.menu import XY_LIMIT, cat_menu

    level = [0.0, 0.0, 5.0, 1.0, 0.0, 0.0, 0.0]
    tower = {
        "reading": {
            "on_top": {},
            "support": {"C-orange-1": "F1", "C-orange-2": "F1"},
            "upright": {"C-orange-1": True, "C-orange-2": True},
        },
        "poses": {
            "F1": level,
            "C-orange-1": [4.4, 0.0, 5.5, 1.0, 0.0, 0.0, 0.0],  # facing +x: the spots beside it are at y +- 1
            "C-orange-2": [0.0, 4.2, 5.5, 1.0, 0.0, 0.0, 0.0],  # beside it: y = 4.2 +- 1, one of them off
        },
        "pieces": {},
    }
    menu = cat_menu(tower, ["grey"], ["F1"], {})
    assert menu and all(abs(c.x) <= XY_LIMIT and abs(c.y) <= XY_LIMIT for c in menu)
    assert any(c.on == "C-orange-1" for c in menu), "a cat within the floor can still be stacked on"
    assert not any(abs(c.y - 5.2) < 0.01 for c in menu)


@rule(FR, "Les tuiles Étage doivent être posées sur les dernières tuiles Mur ajoutées à la tour")
def test_a_french_floor_is_judged_by_its_own_walls_not_one_left_from_before() -> None:
    """A wall left on the top floor from before (it stood when the storey above it fell) sticks out where
    the new floor is laid. It is not one of the floor's walls ("ses Murs": this action's), so the floor
    stands; judged by it, every floor failed for the rest of a game (seed 7, careful hands, competitive:
    786 actions to the turn limit, found by experiments/tower_safety.py)."""
    s = new(edition="fr")
    scene(s, lambda w: w.place_wall(free_wall(w, "bricks"), -3.0, -3.0, 45.0, 90.0))
    set_actions(s, "A07", "A08")
    s.apply(Choose("choose", 1, "left"))
    s.apply(Wall("wall", "bricks", 3.0, 3.0, 225.0, 90.0))
    s.apply(Wall("wall", "bricks", 3.0, -3.0, 135.0, 90.0))
    s.apply(Floor("floor", 2.0, 0.0, 0.0))  # the old wall at x=-3 is outside a floor spanning -2.5..6.5
    assert s.reading["floor_levels"].get("F2") == 2 and s.card == ""
