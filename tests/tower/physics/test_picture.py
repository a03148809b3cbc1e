"""Offscreen pictures: a PNG of the tower from a world or from a record."""

from __future__ import annotations

import zlib
from pathlib import Path

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
