"""The settle loop: step the world in chunks until every piece is at rest (or for a set time), undo a
solver blow-up, and measure how far each piece moved (`read().moved`).

`recording()` lets a caller watch a settle (the table server streams it to the browsers): the poses of
the pieces that move, sampled between the loop's own chunks of steps, so the simulation is exactly the
same with or without a recorder, and nothing of it enters the state or its record.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import mujoco
import numpy as np

from .bodies import Bodies
from .model import CM

_SIGNS = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)


FRAME_SECONDS = 0.03
"""Simulated time between two sampled frames: every third chunk of 10 ms steps (about 33 a second)."""
MOVED_CM = 0.005
"""A piece is in a frame when it moved more than this (cm: 50 micrometres, a hair) since it was last sent..."""
TURNED = 5e-4
"""...or a component of its quaternion changed more than this (about 0.06 degrees)."""


class SettleFrames:
    """The frames of the settles run while recording: ``frames`` is [{"t": seconds, "poses": {piece: [x, y,
    z (cm, 3 decimals), qw, qx, qy, qz (4 decimals)]}}], each frame holding only the pieces that moved since
    they were last sent; t runs on across every settle of one recording (``seconds`` in all). The first
    world that settles with a game on it is the one recorded (the rules' own), and only it: not a copy a
    check makes, nor the bare table a process builds once to copy worlds from (F1 alone, nothing placed)."""

    def __init__(self, every: float = FRAME_SECONDS) -> None:
        self.every = every
        self.frames: list[dict[str, Any]] = []
        self.seconds = 0.0
        self.moved: set[str] = set()
        self._world: int | None = None
        self._last: dict[str, np.ndarray] = {}
        self._next = 0.0

    def follows(self, world: Settling) -> bool:
        if self._world is None:
            if world.last_placed is None and len(world.active) <= 1:
                return False
            self._world = id(world)
            self._last = {p: world.pose_vector(p) for p in world.active if p != world.last_placed}
        return self._world == id(world)

    def sample(self, world: Settling, t: float, force: bool = False) -> None:
        """A frame at ``t`` (seconds into the recording) if it is due (or ``force``) and anything moved."""
        if not force and t < self._next:
            return
        self._next = t + self.every
        poses: dict[str, list[float]] = {}
        for p in world.order:
            if p not in world.active:
                continue
            now = world.pose_vector(p)
            was = self._last.get(p)
            still = was is not None and np.abs(now[:3] - was[:3]).max() <= MOVED_CM
            if still and was is not None and np.abs(now[3:] - was[3:]).max() <= TURNED:
                continue
            self._last[p] = now
            self.moved.add(p)
            poses[p] = [round(float(v), 3) for v in now[:3]] + [round(float(v), 4) for v in now[3:]]
        if poses:
            self.frames.append({"t": round(t, 3), "poses": poses})


_RECORDER: ContextVar[SettleFrames | None] = ContextVar("settle_frames", default=None)


@contextmanager
def recording(every: float = FRAME_SECONDS) -> Iterator[SettleFrames]:
    """Record the frames of every settle run in this context (this thread, or a task's context)."""
    rec = SettleFrames(every)
    token = _RECORDER.set(rec)
    try:
        yield rec
    finally:
        _RECORDER.reset(token)


class Settling(Bodies):
    """Running the world: `settle`, `hold` and the simulated clock."""

    def _corners(self, geoms: np.ndarray) -> np.ndarray:
        """World positions of the 8 corners of each geom's box (geoms x 8 x 3), for 'moved'."""
        d = self.data
        rot = np.asarray(d.geom_xmat[geoms]).reshape(-1, 3, 3)
        local = _SIGNS[None, :, :] * np.asarray(self.model.geom_size[geoms])[:, None, :]
        out: np.ndarray = np.asarray(d.geom_xpos[geoms])[:, None, :] + np.einsum("gkj,gij->gki", local, rot)
        return out

    def pose_vector(self, pid: str) -> np.ndarray:
        """[x, y, z (cm), qw, qx, qy, qz] of a piece, as ``poses()`` gives it (extension)."""
        a = self.qadr[pid]
        out = np.array(self.data.qpos[a : a + 7])
        out[:3] /= CM
        return out

    def _run(self, seconds: float, until_rest: bool) -> float:
        m, d = self.model, self.data
        rec = _RECORDER.get()
        if rec is not None and not rec.follows(self):
            rec = None
        if rec is not None:
            rec.sample(self, rec.seconds, force=True)
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
        recoveries = 0
        most = int(cfg.get("recoveries", 5))
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
                recoveries += 1
                if recoveries >= most:  # it blows up again from the same poses: stop there, at rest
                    self.cut_short += 1
                    break
                quiet = 0
                continue
            if rec is not None:
                rec.sample(self, rec.seconds + done * dt)
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
        if rec is not None:
            rec.seconds += done * dt
            rec.sample(self, rec.seconds, force=True)
        shift = np.linalg.norm(self._corners(geoms) - before, axis=2).max(axis=1)
        worst = np.zeros(len(ids))
        np.maximum.at(worst, owner, shift)
        self.moved = {p: float(v) * 1000.0 for p, v in zip(ids, worst, strict=True)}
        self._version += 1
        return done * dt

    def _recover(self, qpos: np.ndarray) -> None:
        """The solver blew up (a rare deep wedge of thin cards): go back to the poses before the
        last chunk of steps, at rest, and carry on. Counted in `instabilities` (extension); after
        `settle.recoveries` of them in one run, the run ends at rest (`cut_short`, extension)."""
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
