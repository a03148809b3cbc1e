"""Learning interfaces: PettingZoo, Gymnasium and OpenSpiel over every game (docs/RL.md).

Each needs its library (``pip install 'cattable[rl]'``), imported only when asked for.
"""

from __future__ import annotations

from typing import Any


def env(name: str, players: int = 2, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` (see ``cattable.rl.aec``)."""
    from .aec import env as make

    return make(name, players=players, **options)


def gym_env(name: str, seat: int = 0, opponents: str = "heuristic", players: int = 2, **options: Any) -> Any:
    """A Gymnasium single-agent environment: you play ``seat``, bots play the others (``cattable.rl.gym``)."""
    from .gym import SingleSeatEnv

    return SingleSeatEnv(name, seat=seat, opponents=opponents, players=players, **options)


def register_openspiel() -> list[str]:
    """Register every game with OpenSpiel as ``python_cattable_<name>``; returns the short names."""
    from .openspiel import register

    return register()


__all__ = ["env", "gym_env", "register_openspiel"]
