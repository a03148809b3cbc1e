"""The world's contract: pieces, placement, records, copies and determinism."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from cattable.games.tower.physics import Blocked, TowerWorld
from cattable.games.tower.physics.scenes import Builder
from tests.tower.physics.conftest import seeded as _draw

pytestmark = pytest.mark.physics


def test_every_piece_exists_and_only_f1_starts_on_the_table(world: TowerWorld) -> None:
    kinds = [s.kind for s in world.specs.values()]
    assert kinds.count("floor") == 24
    assert kinds.count("wall") == 54
    assert kinds.count("cat") == 16
    assert kinds.count("toto") == 1
    assert kinds.count("black") == 5
    assert {"W-pillars-6", "W-bricks-12", "C-orange-4", "B-yellow", "toto"} <= set(world.specs)
    assert "W-pillars-7" not in world.specs
    assert list(world.poses()) == ["F1"]
    x, y, z, qw, *_ = world.poses()["F1"]
    assert (abs(x), abs(y)) < (1e-6, 1e-6)
    assert z == pytest.approx(0.1, abs=0.01)  # half of the 2 mm tile, resting on the table
    assert qw == pytest.approx(1.0)
    assert world.pieces() == {"F1": {"kind": "floor"}}


def test_a_wall_stands_on_the_top_floor_with_its_fold(world: TowerWorld) -> None:
    world.place_wall("W-arches-3", -3, -3, 45, 100)
    world.settle()
    facts = world.pieces()["W-arches-3"]
    assert facts == {"kind": "wall", "type": "arches", "fold": 100.0}
    x, y, z = world.poses()["W-arches-3"][:3]
    assert x == pytest.approx(-3, abs=0.01) and y == pytest.approx(-3, abs=0.01)
    assert z == pytest.approx(0.2, abs=0.01)  # the crease's foot on F1's top
    assert world.read().support["W-arches-3"] == "F1"


def test_placing_errors_name_the_problem(world: TowerWorld) -> None:
    with pytest.raises(ValueError, match="not a wall"):
        world.place_wall("F2", 0, 0, 0, 90)
    with pytest.raises(ValueError, match="not a wall"):
        world.place_wall("W-pillars-7", 0, 0, 0, 90)
    world.place_wall("W-bricks-1", -3, -3, 45, 90)
    with pytest.raises(ValueError, match="already on the table"):
        world.place_wall("W-bricks-1", 3, 3, -135, 90)
    with pytest.raises(ValueError, match="not a floor"):
        world.place_cat("toto", "F9", 0, 0, 0)
    with pytest.raises(ValueError, match="not a cat"):
        world.place_cat("toto", "F1", 0, 0, 0, on="C-blue-1")
    with pytest.raises(ValueError, match="never leaves"):
        world.remove("F1")


def test_same_calls_give_the_same_world() -> None:
    def build() -> dict[str, list[float]]:
        w = TowerWorld()
        Builder(w, 1.0, _draw(7)).storey(("bricks", "bricks"))
        return w.poses()

    assert build() == build()


def test_restore_rebuilds_a_world_from_its_record() -> None:
    w = TowerWorld()
    b = Builder(w, 1.0, _draw(3))
    f2 = b.storey(("windows", "windows"), fold=80)
    w.place_cat("toto", f2, 0, 0, 0)
    w.settle()
    pieces, poses = w.pieces(), w.poses()
    other = TowerWorld()
    other.place_cat("C-blue-1", "F1", 2, 2, 0)  # something the record does not have
    other.restore(pieces, poses)
    assert other.pieces() == pieces
    for pid, pose in other.poses().items():
        assert pose == pytest.approx(poses[pid], abs=1e-9)
    assert other.read().support == w.read().support
    other.hold(1.0)
    assert max(other.read().moved.values()) < 0.05  # restored at rest: nothing jumps


def test_clone_is_independent(world: TowerWorld) -> None:
    Builder(world).storey(("angels", "angels"))
    copy = world.clone()
    copy.place_cat("C-yellow-1", "F2", 0, 0, 0)
    copy.settle()
    copy.remove("W-angels-1")
    copy.settle()
    assert "C-yellow-1" not in world.pieces()
    assert world.read().top_floor == "F2"
    assert copy.read().top_floor != "F2" or "W-angels-1" not in copy.pieces()
    assert world.pieces()["W-angels-1"]["fold"] == 90.0
    g = world.geoms["W-angels-2"][0]
    before = world.model.geom_pos[g].copy()
    copy.set_fold("W-angels-2", 170.0)  # folds live in the model: the copy has its own
    assert (world.model.geom_pos[g] == before).all()


def test_a_copy_behaves_exactly_like_the_original(world: TowerWorld) -> None:
    Builder(world, 1.0, _draw(4)).storey(("pillars", "pillars"))
    copy = world.clone()
    for w in (world, copy):
        w.place_wall("W-bricks-5", -2.5, -3, 40, 85)
        w.nudge("W-bricks-5", 0.1, 0, 0.05, 0.3, -0.2, 1)
        w.settle()
    assert copy.poses() == world.poses()


def test_remove_parks_a_piece_back_in_the_stock(world: TowerWorld) -> None:
    world.place_cat("C-purple-2", "F1", 1, 1, 0)
    world.settle()
    world.remove("C-purple-2")
    assert "C-purple-2" not in world.poses()
    world.place_cat("C-purple-2", "F1", -1, -1, 0)  # and it can be placed again
    world.settle()
    assert world.poses()["C-purple-2"][0] == pytest.approx(-1, abs=0.01)


def test_nudge_moves_the_piece_just_placed(world: TowerWorld) -> None:
    world.place_cat("C-orange-1", "F1", 0, 0, 0)
    world.nudge("C-orange-1", 0.2, -0.1, 0.05, 0, 0, 10)
    world.settle()
    x, y, _z, qw, _qx, _qy, qz = world.poses()["C-orange-1"]
    assert x == pytest.approx(0.2, abs=0.02) and y == pytest.approx(-0.1, abs=0.02)
    assert math.degrees(2 * math.atan2(qz, qw)) == pytest.approx(10, abs=0.5)


def test_a_light_pet_leaves_a_cat_standing_and_a_hard_one_knocks_it_over() -> None:
    for push, stands in ((2.0, True), (60.0, False)):
        w = TowerWorld()
        w.place_cat("C-blue-2", "F1", 0, 0, 0)
        w.settle()
        w.pet("C-blue-2", -1.0, 0.0, 1.9, push)  # at the cat's head, pushing along +x
        w.settle()
        assert w.read().upright["C-blue-2"] is stands
        assert w.poses()["C-blue-2"][0] > 0.0  # it went the way it was pushed


def test_a_numerical_blow_up_is_undone_instead_of_resetting_the_table(world: TowerWorld) -> None:
    world.place_cat("C-yellow-4", "F1", 1, 1, 0)
    world.settle()
    before = world.poses()
    world.data.qvel[world.vadr["C-yellow-4"]] = float("nan")  # what a solver blow-up leaves behind
    world.settle()
    assert world.instabilities == 1
    after = world.poses()
    assert set(after) == set(before)  # MuJoCo's auto-reset would have parked everything
    assert after["C-yellow-4"] == pytest.approx(before["C-yellow-4"], abs=1e-3)


def test_a_piece_let_go_inside_another_is_refused(world: TowerWorld) -> None:
    world.place_cat("C-orange-2", "F1", 0, 0, 0)
    world.settle()
    with pytest.raises(Blocked, match="C-orange-2"):
        world.place_wall("W-windows-3", -0.5, 0, 0, 90)  # right where the cat stands
    assert "W-windows-3" not in world.active
    world.settle()
    assert world.instabilities == 0
    assert "C-orange-2" in world.read().support


def test_a_reading_is_reused_only_until_the_world_changes(world: TowerWorld) -> None:
    first = world.read()
    assert world.read() is first
    world.place_cat("C-yellow-3", "F1", 2, 2, 0)
    assert "C-yellow-3" in world.read().upright
    world.settle()
    settled = world.read()
    assert settled.support["C-yellow-3"] == "F1"
    assert world.read(fresh=True) == settled


def test_nudging_a_piece_at_rest_wakes_it(world: TowerWorld) -> None:
    world.place_cat("C-blue-3", "F1", 0, 0, 0)
    world.settle()
    world.hold(1.0)  # asleep by now
    world.nudge("C-blue-3", 0, 0, 1.0, 0, 0, 0)  # lifted 1 cm: it must fall back
    world.settle()
    assert world.poses()["C-blue-3"][2] == pytest.approx(1.2, abs=0.01)


def test_wall_heights_differ_by_a_few_millimetres_in_the_rulebook_order(world: TowerWorld) -> None:
    heights = world.settings["wall"]["heights"]
    order = ["bricks", "windows", "arches", "angels", "pillars"]
    steps = [heights[b] - heights[a] for a, b in pairwise(order)]
    assert all(0.1 <= step <= 0.5 for step in steps)  # cm
    for section, facts in world.settings.items():
        if isinstance(facts, dict) and not section.startswith("_"):
            assert facts.get("why"), f"pieces.json section {section} gives no reason"
