"""Offscreen pictures of the tower with MuJoCo's renderer (no GPU needed).

Pictures are drawn on a decorated copy of the world (``looks.py``: cats with heads and ears, numbered
floors, patterned walls), framed on what lies on the table: the tower and its debris.

EGL with Mesa's software renderer works headless (Debian packages libegl1, libegl-mesa0, libopengl0,
libgl1-mesa-dri); `MUJOCO_GL=osmesa` needs libosmesa6 instead. The environment variables are set
here before MuJoCo first opens a GL context, unless the caller chose already.
"""

from __future__ import annotations

import math
import os
import struct
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

import mujoco

from .model import settings_default, wall_heights_settings
from .reading import geom_boxes
from .world import TowerWorld

Record = tuple[dict[str, dict[str, Any]], dict[str, list[float]]]
Walls = Mapping[str, float]
"""Wall heights by type, cm, where a game changes them (its ``walls.*`` data); the rest are shipped."""

_DECORATED: dict[tuple[tuple[str, float], ...], TowerWorld] = {}


def _changed(walls: Walls | None) -> tuple[tuple[str, float], ...]:
    """The heights that differ from the shipped ones, sorted: one decorated template per such set."""
    shipped = settings_default()["wall"]["heights"]
    return tuple(sorted((t, float(h)) for t, h in (walls or {}).items() if float(h) != float(shipped[t])))


def _world_of(source: TowerWorld | Record, walls: Walls | None = None) -> TowerWorld:
    """A decorated world (the pieces' looks: ``looks.py``) holding the source's pieces at their poses, with
    the source world's wall heights (or ``walls``): a record of a game with taller bricks is drawn with
    them, not with the shipped walls (its floors would float or sink into them)."""
    if isinstance(source, TowerWorld):
        pieces, poses = source.pieces(), source.poses()
        walls = source.settings["wall"]["heights"]
    else:
        pieces, poses = source
    key = _changed(walls)
    if key not in _DECORATED:
        _DECORATED[key] = TowerWorld(wall_heights_settings(dict(key)) if key else None, decorated=True)
    world = _DECORATED[key].clone()
    world.restore(pieces, poses)
    return world


def _camera(world: TowerWorld, width: int, height: int) -> Any:
    """A camera three-quarters from the front, framing every piece on the table (the tower and its
    debris; pieces fallen to the room's floor are out of the picture) with a small margin."""
    mujoco.mj_kinematics(world.model, world.data)
    on_table = [p for p in world.order if p in world.active]
    _geoms, _owners, boxes = geom_boxes(world, on_table)
    keep = boxes[:, 1, 2] > -0.01
    lo = boxes[keep, 0, :].min(axis=0)
    hi = boxes[keep, 1, :].max(axis=0)
    lo[2] = min(float(lo[2]), 0.0)
    cam = mujoco.MjvCamera()
    cam.type = mujoco.mjtCamera.mjCAMERA_FREE
    cam.azimuth = 120.0
    cam.elevation = -20.0
    centre = (lo + hi) / 2
    cam.lookat[:] = centre
    fovy = math.radians(float(world.model.vis.global_.fovy))
    aspect = width / height
    # the box's extent as the camera sees it: across (horizontal) and up the picture
    az, el = math.radians(cam.azimuth), math.radians(cam.elevation)
    right = np.array([math.sin(az), -math.cos(az), 0.0])
    up = np.array([-math.sin(el) * math.cos(az), -math.sin(el) * math.sin(az), math.cos(el)])
    corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]) - centre
    span_w = float(np.ptp(corners @ right)) * 1.06
    span_h = float(np.ptp(corners @ up)) * 1.06
    need = max(span_h / (2 * math.tan(fovy / 2)), span_w / (2 * math.tan(fovy / 2) * aspect))
    forward = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
    cam.distance = max(0.12, need + float(np.ptp(corners @ forward)) / 3)
    return cam


def render_array(
    source: TowerWorld | Record, width: int = 960, height: int = 1280, walls: Walls | None = None
) -> np.ndarray:
    """The tower as an RGB array (height x width x 3, uint8); ``walls``: a record's changed wall heights."""
    world = _world_of(source, walls)
    mujoco.mj_forward(world.model, world.data)
    renderer = mujoco.Renderer(world.model, height=height, width=width)
    try:
        renderer.update_scene(world.data, camera=_camera(world, width, height))
        image: np.ndarray = renderer.render().copy()
    finally:
        renderer.close()
    return image


def render_png(
    world_or_pieces_and_poses: TowerWorld | Record,
    out_path: str | Path,
    width: int = 960,
    height: int = 1280,
    walls: Walls | None = None,
) -> Path:
    """Draw the tower to a PNG file; accepts a world or a (pieces(), poses()) record (with ``walls``, the
    wall heights its game changed)."""
    image = render_array(world_or_pieces_and_poses, width, height, walls)
    path = Path(out_path)
    path.write_bytes(_png_bytes(image))
    return path


def _png_bytes(image: np.ndarray) -> bytes:
    """Encode an RGB uint8 array as PNG (no imaging library needed)."""
    h, w, _ = image.shape
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
