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
  (simulated time); `instabilities` (solver blow-ups undone, see `_recover`); `cut_short` (runs ended
  after `settle.recoveries` of them); `put_back(poses)` (fallen pieces back at their old poses or the
  nearest free ones, never inside another piece); `active` (ids on the table); `set_fold(piece, fold)`;
  `wake_all()`; `steps` (mj_step calls made, for benchmarks);
  `Reading.contacts` (every touching pair, the table as "table"); `scenes.Builder` (storeys with
  hand noise, for tests, benchmarks and bots).

The world is built in layers, each in its own module: `bodies.py` (the pieces in the model, their
poses, folds, records and the reading), `settling.py` (the settle loop) and `placing.py` (the hand:
placing, `Blocked`, nudges, pets, removal). `TowerWorld` puts them together.
"""

from __future__ import annotations

from typing import Any

import mujoco
import numpy as np

from .model import CM
from .placing import Blocked, Placing

__all__ = ["Blocked", "TowerWorld"]


class TowerWorld(Placing):
    """Every piece of Cat and the Tower in a MuJoCo world tuned for cardboard and wood."""

    def __init__(self, settings: dict[str, Any] | None = None, decorated: bool = False) -> None:
        """``decorated`` adds the pieces' looks (visual geoms only, for pictures: ``looks.py``); F1 starts
        on the table, flat at the origin, and settles."""
        super().__init__(settings, decorated)
        self._activate("F1")
        fl = self.settings["floor"]["size"]
        self._set_pose("F1", np.array([0.0, 0.0, fl[2] * CM / 2]), np.array([1.0, 0, 0, 0]))
        self.settle(0.2)

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
        other.cut_short = 0
        other._version = self._version
        other._cached = self._cached
        return other


def _copy_model(model: Any) -> Any:
    import copy

    return copy.copy(model)
