"""The tower with its continuous placement parameters as a Box action (``cattable.rl.env("tower", box=True)``).

An action is five numbers in [-1, 1]: ``choice`` picks among what may be done now (the menu's placements
when a piece is in hand, else the cards, goals and skips), spread evenly over [-1, 1]; the other four
shift the chosen placement's continuous parameters, ``dx, dy`` by up to 1 cm, ``dyaw`` by up to 15
degrees and ``dfold`` (a wall's fold) by up to 15 degrees (a pet: angle, height and push instead, by up to
30 degrees, 1 cm and 0.5). A shifted placement the rules refuse (out of range, or a piece in the way) is
played as the menu had it, so every action is playable and no mask is needed (Gymnasium's Box cannot
take one).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from cattable.core import Action, IllegalAction
from cattable.games.tower.actions import Cat, Floor, Move, Pet, Toto, Wall, q

from .aec import CattableEnv
from .encodings.tower import is_placement

SHIFT = {"x": 1.0, "y": 1.0, "yaw": 15.0, "fold": 15.0, "angle": 30.0, "height": 1.0, "push": 0.5}
PARAMS = {
    Wall: ("x", "y", "yaw", "fold"),
    Floor: ("x", "y", "yaw"),
    Cat: ("x", "y", "yaw"),
    Move: ("x", "y", "yaw"),
    Toto: ("x", "y", "yaw"),
}
PET_PARAMS = ("angle", "height", "push")


def shifted(base: Action, shift: np.ndarray[Any, Any]) -> Action:
    """``base`` with its continuous parameters moved by ``shift`` (four numbers in [-1, 1])."""
    names = PET_PARAMS if isinstance(base, Pet) else PARAMS.get(type(base), ())
    changes = {n: q(getattr(base, n) + float(shift[i]) * SHIFT[n]) for i, n in enumerate(names)}
    moved: Action = base._replace(**changes)  # type: ignore[attr-defined]
    return moved


class TowerBoxEnv(CattableEnv):
    """The tower's AEC environment with a Box action (see the module docstring)."""

    def __init__(self, players: int = 2, render_mode: str | None = None, **options: Any) -> None:
        super().__init__("tower", players=players, render_mode=render_mode, **options)
        box = spaces.Box(0.0, 1.0, (self.encoding.observation_size,), np.float32)
        self.observation_spaces = {a: box for a in self.possible_agents}

    def _action_space(self) -> spaces.Space[Any]:
        return spaces.Box(-1.0, 1.0, (5,), np.float32)

    def observe(self, agent: str) -> Any:
        return super().observe(agent)["observation"]

    def choice(self, action: Any) -> tuple[Action, Action]:
        """The menu's action that ``action`` picks, and that action shifted by it."""
        vec = np.clip(np.asarray(action, dtype=np.float64).reshape(-1), -1.0, 1.0)
        if vec.shape != (5,) or not np.all(np.isfinite(vec)):
            raise ValueError(f"a tower Box action is five finite numbers, not {action!r}")
        menu = [a for a in self._legal if is_placement(a)] or list(self._legal)
        base = menu[min(int((vec[0] + 1.0) / 2.0 * len(menu)), len(menu) - 1)]
        return base, shifted(base, vec[1:]) if is_placement(base) else base

    def decode(self, action: Any) -> Action:
        base, moved = self.choice(action)
        assert self.game_state is not None
        return moved if self.game_state.is_legal(moved) else base

    def play(self, action: Any) -> None:
        """The shifted placement, or the menu's own when the rules refuse it (out of range, or a piece in
        the way: ``IllegalAction`` changes nothing)."""
        assert self.game_state is not None
        base, moved = self.choice(action)
        if moved != base:
            try:
                self.game_state.apply(moved)
                return
            except IllegalAction:
                pass
        self.game_state.apply(base)
