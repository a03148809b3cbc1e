"""What the pieces look like in pictures: visual-only geoms added to the model that draws them.

The physics model has none of these (they would cost every step and nothing collides with them): a
picture builds its own world with ``TowerWorld(decorated=True)``. Every shape here is a geom with no
mass and no contacts, named ``piece~k``, placed in the piece's own frame (centimetres in, metres out).

- Cats sit: a body, a head, two ears, eyes and a tail inside their wooden box (drawn see-through).
  Toto (Neko) is black and wears a golden bell; the Black Cats are black with their scarf's colour.
- Floors show their number in seven-segment digits at the corner the walls leave free.
- Walls differ by more than colour, as the game's cards do: brick courses, a small square window,
  a tall arched window, an angel, or two columns, on each panel (through the card, so on both faces).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .model import CM, PieceSpec, quat_mul, quat_yaw, wall_panels

Decor = tuple[str, tuple[float, float, float], tuple[float, float, float], tuple[float, float, float, float], str]
"""(geom type, MuJoCo size, position (m), quaternion, rgba) in the piece's frame."""

CAT_RGBA = {
    "yellow": "0.95 0.80 0.20 1",
    "blue": "0.25 0.45 0.85 1",
    "purple": "0.55 0.30 0.70 1",
    "orange": "0.95 0.55 0.15 1",
}
BLACK = "0.07 0.07 0.08 1"
SCARF_RGBA = {
    "red": "0.85 0.12 0.12 1",
    "orange": "0.98 0.55 0.10 1",
    "blue": "0.15 0.40 0.95 1",
    "purple": "0.60 0.25 0.80 1",
    "yellow": "0.98 0.88 0.15 1",
}
EYE = "0.95 0.85 0.25 1"
INK = "0.25 0.16 0.10 1"
MORTAR = "0.88 0.84 0.78 1"
GLASS = "0.16 0.22 0.32 1"
WHITE = "0.97 0.96 0.92 1"
GOLD = "0.90 0.72 0.20 1"
STONE = "0.86 0.85 0.80 1"
NO_TURN = (1.0, 0.0, 0.0, 0.0)

SEGMENTS = {
    "a": (0.0, 1.0, True),
    "b": (0.5, 0.5, False),
    "c": (0.5, -0.5, False),
    "d": (0.0, -1.0, True),
    "e": (-0.5, -0.5, False),
    "f": (-0.5, 0.5, False),
    "g": (0.0, 0.0, True),
}
"""Seven-segment digit: (x, y) of each segment's centre in half-digit units, and whether it lies across."""
DIGITS = ("abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg")


def _q(axis: tuple[float, float, float], angle: float) -> tuple[float, float, float, float]:
    s = math.sin(angle / 2)
    return (math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s)


def cat_decor(spec: PieceSpec, settings: dict[str, Any]) -> list[Decor]:
    """A sitting cat inside the piece's box (its frame: centre of the box, the face towards -y)."""
    w, d, h = (v * CM for v in settings[spec.kind]["size"])
    fur = CAT_RGBA.get(spec.type, "0.5 0.5 0.5 1") if spec.kind == "cat" else BLACK  # Toto too: a black cat
    out: list[Decor] = [
        ("ellipsoid", (w * 0.42, d * 0.46, h * 0.33), (0.0, 0.0, -h * 0.17), NO_TURN, fur),  # body
        ("ellipsoid", (w * 0.46, d * 0.40, h * 0.12), (0.0, -d * 0.04, -h * 0.38), NO_TURN, fur),  # haunches
        ("sphere", (w * 0.27, 0.0, 0.0), (0.0, -d * 0.06, h * 0.24), NO_TURN, fur),  # head
        ("capsule", (w * 0.07, h * 0.22, 0.0), (w * 0.34, d * 0.30, -h * 0.22), _q((1, 0, 0), 0.5), fur),  # tail
    ]
    for side in (-1.0, 1.0):
        ear = quat_mul(quat_yaw(0.0), np.array(_q((0.0, 1.0, 0.0), math.pi / 4)))
        out.append(("box", (w * 0.09, d * 0.05, w * 0.09), (side * w * 0.15, -d * 0.06, h * 0.40), _tuple(ear), fur))
        out.append(("sphere", (w * 0.05, 0.0, 0.0), (side * w * 0.10, -d * 0.06 - w * 0.24, h * 0.27), NO_TURN, EYE))
    if spec.kind == "black":
        colour = SCARF_RGBA.get(spec.type, WHITE)
        out.append(("cylinder", (w * 0.30, h * 0.035, 0.0), (0.0, -d * 0.04, h * 0.06), NO_TURN, colour))
        out.append(("box", (w * 0.08, d * 0.04, h * 0.12), (w * 0.10, -d * 0.42, -h * 0.04), NO_TURN, colour))
    if spec.kind == "toto":
        out.append(("sphere", (w * 0.08, 0.0, 0.0), (0.0, -d * 0.36, h * 0.06), NO_TURN, GOLD))
    return out


