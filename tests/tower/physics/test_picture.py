"""Offscreen pictures: a PNG of the tower from a world or from a record."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import mujoco
import numpy as np
import pytest

from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.scenes import Builder

pytestmark = pytest.mark.physics


def _decode(path: Path) -> np.ndarray:
    """Read back an 8-bit RGB PNG written by render_png (one IDAT chunk, no filters)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    height = int.from_bytes(data[20:24], "big")
    start = data.index(b"IDAT") + 4
    size = int.from_bytes(data[start - 8 : start - 4], "big")
    raw = zlib.decompress(data[start : start + size])
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(height, 1 + 3 * width)
    return rows[:, 1:].reshape(height, width, 3)


def test_render_png_draws_the_tower(tmp_path: Path) -> None:
    from cattable.games.tower.physics import picture

    world = TowerWorld()
    f2 = Builder(world).storey(("bricks", "bricks"))
    world.place_cat("C-blue-1", f2, 0, 0, 0)
    world.settle()
    try:
        out = picture.render_png(world, tmp_path / "tower.png", width=120, height=160)
    except Exception as error:  # no OpenGL at all on this machine
        pytest.skip(f"offscreen OpenGL unavailable: {error}")
    image = _decode(out)
    assert image.shape == (160, 120, 3)
    assert image.std() > 10  # a picture, not a blank frame
    blue = (image[:, :, 2].astype(int) - image[:, :, 0]) > 60
    assert blue.any()  # the blue cat is in view

    again = picture.render_png((world.pieces(), world.poses()), tmp_path / "again.png", 120, 160)
    assert np.abs(_decode(again).astype(int) - image).mean() < 2  # the record draws the same tower


def _looks(world: TowerWorld, piece: str) -> list[tuple[int, np.ndarray]]:
    """(geom type, rgba) of each visual-only geom of a piece in a decorated world."""
    return [(int(world.model.geom_type[g]), np.array(world.model.geom_rgba[g])) for g in world.looks[piece]]


def test_toto_is_a_black_cat_and_the_black_cats_wear_their_scarves() -> None:
    world = TowerWorld(decorated=True)
    fur = [rgba for _t, rgba in _looks(world, "toto")]
    assert sum(1 for c in fur if c[:3].max() < 0.15) >= 5  # body, haunches, head, tail, ears: black
    red = [c for _t, c in _looks(world, "B-red") if c[0] > 0.7 and c[1] < 0.3 and c[2] < 0.3]
    blue = [c for _t, c in _looks(world, "B-blue") if c[2] > 0.7 and c[0] < 0.3]
    assert red and blue
    assert world.geoms["toto"] != world.looks["toto"]  # the collision box is kept apart
    assert float(world.model.geom_rgba[world.geoms["toto"][0]][3]) == 0.0  # and drawn see-through


def test_cats_have_a_head_and_ears_floors_their_number_walls_their_pattern() -> None:
    world = TowerWorld(decorated=True)
    kinds = [t for t, _c in _looks(world, "C-blue-1")]
    assert int(mujoco.mjtGeom.mjGEOM_SPHERE) in kinds and kinds.count(int(mujoco.mjtGeom.mjGEOM_BOX)) >= 2
    assert len(world.looks["F1"]) == 2 and len(world.looks["F12"]) == 2 + 5  # "1" and "12" in seven segments
    patterns = {t: len(world.looks[f"W-{t}-1"]) for t in ("bricks", "windows", "arches", "angels", "pillars")}
    assert len(set(patterns.values())) == 5, patterns  # five different patterns
    world.place_wall("W-arches-1", 0.0, 0.0, 0.0, 60.0)
    tip = world.model.geom_pos[world.looks["W-arches-1"][1]]
    assert abs(np.degrees(np.arctan2(tip[1], tip[0]))) == pytest.approx(30.0, abs=0.1)  # follows the fold


def test_the_picture_frames_the_tower_and_has_no_black_void() -> None:
    from cattable.games.tower.physics import picture

    world = TowerWorld()
    Builder(world).tower([("bricks", "bricks")] * 4)
    try:
        decorated = picture._world_of(world)
        renderer = mujoco.Renderer(decorated.model, height=160, width=120)
    except Exception as error:  # no OpenGL at all on this machine
        pytest.skip(f"offscreen OpenGL unavailable: {error}")
    try:
        mujoco.mj_forward(decorated.model, decorated.data)
        renderer.update_scene(decorated.data, camera=picture._camera(decorated, 120, 160))
        image = renderer.render()
        renderer.enable_segmentation_rendering()
        ids = renderer.render()[:, :, 0]
    finally:
        renderer.close()
    pieces = {g for p in decorated.active for g in decorated.geoms[p] + decorated.looks[p]}
    mask = np.isin(ids, sorted(pieces))
    rows = np.nonzero(mask.any(axis=1))[0]
    assert (rows[-1] - rows[0]) / 160 > 0.7  # the tower fills most of the picture's height
    assert (image.max(axis=2) < 20).mean() < 0.01  # a sky, not a black void


def test_a_collapse_is_drawn_with_the_debris_of_its_last_placement() -> None:
    from types import SimpleNamespace

    from cattable.interfaces.terminal.drawings.tower import with_debris

    table: dict[str, Any] = {"pieces": {"F1": {"kind": "floor"}}, "poses": {"F1": [0.0, 0, 0.1, 1, 0, 0, 0]}}
    old_fall = {
        "pieces": {"W-bricks-9": {"kind": "wall"}},
        "poses": {"W-bricks-9": [30.0, 0, 0.2, 1, 0, 0, 0]},
        "reading": {"debris": ["W-bricks-9"]},
    }
    collapse = {
        "pieces": {"F1": {"kind": "floor"}, "W-bricks-1": {"kind": "wall"}, "toto": {"kind": "toto"}},
        "poses": {p: [5.0, 5.0, 0.2, 1, 0, 0, 0] for p in ("F1", "W-bricks-1", "toto")},
        "reading": {"debris": ["W-bricks-1", "toto"]},
    }
    stand: dict[str, Any] = {"pieces": {}, "poses": {}, "reading": {"debris": []}}
    table["pieces"]["toto"] = {"kind": "toto"}
    table["poses"]["toto"] = [0.0, 0.0, 1.4, 1, 0, 0, 0]  # stood back on F1 after the fall
    state = SimpleNamespace(
        table=SimpleNamespace(outcome=table), chance=SimpleNamespace(log=[old_fall, 0.3, collapse, stand])
    )
    pieces, poses = with_debris(state)
    assert set(pieces) == {"F1", "toto", "W-bricks-1"}  # the last placement's fallen wall, not an older one
    assert poses["W-bricks-1"][0] == 5.0 and poses["toto"][2] == 1.4  # Toto drawn where he stands now
