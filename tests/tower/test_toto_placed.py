"""Issue #31, Toto placed by the player: where the rulebook has a player place Toto (a goal's climb, and back
after a fall), the player places him (``toto x= y= yaw=``, with the hand's slip), bots choose a spot, and
records made before (the rules stood him at the roomiest spot) replay as they were played."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cattable
from cattable.agents import make_agent
from cattable.core import Action, IllegalAction
from cattable.games.tower import debris
from cattable.games.tower.actions import Cat, Goal, Toto, Wall, action_from_json, parse_action
from cattable.games.tower.events import texts as told
from cattable.games.tower.game import TowerState
from cattable.games.tower.phases import Phase
from cattable.games.tower.physics import TowerWorld
from tests.rulebook import rule

from .helpers import cats_on, new, place_toto, refresh, scene, set_actions, set_goals, tower

EN = "cat-and-the-tower.en.txt"
FR = "cat-and-the-tower.fr.txt"
DATA = Path(__file__).parent / "data"


def climbing(players: int = 2, toto: str = "player") -> TowerState:
    """Four storeys, Toto on F1 and a goal met on F2 (same colour touching: up to 2 floors, first deck):
    the player completes it to move Toto up two floors."""
    s = new(players=players, cards="first", toto=toto)
    tower(s, 4)
    set_goals(s, "G05", "G07")
    cats_on(s, "F2", ["C-blue-1", "C-blue-2"], touching=[["C-blue-1", "C-blue-2"]])
    s.phase = Phase.GOAL
    refresh(s)
    s.apply(Goal("goal", 1, 2))
    return s


@rule(EN, "After completing a Goal Card, move Toto up the Tower equal to or less than the number of floors")
@rule(FR, "vous pouvez faire monter Neko dans la tour d'un nombre d'étages")
@rule(EN, "Toto and Feline Friends must be placed standing up.")
def test_a_goal_hands_toto_to_the_player_who_places_him_on_the_floor_it_sends_him_to() -> None:
    s = climbing()
    assert s.current_player == 0 and s.phase is Phase.PLACE
    assert [it.to_json() for it in s.pending] == [{"piece": "toto", "floor": "F3", "tries": 0}]
    assert "toto" not in s.table.outcome["pieces"]  # in the player's hand
    offered = s.legal_actions()
    assert offered and all(isinstance(a, Toto) for a in offered)
    assert s.is_legal(Toto("toto", 1.5, -1.5, 30.0))  # any spot on the tile, not only the menu's
    assert "x and y within 4.5 cm" in s._why_illegal(Toto("toto", 6.0, 0.0, 0.0))
    with pytest.raises(IllegalAction, match="place Toto on F3 first"):
        s.apply(Wall("wall", "bricks", 3.0, 3.0, 225.0, 90.0))
    drawn = len(s.chance.log)
    s.apply(Toto("toto", 1.5, -1.5, 30.0))
    assert len(s.chance.log) == drawn + 8  # the hand's seven slips, then the world's outcome
    assert s.toto == "F3" and s.reading["support"]["toto"] == "F3" and s.reading["upright"]["toto"]
    pose = s.table.outcome["poses"]["toto"]
    centre = s.table.outcome["poses"]["F3"]
    assert abs(pose[0] - centre[0] - 1.5) < 0.5 and abs(pose[1] - centre[1] + 1.5) < 0.5  # where he was aimed
    assert "seat 1 places Toto" in told(s.events)
    assert s.current_player == 1 and s.view(1)["phase"] == "action"  # then the turn passes


@rule(EN, "If Toto falls off the Tower, the current player must place him back on the floor he was on before")
@rule(FR, "Si un chat Nakama ou Neko tombent, replacez-le(s) où il se trouvait sur la tour.")
def test_toto_knocked_off_during_a_placement_is_placed_back_by_the_current_player_first() -> None:
    """Seat 1 takes a walls card on a three-storey tower with Toto on F3; its first wall knocks Toto off
    (arranged here). Toto goes into seat 1's hand, before the card's other pieces: back on F3."""
    s = new(players=2)
    tower(s, 3)
    s.toto = s.toto_start = "F3"
    s.seat = 1
    set_actions(s, "A07", "A08")
    s.apply(cattable.game("tower").parse_action("card 1 left"))
    assert [it.piece for it in s.pending] == ["wall", "wall", "floor"]

    def knock_off(w: TowerWorld) -> None:
        w.remove("toto")
        w.place_cat("toto", "F1", 25.0, 0.0, 0.0)

    scene(s, knock_off)
    debris.clear(s)
    assert [it.piece for it in s.pending] == ["toto", "wall", "wall", "floor"] and s.pending[0].floor == "F3"
    assert "Toto falls: seat 2 places him back on F3" in told(s.events)
    assert s.current_player == 1 and {type(a) for a in s.legal_actions()} == {Toto}
    place_toto(s)
    assert s.toto == "F3" and s.current_player == 1
    assert [it.piece for it in s.pending] == ["wall", "wall", "floor"]  # the card goes on


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:medium"])
def test_bots_choose_a_spot_for_toto(spec: str) -> None:
    s = climbing()
    bot = make_agent(spec, s.game, seed=3)
    choice = bot.choose(s.view(0), s.legal_actions())
    assert isinstance(choice, Toto) and s.is_legal(choice)
    s.apply(choice)
    assert s.toto == "F3"


def test_the_option_toto_rules_stands_him_as_before() -> None:
    s = climbing(toto="rules")
    assert s.toto == "F3" and s.current_player == 1 and not s.pending


def test_a_record_made_before_the_option_replays_with_the_rules_standing_toto() -> None:
    """Seed 0 of three random bots (normal hands), 43 actions recorded before Toto was placed by the player:
    one of them a goal, whose climb the rules stood (no Toto action in the record). It replays whole."""
    record = json.loads((DATA / "pet-before-finger.json").read_text(encoding="utf-8"))["record"]
    assert "toto" not in record["options"] and any(a["kind"] == "goal" for a in record["actions"])
    state = cattable.game("tower").replay(record)
    assert state.options["toto"] == "rules" and len(state.history) == 43


def test_toto_placements_read_and_write_as_text_and_json() -> None:
    a = parse_action("toto x=1.25 y=-2 yaw=90")
    assert a == Toto("toto", 1.2, -2.0, 90.0) or a == Toto("toto", 1.3, -2.0, 90.0)
    assert parse_action(a.text()) == a and action_from_json(a.to_json()) == a
    assert a.to_json() == {"kind": "toto", "x": a.x, "y": -2.0, "yaw": 90.0}


@rule(EN, "If Toto falls off the Tower, the current player must place him back on the floor he was on before")
def test_toto_whose_fall_brought_his_floor_down_is_placed_back_on_a_standing_floor() -> None:
    """Seed 84 (careful hands, three random bots; found by experiments/tower_safety.py): Toto, handed to the
    player to stand on F2 after a goal, slips and brings F2 and F3 down. He goes back to the hand for F1,
    the closest floor still standing, where the game used to crash looking for a floor "F0"."""
    game = cattable.game("tower")
    agents = [make_agent("random", game, seed=84 * 101 + seat) for seat in range(3)]
    s = game.new(players=3, seed=84, steadiness="careful", edition="en", mode="coop")
    assert isinstance(s, TowerState)

    def bot() -> Action:
        seat = s.current_player
        assert seat is not None
        return agents[seat].choose({}, s.legal_actions())

    while len(s.history) < 28:
        s.apply(bot())
    assert [p.floor for p in s.pending if p.piece.value == "toto"] == ["F2"]
    toto = bot()
    assert isinstance(toto, Toto)
    s.apply(toto)
    assert "F2" not in s.reading["floor_levels"]  # his slip brought his floor down
    assert [(p.piece.value, p.floor, p.tries) for p in s.pending] == [("toto", "F1", 1)]
    assert s.legal_actions() and all(isinstance(a, Toto) for a in s.legal_actions())
    s.apply(s.legal_actions()[0])  # and he can be placed there


def _random_game(seed: int, steadiness: str, edition: str, **options: Any) -> tuple[TowerState, Callable[[], Action]]:
    """A cooperative game of three random bots seeded as ``experiments/tower_safety.py`` seeds them."""
    game = cattable.game("tower")
    agents = [make_agent("random", game, seed=seed * 101 + seat) for seat in range(3)]
    s = game.new(players=3, seed=seed, steadiness=steadiness, edition=edition, mode="coop", **options)
    assert isinstance(s, TowerState)

    def bot() -> Action:
        seat = s.current_player
        assert seat is not None
        return agents[seat].choose({}, s.legal_actions())

    return s, bot


@rule(FR, "Les Nakama peuvent être placés n'importe où sur un étage de votre choix")
def test_a_cat_is_offered_only_floors_that_stand_after_the_top_floor_is_given_up() -> None:
    """Seed 250 (French, normal hands; found by experiments/tower_safety.py): floor F3 does not stand in ten
    tries and goes back to the stock. The table still named F3 its top floor, so the next purple cat was
    offered "floor 3" and the game crashed on a floor that is not there; a floor placed later was judged
    against itself."""
    s, bot = _random_game(250, "normal", "fr")
    while len(s.history) < 47:
        s.apply(bot())
    assert "F3" not in s.reading["floor_levels"] and "F3" not in s.table.outcome["pieces"]
    assert s.reading["top_floor"] == "F2"
    cats = s.legal_actions()
    assert cats and {a.floor for a in cats if isinstance(a, Cat)} <= {1, 2}
    s.apply(cats[-1])  # and the cat can be placed


@rule(FR, "vous pouvez faire monter Neko dans la tour")
def test_toto_is_handed_for_a_floor_with_room_when_cats_fill_his_own() -> None:
    """Seed 646 (French, careful hands, the rules' revision 1; found by experiments/tower_safety.py): Neko
    climbs to F5, whose every spot a cat already takes. The player was handed him for F5 with no placement
    offered, and the game stopped with no legal move. Now he is handed for the closest floor below with
    room, as the rules' own ``stand`` goes down (the rulebook is silent)."""
    s, bot = _random_game(646, "careful", "fr", revision=1)
    while len(s.history) < 145:
        s.apply(bot())
    said = " ".join(told(s.events))
    assert "Neko climbs to floor 5" in said and "no room for Neko on floor 5" in said and "on floor 4" in said
    toto = [p.floor for p in s.pending if p.piece.value == "toto"]
    assert toto == ["F4"]  # the floor below his goal's
    moves = s.legal_actions()
    assert moves and all(isinstance(a, Toto) for a in moves)
    s.apply(moves[0])
    assert s.toto == toto[0] or s.phase is Phase.OVER


@rule(EN, "Feline Friends can be placed anywhere on a floor of your choice, even on top of another Feline Friend!")
def test_toto_stands_on_a_cat_when_walls_put_back_fill_the_first_floor() -> None:
    """Seed 426 (French, careful hands; found by experiments/tower_safety.py): the 113th action brings the
    tower down to F1, which walls put back and cats crowd; Neko has no room on any floor, and the game
    raised. He now stands on top of an upright Feline Friend, as cats may stand."""
    s, bot = _random_game(426, "careful", "fr")
    while len(s.history) < 113:
        s.apply(bot())
    assert s.reading["floor_levels"] == {"F1": 1}
    assert "Neko falls: stood back on F1" in told(s.events)
    under = s.reading["on_top"].get("toto")
    assert under is not None and under.startswith("C-") and s.reading["support"]["toto"] == "F1"
    assert s.reading["upright"]["toto"] and s.toto == "F1"
    assert s.legal_actions()  # and the game goes on
