"""Each game's encoding (fixed action index, observation vector), by game name."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from cattable.rl.encoding import Encoding

MODULES = {"cafe": "cafe", "washi": "washi", "attack": "attack", "tower": "tower"}


def encoding(name: str, players: int, options: Mapping[str, Any]) -> Encoding:
    """The encoding of game ``name`` for ``players`` and fully validated ``options``."""
    if name not in MODULES:
        raise ValueError(f"no learning encoding for game {name!r}; games: {', '.join(MODULES)}")
    module = import_module(f"cattable.rl.encodings.{MODULES[name]}")
    enc: Encoding = module.ENCODING(players, options)
    return enc
