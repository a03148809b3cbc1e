"""Putting a fallen piece back never puts it inside another, and a solver blow-up is undone a bounded number
of times (issue #31). The scene is seed 22's: F2 fell into the place of a wall the rules then put back."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.reading import deepest_overlap

pytestmark = pytest.mark.physics

WEDGE = Path(__file__).parent.parent / "data" / "put-back-wedge.json"


def wedge() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(WEDGE.read_text(encoding="utf-8"))
    return data


def test_restoring_the_old_pose_blindly_wedges_the_wall_20_mm_into_the_floor_that_fell_there() -> None:
    """What the rules used to do: the scene the other tests start from."""
    d = wedge()
    w = TowerWorld()
    w.restore(d["pieces"], {**d["poses"], **d["before"]})
    depth, *pair = deepest_overlap(w)
    assert depth > 0.015 and set(pair) == {"F2", "W-bricks-1"}


def test_a_settle_undoes_a_blow_up_a_bounded_number_of_times_and_ends_at_rest() -> None:
    """Before, the wedge blew up again from the same poses after every undo: 200 times, the whole 2 s
    settle undone 10 ms at a time. Now the run ends after ``settle.recoveries`` undos, at rest."""
    d = wedge()
    w = TowerWorld()
    w.restore(d["pieces"], {**d["poses"], **d["before"]})
    most = int(w.settings["settle"]["recoveries"])
    steps = w.steps
    w.settle()
    assert 1 <= w.instabilities <= most
    assert w.steps - steps <= most * int(w.settings["settle"]["check_every"])
    assert w.cut_short == 1
    assert all(math.isfinite(v) for pose in w.poses().values() for v in pose)


def test_a_piece_is_put_back_at_the_nearest_pose_inside_nothing_or_left_where_it_lies() -> None:
    """W-windows-1's old place touches the fallen F2: it goes back half a millimetre aside. F2 lies where
    W-bricks-1 stood: within the reach of a centimetre there is no room, so it stays where it fell."""
    d = wedge()
    w = TowerWorld()
    w.restore(d["pieces"], d["poses"])
    lying = w.poses()["W-bricks-1"]
    assert w.put_back(d["before"]) == ["W-bricks-1"]
    assert w.poses()["W-bricks-1"] == pytest.approx(lying, abs=1e-9)
    limit = float(w.settings["put_back"]["overlap"]) / 100
    assert deepest_overlap(w)[0] <= limit + 1e-6
    reach = float(w.settings["put_back"]["reach"])
    now, old = w.poses()["W-windows-1"], d["before"]["W-windows-1"]
    assert 0.0 < math.dist(now[:3], old[:3]) <= reach + 1e-6
    assert now[3:] == pytest.approx(old[3:], abs=1e-6)  # turned as it stood
    w.settle()
    assert w.instabilities == 0
    assert max(math.hypot(*pose[:2]) for pose in w.poses().values()) < 20.0


def test_a_longer_reach_finds_the_nearest_room_above_the_floor_that_fell() -> None:
    d = wedge()
    w = TowerWorld({"put_back": {"reach": 5.0}})
    w.restore(d["pieces"], d["poses"])
    assert w.put_back(d["before"]) == []
    assert deepest_overlap(w)[0] <= float(w.settings["put_back"]["overlap"]) / 100 + 1e-6
    x, y, z = w.poses()["W-bricks-1"][:3]
    old = d["before"]["W-bricks-1"]
    assert (x, y) == pytest.approx(old[:2], abs=1e-6) and 1.0 < z - old[2] <= 5.0  # lifted straight up


def test_a_piece_whose_old_pose_is_free_goes_back_exactly_there() -> None:
    w = TowerWorld()
    w.place_wall("W-bricks-1", 3.0, 3.0, 225.0, 90.0)
    w.settle()
    stood = w.poses()["W-bricks-1"]
    w.restore(w.pieces(), {**w.poses(), "W-bricks-1": [3.0, 3.0, 8.0, 0.7071, 0.7071, 0.0, 0.0]})
    assert w.put_back({"W-bricks-1": stood}) == []
    assert w.poses()["W-bricks-1"] == pytest.approx(stood, abs=1e-6)


def test_a_piece_with_no_room_at_all_is_left_where_it_lies() -> None:
    d = wedge()
    w = TowerWorld({"put_back": {"reach": 0.0}})
    w.restore(d["pieces"], d["poses"])
    lying = w.poses()
    assert w.put_back(d["before"]) == ["W-bricks-1", "W-windows-1"]
    for p, pose in w.poses().items():
        assert pose == pytest.approx(lying[p], abs=1e-9)
