"""Scenes built for the purpose: good towers stand still, bad ones fall.

Hand noise at the "careful" level (1.5 mm, 2 deg yaw, 0.5 deg tilt, 0.3-1.5 mm release) unless said.
"""

from __future__ import annotations

import pytest

from cattable.games.tower.physics import Blocked, TowerWorld
from cattable.games.tower.physics.scenes import SAME_TYPE_PAIRS, Builder
from tests.tower.physics.conftest import seeded

pytestmark = pytest.mark.physics


@pytest.mark.slow
def test_a_well_built_ten_storey_tower_stands_sixty_seconds_without_moving() -> None:
    world = TowerWorld()
    floors = Builder(world, "careful", seeded(2026)).tower(SAME_TYPE_PAIRS)
    r = world.read()
    assert floors == [f"F{k}" for k in range(2, 12)]
    assert r.top_floor == "F11" and r.debris == frozenset()
    world.hold(60.0)
    r = world.read()
    assert r.debris == frozenset()
    assert r.floor_levels["F11"] == 11
    worst = max(r.moved, key=r.moved.__getitem__)
    assert r.moved[worst] < 1.0, f"{worst} moved {r.moved[worst]:.3f} mm in 60 s"


@pytest.mark.slow
def test_the_tower_does_not_creep_even_with_sleeping_switched_off() -> None:
    # sleeping freezes islands at rest; without it the contacts alone must hold the tower still
    world = TowerWorld({"solver": {"sleep": False}})
    Builder(world, "careful", seeded(2026)).tower(SAME_TYPE_PAIRS)
    assert world.read().top_floor == "F11"
    world.hold(10.0)
    r = world.read()
    assert r.debris == frozenset()
    assert max(r.moved.values()) < 0.1  # measured: 0.003 mm per 10 s, the same over 60 s


@pytest.mark.slow
def test_bricks_and_pillars_under_one_floor_bring_the_tower_down() -> None:
    fell = 0
    for seed in range(3):
        world = TowerWorld()
        b = Builder(world, "careful", seeded(seed))
        b.storey(("bricks", "pillars"))  # 12 mm apart: the floor leans about 11 degrees
        for _ in range(3):
            b.storey(("windows", "windows"))
            if world.read().debris:
                break
        world.hold(2.0)
        fell += bool(world.read().debris)
    assert fell >= 2  # measured: 3 of 3 fall within three storeys


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_mixed_pairs_of_near_heights_stand_with_care(seed: int) -> None:
    world = TowerWorld()
    b = Builder(world, "careful", seeded(seed))
    pairs = [("bricks", "windows"), ("arches", "windows"), ("arches", "angels"), ("pillars", "angels")]
    floors = b.tower(pairs)  # each 3 mm apart, the taller wall alternating corners
    world.hold(5.0)
    r = world.read()
    assert r.debris == frozenset() and r.top_floor == floors[-1] == "F5"
    assert max(r.moved.values()) < 1.0


@pytest.mark.slow
def test_barely_folded_walls_fall_where_right_angles_stand() -> None:
    # the same careful hands build with walls folded 175 and 90 degrees
    fell = {175.0: 0, 90.0: 0}
    for fold in fell:
        for seed in range(4):
            world = TowerWorld()
            Builder(world, "careful", seeded(300 + seed)).tower(SAME_TYPE_PAIRS, fold=fold)
            world.hold(2.0)
            r = world.read()
            toppled = [p for p, lean in r.tilt.items() if p.startswith("W-") and lean > 45.0]
            fell[fold] += bool(r.debris or toppled)
    # measured: 4 of 4 towers at 175 degrees fall by storey 4 (walls topple, the floor on them comes down
    # onto the one below; the next wall has nowhere to stand and the world refuses it)
    assert fell[175.0] >= 3, fell
    assert fell[90.0] == 0, fell


def test_a_floor_far_off_centre_falls_and_a_small_offset_stands() -> None:
    for offset, falls in ((4.0, True), (1.0, False)):
        world = TowerWorld()
        b = Builder(world)
        b.wall("bricks", -3, -3, 45)
        b.wall("bricks", 3, 3, -135)
        f2 = b.floor(offset, 0.0)
        world.hold(1.0)
        r = world.read()
        assert (f2 in r.debris) is falls
        assert r.top_floor == ("F1" if falls else f2)


def test_a_heap_of_cats_on_one_edge_tips_the_floor() -> None:
    spots = [(-3.7, 3.7), (-3.7, 2.5), (-2.1, 3.7)]  # the corner away from both walls
    cats = [f"C-{colour}-{k}" for colour in ("yellow", "blue") for k in (1, 2, 3, 4)]
    for count, tips in ((3, False), (8, True)):  # measured: 5 stand, 6 and more tip
        world = TowerWorld()
        f2 = Builder(world).storey(("angels", "angels"))
        for i, cat in enumerate(cats[:count]):
            x, y = spots[i % 3]
            try:
                world.place_cat(cat, f2, x, y, 0, on=cats[i - 3] if i >= 3 else None)
            except Blocked:  # the floor has tipped: the stack it was aimed at lies on the table
                assert i >= 6
                break
            world.settle()
        world.hold(1.0)
        r = world.read()
        assert (f2 in r.floor_levels) is not tips
        assert r.top_floor == ("F1" if tips else f2)
        assert len(r.debris & set(cats)) >= (3 if tips else 0)
        assert bool(r.debris) is tips
        assert "W-angels-1" not in r.debris  # the walls under it stay standing on F1


@pytest.mark.slow
def test_a_wobbly_hand_brings_ten_storeys_down() -> None:
    fell = 0
    for seed in range(3):
        world = TowerWorld()
        Builder(world, "wobbly", seeded(100 + seed)).tower(SAME_TYPE_PAIRS)
        world.hold(2.0)
        fell += bool(world.read().debris)
    assert fell >= 2  # measured: 5 of 6 towers fall at 4 times the careful noise


def test_a_lone_wall_barely_folded_often_topples_and_a_right_angle_never() -> None:
    toppled = {179.0: 0, 90.0: 0}
    for fold in toppled:
        for seed in range(10):
            world = TowerWorld()
            Builder(world, "careful", seeded(seed)).wall("bricks", -3, -3, 45, fold)
            world.hold(1.0)
            toppled[fold] += world.read().tilt["W-bricks-1"] > 45
    assert toppled[179.0] >= 2, toppled  # measured: 3 in 10 (a base 1.3 mm wide under 4 cm of card)
    assert toppled[90.0] == 0, toppled
