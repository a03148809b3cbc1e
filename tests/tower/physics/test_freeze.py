"""`freeze_below`: the search bot's shortcut of simulating only the top storeys of a tall tower."""

from __future__ import annotations

import math

import pytest

from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.scenes import SAME_TYPE_PAIRS, Builder

pytestmark = pytest.mark.physics


@pytest.fixture(scope="module")
def tower() -> TowerWorld:
    """Six storeys, built without hand noise (F1 to F7)."""
    world = TowerWorld()
    Builder(world).tower(SAME_TYPE_PAIRS[:6])
    assert len(world.read().floor_levels) == 7
    return world


def test_the_pieces_below_the_held_floor_are_taken_out_and_nothing_moves(tower: TowerWorld) -> None:
    world = tower.clone()
    before = world.poses()
    frozen = world.freeze_below("F4")
    assert set(frozen) == {"F1", "F2", "F3"} | {p for p in before if p.startswith("W-") and before[p][2] < 13.0}
    assert "F4" not in frozen and "W-pillars-1" not in frozen  # F4 and the walls standing on it stay live
    world.settle(0.8)
    after = world.poses()
    for piece in [*frozen, "F4"]:
        assert math.dist(before[piece][:3], after[piece][:3]) < 1e-4, piece
    assert world.read(fresh=True).floor_levels == tower.read().floor_levels


def test_a_wall_on_a_held_base_stands_where_it_stands_on_the_whole_tower(tower: TowerWorld) -> None:
    whole, held = tower.clone(), tower.clone()
    held.freeze_below("F4")
    for world in (whole, held):
        world.place_wall("W-angels-5", 3.0, 3.0, -135.0, 90.0)
        world.nudge("W-angels-5", 0.2, -0.1, 0.05, 0.4, -0.3, 2.0)
        world.settle(0.8)
    assert math.dist(whole.poses()["W-angels-5"][:3], held.poses()["W-angels-5"][:3]) < 0.05
    assert whole.read().debris == held.read().debris == frozenset()


def test_a_wall_let_go_off_the_edge_still_falls_to_the_table_past_the_held_storeys(tower: TowerWorld) -> None:
    whole, held = tower.clone(), tower.clone()
    held.freeze_below("F5")
    for world in (whole, held):
        world.place_wall("W-angels-5", 7.0, 7.0, -135.0, 90.0)
        world.settle(0.8)
        assert "W-angels-5" in world.read().debris
        assert world.poses()["W-angels-5"][2] == pytest.approx(0.0, abs=0.5)


def test_the_world_it_was_copied_from_keeps_its_masses_and_contacts(tower: TowerWorld) -> None:
    world = tower.clone()
    world.freeze_below("F4")
    f4, f2 = tower.body["F4"], tower.geoms["F2"][0]
    assert world.model.body_mass[f4] > 1000 * tower.model.body_mass[f4]
    assert tower.model.body_mass[f4] == pytest.approx(world.model.body_mass[f4] / 1e6)
    assert (world.model.geom_contype[f2], tower.model.geom_contype[f2]) == (0, 1)


@pytest.mark.parametrize("piece", ["W-bricks-1", "F12", "C-blue-1"])
def test_only_a_floor_on_the_table_can_be_held(tower: TowerWorld, piece: str) -> None:
    with pytest.raises(ValueError, match="not a floor on the table"):
        tower.clone().freeze_below(piece)
