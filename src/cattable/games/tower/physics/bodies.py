"""The pieces inside the MuJoCo model: where each one's joint and boxes live, how a piece comes into play
or goes back to the stock, its pose and fold, and the records and reading built from them.

`TowerWorld` (world.py) is this plus the settle loop (settling.py) and the hand (placing.py); this base
holds the bookkeeping every part of it shares, so each part can be read on its own.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import mujoco
import numpy as np

from .model import (
    CM,
    PieceSpec,
    build_xml,
    catalogue,
    merged_settings,
    panel_inertia,
    park_position,
    quat_yaw,
    wall_panels,
)
from .reading import Reading, compute_reading

_log = logging.getLogger(__name__)

FROZEN_MASS = 1e6
"""How much heavier `freeze_below` makes the floor it holds: the storeys above weigh grams against tonnes.
(Tried first: damping the floor. It held, but the contact solver does not see the damping, and the storeys
on it crept a few millimetres and never came to rest.)"""


def _quiet_warning(message: str) -> None:
    """MuJoCo's warnings (a solver blow-up the world then undoes) go to logging, not the terminal."""
    _log.debug("MuJoCo: %s", message.strip())


if mujoco.get_mju_user_warning() is None:
    mujoco.set_mju_user_warning(_quiet_warning)


