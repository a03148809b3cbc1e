"""The calibrated default game (docs/TOWER-CALIBRATION.md): the deck's goal floors, the default steadiness,
and records saved before the calibration replaying as they were played."""

from __future__ import annotations

import pytest

import cattable
from cattable.agents import RandomAgent
from cattable.agents.tower.heuristic import WALL_HEIGHT_RANK
from cattable.core import OptionError
from cattable.games.tower.cards import cards
from cattable.games.tower.game import TowerState
from cattable.games.tower.views import goal_json

GAME = cattable.game("tower")


def test_the_calibrated_deck_moves_toto_by_difficulty_and_the_first_deck_is_kept() -> None:
    calibrated, first = cards().goals, cards("first").goals
    assert {g.floors for g in calibrated.values() if g.paw} == {1}  # the starting pair stays easy
    assert all(g.floors >= 2 for g in calibrated.values() if not g.paw)
    assert sum(g.floors for g in calibrated.values()) > sum(g.floors for g in first.values())
    changed = {gid for gid in calibrated if calibrated[gid].floors != first[gid].floors}
    assert changed and all(calibrated[gid].floors > first[gid].floors for gid in changed)


def test_the_calibrated_deck_gives_four_wall_cards_a_feline_friend_side() -> None:
    # the first design's 10 wall-only cards of 20 often left only walls face up, and the tower outran Toto
    calibrated, first = cards().actions, cards("first").actions
    wall_only = [c for c in calibrated.values() if all(side.walls for side in c.sides)]
    assert len(wall_only) == 6 and len([c for c in first.values() if all(side.walls for side in c.sides)]) == 10
    assert all(max(_ranks(side.walls)) - min(_ranks(side.walls)) <= 2 for c in calibrated.values() for side in c.sides)


def _ranks(walls: tuple[str, ...]) -> list[int]:
    return [WALL_HEIGHT_RANK[w] for w in walls] or [0]


def test_a_new_game_is_the_calibrated_one_and_says_so_in_its_record() -> None:
    state = GAME.new(players=3, seed=1)
    assert state.options["cards"] == "calibrated" and state.options["steadiness"] == "careful"
    assert state.record()["options"]["cards"] == "calibrated"


def test_a_record_saved_before_the_cards_option_replays_with_the_first_decks_floors() -> None:
    state = GAME.new(players=1, seed=3, cards="first")
    walker = RandomAgent(3)
    for _ in range(12):  # a few cards of the first deck played
        state.apply(walker.choose({}, state.legal_actions()))
    record = state.record()
    del record["options"]["cards"]  # as every record saved before the option existed
    again = cattable.replay(record)
    assert again.options["cards"] == "first" and again.view(None) == state.view(None)
    fresh = GAME.new(players=1, seed=3)
    assert isinstance(again, TowerState) and isinstance(fresh, TowerState)
    assert goal_json(again, "G07")["floors"] == 2  # one on another: 3 floors in the calibrated deck
    assert goal_json(fresh, "G07")["floors"] == 3


def test_an_unknown_deck_is_refused_with_the_decks_allowed() -> None:
    with pytest.raises(OptionError, match="calibrated"):
        GAME.new(players=1, seed=1, cards="second")
