"""Offscreen pictures of the tower with MuJoCo's renderer (no GPU needed).

EGL with Mesa's software renderer works headless (Debian packages libegl1, libegl-mesa0, libopengl0,
libgl1-mesa-dri); `MUJOCO_GL=osmesa` needs libosmesa6 instead. The environment variables are set
here before MuJoCo first opens a GL context, unless the caller chose already.
"""

from __future__ import annotations

import math
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

import mujoco

from .world import TowerWorld

Record = tuple[dict[str, dict[str, Any]], dict[str, list[float]]]


def _world_of(source: TowerWorld | Record) -> TowerWorld:
    if isinstance(source, TowerWorld):
        return source
    pieces, poses = source
    world = TowerWorld()
    world.restore(pieces, poses)
    return world


def _camera(world: TowerWorld, width: int, height: int) -> Any:
    """A camera three-quarters from the front that fits every active piece in the frame."""
    poses = world.poses()
    pts = np.array([p[:3] for p in poses.values()]) * 0.01
    lo = pts.min(axis=0) - 0.05
    hi = pts.max(axis=0) + 0.05
    lo[2] = 0.0
    cam = mujoco.MjvCamera()
    cam.type = mujoco.mjtCamera.mjCAMERA_FREE
    centre = (lo + hi) / 2
    cam.lookat[:] = centre
    fovy = math.radians(float(world.model.vis.global_.fovy))
    aspect = width / height
    span_h = float(hi[2] - lo[2]) * 1.1
    span_w = float(np.linalg.norm((hi - lo)[:2])) * 1.1
    need = max(span_h / (2 * math.tan(fovy / 2)), span_w / (2 * math.tan(fovy / 2) * aspect))
    cam.distance = max(0.25, need * 1.15)
    cam.azimuth = 120.0
    cam.elevation = -18.0
    return cam


def render_array(source: TowerWorld | Record, width: int = 960, height: int = 1280) -> np.ndarray:
    """The tower as an RGB array (height x width x 3, uint8)."""
    world = _world_of(source)
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
) -> Path:
    """Draw the tower to a PNG file; accepts a world or a (pieces(), poses()) record."""
    image = render_array(world_or_pieces_and_poses, width, height)
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
