"""Games by name, found through package entry points, so the core names no game.

A game is a package that declares one entry point in the group ``cattable.games``
(``name = "package.module:GameClass"``). Optional companions are found the same way, by the game's name:
``cattable.heuristics`` (a module with the game's ``HeuristicAgent``, and what its search may use) and
``cattable.drawings`` (a module with ``render(view, seat)`` for the terminal, and for a game with
pictures ``render_record`` / ``render_state``). Entries are imported on first use, so a game that is not
asked for (the MuJoCo tower, say) costs nothing to start.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from .errors import RecordError
from .game import Game, State

GAME_GROUP = "cattable.games"
HEURISTIC_GROUP = "cattable.heuristics"
DRAWING_GROUP = "cattable.drawings"


def _entries(group: str) -> dict[str, str]:
    return {ep.name: ep.value for ep in sorted(entry_points(group=group), key=lambda ep: ep.name)}


def _plugins(spec: str) -> dict[str, str]:
    """Extra games from ``CATTABLE_GAMES="name=module:Class,..."`` (a game not installed as a package)."""
    out = {}
    for item in spec.split(","):
        name, sep, target = item.partition("=")
        if sep and ":" in target:
            out[name.strip()] = target.strip()
    return out


GAMES: dict[str, str] = {**_entries(GAME_GROUP), **_plugins(os.environ.get("CATTABLE_GAMES", ""))}
"""Every known game: its name and ``module:Class``."""
_loaded: dict[str, Game] = {}


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


def companion(group: str, name: str) -> ModuleType | None:
    """The module a game's companion entry point names in ``group`` (its heuristic, its drawing), or None."""
    target = _entries(group).get(name)
    return importlib.import_module(target.partition(":")[0]) if target else None


def replay(record: Any, upto: int | None = None) -> State:
    """Rebuild a state from a record made by ``State.record()``; a ``RecordError`` names what is wrong."""
    if not isinstance(record, dict) or "game" not in record:
        raise RecordError("not a cattable game record (a JSON object with a 'game')")
    name = record["game"]
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"record field 'game': {name!r} is not a known game; known games: {', '.join(GAMES)}")
    return game(name).replay(record, upto)
