"""The link between the rules and the physics world: every physical event is simulated once, live,
and its outcome (the poses at rest and what the rules read from them) goes into the record.

A replay takes the outcome from the record instead of simulating, so it never depends on floating
point matching; the world is rebuilt from the last recorded poses (``TowerWorld.restore``) only when
something has to be simulated again. States share no world: a copy rebuilds its own when it needs one.
After each event the live world is reset to what it recorded, so the next move starts from the same data
live and after a restart (issue #31).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from .physics import Reading, TowerWorld

Outcome = dict[str, Any]
"""{"pieces": ..., "poses": ..., "reading": ...}: JSON, as kept in the record."""

_TEMPLATE: list[TowerWorld] = []


def fresh_world() -> TowerWorld:
    """A world with only F1 on the table, copied from one built per process (building compiles MJCF)."""
    if not _TEMPLATE:
        _TEMPLATE.append(TowerWorld())
    return _TEMPLATE[0].clone()


def world_of(tower: Mapping[str, Any], world: TowerWorld | None = None) -> TowerWorld:
    """A world holding the pieces of ``tower`` (a view's or a record's) at their poses: where a bot tries moves.
    ``world``: the fresh world to fill (one with changed wall heights), else ``fresh_world()``."""
    world = world if world is not None else fresh_world()
    world.restore(tower["pieces"], tower["poses"])
    return world


def reading_json(r: Reading) -> dict[str, Any]:
    """The rules' facts from a reading, as plain sorted JSON (the ``moved`` figures are left out)."""
    return {
        "support": {k: r.support[k] for k in sorted(r.support)},
        "debris": sorted(r.debris),
        "touching": sorted(sorted(p) for p in r.touching),
        "on_top": {k: r.on_top[k] for k in sorted(r.on_top)},
        "upright": {k: bool(r.upright[k]) for k in sorted(r.upright)},
        "top_floor": r.top_floor,
        "floor_levels": {k: int(r.floor_levels[k]) for k in sorted(r.floor_levels)},
        "floor_contact": floor_contact(r),
    }


def floor_contact(r: Reading) -> list[str]:
    """Pieces touching a floor standing in the tower, even slightly: a fallen one there is not debris
    (the rulebook's DEBRIS). Standing floors themselves are left out. Records made before this field
    existed lack it, and the rules then read it as empty (the old behaviour, so they replay alike)."""
    levels = set(r.floor_levels)
    out: set[str] = set()
    for pair in r.contacts:
        a, b = sorted(pair)
        for one, other in ((a, b), (b, a)):
            if other in levels and one not in levels and one != "table":
                out.add(one)
    return sorted(out)


def outcome_of(world: TowerWorld) -> Outcome:
    """Snapshot a world at rest in record form (positions rounded to 1 micrometre)."""
    poses = {k: [round(v, 6) for v in pose] for k, pose in world.poses().items()}
    return {"pieces": world.pieces(), "poses": poses, "reading": reading_json(world.read())}


def top_of(levels: Mapping[str, int]) -> str:
    """The top floor of a tower whose standing floors are ``levels`` (as ``reading.read`` picks it)."""
    return max(levels, key=lambda f: (levels[f], int(f[1:]))) if levels else "F1"


def forget(outcome: Outcome, pieces: set[str], revision: int = 2) -> Outcome:
    """The same table with ``pieces`` taken away (debris set aside or back to the stock). From the rules'
    revision 2 a top floor taken away leaves the top to the highest floor still standing."""
    if not pieces:
        return outcome
    r = outcome["reading"]
    levels = {k: v for k, v in r["floor_levels"].items() if k not in pieces}
    return {
        "pieces": {k: v for k, v in outcome["pieces"].items() if k not in pieces},
        "poses": {k: v for k, v in outcome["poses"].items() if k not in pieces},
        "reading": {
            "support": {k: v for k, v in r["support"].items() if k not in pieces},
            "debris": [k for k in r["debris"] if k not in pieces],
            "touching": [p for p in r["touching"] if not (set(p) & pieces)],
            "on_top": {k: v for k, v in r["on_top"].items() if k not in pieces and v not in pieces},
            "upright": {k: v for k, v in r["upright"].items() if k not in pieces},
            "top_floor": r["top_floor"] if r["top_floor"] in levels or revision < 2 else top_of(levels),
            "floor_levels": levels,
            **({"floor_contact": [k for k in r["floor_contact"] if k not in pieces]} if "floor_contact" in r else {}),
        },
    }