def floor_decor(spec: PieceSpec, settings: dict[str, Any]) -> list[Decor]:
    """The tile's number in seven-segment digits on its top face, near the (+x, -y) corner."""
    size = settings["floor"]["size"]
    top = size[2] * CM / 2
    number = str(int(spec.id[1:]))
    height = 1.6 * CM  # a digit's height
    half = height / 2
    bar = 0.18 * CM
    start = (size[0] / 2 - 0.9) * CM - (len(number) - 1) * 1.25 * CM
    y0 = -(size[1] / 2 - 1.5) * CM
    out: list[Decor] = []
    for i, ch in enumerate(number):
        x0 = start + i * 1.25 * CM
        for seg in DIGITS[int(ch)]:
            sx, sy, across = SEGMENTS[seg]
            long = half * 0.55 if across else half * 0.5
            hs = (long, bar / 2, 0.1 * CM) if across else (bar / 2, long, 0.1 * CM)
            pos = (x0 + sx * half * 1.1, y0 + sy * half, top)
            out.append(("box", hs, pos, NO_TURN, INK))
    return out


def wall_decor(settings: dict[str, Any], wall_type: str, fold: float) -> list[Decor]:
    """Each panel's pattern, in the wall's frame (follows the fold: rewritten by ``set_fold``)."""
    w = settings["wall"]
    width = w["panel_width"] * CM
    height = w["heights"][wall_type] * CM
    skin = w["thickness"] * CM / 2 + 0.02 * CM  # a pattern pokes out of both faces of the card
    out: list[Decor] = []
    for _half, _pos, yaw in wall_panels(settings, wall_type, fold):
        for gtype, size, (u, z), turn, rgba in _panel_pattern(wall_type, width, height, skin):
            pos = (math.cos(yaw) * u, math.sin(yaw) * u, z)
            quat = quat_mul(quat_yaw(yaw), np.array(turn))
            out.append((gtype, size, pos, _tuple(quat), rgba))
    return out


PanelShape = tuple[str, tuple[float, float, float], tuple[float, float], tuple[float, float, float, float], str]
_ACROSS = _q((1.0, 0.0, 0.0), math.pi / 2)
"""Turns a cylinder's axis from up to through the card."""


