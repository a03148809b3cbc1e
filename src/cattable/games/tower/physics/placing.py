"""The hand: placing walls, floors and cats, refusing a placement aimed inside another piece (`Blocked`),
the hand's slip (`nudge`), a pet, and taking a piece back to the stock.

Every placement releases the piece just above its support, checks how deep it would sit inside its
neighbours (`_overlaps` against `_limits`), and then lets go with a gentle downward speed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import mujoco
import numpy as np

from .model import CM, quat_euler, quat_mul, quat_to_matrix, quat_yaw
from .reading import geom_boxes
from .settling import Settling


class Blocked(ValueError):
    """A placement aimed inside another piece: a hand cannot put it there, so nothing is placed."""

    def __init__(self, piece: str, obstacle: str, depth_mm: float, from_above: bool) -> None:
        self.piece = piece
        self.obstacle = obstacle
        self.depth_mm = depth_mm
        self.from_above = from_above
        where = "no room for it under" if from_above else "it would be inside"
        super().__init__(f"{piece} cannot go there: {where} {obstacle} ({depth_mm:.1f} mm)")

    def __reduce__(self) -> tuple[type[Blocked], tuple[str, str, float, bool]]:
        """Rebuilt from its fields, so that it can cross a process pool (a worker's error reaches the parent)."""
        return (Blocked, (self.piece, self.obstacle, self.depth_mm, self.from_above))


_DIRECTIONS = np.array(
    [(0.0, 0.0, 1.0)]
    + [(math.cos(a), math.sin(a), 0.0) for a in np.radians(np.arange(0, 360, 45))]
    + [
        (math.cos(a) / math.sqrt(2), math.sin(a) / math.sqrt(2), 1 / math.sqrt(2))
        for a in np.radians(np.arange(0, 360, 45))
    ]
)
"""Where a piece put back may be moved to find room: straight up (first: a hand lifts before it shifts), the
eight horizontal directions, and those eight half up."""
_STEPS_CM = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0)
"""How far a piece put back may be moved (cm), tried nearest first, up to `put_back.reach`."""


class Placing(Settling):
    """What a hand does to the world: place, nudge, pet, remove."""

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

    def put_back(self, poses: Mapping[str, Sequence[float]]) -> list[str]:
        """Put fallen pieces back where they fell from, at rest (extension; the rulebook's DEBRIS: "As closely
        as possible, place the component back where it fell from"). Each piece goes to its pose in ``poses``
        ([x, y, z cm, qw, qx, qy, qz]) if there it lies inside no other piece (nor the table) by more than
        `put_back.overlap`, else to the nearest pose that does, moved up, sideways or both by up to
        `put_back.reach`. Lowest first, so a wall goes back before the floor it carried; pieces that found
        no room get a second try once the others have moved. A piece with no room within reach is left where
        it lies (it has fallen) and returned. Why: the old pose may be taken by a piece that slid into it (a
        floor dropped onto the walls it stood on), and restoring into it wedged two pieces up to 24 mm
        together: the stiff contacts then blew the solver up or threw pieces off the table (issue #31)."""
        cfg = self.settings["put_back"]
        limit = float(cfg["overlap"]) * CM
        reach = float(cfg["reach"])
        shifts = [np.zeros(3)] + [u * r * CM for r in _STEPS_CM if r <= reach + 1e-9 for u in _DIRECTIONS]
        todo = sorted(poses, key=lambda p: (float(poses[p][2]), p))
        for _ in range(2):
            left = [p for p in todo if not self._back(p, poses[p], limit, shifts)]
            if len(left) in (0, len(todo)):
                break
            todo = left
        self._version += 1
        mujoco.mj_kinematics(self.model, self.data)
        return left

    def _back(self, piece: str, pose: Sequence[float], limit: float, shifts: list[np.ndarray]) -> bool:
        """Move ``piece`` to the first of ``pose`` + ``shifts`` (metres) where it overlaps nothing by more
        than ``limit``; False (and the piece left where it was) when none is free."""
        if piece not in self.active:
            raise ValueError(f"{piece} is not on the table")
        m, d = self.model, self.data
        mujoco.mj_kinematics(m, d)
        was_pos, was_quat = self._pos(piece), self._quat(piece)
        others = [p for p in self.order if p in self.active and p != piece]
        theirs, _owners, boxes = geom_boxes(self, others)
        table = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, "table")
        half = np.array(m.geom_size[table])
        theirs.append(table)
        boxes = np.concatenate([boxes, np.array([[d.geom_xpos[table] - half, d.geom_xpos[table] + half]])])
        base = np.array(pose[:3], dtype=float) * CM
        quat = np.array(pose[3:7], dtype=float)
        fromto = np.zeros(6)
        for shift in shifts:
            self._set_pose(piece, base + shift, quat)
            mujoco.mj_kinematics(m, d)
            mine, _, box = geom_boxes(self, [piece])
            lo, hi = box[:, 0, :].min(axis=0), box[:, 1, :].max(axis=0)
            near = np.nonzero(np.all((boxes[:, 0, :] < hi) & (boxes[:, 1, :] > lo), axis=1))[0].tolist()
            if all(-mujoco.mj_geomDistance(m, d, g, theirs[k], 0.0, fromto) <= limit for k in near for g in mine):
                return True
        self._set_pose(piece, was_pos, was_quat)
        mujoco.mj_kinematics(m, d)
        return False

    def remove(self, piece: str) -> None:
        """Back to the stock: parked off the table, inactive."""
        if piece == "F1":
            raise ValueError("F1 is the tower's base and never leaves the table")
        if piece in self.active:
            self._park(piece)
            self.wake_all()
            mujoco.mj_kinematics(self.model, self.data)
