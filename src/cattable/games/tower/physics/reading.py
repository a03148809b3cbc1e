"""What the rules read from the world: supports, debris, touching cats and cats on cats.

Contacts are measured, not taken from MuJoCo's contact list: sleeping islands drop their contacts,
and cats pushed flush rest 0.006 to 0.31 mm apart, so two pieces "touch" when their boxes are within
0.5 mm (`reading.touch` in pieces.json) by `mj_geomDistance`. A piece is "above" another it touches
when its centre of mass is higher.

Debris (a decision): every piece touching the table other than the tower's floors (F1 lies on the
table), even if it also leans on the tower; and every piece lying on debris that touches no floor
standing in the tower.

A floor stands in the tower (floor_levels) when it rests through walls on a floor of the tower and
touches neither the table nor a tower floor directly, and leans less than 20 degrees
(`reading.floor_tilt_deg`; a floor on bricks and pillars leans about 11). A floor that fell onto the
floor below is neither standing nor debris: it is not in floor_levels, and the rules decide.

Fields (contract): support, debris, touching, on_top, upright, top_floor, floor_levels, moved.
Extensions: `contacts` (every touching pair of active pieces, the table as "table"); `tilt` (every
active piece's lean from upright in degrees: a wall that toppled onto its floor leans about 90).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import mujoco
import numpy as np

from .model import CM

if TYPE_CHECKING:
    from .bodies import Bodies

CATS = ("cat", "toto", "black")


@dataclass(frozen=True)
class Reading:
    """A reading of the world at rest, in the rules' terms."""

    support: dict[str, str | None]
    debris: frozenset[str]
    touching: frozenset[frozenset[str]]
    on_top: dict[str, str]
    upright: dict[str, bool]
    top_floor: str
    floor_levels: dict[str, int]
    moved: dict[str, float]
    contacts: frozenset[frozenset[str]] = field(default_factory=frozenset)
    tilt: dict[str, float] = field(default_factory=dict)


def geom_boxes(world: Bodies, ids: Iterable[str]) -> tuple[list[int], list[str], np.ndarray]:
    """Geom ids, their owners and world AABBs (n x 2 x 3) of the given pieces."""
    m, d = world.model, world.data
    geoms: list[int] = []
    owners: list[str] = []
    for pid in ids:
        for g in world.geoms[pid]:
            geoms.append(g)
            owners.append(pid)
    idx = np.array(geoms, dtype=int)
    centres = np.array(d.geom_xpos[idx])
    mats = np.array(d.geom_xmat[idx]).reshape(-1, 3, 3)
    half = np.array(m.geom_size[idx])
    extent = np.einsum("nij,nj->ni", np.abs(mats), half)
    return geoms, owners, np.stack([centres - extent, centres + extent], axis=1)


def touching_pairs(world: Bodies, within: float) -> set[frozenset[str]]:
    """Pairs of active pieces (and 'table') whose boxes are within `within` metres."""
    active = [p for p in world.order if p in world.active]
    geoms, owners, boxes = geom_boxes(world, active)
    pairs: set[frozenset[str]] = set()
    lo = boxes[:, 0, :] - within
    hi = boxes[:, 1, :] + within
    overlap = np.all((lo[:, None, :] <= hi[None, :, :]) & (lo[None, :, :] <= hi[:, None, :]), axis=2)
    ii, jj = np.nonzero(np.triu(overlap, 1))
    fromto = np.zeros(6)
    m, d = world.model, world.data
    for i, j in zip(ii.tolist(), jj.tolist(), strict=True):
        a, b = owners[i], owners[j]
        if a == b:
            continue
        key = frozenset((a, b))
        if key in pairs:
            continue
        dist = mujoco.mj_geomDistance(m, d, geoms[i], geoms[j], within * 4, fromto)
        if dist < within:
            pairs.add(key)
    for k, owner in enumerate(owners):
        if boxes[k, 0, 2] < within:
            pairs.add(frozenset((owner, "table")))
    return pairs


def deepest_overlap(world: Bodies) -> tuple[float, str, str]:
    """The deepest that any two active pieces (or a piece and the table) lie inside each other: (metres, one,
    the other), 0 and empty names when none do. Pieces at rest sink a few micrometres into what they touch;
    a put-back into occupied space or a solver blow-up shows as millimetres (extension, for tests and
    benchmarks: the rules never read it)."""
    m, d = world.model, world.data
    mujoco.mj_kinematics(m, d)
    active = [p for p in world.order if p in world.active]
    geoms, owners, boxes = geom_boxes(world, active)
    overlap = np.all(
        (boxes[:, None, 0, :] <= boxes[None, :, 1, :]) & (boxes[None, :, 0, :] <= boxes[:, None, 1, :]), axis=2
    )
    ii, jj = np.nonzero(np.triu(overlap, 1))
    fromto = np.zeros(6)
    best: tuple[float, str, str] = (0.0, "", "")
    for i, j in zip(ii.tolist(), jj.tolist(), strict=True):
        if owners[i] != owners[j]:
            depth = -mujoco.mj_geomDistance(m, d, geoms[i], geoms[j], 0.0, fromto)
            if depth > best[0]:
                best = (depth, owners[i], owners[j])
    table = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, "table")
    for k in np.nonzero(boxes[:, 0, 2] < 0.0)[0].tolist():
        depth = -mujoco.mj_geomDistance(m, d, geoms[k], table, 0.0, fromto)
        if depth > best[0]:
            best = (depth, owners[k], "table")
    return best


