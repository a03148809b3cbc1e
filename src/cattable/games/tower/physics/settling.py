"""The settle loop: step the world in chunks until every piece is at rest (or for a set time), undo a
solver blow-up, and measure how far each piece moved (`read().moved`)."""

from __future__ import annotations

import mujoco
import numpy as np

from .bodies import Bodies
from .model import CM

_SIGNS = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)


class Settling(Bodies):
    """Running the world: `settle`, `hold` and the simulated clock."""

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
