"""Games by name. Each entry names a module and attribute, imported on first use, so a game that is
not asked for (the MuJoCo tower, say) costs nothing to start."""

from __future__ import annotations

import importlib
import os
from typing import Any

from .errors import RecordError
from .game import Game, State

GAMES: dict[str, str] = {
    "cafe": "cattable.games.cafe.game:CafeGame",
    "washi": "cattable.games.washi.game:WashiGame",
    "attack": "cattable.games.attack.game:AttackGame",
    "tower": "cattable.games.tower.game:TowerGame",
}
_loaded: dict[str, Game] = {}


def _plugins(spec: str) -> dict[str, str]:
    """Extra games from ``CATTABLE_GAMES="name=module:Class,..."`` (third-party games; worker processes)."""
    out = {}
    for item in spec.split(","):
        name, sep, target = item.partition("=")
        if sep and ":" in target:
            out[name.strip()] = target.strip()
    return out


GAMES.update(_plugins(os.environ.get("CATTABLE_GAMES", "")))


def game_names() -> list[str]:
    return list(GAMES)


def game(name: str) -> Game:
    """The game called ``name``; a ValueError lists the known names."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    if name not in _loaded:
        module_name, attr = GAMES[name].split(":")
        cls = getattr(importlib.import_module(module_name), attr)
        _loaded[name] = cls()
    return _loaded[name]


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild a state from a record made by ``State.record()``."""
    if not isinstance(record, dict) or "game" not in record:
        raise RecordError("not a cattable game record")
    name = str(record["game"])
    if name not in GAMES:
        raise RecordError(f"this record is for an unknown game {name!r}; known games: {', '.join(GAMES)}")
    return game(name).replay(record, upto)