def _panel_pattern(kind: str, width: float, height: float, skin: float) -> list[PanelShape]:
    """One panel's pattern: (u along the panel from the crease, z up) for each shape."""
    mid = width / 2
    out: list[PanelShape] = []
    if kind == "bricks":
        course = 0.5 * CM
        rows = int(height / course)
        for r in range(1, rows + 1):
            out.append(("box", (width / 2 * 0.98, skin, 0.03 * CM), (mid, r * course), NO_TURN, MORTAR))
        for r in range(rows):
            offset = 0.5 * CM if r % 2 else 0.0
            for k in range(3):
                u = offset + (k + 0.5) * 1.0 * CM
                if u < width - 0.1 * CM:
                    out.append(("box", (0.03 * CM, skin, course / 2), (u, (r + 0.5) * course), NO_TURN, MORTAR))
    elif kind == "windows":
        z = height * 0.62
        out.append(("box", (0.55 * CM, skin, 0.55 * CM), (mid, z), NO_TURN, WHITE))
        out.append(("box", (0.45 * CM, skin + 0.01 * CM, 0.45 * CM), (mid, z), NO_TURN, GLASS))
        out.append(("box", (0.04 * CM, skin + 0.02 * CM, 0.45 * CM), (mid, z), NO_TURN, WHITE))
        out.append(("box", (0.45 * CM, skin + 0.02 * CM, 0.04 * CM), (mid, z), NO_TURN, WHITE))
    elif kind == "arches":
        radius = 0.6 * CM
        top = height * 0.68
        out.append(
            ("box", (radius, skin, (top - 0.5 * CM) / 2), (mid, 0.5 * CM + (top - 0.5 * CM) / 2), NO_TURN, GLASS)
        )
        out.append(("cylinder", (radius, skin, 0.0), (mid, top), _ACROSS, GLASS))
        out.append(("box", (radius + 0.1 * CM, skin + 0.005 * CM, 0.06 * CM), (mid, 0.45 * CM), NO_TURN, WHITE))
    elif kind == "angels":
        z = height * 0.5
        out.append(("box", (0.28 * CM, skin, 0.7 * CM), (mid, z - 0.4 * CM), NO_TURN, WHITE))  # robe
        out.append(("cylinder", (0.22 * CM, skin, 0.0), (mid, z + 0.55 * CM), _ACROSS, "0.96 0.85 0.72 1"))  # head
        for side in (-1.0, 1.0):
            wing = _q((0.0, 1.0, 0.0), side * 0.5)
            out.append(("box", (0.45 * CM, skin, 0.16 * CM), (mid + side * 0.5 * CM, z + 0.05 * CM), wing, WHITE))
        out.append(("cylinder", (0.28 * CM, skin + 0.01 * CM, 0.0), (mid, z + 0.95 * CM), _ACROSS, GOLD))  # halo
    elif kind == "pillars":
        for u in (0.45 * CM, width - 0.45 * CM):
            out.append(("cylinder", (0.22 * CM, height / 2 * 0.86, 0.0), (u, height / 2), NO_TURN, STONE))
            for z in (0.15 * CM, height - 0.15 * CM):
                out.append(("box", (0.32 * CM, skin + 0.15 * CM, 0.12 * CM), (u, z), NO_TURN, STONE))
    return out


def decor(spec: PieceSpec, settings: dict[str, Any]) -> list[Decor]:
    """The visual shapes of a piece (walls folded square; ``set_fold`` moves them with the fold)."""
    if spec.kind == "floor":
        return floor_decor(spec, settings)
    if spec.kind == "wall":
        return wall_decor(settings, spec.type, 90.0)
    return cat_decor(spec, settings)


def _tuple(q: np.ndarray) -> tuple[float, float, float, float]:
    return (float(q[0]), float(q[1]), float(q[2]), float(q[3]))


def decor_xml(spec: PieceSpec, settings: dict[str, Any]) -> list[str]:
    """The MJCF geoms of a piece's looks: no mass, no contacts."""
    out = []
    for k, (gtype, size, pos, quat, rgba) in enumerate(decor(spec, settings)):
        out.append(
            f'<geom name="{spec.id}~{k}" type="{gtype}" size="{size[0]:.9g} {size[1]:.9g} {size[2]:.9g}" '
            f'pos="{pos[0]:.9g} {pos[1]:.9g} {pos[2]:.9g}" quat="{quat[0]:.9g} {quat[1]:.9g} {quat[2]:.9g} '
            f'{quat[3]:.9g}" rgba="{rgba}" density="0" contype="0" conaffinity="0" group="1"/>'
        )
    return out
