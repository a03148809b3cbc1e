"""Learning interfaces: PettingZoo, Gymnasium and OpenSpiel over every game (docs/RL.md).

Each needs its library (``pip install 'cattable[rl]'``), imported only when asked for, except that the
Gymnasium ids (``cattable/Cafe-v0``...) are registered on import wherever Gymnasium is installed.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any


def env(name: str, players: int = 2, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` (see ``cattable.rl.aec``); ``reward=``, ``max_steps=``
    and ``render_mode=`` besides the game's options."""
    from .aec import env as make

    return make(name, players=players, **options)


def vector_env(name: str, n: int, players: int = 2, **options: Any) -> Any:
    """``n`` games stepped together with array observations and same-step reset (``cattable.rl.vector``);
    ``seed=``, ``reward=``, ``max_steps=`` and ``copy=`` besides the game's options."""
    from .vector import vector_env as make

    return make(name, n, players=players, **options)


def gym_env(name: str, seat: int = 0, opponents: Any = "heuristic", players: int = 2, **options: Any) -> Any:
    """A Gymnasium single-agent environment: you play ``seat``, bots play the others (``cattable.rl.gym``);
    ``box=True`` gives the tower's continuous variant (a Box action, ``cattable.rl.tower_box``)."""
    from .gym import SingleSeatEnv

    return SingleSeatEnv(name, seat=seat, opponents=opponents, players=players, **options)


def policy_agent(policy: Any) -> Any:
    """Wrap a policy (``observation, mask -> index``) so runners seat it by ``module:attribute``."""
    from .policy import policy_agent as wrap

    return wrap(policy)


def register_openspiel() -> list[str]:
    """Register every game with OpenSpiel as ``python_cattable_<name>``; returns the short names."""
    from .openspiel import register

    return register()


if find_spec("gymnasium") is not None:
    from .gym_ids import register_gymnasium

    register_gymnasium()

__all__ = ["env", "gym_env", "policy_agent", "register_openspiel", "vector_env"]
