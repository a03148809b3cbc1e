"""No piece passes through another: a placement lands where it is aimed, or the world refuses it
(``Blocked``) and nothing changes. The old world lifted a piece let go inside another on top of it,
which could carry it through the floor above (a cat on a cat under a bricks storey ended on the floor
above 4 times in 8)."""

from __future__ import annotations

import pytest

from cattable.games.tower.physics import Blocked, TowerWorld
from cattable.games.tower.physics.hand import noise
from cattable.games.tower.physics.scenes import Builder
from tests.tower.physics.conftest import seeded

pytestmark = pytest.mark.physics


def _two_storeys(lower: str, seed: int = 0) -> tuple[TowerWorld, str]:
    """F2 under a storey of `lower` walls (the ceiling over F2 is that wall's height), a cat on F2."""
    world = TowerWorld()
    b = Builder(world, "careful", seeded(seed))
    f2 = b.storey(("bricks", "bricks"))
    b.storey((lower, lower))
    world.place_cat("C-blue-1", f2, 0.0, 0.0, 0.0)
    world.settle()
    return world, f2


def _hand(world: TowerWorld, piece: str, seed: int) -> None:
    n = noise("careful", seeded(seed))
    world.nudge(piece, n["dx"], n["dy"], n["dz"], n["droll"], n["dpitch"], n["dyaw"])
    world.settle()


def test_a_cat_on_a_cat_under_a_low_ceiling_is_refused_and_nothing_changes() -> None:
    # F2's walls... the storey over F2 stands on bricks (4.0 cm): 2 + 2 cm of cats leave no room
    world, f2 = _two_storeys("bricks")
    before = world.poses()
    with pytest.raises(Blocked, match="no room") as caught:
        world.place_cat("C-blue-2", f2, 0.0, 0.0, 0.0, on="C-blue-1")
    assert caught.value.from_above and caught.value.obstacle == "F3"
    assert "C-blue-2" not in world.active
    assert world.poses() == before


@pytest.mark.parametrize("seed", range(4))
def test_a_cat_on_a_cat_under_a_ceiling_with_room_lands_on_the_floor_asked(seed: int) -> None:
    # windows (4.3 cm) leave 3 mm: a careful hand (released up to 1.5 mm high) never lifts it through F3
    world, f2 = _two_storeys("windows", seed)
    world.place_cat("C-blue-2", f2, 0.0, 0.0, 0.0, on="C-blue-1")
    _hand(world, "C-blue-2", 100 + seed)
    r = world.read()
    assert r.support["C-blue-2"] == f2 and r.on_top["C-blue-2"] == "C-blue-1"
    assert world.poses()["C-blue-2"][2] < world.poses()["F3"][2]


def test_a_wall_aimed_into_a_wall_is_refused() -> None:
    world = TowerWorld()
    Builder(world).wall("bricks", -3.0, -3.0, 45.0)
    before = world.poses()
    with pytest.raises(Blocked, match="inside W-bricks-1"):
        world.place_wall("W-windows-1", -2.5, -3.0, 45.0, 90.0)
    assert world.poses() == before and "W-windows-1" not in world.folds


def test_a_wall_aimed_where_a_cat_stands_is_refused() -> None:
    world = TowerWorld()
    world.place_cat("C-orange-2", "F1", 0.0, 0.0, 0.0)
    world.settle()
    with pytest.raises(Blocked, match="C-orange-2"):
        world.place_wall("W-windows-3", -0.5, 0.0, 0.0, 90.0)
    world.settle()
    assert world.active == {"F1", "C-orange-2"} and world.instabilities == 0


def test_a_cat_aimed_into_a_wall_is_refused() -> None:
    world = TowerWorld()
    Builder(world).wall("bricks", -3.0, -3.0, 45.0)  # panels along x = -3 and y = -3
    with pytest.raises(Blocked, match="W-bricks-1"):
        world.place_cat("C-blue-1", "F1", -3.0, -1.5, 0.0)


def test_a_slip_of_the_hand_stops_against_a_wall_instead_of_passing_into_it() -> None:
    world = TowerWorld()
    Builder(world).wall("bricks", -3.0, -3.0, 45.0)  # a panel from (-3, -3) to (-3, 0), 1 mm thick
    world.place_cat("C-blue-1", "F1", -2.2, -1.5, 90.0)  # its side at x = -2.7, 2.5 mm from the panel
    world.nudge("C-blue-1", -0.5, 0.0, 0.0, 0.0, 0.0, 0.0)  # 5 mm towards it: 2.5 mm into a 1 mm card
    face = world.poses()["C-blue-1"][0] - 0.5
    assert -2.95 - 0.051 < face < -2.9  # stopped against the panel's face (at most half a card into it)
    world.settle()
    r = world.read()
    assert r.support["C-blue-1"] == "F1" and r.upright["C-blue-1"]
    assert world.poses()["C-blue-1"][2] < 1.25  # standing on F1 (its top at 0.2 cm), not on the wall


def test_a_slip_upwards_under_a_ceiling_never_lifts_a_cat_into_it() -> None:
    world, f2 = _two_storeys("windows")
    world.place_cat("C-blue-2", f2, 0.0, 0.0, 0.0, on="C-blue-1")
    world.nudge("C-blue-2", 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)  # a hand letting go 1 cm higher: only 3 mm fit
    world.settle()
    r = world.read()
    assert r.support["C-blue-2"] == f2 and r.on_top["C-blue-2"] == "C-blue-1"