def copy_outcome(outcome: Outcome) -> Outcome:
    """An independent copy (views hand it out; nothing a reader does may change the state)."""
    r = outcome["reading"]
    return {
        "pieces": {k: dict(v) for k, v in outcome["pieces"].items()},
        "poses": {k: list(v) for k, v in outcome["poses"].items()},
        "reading": {
            "support": dict(r.get("support", {})),
            "debris": list(r.get("debris", [])),
            "touching": [list(p) for p in r.get("touching", [])],
            "on_top": dict(r.get("on_top", {})),
            "upright": dict(r.get("upright", {})),
            "top_floor": r.get("top_floor", "F1"),
            "floor_levels": dict(r.get("floor_levels", {})),
            **({"floor_contact": list(r["floor_contact"])} if "floor_contact" in r else {}),
        },
    }


def yaw_of(pose: list[float]) -> float:
    """Heading of a pose's quaternion about the vertical, in degrees."""
    _, _, _, w, x, y, z = pose
    return math.degrees(math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)))


def tilt_of(pose: list[float]) -> float:
    """How far a piece leans from upright, in degrees."""
    _, _, _, _w, x, y, _z = pose
    return math.degrees(math.acos(max(-1.0, min(1.0, 1 - 2 * (x * x + y * y)))))


def in_floor_frame(floor_pose: list[float], point: list[float]) -> tuple[float, float]:
    """(x, y) of a world point in a floor's frame, in cm."""
    a = math.radians(yaw_of(floor_pose))
    dx, dy = point[0] - floor_pose[0], point[1] - floor_pose[1]
    return dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)


class Table:
    """One state's view of the physical table: the recorded outcome, and a world kept in step lazily."""

    __slots__ = ("outcome", "synced", "world")

    def __init__(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.world: TowerWorld | None = None
        self.synced = False

    def copy(self) -> Table:
        return Table(self.outcome)

    def live(self) -> TowerWorld:
        """The world, rebuilt from the recorded outcome if it is not in step with it."""
        if self.world is None:
            self.world = fresh_world()
            self.synced = False
        if not self.synced:
            self.world.restore(self.outcome["pieces"], self.outcome["poses"])
            self.synced = True
        return self.world

    def simulate(self, run: Callable[[TowerWorld], object]) -> Outcome:
        """Run ``run`` on the live world and snapshot the result (called only when not replaying). A ``run``
        that returns a dict adds its keys to the outcome: what the rules must know of how it went (such as
        ``no_room``, the pieces ``debris.put_back`` could not put back), recorded so a replay knows it too.

        The world is then reset to the recorded outcome (``TowerWorld.restore``: the rounded poses, at rest,
        the solver's warm start cleared), exactly as a replay rebuilds it: what a settle leaves behind that
        the record lacks (a last creep of speed, contacts, sleeping islands, the micrometres rounded off)
        would otherwise make the next move's outcome differ live and after a restart (issue #31)."""
        world = self.live()
        notes = run(world)
        outcome = outcome_of(world)
        if isinstance(notes, dict):
            outcome.update(notes)
        world.restore(outcome["pieces"], outcome["poses"])
        return outcome

    def adopt(self, outcome: Outcome, computed: bool) -> None:
        """Take an outcome as the table; the world stays in step only if it just computed it."""
        self.outcome = outcome
        self.synced = computed and self.world is not None

    def take_away(self, pieces: set[str], revision: int = 2) -> None:
        """Remove pieces from the table; the world is rebuilt from the outcome when next needed (removing
        them from a live world would leave it in another state than a replay's). ``revision``: the rules'
        (``forget``)."""
        if not pieces:
            return
        self.outcome = forget(self.outcome, pieces, revision)
        self.synced = False  # rebuilt from the outcome when next needed, as a replay rebuilds it
