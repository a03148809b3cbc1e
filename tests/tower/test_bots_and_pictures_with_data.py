"""A tower game with changed wall heights is another game: its views say so, its bots try moves on walls as
tall as the rules' walls, and its pictures draw them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cattable.agents.tower import heuristic
from cattable.agents.tower.heuristic import HeuristicAgent
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.tunables import view_world
from cattable.interfaces.cli.main import main

from .helpers import floor_on_two_bricks, new

TALL = {"data.walls.bricks": 6.0}


def _wall_cm(world: TowerWorld, piece: str) -> float:
    """How tall a wall tile is in ``world``'s model (its panels' height, cm)."""
    return round(max(float(world.model.geom_size[g][2]) for g in world.geoms[piece]) * 2 * 100, 6)


def test_a_view_carries_the_overrides_only_when_there_are_some() -> None:
    tall = new(players=2, seed=1, **TALL, **{"data.goal.G01": 3})
    assert all(tall.view(seat)["data"] == {"goal.G01": 3, "walls.bricks": 6.0} for seat in (0, 1, None))
    assert "data" not in new(players=2, seed=1).view(0)


def test_views_with_overrides_keep_to_the_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    state = new(players=2, seed=2, data={"walls.pillars": 7.0, "walls.bricks": 3.0, "goal.G16": 1})
    validator = jsonschema.Draft202012Validator(state.game.schema("view"))
    for _ in range(4):
        for seat in (0, 1, None):
            validator.validate(state.view(seat))
        state.apply(state.legal_actions()[0])


@pytest.mark.physics
def test_the_bots_trial_world_has_walls_as_tall_as_the_rules_world() -> None:
    tall = new(players=1, seed=3, **TALL)
    view = json.loads(json.dumps(tall.view(0)))  # plain JSON: the bot cannot reach the state
    trial, rules = view_world(view), tall.table.live()
    assert _wall_cm(trial, "W-bricks-1") == _wall_cm(rules, "W-bricks-1") == 6.0
    assert _wall_cm(trial, "W-pillars-1") == _wall_cm(rules, "W-pillars-1") == 5.2  # the others as shipped
    assert floor_on_two_bricks(trial) == pytest.approx(floor_on_two_bricks(rules), abs=1e-4)
    shipped = view_world(new(players=1, seed=3).view(0))
    assert floor_on_two_bricks(trial) - floor_on_two_bricks(shipped) == pytest.approx(2.0, abs=0.05)


@pytest.mark.physics
def test_the_heuristic_tries_its_placements_on_the_tables_walls(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []
    real: Callable[[Any], TowerWorld] = view_world

    def spy(view: Any) -> TowerWorld:
        world = real(view)
        seen.append(_wall_cm(world, "W-bricks-1"))
        return world

    monkeypatch.setattr(heuristic, "view_world", spy)
    state = new(players=2, seed=0, **TALL)
    agent = HeuristicAgent(seed=1)
    while state.current_player == 0:
        state.apply(agent.choose(json.loads(json.dumps(state.view(0))), state.legal_actions()))
    assert seen and set(seen) == {6.0}  # every trial world the bot built had the table's bricks
    assert state.reading["floor_levels"].get("F2") == 2 and not state.wall_debris  # and it still builds


def test_walls_of_the_tables_heights_rank_as_the_table_has_them() -> None:
    shipped = heuristic._wall_ranks({"tower": {}})
    assert shipped == heuristic.WALL_HEIGHT_RANK
    tall = heuristic._wall_ranks({"data": {"walls.bricks": 5.2, "goal.G01": 2}})
    assert tall["bricks"] == pytest.approx(tall["pillars"]) and tall["windows"] == pytest.approx(1.0)


@pytest.mark.physics
def test_render_draws_a_records_wall_heights(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cattable.games.tower.physics import picture

    drawn: list[TowerWorld] = []
    real = picture._world_of

    def spy(source: Any, walls: Any = None) -> TowerWorld:
        drawn.append(real(source, walls))
        return drawn[-1]

    monkeypatch.setattr(picture, "_world_of", spy)
    state = new(players=2, seed=2, **TALL)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    record = tmp_path / "tall.json"
    record.write_text(json.dumps(state.record()), encoding="utf-8")
    try:
        code = main(["render", str(record), "--out", str(tmp_path / "tall.png")])
    except Exception as error:  # no OpenGL at all on this machine
        pytest.skip(f"offscreen OpenGL unavailable: {error}")
    assert code == 0 and (tmp_path / "tall.png").read_bytes().startswith(b"\x89PNG")
    assert [_wall_cm(w, "W-bricks-1") for w in drawn] == [6.0]
    assert drawn[0].poses()["F1"] == pytest.approx(state.table.outcome["poses"]["F1"], abs=1e-6)
    assert _wall_cm(picture._world_of(TowerWorld()), "W-bricks-1") == 4.0  # shipped walls stay shipped