def compute_reading(world: Bodies) -> Reading:
    """Read supports, debris, touching cats and cats on top from the world as it is now."""
    within = float(world.settings["reading"]["touch"]) * CM
    pairs = touching_pairs(world, within)
    kind = {p: world.specs[p].kind for p in world.active}
    z = {p: float(world.data.xipos[world.body[p]][2]) for p in world.active}
    neighbours: dict[str, set[str]] = {p: set() for p in world.active}
    neighbours["table"] = set()
    for pair in pairs:
        a, b = tuple(pair)
        neighbours[a].add(b)
        neighbours[b].add(a)

    def below(p: str) -> list[str]:
        return sorted((q for q in neighbours[p] if q != "table" and z[q] < z[p]), key=lambda q: -z[q])

    # support: the floor a piece rests on, directly or through lower non-floor pieces
    support: dict[str, str | None] = {}

    def find_support(p: str, seen: frozenset[str]) -> str | None:
        lower = below(p)
        floors = [q for q in lower if kind[q] == "floor"]
        if floors:
            return floors[0]
        for q in lower:
            if q in seen:
                continue
            found = find_support(q, seen | {q})
            if found is not None:
                return found
        return None

    for p in sorted(world.active, key=lambda q: z[q]):
        support[p] = None if p == "F1" else find_support(p, frozenset({p}))

    # floors standing in the tower: F1, then floors resting (through walls) on a tower floor
    flat = float(np.cos(np.radians(float(world.settings["reading"]["floor_tilt_deg"]))))
    levels: dict[str, int] = {"F1": 1} if "F1" in world.active else {}
    floors = sorted((p for p in world.active if kind[p] == "floor"), key=lambda q: z[q])
    for f in floors:
        if f == "F1":
            continue
        s = support[f]
        level = float(world.data.xmat[world.body[f]][8]) > flat
        if s in levels and level and "table" not in neighbours[f] and not neighbours[f] & set(levels):
            levels[f] = levels[s] + 1
    tower = set(levels)

    # debris: on the table (touching it, whatever else it leans on), or lying on debris and
    # touching no floor standing in the tower
    debris: set[str] = {q for q in neighbours["table"] if q not in tower}
    frontier = sorted(debris)
    while frontier:
        cur = frontier.pop()
        for q in sorted(neighbours[cur]):
            if q == "table" or q in debris or q in tower:
                continue
            if neighbours[q] & tower:
                continue
            debris.add(q)
            frontier.append(q)

    cats = [p for p in world.active if kind[p] in CATS]
    touching = frozenset(pair for pair in pairs if "table" not in pair and all(kind[q] in CATS for q in pair))
    half = {p: float(world.settings[kind[p]]["size"][2]) * CM / 2 for p in cats}
    on_top: dict[str, str] = {}
    for p in cats:
        # standing on a floor or the table (a floor above it, touched by a snug stack, does not count)
        if "table" in neighbours[p] or any(kind[q] == "floor" and z[q] < z[p] for q in neighbours[p] - {"table"}):
            continue
        lower = [q for q in neighbours[p] if q in half and z[q] < z[p] - half[q] * 0.5]
        if lower:
            on_top[p] = max(lower, key=lambda q: z[q])
    limit = np.cos(np.radians(float(world.settings["reading"]["upright_deg"])))
    upright = {p: bool(world.data.xmat[world.body[p]][8] > limit) for p in cats}
    top = max(levels, key=lambda f: (levels[f], int(f[1:]))) if levels else "F1"
    zz = np.clip(np.array([world.data.xmat[world.body[p]][8] for p in world.order if p in world.active]), -1, 1)
    tilt = dict(zip([p for p in world.order if p in world.active], np.degrees(np.arccos(zz)).tolist(), strict=True))
    return Reading(
        support=support,
        debris=frozenset(debris),
        touching=touching,
        on_top=on_top,
        upright=upright,
        top_floor=top,
        floor_levels=levels,
        moved=dict(world.moved),
        contacts=frozenset(pairs),
        tilt=tilt,
    )
