"""A Cat Cafe game played with changed bonuses or footprints is another game, and the heuristic plays that
one: it reads the table's numbers from its view (towers' ``bonus``, ``options``), not the printed sheet."""

from __future__ import annotations

import json
from typing import Any

from cattable.agents.cafe.heuristic import HeuristicAgent, evaluate
from cattable.core import Action
from cattable.games.cafe.actions import PASS, Mark
from cattable.games.cafe.game import CafeState
from cattable.games.cafe.sheet import CUSHION, SPACE_AT, TRACK

from .helpers import new, set_dice, set_footprints, set_sheet

TWO_TOWERS_ALMOST = """
# . . . #
C . . . #
# . . . C
. . # . .
C . . . #
C . . . C
"""
"""Tower 1 lacks only floor 3, tower 5 likewise (two cushions each side: the same points either way)."""

FIVE_OVER_ONE = {"data.bonus.tower1.smaller": 0, "data.bonus.tower5.smaller": 9}
"""Printed, completing tower 1 pays 4 and tower 5 pays 2; here tower 5 pays more."""


def _marking(**options: Any) -> CafeState:
    state = new(players=2, seed=5, **options)
    set_sheet(state, 0, TWO_TOWERS_ALMOST)
    set_footprints(state, 0, TRACK, TRACK)
    set_dice(state, [1, 1], 1)
    assert state.current_player == 0
    return state


def _finishing(state: CafeState) -> int:
    """The tower (1..5) whose last space the heuristic fills, offered a cushion on floor 3 of tower 1 or 5."""
    offered = [Mark("mark", SPACE_AT[(t, 3)], CUSHION) for t in (0, 4)]
    assert all(state.is_legal(a) for a in offered)
    view = json.loads(json.dumps(state.view(0)))  # plain JSON: the bot cannot reach the state
    choice = HeuristicAgent(seed=0).choose(view, offered)
    assert isinstance(choice, Mark)
    return choice.tower


def test_the_heuristic_completes_the_tower_the_tables_bonuses_reward() -> None:
    assert _finishing(_marking()) == 1
    assert _finishing(_marking(**FIVE_OVER_ONE)) == 5


def test_the_heuristic_passes_only_when_the_tables_pass_pays() -> None:
    """Printed, passing circles 3 footprints (3.6 points), a little more than finishing tower 1 with a
    cushion (3.3); in a game where passing circles none, the cushion is drawn."""
    offered: list[Action] = [PASS, Mark("mark", SPACE_AT[(0, 3)], CUSHION)]

    def choice(**options: Any) -> object:
        state = _marking(**options)
        set_footprints(state, 0, 6, 6)
        assert all(state.is_legal(a) for a in offered)
        return HeuristicAgent(seed=0).choose(json.loads(json.dumps(state.view(0))), offered)

    assert choice() == PASS
    assert choice(**{"data.footprints.pass": 0}) == offered[1]


def test_the_searchers_judge_counts_the_tables_bonuses() -> None:
    def judge(**options: Any) -> list[float]:
        state = new(players=2, seed=5, **options)
        set_sheet(state, 0, "# . . . #\n. . . . #\n# . . . .\n. . # . C\n. . . . #\n. . . . C")
        set_sheet(state, 1, "# . . . #\n. . . . #\n# . . . .\nC . # . .\n. . . . #\nC . . . .")
        return evaluate(state)

    printed, tuned = judge(), judge(**FIVE_OVER_ONE)
    assert printed[0] < printed[1]  # two thirds of tower 5 (small bonus 2) are worth less than half of tower 1 (4)
    assert tuned[0] > tuned[1]  # ... and more when tower 5 pays 9 and tower 1 nothing
