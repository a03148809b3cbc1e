"""Gymnasium ids for every game, ``cattable/Cafe-v0`` and so on, registered on ``import cattable.rl``.

``gymnasium.make("cattable/Cafe-v0", players=3, opponents="random")`` then builds ``gym_env("cafe", ...)``;
``gymnasium.make("cattable.rl:cattable/Cafe-v0")`` imports this package first, for code that has not.
"""

from __future__ import annotations

import gymnasium

from .encodings import learnable

ENTRY_POINT = "cattable.rl.gym:SingleSeatEnv"


def gym_id(name: str) -> str:
    """``cafe`` -> ``cattable/Cafe-v0``."""
    return f"cattable/{name.capitalize()}-v0"


def register_gymnasium() -> list[str]:
    """Register an id per game that has an encoding (again: nothing changes); returns the ids."""
    names = learnable()
    ids = [gym_id(name) for name in names]
    for name, env_id in zip(names, ids, strict=True):
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"name": name})
    return ids
