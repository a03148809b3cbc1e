"""The tower's MuJoCo model: the piece catalogue, the MJCF text and the fold geometry of walls.

Every piece exists in the model from the start (so placing one never recompiles); a wall's fold is
changed at placement by rewriting its two panel geoms and its inertia in the model.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

WALL_TYPES: tuple[str, ...] = ("bricks", "windows", "arches", "angels", "pillars")
WALL_COUNTS: dict[str, int] = {"bricks": 12, "windows": 12, "arches": 12, "angels": 12, "pillars": 6}
CAT_COLOURS: tuple[str, ...] = ("yellow", "blue", "purple", "orange")
SCARVES: tuple[str, ...] = ("red", "orange", "blue", "purple", "yellow")
FLOORS = 24
CM = 0.01  # metres per centimetre


@cache
def settings_default() -> dict[str, Any]:
    """The shipped pieces.json (sizes, masses, friction, solver settings and their reasons)."""
    text = resources.files(__package__).joinpath("pieces.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def wall_heights_settings(changed: Mapping[str, float]) -> dict[str, Any]:
    """The settings overrides for walls of ``changed`` heights (cm, by type), the others as shipped: the
    whole ``heights`` table, since ``merged_settings`` replaces a section's keys, not their insides."""
    shipped = settings_default()["wall"]["heights"]
    return {"wall": {"heights": {**shipped, **{t: float(h) for t, h in changed.items()}}}}


def merged_settings(overrides: dict[str, Any] | None) -> dict[str, Any]:
    """pieces.json with `overrides` merged in, one level deep per section."""
    base = json.loads(json.dumps(settings_default()))
    for key, value in (overrides or {}).items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            base[key].update(value)
        else:
            base[key] = value
    result: dict[str, Any] = base
    return result


@dataclass(frozen=True, slots=True)
class PieceSpec:
    """Static facts about one piece: its id, kind and type/colour."""

    id: str
    kind: str  # floor | wall | cat | toto | black
    type: str  # wall type, cat colour, scarf colour, or "" for floors and Toto


def catalogue() -> list[PieceSpec]:
    """Every piece of the game, in model order."""
    out = [PieceSpec(f"F{k}", "floor", "") for k in range(1, FLOORS + 1)]
    for t in WALL_TYPES:
        out += [PieceSpec(f"W-{t}-{k}", "wall", t) for k in range(1, WALL_COUNTS[t] + 1)]
    for c in CAT_COLOURS:
        out += [PieceSpec(f"C-{c}-{k}", "cat", c) for k in range(1, 5)]
    out.append(PieceSpec("toto", "toto", ""))
    out += [PieceSpec(f"B-{s}", "black", s) for s in SCARVES]
    return out


