"""The tower's tunable data: a wall height changes the physical wall, a goal's floors change the goal,
and a record with both replays without the physics."""

from __future__ import annotations

import json

import pytest

import cattable
from cattable.games.tower.game import TowerState
from cattable.games.tower.tunables import TunedTable

from .helpers import floor_on_two_bricks


def _new(**options: object) -> TowerState:
    state = cattable.game("tower").new(players=1, seed=3, **options)
    assert isinstance(state, TowerState)
    return state


@pytest.mark.physics
def test_taller_bricks_lift_the_floor_they_hold() -> None:
    shipped = _new()
    tall = _new(**{"data.walls.bricks": 6.0})
    copy = tall.clone()
    assert not isinstance(shipped.table, TunedTable)
    assert isinstance(tall.table, TunedTable) and isinstance(copy, TowerState) and isinstance(copy.table, TunedTable)
    assert floor_on_two_bricks(tall.table.live()) - floor_on_two_bricks(shipped.table.live()) == pytest.approx(
        2.0, abs=0.05
    )
    assert _new().table.live().settings["wall"]["heights"]["bricks"] == 4.0  # no leak into the next game


def test_a_goal_card_moves_toto_as_far_as_its_override_says() -> None:
    game = cattable.game("tower")
    state = game.new(players=2, seed=1, **{"data.goal.G01": 3})
    shown = {g["id"]: g["floors"] for g in state.view(0)["goal_faceup"]}
    assert shown["G01"] == 3
    assert {g["id"]: g["floors"] for g in game.new(players=2, seed=1).view(0)["goal_faceup"]}["G01"] == 1


def test_a_tower_record_with_overrides_replays_identically() -> None:
    state = cattable.game("tower").new(players=2, seed=2, data={"walls.pillars": 6.5, "goal.G03": 2})
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["data"] == {"goal.G03": 2, "walls.pillars": 6.5}
    again = cattable.replay(record)
    assert again.snapshot() == state.snapshot()
