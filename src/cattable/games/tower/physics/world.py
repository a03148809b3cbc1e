"""The tower's physics world: every piece of the game in one MuJoCo model.

Contract with the rules (see the task's contract; extensions are marked "extension"):

- Units at this interface are centimetres and degrees; the world works in SI inside.
- Every piece exists from the start, parked off the table with collisions and gravity off. F1 lies on
  the table at the origin, flat. Placing a piece switches it on and releases it just above its support.
- `place_wall(piece, x, y, yaw, fold)`: on the top-most floor (`read().top_floor`, the highest floor
  standing in the tower); (x, y) is the crease's foot in that floor's frame, yaw the direction the
  fold opens towards (the bisector, from the crease into the open side), fold the angle between the
  panels (clamped to 1..180).
- `place_floor(piece, x, y, yaw)`: centred at (x, y) relative to the top-most floor's centre, yaw
  relative to it, level, released 0.3 mm above the highest point of the pieces on that floor (the
  wall tops, or a stack of cats if it is taller).
- `place_cat(piece, floor, x, y, yaw, on=None)`: (x, y, yaw) in `floor`'s frame; with `on`, the cat is
  released just above the top of cat `on` (pass that cat's own x, y to stack it squarely).
- `pet(piece, x, y, z, push)`: an impulse of `push` gram-centimetres per second (g cm/s) at the world
  point (x, y, z) cm, pushing horizontally from the point towards the piece's centre (straight down
  if the point is right above it). Measured on a lone cat (1.8 g): at its head, up to 30 rocks it and
  it lands back in place, 40 knocks it over; at mid-height 20 slides it about 1 mm.
- `nudge(...)`: hand noise on the piece placed last (position in cm, tilt and yaw in degrees, about
  world axes through the piece's origin). `hand.noise` also returns "dfold": add it to `fold` before
  calling `place_wall`.
- `settle()` steps until every piece is at rest (or sleeping); `hold(s)` runs s seconds. Both update
  `read().moved` (mm, the largest displacement of any corner of the piece's box).
- `poses()` / `pieces()` / `restore()` round-trip a world exactly enough for replays; `clone()` copies.
- extensions: `top_floor_id()` (the floor `place_wall`/`place_floor` use); `last_placed`; `seconds`
  (simulated time); `instabilities` (solver blow-ups undone, see `_recover`); `active` (ids on the
  table); `set_fold(piece, fold)`; `wake_all()`; `steps` (mj_step calls made, for benchmarks);
  `Reading.contacts` (every touching pair, the table as "table"); `scenes.Builder` (storeys with
  hand noise, for tests, benchmarks and bots).
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
    quat_euler,
    quat_mul,
    quat_to_matrix,
    quat_yaw,
    wall_panels,
)
from .reading import Reading, compute_reading, geom_boxes

_SIGNS = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)


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


class Blocked(ValueError):
    """A placement aimed inside another piece: a hand cannot put it there, so nothing is placed."""

    def __init__(self, piece: str, obstacle: str, depth_mm: float, from_above: bool) -> None:
        self.piece = piece
        self.obstacle = obstacle
        self.depth_mm = depth_mm
        self.from_above = from_above
        where = "no room for it under" if from_above else "it would be inside"
        super().__init__(f"{piece} cannot go there: {where} {obstacle} ({depth_mm:.1f} mm)")


class TowerWorld:
    """Every piece of Cat and the Tower in a MuJoCo world tuned for cardboard and wood."""

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
        # never let MuJoCo silently reset the whole table to the stock on a numerical blow-up
        self.model.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_AUTORESET)
        mujoco.mj_forward(self.model, self.data)
        self._activate("F1")
        fl = self.settings["floor"]["size"]
        self._set_pose("F1", np.array([0.0, 0.0, fl[2] * CM / 2]), np.array([1.0, 0, 0, 0]))
        self.settle(0.2)

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

    def _floor_frame(self, floor: str) -> tuple[np.ndarray, np.ndarray]:
        """(top-surface centre, orientation quaternion) of a floor."""
        pos = self._pos(floor)
        quat = self._quat(floor)
        r = quat_to_matrix(quat)
        half_t = self.settings["floor"]["size"][2] * CM / 2
        return pos + r[:, 2] * half_t, quat

    def _release(self) -> float:
        return float(self.settings["placement"]["release"]) * CM

    def _check_stock(self, piece: str, kinds: tuple[str, ...]) -> None:
        spec = self.specs.get(piece)
        if spec is None or spec.kind not in kinds:
            raise ValueError(f"{piece!r} is not a {' or '.join(kinds)} piece")
        if piece in self.active:
            raise ValueError(f"{piece} is already on the table")

    # ----------------------------------------------------------------- placing
    def place_wall(self, piece: str, x: float, y: float, yaw: float, fold: float) -> None:
        """Stand a wall folded to `fold` deg with its crease foot at (x, y) cm on the top floor."""
        self._check_stock(piece, ("wall",))
        top, fquat = self._floor_frame(self.top_floor_id())
        r = quat_to_matrix(fquat)
        pos = top + r @ np.array([x * CM, y * CM, self._release()])
        quat = quat_mul(fquat, quat_yaw(math.radians(yaw)))
        self._activate(piece)
        self.set_fold(piece, fold)
        self._set_pose(piece, pos, quat)
        self._placed(piece)

    def place_floor(self, piece: str, x: float, y: float, yaw: float) -> None:
        """Lay a floor level on the top-most walls, at (x, y) cm and yaw deg from the top floor."""
        self._check_stock(piece, ("floor",))
        below = self.top_floor_id()
        bpos = self._pos(below)
        bquat = self._quat(below)
        r = quat_to_matrix(bquat)
        heading = math.atan2(r[1, 0], r[0, 0])
        centre = bpos + r @ np.array([x * CM, y * CM, 0.0])
        surface = self._floor_frame(below)[0][2]
        mujoco.mj_kinematics(self.model, self.data)
        # everything standing on the top floor (walls, and cats stacked as high as walls)
        above = [p for p in self.active if self.specs[p].kind != "floor" and self._pos(p)[2] > surface - 0.02]
        support = max((self._top_z(p) for p in above), default=surface)
        half_t = self.settings["floor"]["size"][2] * CM / 2
        pos = np.array([centre[0], centre[1], support + half_t + self._release()])
        quat = quat_yaw(heading + math.radians(yaw))
        self._activate(piece)
        self._set_pose(piece, pos, quat)
        self._placed(piece)

    def place_cat(self, piece: str, floor: str, x: float, y: float, yaw: float, on: str | None = None) -> None:
        """Stand a cat upright on `floor` at (x, y) cm in its frame, or on top of cat `on`."""
        self._check_stock(piece, ("cat", "toto", "black"))
        if floor not in self.active or self.specs[floor].kind != "floor":
            raise ValueError(f"{floor!r} is not a floor on the table")
        top, fquat = self._floor_frame(floor)
        r = quat_to_matrix(fquat)
        half_h = self.settings[self.specs[piece].kind]["size"][2] * CM / 2
        pos = top + r @ np.array([x * CM, y * CM, half_h + self._release()])
        if on is not None:
            if on not in self.active or self.specs[on].kind not in ("cat", "toto", "black"):
                raise ValueError(f"{on!r} is not a cat on the table")
            mujoco.mj_kinematics(self.model, self.data)
            pos[2] = self._top_z(on) + half_h + self._release()
        quat = quat_mul(fquat, quat_yaw(math.radians(yaw)))
        self._activate(piece)
        self._set_pose(piece, pos, quat)
        self._placed(piece)

    def _overlaps(self, piece: str) -> tuple[str, np.ndarray]:
        """How deep `piece` is inside the others (metres): the obstacle furthest past its limit, and the deepest overlap
        with pieces under it (their top below its centre: what it rests on), with cats beside a cat, with
        anything else beside it (a card), and with pieces over it (their bottom above its centre: the
        floor over a cat)."""
        m, d = self.model, self.data
        fromto = np.zeros(6)
        depths = np.zeros(5)
        cats = ("cat", "toto", "black")
        a_cat = self.specs[piece].kind in cats
        others = [p for p in self.order if p in self.active and p != piece]
        if not others:
            return "", depths
        mujoco.mj_kinematics(m, d)
        mine, _owners, box = geom_boxes(self, [piece])
        theirs, owners, boxes = geom_boxes(self, others)
        lo, hi = box[:, 0, :].min(axis=0), box[:, 1, :].max(axis=0)
        centre = float(d.xipos[self.body[piece]][2])
        near = np.nonzero(np.all((boxes[:, 0, :] < hi) & (boxes[:, 1, :] > lo), axis=1))[0]
        worst, excess = "", -1.0
        limits = self._limits()
        for k in near.tolist():
            depth = max(-mujoco.mj_geomDistance(m, d, g, theirs[k], 0.0, fromto) for g in mine)
            if depth <= 0.0:
                continue
            if boxes[k, 1, 2] < centre:
                where = 0
            elif boxes[k, 0, 2] > centre:
                where = 3
            else:
                solids = (a_cat, self.specs[owners[k]].kind in cats)
                where = 1 if all(solids) else 4 if any(solids) else 2
            depths[where] = max(depths[where], depth)
            if depth - limits[where] > excess:
                worst, excess = owners[k], depth - limits[where]
        return worst, depths

    def _limits(self) -> np.ndarray:
        """The deepest overlap a hand may leave with pieces under, beside and over the one it lets go
        (metres), as `_overlaps` sorts them: `placement.overlap` (1 mm) under it (the contacts lift it
        gently); `placement.beside` (0.5 mm) between cats side by side (aims rounded to a millimetre, a
        snug fit the contacts push apart); `placement.card` (0.05 mm) with a card beside it (two 1 mm
        cards crossing each other overlap only about half a millimetre: any more is a wall through a wall);
        none over it (a piece wedged under a ceiling cannot be pushed aside; it would lift the storeys);
        half a card between a cat and a card beside it (the contacts push the cat back out on its side)."""
        p = self.settings["placement"]
        half_card = float(self.settings["wall"]["thickness"]) / 2 + 0.001  # a cat against a card, up to its middle
        return np.array([float(p["overlap"]), float(p["beside"]), float(p["card"]), 0.0, half_card]) * CM

    def _placed(self, piece: str) -> None:
        """Let go of a piece where it was aimed, or refuse: aimed inside another piece beyond `_limits`,
        it is parked again and `Blocked` raised (a hand cannot put a wall where a cat stands, nor a cat
        into the floor above; the old world lifted such a piece on top of the obstacle, sometimes through
        the ceiling onto another floor). A gentle downward speed wakes the piece's tree (and only its
        tree; the islands it lands on wake when it touches them)."""
        obstacle, depths = self._overlaps(piece)
        if np.any(depths > self._limits()):
            self._park(piece)
            mujoco.mj_kinematics(self.model, self.data)
            raise Blocked(piece, obstacle, float(depths.max()) / CM * 10.0, bool(depths[3] > 0.0))
        self.last_placed = piece
        v = self.vadr[piece]
        self.data.qvel[v + 2] = -float(self.settings["placement"]["speed"]) * CM
        mujoco.mj_kinematics(self.model, self.data)

    def nudge(self, piece: str, dx: float, dy: float, dz: float, droll: float, dpitch: float, dyaw: float) -> None:
        """Hand noise: shift the piece by (dx, dy, dz) cm and turn it by small angles (deg).

        A hand that slips into another piece stops against it: when the full slip would put the piece
        deeper inside another than `_limits` allow (or than it was), only the largest part of the slip
        that does not is applied (found by halving)."""
        if piece not in self.active:
            raise ValueError(f"{piece} is not on the table")
        pos0 = self._pos(piece)
        quat0 = self._quat(piece)
        v = self.vadr[piece]
        speed0 = np.array(self.data.qvel[v : v + 6])
        allowed = np.maximum(self._overlaps(piece)[1], self._limits()) + 1e-9

        def apply(t: float) -> np.ndarray:
            pos = pos0 + np.array([dx, dy, dz]) * CM * t
            turn = quat_euler(math.radians(droll * t), math.radians(dpitch * t), math.radians(dyaw * t))
            quat = quat_mul(turn, quat0)
            self._set_pose(piece, pos, quat)
            # a hand that lets go tilted is still turning that way: angular speed = rate x tilt
            rate = float(self.settings["placement"].get("tilt_rate", 0.0))
            spin = np.array([math.radians(droll * t), math.radians(dpitch * t), 0.0]) * rate
            speed = speed0.copy()
            speed[3:6] += quat_to_matrix(quat).T @ spin  # a free joint's angular speed is in its own frame
            self.data.qvel[v : v + 6] = speed
            return self._overlaps(piece)[1]

        def fits(depths: np.ndarray) -> bool:
            return bool(np.all(depths <= allowed))

        if not fits(apply(1.0)):
            good, bad = 0.0, 1.0
            for _ in range(7):
                mid = (good + bad) / 2
                if fits(apply(mid)):
                    good = mid
                else:
                    bad = mid
            apply(good)
        if self.data.tree_asleep[self.tree[piece]] >= 0:  # not the piece just let go: wake it
            self.wake_all()
        mujoco.mj_kinematics(self.model, self.data)

    def pet(self, piece: str, x: float, y: float, z: float, push: float) -> None:
        """A light touch: an impulse of `push` g cm/s at (x, y, z) cm, towards the piece."""
        if piece not in self.active:
            raise ValueError(f"{piece} is not on the table")
        m, d = self.model, self.data
        mujoco.mj_kinematics(m, d)
        b = self.body[piece]
        point = np.array([x, y, z]) * CM
        com = np.array(d.xipos[b])
        direction = com - point
        direction[2] = 0.0
        norm = float(np.linalg.norm(direction))
        direction = direction / norm if norm > 1e-9 else np.array([0.0, 0.0, -1.0])
        impulse = direction * push * 1e-5  # g cm/s -> kg m/s
        mass = float(m.body_mass[b])
        ri = np.array(d.ximat[b]).reshape(3, 3)
        inertia_world = ri @ np.diag(m.body_inertia[b]) @ ri.T
        omega_world = np.linalg.solve(inertia_world, np.cross(point - com, impulse))
        rb = np.array(d.xmat[b]).reshape(3, 3)
        v = self.vadr[piece]
        d.qvel[v : v + 3] += impulse / mass
        d.qvel[v + 3 : v + 6] += rb.T @ omega_world
        self._version += 1
        if d.tree_asleep[self.tree[piece]] >= 0:
            self.wake_all()

    def remove(self, piece: str) -> None:
        """Back to the stock: parked off the table, inactive."""
        if piece == "F1":
            raise ValueError("F1 is the tower's base and never leaves the table")
        if piece in self.active:
            self._park(piece)
            self.wake_all()
            mujoco.mj_kinematics(self.model, self.data)

    # ----------------------------------------------------------------- running
    def _corners(self, geoms: np.ndarray) -> np.ndarray:
        """World positions of the 8 corners of each geom's box (geoms x 8 x 3), for 'moved'."""
        d = self.data
        rot = np.asarray(d.geom_xmat[geoms]).reshape(-1, 3, 3)
        local = _SIGNS[None, :, :] * np.asarray(self.model.geom_size[geoms])[:, None, :]
        out: np.ndarray = np.asarray(d.geom_xpos[geoms])[:, None, :] + np.einsum("gkj,gij->gki", local, rot)
        return out

    def _run(self, seconds: float, until_rest: bool) -> float:
        m, d = self.model, self.data
        mujoco.mj_kinematics(m, d)
        ids = [p for p in self.order if p in self.active]
        geoms = np.concatenate([self.geoms[p] for p in ids])
        owner = np.repeat(np.arange(len(ids)), [len(self.geoms[p]) for p in ids])
        before = self._corners(geoms)
        cfg = self.settings["settle"]
        chunk = int(cfg["check_every"])
        dt = float(m.opt.timestep)
        total = max(1, round(seconds / dt))
        need_quiet = round(float(cfg["quiet"]) / dt)
        speed = float(cfg["speed"]) * CM
        spin = float(cfg["spin"])
        dofs = np.array(sorted(self.vadr[p] for p in self.active), dtype=int)
        lin = (dofs[:, None] + np.arange(3)).ravel()
        ang = (dofs[:, None] + np.arange(3, 6)).ravel()
        quiet = 0
        done = 0
        bad = int(mujoco.mjtWarning.mjWARN_BADQACC)
        saved_q = np.array(d.qpos)
        while done < total:
            n = min(chunk, total - done)
            np.copyto(saved_q, d.qpos)
            warned = d.warning[bad].number
            mujoco.mj_step(m, d, nstep=n)
            self.steps += n
            done += n
            if d.warning[bad].number != warned or not np.isfinite(d.qpos).all():
                self._recover(saved_q)
                quiet = 0
                continue
            if until_rest:
                if d.ntree_awake == 0:
                    break
                qv = d.qvel
                if np.max(np.abs(qv[lin])) < speed and np.max(np.abs(qv[ang])) < spin:
                    quiet += n
                    if quiet >= need_quiet:
                        break
                else:
                    quiet = 0
        mujoco.mj_kinematics(m, d)
        shift = np.linalg.norm(self._corners(geoms) - before, axis=2).max(axis=1)
        worst = np.zeros(len(ids))
        np.maximum.at(worst, owner, shift)
        self.moved = {p: float(v) * 1000.0 for p, v in zip(ids, worst, strict=True)}
        self._version += 1
        return done * dt

    def _recover(self, qpos: np.ndarray) -> None:
        """The solver blew up (a rare deep wedge of thin cards): go back to the poses before the
        last chunk of steps, at rest, and carry on. Counted in `instabilities` (extension)."""
        d = self.data
        self.instabilities += 1
        self._version += 1
        d.qpos[:] = qpos
        d.qvel[:] = 0.0
        d.qacc_warmstart[:] = 0.0
        d.warning[int(mujoco.mjtWarning.mjWARN_BADQACC)].number = 0
        self.wake_all()

    def settle(self, max_seconds: float = 2.0) -> float:
        """Step until everything is at rest (or the cap); returns simulated seconds used."""
        return self._run(max_seconds, until_rest=True)

    def hold(self, seconds: float) -> None:
        """Just run the world for `seconds` (the count to five)."""
        self._run(seconds, until_rest=False)

    @property
    def seconds(self) -> float:
        """Simulated time so far (extension)."""
        return float(self.data.time)

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

    def clone(self) -> TowerWorld:
        """An independent copy (model included, since folds live in the model)."""
        other = TowerWorld.__new__(TowerWorld)
        other.settings = self.settings
        other.decorated = self.decorated
        other.looks = self.looks
        other.model = _copy_model(self.model)
        other.data = mujoco.MjData(other.model)
        mujoco.mj_copyData(other.data, other.model, self.data)
        other.specs = self.specs
        other.order = self.order
        other.body = self.body
        other.qadr = self.qadr
        other.vadr = self.vadr
        other.geoms = self.geoms
        other.tree = self.tree
        other.active = set(self.active)
        other.folds = dict(self.folds)
        other.last_placed = self.last_placed
        other.moved = dict(self.moved)
        other.steps = 0
        other.instabilities = 0
        other._version = self._version
        other._cached = self._cached
        return other

    def read(self, fresh: bool = False) -> Reading:
        """What the rules read from the world: supports, debris, touching cats, cats on cats.

        The answer is reused until the world changes; `fresh=True` recomputes it (extension)."""
        if not fresh and self._cached is not None and self._cached[0] == self._version:
            return self._cached[1]
        mujoco.mj_kinematics(self.model, self.data)
        reading = compute_reading(self)
        self._cached = (self._version, reading)
        return reading


def _copy_model(model: Any) -> Any:
    import copy

    return copy.copy(model)
