"""Games by name, found through package entry points, so the core names no game.

A game is a package that declares one entry point in the group ``cattable.games``
(``name = "package.module:GameClass"``). What it offers beyond its rules is told by ``descriptor(name)``
(``core/descriptor.py``): the parts its class declares, plus, for a game installed as a package, the
companions it names by entry point in ``cattable.heuristics`` (a module with the game's ``HeuristicAgent``,
and what its search may use) and ``cattable.drawings`` (a module with ``render(view, seat)`` for the
terminal, and for a game with pictures ``render_record`` / ``render_state``). Entries are imported on
first use, so a game that is not asked for (the MuJoCo tower, say) costs nothing to start.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import replace
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from .descriptor import GameDescriptor, Part
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


def descriptor(name: str) -> GameDescriptor:
    """Everything known of the game called ``name``: the game and its parts (a ValueError lists the games).

    The parts are those its class declares; a heuristic or drawing it leaves out is taken from its entry
    point, if it names one (a game installed as a package, as ``examples/catnap`` is)."""
    rules = game(name)
    parts = type(rules).parts
    if not parts.heuristic.declared and (target := _entries(HEURISTIC_GROUP).get(name)):
        parts = replace(parts, heuristic=Part[ModuleType](target.partition(":")[0]))
    if not parts.drawing.declared and (target := _entries(DRAWING_GROUP).get(name)):
        parts = replace(parts, drawing=Part[ModuleType](target.partition(":")[0]))
    return GameDescriptor(name, rules, parts)


def companion(group: str, name: str) -> ModuleType | None:
    """The module of a game's heuristic (``HEURISTIC_GROUP``) or drawing (``DRAWING_GROUP``), or None;
    kept for callers from before ``descriptor``, which it asks."""
    parts = {HEURISTIC_GROUP: "heuristic", DRAWING_GROUP: "drawing"}
    if group not in parts:
        target = _entries(group).get(name)
        return importlib.import_module(target.partition(":")[0]) if target else None
    if name not in GAMES:
        return None
    part: Part[ModuleType] = getattr(descriptor(name), parts[group])
    return part.load()


def replay(record: Any, upto: int | None = None) -> State:
    """Rebuild a state from a record made by ``State.record()``; a ``RecordError`` names what is wrong."""
    if not isinstance(record, dict) or "game" not in record:
        raise RecordError("not a cattable game record (a JSON object with a 'game')")
    name = record["game"]
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"record field 'game': {name!r} is not a known game; known games: {', '.join(GAMES)}")
    return game(name).replay(record, upto)