class Bodies:
    """The MuJoCo model of every piece and the bookkeeping of which pieces are in play."""

    def __init__(self, settings: dict[str, Any] | None = None, decorated: bool = False) -> None:
        """``decorated`` adds the pieces' looks (visual geoms only, for pictures: ``looks.py``)."""
        self.settings = merged_settings(settings)
        self.decorated = decorated
        self.model = mujoco.MjModel.from_xml_string(build_xml(self.settings, decorated))
        self.data = mujoco.MjData(self.model)
        self._init_indices()
        self.active: set[str] = set()
        self.folds: dict[str, float] = {}
        self.last_placed: str | None = None
        self.moved: dict[str, float] = {}
        self.steps = 0  # mj_step calls made, for the overhead benchmark
        self._version = 0  # bumped by every change, so read() can reuse its last answer
        self._cached: tuple[int, Reading] | None = None
        self.instabilities = 0
        self.cut_short = 0
        """Settles (or holds) ended early, at rest, after `settle.recoveries` solver blow-ups (extension)."""
        # never let MuJoCo silently reset the whole table to the stock on a numerical blow-up
        self.model.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_AUTORESET)
        mujoco.mj_forward(self.model, self.data)

    # ----------------------------------------------------------------- bookkeeping
    def _init_indices(self) -> None:
        m = self.model
        self.specs: dict[str, PieceSpec] = {s.id: s for s in catalogue()}
        self.order: list[str] = [s.id for s in catalogue()]
        self.body: dict[str, int] = {}
        self.qadr: dict[str, int] = {}
        self.vadr: dict[str, int] = {}
        self.geoms: dict[str, list[int]] = {}
        self.looks: dict[str, list[int]] = {}
        """Visual-only geoms of each piece (a decorated world's), moved with a wall's fold."""
        self.tree: dict[str, int] = {}
        for pid in self.order:
            b = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, pid)
            j = m.body_jntadr[b]
            self.body[pid] = b
            self.qadr[pid] = int(m.jnt_qposadr[j])
            self.vadr[pid] = int(m.jnt_dofadr[j])
            start, count = int(m.body_geomadr[b]), int(m.body_geomnum[b])
            names = {g: mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_GEOM, g) or "" for g in range(start, start + count)}
            self.geoms[pid] = [g for g, name in names.items() if "~" not in name]
            self.looks[pid] = [g for g, name in names.items() if "~" in name]
            self.tree[pid] = int(m.body_treeid[b])

    def _switch(self, pid: str, on: bool) -> None:
        """Collisions and gravity on for a piece in play, off (floating, passing through) when parked."""
        m = self.model
        flag = 1 if on else 0
        for g in self.geoms[pid]:
            m.geom_contype[g] = flag
            m.geom_conaffinity[g] = flag
        m.body_contype[self.body[pid]] = flag
        m.body_conaffinity[self.body[pid]] = flag
        m.body_gravcomp[self.body[pid]] = 0.0 if on else 1.0

    def _activate(self, pid: str) -> None:
        self._switch(pid, True)
        self.active.add(pid)
        self._version += 1
        if self.specs[pid].kind == "wall" and pid not in self.folds:
            self.set_fold(pid, 90.0)

    def _park(self, pid: str) -> None:
        self._switch(pid, False)
        self.active.discard(pid)
        self.folds.pop(pid, None)
        px, py, pz = park_position(self.order.index(pid))
        self._set_pose(pid, np.array([px, py, pz]), np.array([1.0, 0, 0, 0]))

    def _set_pose(self, pid: str, pos: np.ndarray, quat: np.ndarray) -> None:
        self._version += 1
        a = self.qadr[pid]
        self.data.qpos[a : a + 3] = pos
        self.data.qpos[a + 3 : a + 7] = quat / np.linalg.norm(quat)
        v = self.vadr[pid]
        self.data.qvel[v : v + 6] = 0.0

    def freeze_below(self, floor: str) -> list[str]:
        """A bot's shortcut on its own copy of the world (extension): hold `floor` fixed and take every piece
        lower than it out of the simulation, so a trial on a tall tower only simulates its top storeys.

        The pieces below stay active where they are (the reading still sees them), but float without
        colliding; `floor` keeps its contacts, floats too, and is made `FROZEN_MASS` times heavier so the
        storeys above cannot push it. Returns the pieces taken out. Never used by the rules."""
        if floor not in self.active or self.specs[floor].kind != "floor":
            raise ValueError(f"{floor!r} is not a floor on the table")
        mujoco.mj_kinematics(self.model, self.data)
        com = self.data.xipos  # centres of mass: a wall's origin is its foot, which may lie below a tilted floor
        level = float(com[self.body[floor]][2])
        frozen = [p for p in self.order if p in self.active and p != floor and float(com[self.body[p]][2]) < level]
        for p in frozen:
            self._switch(p, False)
            v = self.vadr[p]
            self.data.qvel[v : v + 6] = 0.0
        b = self.body[floor]
        self.model.body_gravcomp[b] = 1.0
        v = self.vadr[floor]
        self.model.body_mass[b] *= FROZEN_MASS
        self.model.body_inertia[b] *= FROZEN_MASS
        # The mass matrix reads a changed mass only after `mj_setConst`, which also refreshes every other
        # piece's constants (stale for walls refolded since compiling): keep those as the rules' world has them.
        rows = {"body_invweight0": [b], "dof_invweight0": range(v, v + 6), "dof_M0": range(v, v + 6)}
        rows |= {"dof_length": range(v, v + 6), "body_subtreemass": [0, b]}
        kept = {name: np.array(getattr(self.model, name)) for name in rows}
        mujoco.mj_setConst(self.model, mujoco.MjData(self.model))
        for name, old in kept.items():
            fresh = getattr(self.model, name)
            mine = np.array(fresh[list(rows[name])])
            fresh[:] = old
            fresh[list(rows[name])] = mine
        self.data.qvel[v : v + 6] = 0.0
        self._version += 1
        self.wake_all()  # a sleeping tree keeps its old mass matrix
        return frozen

    def wake_all(self) -> None:
        """Wake every sleeping island (after teleporting or removing pieces).

        Writing `tree_asleep` alone is not enough (the derived awake lists are only rebuilt inside
        the pipeline); a forward pass with sleeping switched off wakes every tree properly.
        """
        m = self.model
        flag = int(mujoco.mjtEnableBit.mjENBL_SLEEP)
        if m.opt.enableflags & flag:
            m.opt.enableflags &= ~flag
            mujoco.mj_forward(m, self.data)
            m.opt.enableflags |= flag

    def set_fold(self, pid: str, fold: float) -> None:
        """Refold wall `pid` to `fold` degrees: rewrite its panels and inertia in the model."""
        self._version += 1
        m = self.model
        spec = self.specs[pid]
        panels = wall_panels(self.settings, spec.type, fold)
        for g, (half, pos, yaw) in zip(self.geoms[pid], panels, strict=True):
            m.geom_size[g] = half
            m.geom_pos[g] = pos
            m.geom_quat[g] = quat_yaw(yaw)
        if self.looks[pid]:
            from .looks import wall_decor

            for g, (_t, _size, at, turn, _rgba) in zip(
                self.looks[pid], wall_decor(self.settings, spec.type, fold), strict=True
            ):
                m.geom_pos[g] = at
                m.geom_quat[g] = turn
        com, iquat, moments, mass = panel_inertia(panels, self.settings["wall"]["density"])
        b = self.body[pid]
        m.body_ipos[b] = com
        m.body_iquat[b] = iquat
        m.body_inertia[b] = moments
        m.body_mass[b] = mass
        self.folds[pid] = float(fold)

    # ----------------------------------------------------------------- geometry helpers
    def _pos(self, pid: str) -> np.ndarray:
        a = self.qadr[pid]
        return np.array(self.data.qpos[a : a + 3])

    def _quat(self, pid: str) -> np.ndarray:
        a = self.qadr[pid]
        return np.array(self.data.qpos[a + 3 : a + 7])

    def _top_z(self, pid: str) -> float:
        """Highest point of the piece (metres), from its boxes (call mj_kinematics first)."""
        best = -math.inf
        for g in self.geoms[pid]:
            r = self.data.geom_xmat[g].reshape(3, 3)
            top = self.data.geom_xpos[g][2] + float(np.abs(r[2]) @ self.model.geom_size[g])
            best = max(best, top)
        return best

    def top_floor_id(self) -> str:
        """The top-most floor: the highest floor standing in the tower, as `read()` sees it
        (a floor that fell, even onto the tower, is not it) (extension)."""
        return self.read().top_floor

    # ----------------------------------------------------------------- records
    def poses(self) -> dict[str, list[float]]:
        """Every active piece: [x, y, z, qw, qx, qy, qz], position in cm."""
        out: dict[str, list[float]] = {}
        for pid in self.order:
            if pid in self.active:
                p = self._pos(pid) / CM
                q = self._quat(pid)
                out[pid] = [float(v) for v in p] + [float(v) for v in q]
        return out

    def pieces(self) -> dict[str, dict[str, Any]]:
        """Every active piece's static facts: kind, type (walls) or colour (cats), fold (walls)."""
        out: dict[str, dict[str, Any]] = {}
        for pid in self.order:
            if pid not in self.active:
                continue
            spec = self.specs[pid]
            facts: dict[str, Any] = {"kind": spec.kind}
            if spec.kind == "wall":
                facts["type"] = spec.type
                facts["fold"] = self.folds.get(pid, 90.0)
            elif spec.kind in ("cat", "black"):
                facts["colour"] = spec.type
            out[pid] = facts
        return out

    def restore(self, pieces: dict[str, dict[str, Any]], poses: dict[str, list[float]]) -> None:
        """Activate exactly these pieces at these poses, at rest; park the rest."""
        for pid in list(self.active):
            if pid not in pieces and pid != "F1":
                self._park(pid)
        for pid in self.order:
            if pid not in pieces:
                continue
            if pid not in self.active:
                self._activate(pid)
            if self.specs[pid].kind == "wall":
                self.set_fold(pid, float(pieces[pid].get("fold", 90.0)))
            pose = poses[pid]
            self._set_pose(pid, np.array(pose[:3]) * CM, np.array(pose[3:7]))
        self.data.qvel[:] = 0.0
        self.data.qacc_warmstart[:] = 0.0
        self.wake_all()
        mujoco.mj_forward(self.model, self.data)
        self.moved = {}
        self.last_placed = None
        self._version += 1

    def read(self, fresh: bool = False) -> Reading:
        """What the rules read from the world: supports, debris, touching cats, cats on cats.

        The answer is reused until the world changes; `fresh=True` recomputes it (extension)."""
        if not fresh and self._cached is not None and self._cached[0] == self._version:
            return self._cached[1]
        mujoco.mj_kinematics(self.model, self.data)
        reading = compute_reading(self)
        self._cached = (self._version, reading)
        return reading
