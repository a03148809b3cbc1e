"""Reading the rules from the world: supports, touching cats, cats on top, debris."""

from __future__ import annotations

import math

import pytest

from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.scenes import Builder

pytestmark = pytest.mark.physics


def _quat_about_y(deg: float) -> list[float]:
    a = math.radians(deg) / 2
    return [math.cos(a), 0.0, math.sin(a), 0.0]


def test_cats_placed_flush_touch_and_cats_5mm_apart_do_not(world: TowerWorld) -> None:
    world.place_cat("C-yellow-1", "F1", 0.0, 0.0, 0)
    world.settle()
    world.place_cat("C-yellow-2", "F1", 1.5, 0.0, 0)  # the 1.5 cm long cats end to end
    world.settle()
    world.place_cat("C-blue-1", "F1", -2.0, 0.0, 0)  # 5 mm from C-yellow-1's other end
    world.settle()
    r = world.read()
    assert frozenset({"C-yellow-1", "C-yellow-2"}) in r.touching
    assert frozenset({"C-yellow-1", "C-blue-1"}) not in r.touching
    assert len(r.touching) == 1
    assert r.on_top == {}
    assert all(r.upright[c] for c in ("C-yellow-1", "C-yellow-2", "C-blue-1"))
    assert {r.support[c] for c in ("C-yellow-1", "C-yellow-2", "C-blue-1")} == {"F1"}


def test_a_cat_on_a_cat_is_on_top_and_rests_on_the_lower_cats_floor(world: TowerWorld) -> None:
    f2 = Builder(world).storey(("bricks", "bricks"))
    world.place_cat("toto", f2, 0.5, -0.5, 0)
    world.settle()
    world.place_cat("C-orange-3", f2, 0.5, -0.5, 0, on="toto")
    world.settle()
    world.place_cat("B-red", f2, 0.5, -0.5, 0, on="C-orange-3")
    world.settle()
    r = world.read()
    assert r.on_top == {"C-orange-3": "toto", "B-red": "C-orange-3"}
    assert r.support["C-orange-3"] == f2
    assert r.support["B-red"] == f2
    assert frozenset({"toto", "C-orange-3"}) in r.touching
    assert frozenset({"toto", "B-red"}) not in r.touching
    assert r.debris == frozenset()


def test_supports_and_storeys_of_a_built_tower(world: TowerWorld) -> None:
    b = Builder(world)
    f2 = b.storey(("arches", "arches"))
    f3 = b.storey(("windows", "windows"))
    r = world.read()
    assert r.floor_levels == {"F1": 1, f2: 2, f3: 3}
    assert r.top_floor == f3
    assert r.support == {
        "F1": None,
        "W-arches-1": "F1",
        "W-arches-2": "F1",
        f2: "F1",
        "W-windows-1": f2,
        "W-windows-2": f2,
        f3: f2,
    }
    assert r.debris == frozenset()


def test_a_wall_fallen_onto_another_fallen_piece_is_debris(world: TowerWorld) -> None:
    Builder(world).wall("bricks", -3, -3, 45)
    pieces = world.pieces()
    poses = world.poses()
    flat = {"kind": "wall", "type": "windows", "fold": 180.0}
    pieces["W-windows-1"] = dict(flat)
    pieces["W-windows-2"] = dict(flat)
    # a flat wall lying on the table beside the tower, and another lying across it
    poses["W-windows-1"] = [15.0, 0.0, 0.05, *_quat_about_y(90)]
    poses["W-windows-2"] = [14.0, 0.5, 0.3, *_quat_about_y(90)]
    world.restore(pieces, poses)
    world.settle()
    r = world.read()
    assert world.poses()["W-windows-2"][2] > 0.1  # it lies on the other wall, not on the table
    assert r.debris == frozenset({"W-windows-1", "W-windows-2"})
    assert r.support["W-windows-2"] is None
    assert r.support["W-bricks-1"] == "F1"


def test_a_floor_fallen_from_the_tower_is_debris_with_what_it_carried() -> None:
    world = TowerWorld()
    b = Builder(world)
    b.wall("bricks", -3, -3, 45)
    b.wall("bricks", 3, 3, -135)
    f2 = b.floor(5.0, 0.0)  # far off centre: it slides off and falls
    world.hold(1.0)
    r = world.read()
    assert f2 in r.debris
    assert r.top_floor == "F1"
    assert r.floor_levels == {"F1": 1}
    assert "W-bricks-1" not in r.debris  # still standing on F1


def test_a_cat_lying_down_is_not_upright(world: TowerWorld) -> None:
    pieces = world.pieces()
    poses = world.poses()
    pieces["C-purple-1"] = {"kind": "cat", "colour": "purple"}
    poses["C-purple-1"] = [1.0, 1.0, 0.2 + 0.5, *_quat_about_y(90)]  # on its side on F1
    world.restore(pieces, poses)
    world.settle()
    r = world.read()
    assert r.upright["C-purple-1"] is False
    assert r.support["C-purple-1"] == "F1"


def test_a_cat_stack_that_reaches_the_floor_above_is_still_on_top(world: TowerWorld) -> None:
    b = Builder(world)
    b.wall("bricks", -3.0, -3.0, 45.0)  # 4.0 cm walls on F1: two 2 cm cats fill the storey
    b.wall("bricks", 3.0, 3.0, -135.0)
    world.place_cat("C-purple-3", "F1", 1.0, -1.0, 0)
    world.settle()
    world.place_cat("C-purple-4", "F1", 1.0, -1.0, 0, on="C-purple-3")
    world.settle()
    b.floor()  # laid on the walls and the stack (a stack under a laid floor has no room: see test_landing)
    r = world.read()
    assert frozenset({"C-purple-4", "F2"}) in r.contacts  # snug under the floor above
    assert r.on_top == {"C-purple-4": "C-purple-3"}
    assert r.support["C-purple-4"] == "F1"