def park_position(index: int) -> tuple[float, float, float]:
    """Where piece `index` waits in the stock (metres): a grid far off the table, below it."""
    return (5.0 + 0.2 * (index % 10), 5.0 + 0.2 * (index // 10), -1.0)


_COLOURS = {
    "floor": "0.82 0.68 0.47 1",
    "bricks": "0.72 0.33 0.25 1",
    "windows": "0.45 0.62 0.80 1",
    "arches": "0.60 0.55 0.75 1",
    "angels": "0.95 0.90 0.70 1",
    "pillars": "0.70 0.70 0.68 1",
    "yellow": "0.95 0.80 0.20 1",
    "blue": "0.25 0.45 0.85 1",
    "purple": "0.55 0.30 0.70 1",
    "orange": "0.95 0.55 0.15 1",
    "toto": "0.07 0.07 0.08 1",
    "black": "0.08 0.08 0.08 1",
}


def _f(x: float) -> str:
    return f"{x:.9g}"


def build_xml(settings: dict[str, Any], decorated: bool = False) -> str:
    """The MJCF text of the whole game: table, lights, and every piece parked; ``decorated`` adds the
    pieces' looks for pictures (``looks.py``: visual geoms only, the cats' boxes drawn see-through)."""
    from .looks import decor_xml  # looks builds on this module

    c = settings["contact"]
    s = settings["solver"]
    flags = '<flag sleep="enable"/>' if s.get("sleep", True) else ""
    air = settings.get("air", {"density": 0.0, "viscosity": 0.0})
    parts = [
        '<mujoco model="cat-and-the-tower">',
        f'<option timestep="{_f(s["timestep"])}" solver="{s["solver"]}" cone="{s["cone"]}" '
        f'iterations="{s["iterations"]}" ls_iterations="{s["ls_iterations"]}" '
        f'tolerance="{_f(s["tolerance"])}" noslip_iterations="{s.get("noslip_iterations", 0)}" '
        f'sleep_tolerance="{_f(s["sleep_tolerance"])}" density="{_f(air["density"])}" '
        f'viscosity="{_f(air["viscosity"])}">'
        f"{flags}</option>",
        '<visual><global offwidth="1920" offheight="1920"/><quality shadowsize="4096"/>'
        '<headlight ambient="0.35 0.35 0.35" diffuse="0.45 0.45 0.45" specular="0.1 0.1 0.1"/>'
        "</visual>",
        "<default>",
        f'<geom condim="{c["condim"]}" friction="{_f(c["friction"])} 0.005 0.0001" '
        f'solref="{_f(c["solref"][0])} {_f(c["solref"][1])}" '
        f'solimp="{" ".join(_f(v) for v in c["solimp"])}" margin="{_f(c["margin"])}" '
        'contype="0" conaffinity="0"/>',
        "</default>",
        "<asset>",
        '<texture name="grid" type="2d" builtin="checker" rgb1="0.55 0.42 0.30" '
        'rgb2="0.50 0.38 0.27" width="256" height="256"/>',
        '<material name="table" texture="grid" texrepeat="10 10" texuniform="true" reflectance="0.05"/>',
        '<texture name="boards" type="2d" builtin="checker" rgb1="0.36 0.36 0.38" '
        'rgb2="0.33 0.33 0.35" width="256" height="256"/>',
        '<material name="ground" texture="boards" texrepeat="4 4" texuniform="true"/>',
        '<texture name="sky" type="skybox" builtin="gradient" rgb1="0.93 0.93 0.96" rgb2="0.72 0.76 0.84" '
        'width="256" height="256"/>',
        "</asset>",
        "<worldbody>",
        '<light pos="0.3 -0.4 1.2" dir="-0.3 0.4 -1" diffuse="0.8 0.8 0.8" castshadow="true"/>',
        '<light pos="-0.4 0.3 0.9" dir="0.4 -0.3 -1" diffuse="0.35 0.35 0.35" castshadow="false"/>',
        *_table_geoms(settings),
    ]
    for i, spec in enumerate(catalogue()):
        px, py, pz = park_position(i)
        parts.append(
            f'<body name="{spec.id}" pos="{_f(px)} {_f(py)} {_f(pz)}" gravcomp="1"><freejoint name="{spec.id}"/>'
        )
        parts += _piece_geoms(spec, settings, see_through=decorated)
        if decorated:
            parts += decor_xml(spec, settings)
        parts.append("</body>")
    parts += ["</worldbody>", "</mujoco>"]
    return "\n".join(parts)


def _table_geoms(settings: dict[str, Any]) -> list[str]:
    """The table (a board of a real size, its top at z = 0, the tower at its middle) and the room's floor
    below it: a piece pushed past the edge falls to the floor and is debris, out of play."""
    t = settings["table"]
    half = (t["size"][0] * CM / 2, t["size"][1] * CM / 2, t["size"][2] * CM / 2)
    ground = -float(t["height"]) * CM
    return [
        f'<geom name="table" type="box" size="{_f(half[0])} {_f(half[1])} {_f(half[2])}" '
        f'pos="0 0 {_f(-half[2])}" material="table" contype="1" conaffinity="1"/>',
        f'<geom name="ground" type="plane" size="4 4 0.01" pos="0 0 {_f(ground)}" material="ground" '
        'contype="1" conaffinity="1"/>',
    ]


def _box(
    name: str,
    half: tuple[float, float, float],
    pos: tuple[float, float, float],
    density: float,
    rgba: str,
    yaw: float = 0.0,
) -> str:
    q = f'quat="{_f(math.cos(yaw / 2))} 0 0 {_f(math.sin(yaw / 2))}" ' if yaw else ""
    return (
        f'<geom name="{name}" type="box" size="{_f(half[0])} {_f(half[1])} {_f(half[2])}" '
        f'pos="{_f(pos[0])} {_f(pos[1])} {_f(pos[2])}" {q}density="{_f(density)}" rgba="{rgba}"/>'
    )


def _piece_geoms(spec: PieceSpec, settings: dict[str, Any], see_through: bool = False) -> list[str]:
    """A piece's collision boxes; a cat's drawn see-through when its looks are drawn instead."""
    if spec.kind == "floor":
        f = settings["floor"]
        half = (f["size"][0] * CM / 2, f["size"][1] * CM / 2, f["size"][2] * CM / 2)
        return [_box(spec.id, half, (0, 0, 0), f["density"], _COLOURS["floor"])]
    if spec.kind == "wall":
        panels = wall_panels(settings, spec.type, 90.0)
        w = settings["wall"]
        return [
            _box(f"{spec.id}/{k}", half, pos, w["density"], _COLOURS[spec.type], yaw)
            for k, (half, pos, yaw) in enumerate(panels)
        ]
    size = settings[spec.kind]["size"]
    half = (size[0] * CM / 2, size[1] * CM / 2, size[2] * CM / 2)
    colour = _COLOURS[spec.type] if spec.kind == "cat" else _COLOURS[spec.kind]
    if see_through:
        colour = "0 0 0 0"
    geoms = [_box(spec.id, half, (0, 0, 0), settings[spec.kind]["density"], colour)]
    return geoms


Panel = tuple[tuple[float, float, float], tuple[float, float, float], float]


def wall_panels(settings: dict[str, Any], wall_type: str, fold: float) -> list[Panel]:
    """The two panels of a wall folded to `fold` degrees, in the wall's frame (metres, radians).

    The frame's origin is the foot of the crease; x is the fold's bisector (the panels open
    towards +x), z is up. Each panel: (half sizes, centre, yaw of its long axis).
    """
    w = settings["wall"]
    width = w["panel_width"] * CM
    thick = w["thickness"] * CM
    height = w["heights"][wall_type] * CM
    half_angle = math.radians(max(1.0, min(180.0, fold))) / 2
    out: list[Panel] = []
    for sign in (1.0, -1.0):
        yaw = sign * half_angle
        # the panel starts at the crease and runs width along (cos yaw, sin yaw)
        cx = math.cos(yaw) * width / 2
        cy = math.sin(yaw) * width / 2
        out.append(((width / 2, thick / 2, height / 2), (cx, cy, height / 2), yaw))
    return out


def quat_yaw(yaw: float) -> np.ndarray:
    """Unit quaternion (w, x, y, z) of a rotation by `yaw` radians about z."""
    return np.array([math.cos(yaw / 2), 0.0, 0.0, math.sin(yaw / 2)])


def quat_mul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton product a * b of (w, x, y, z) quaternions."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return np.array(
        [
            aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
        ]
    )


def quat_from_matrix(r: np.ndarray) -> np.ndarray:
    """Unit quaternion (w, x, y, z) of a proper rotation matrix."""
    t = r[0, 0] + r[1, 1] + r[2, 2]
    if t > 0:
        s = math.sqrt(t + 1.0) * 2
        q = [0.25 * s, (r[2, 1] - r[1, 2]) / s, (r[0, 2] - r[2, 0]) / s, (r[1, 0] - r[0, 1]) / s]
    elif r[0, 0] > r[1, 1] and r[0, 0] > r[2, 2]:
        s = math.sqrt(1.0 + r[0, 0] - r[1, 1] - r[2, 2]) * 2
        q = [(r[2, 1] - r[1, 2]) / s, 0.25 * s, (r[0, 1] + r[1, 0]) / s, (r[0, 2] + r[2, 0]) / s]
    elif r[1, 1] > r[2, 2]:
        s = math.sqrt(1.0 + r[1, 1] - r[0, 0] - r[2, 2]) * 2
        q = [(r[0, 2] - r[2, 0]) / s, (r[0, 1] + r[1, 0]) / s, 0.25 * s, (r[1, 2] + r[2, 1]) / s]
    else:
        s = math.sqrt(1.0 + r[2, 2] - r[0, 0] - r[1, 1]) * 2
        q = [(r[1, 0] - r[0, 1]) / s, (r[0, 2] + r[2, 0]) / s, (r[1, 2] + r[2, 1]) / s, 0.25 * s]
    out = np.array(q)
    out /= np.linalg.norm(out)
    if out[0] < 0:
        out = -out
    return out


def quat_to_matrix(q: np.ndarray) -> np.ndarray:
    """Rotation matrix of a (w, x, y, z) quaternion."""
    w, x, y, z = q / np.linalg.norm(q)
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def quat_euler(roll: float, pitch: float, yaw: float) -> np.ndarray:
    """Quaternion of a rotation by roll (x), then pitch (y), then yaw (z), radians, world axes."""
    qx = np.array([math.cos(roll / 2), math.sin(roll / 2), 0.0, 0.0])
    qy = np.array([math.cos(pitch / 2), 0.0, math.sin(pitch / 2), 0.0])
    return quat_mul(quat_yaw(yaw), quat_mul(qy, qx))


def panel_inertia(panels: list[Panel], density: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Centre of mass, principal-axes quaternion and principal moments of a wall's two panels."""
    masses = []
    centres = []
    tensors = []
    for half, pos, yaw in panels:
        a, b, c = (2 * h for h in half)
        m = density * a * b * c
        local = np.diag([m * (b * b + c * c) / 12, m * (a * a + c * c) / 12, m * (a * a + b * b) / 12])
        r = quat_to_matrix(quat_yaw(yaw))
        masses.append(m)
        centres.append(np.array(pos))
        tensors.append(r @ local @ r.T)
    total = float(sum(masses))
    com: np.ndarray = np.sum([m * p for m, p in zip(masses, centres, strict=True)], axis=0) / total
    inertia = np.zeros((3, 3))
    for m, p, t in zip(masses, centres, tensors, strict=True):
        d = p - com
        inertia += t + m * (float(d @ d) * np.eye(3) - np.outer(d, d))
    moments, axes = np.linalg.eigh(inertia)
    if np.linalg.det(axes) < 0:
        axes[:, 2] = -axes[:, 2]
    return com, quat_from_matrix(axes), moments, total
