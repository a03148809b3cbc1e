"""Each game's encoding (fixed action index, observation vector), by game name: the game's descriptor
names it (``encoding``), so a game registered with one is learnable without a line here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattable.core.registry import descriptor, game_names
from cattable.rl.encoding import Encoding


def learnable() -> list[str]:
    """The registered games whose descriptor names an encoding, in the registry's order."""
    return [name for name in game_names() if descriptor(name).encoding.declared]


def encoding(name: str, players: int, options: Mapping[str, Any]) -> Encoding:
    """The encoding of game ``name`` for ``players`` and fully validated ``options``."""
    make = descriptor(name).encoding.load() if name in game_names() else None
    if make is None:
        raise ValueError(f"no learning encoding for game {name!r}; games: {', '.join(learnable())}")
    enc = make(players, options)
    if not isinstance(enc, Encoding):
        raise TypeError(f"{name}: its descriptor's encoding made a {type(enc).__name__}, not an Encoding")
    return enc


def __getattr__(name: str) -> dict[str, str]:
    """``MODULES`` (from before the descriptors): each learnable game, by name."""
    if name == "MODULES":
        return {game: game for game in learnable()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
