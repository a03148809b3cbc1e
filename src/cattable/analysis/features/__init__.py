"""Features of a finished game for designers: what was played, drawn or built, by whom, and how it ended.

Every game gives the same shape, so the report and the Parquet writer need no game-specific code::

    {"first_player": seat or None,
     "game": {name: number or text},          # the table's: the map, the steadiness, Toto's floor
     "seats": [{name: number}, ...]}          # each seat's counts: cards played, items drawn, score parts

A game's module here (``features/<game>.py``, a function ``features(state, actors)``) adds its own
figures to the counts every game has (the kinds of action each seat took). Features are computed in the
worker from the final state and the seat behind each action, so nothing but small numbers crosses back.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cattable.core import State

Features = dict[str, Any]
Extractor = Callable[[State, Sequence[int]], Features]


def action_kinds(state: State, actors: Sequence[int]) -> list[dict[str, float]]:
    """How many actions of each kind (``kind:<kind>``) each seat took."""
    counts = [Counter[str]() for _ in range(state.players)]
    for action, seat in zip(state.history, actors, strict=True):
        counts[seat][f"kind:{action.to_json()['kind']}"] += 1
    return [{k: float(v) for k, v in sorted(c.items())} for c in counts]


def extractor(name: str) -> Extractor | None:
    """The game's own feature function, if cattable has one for it (a fifth game may have none)."""
    wanted = f"{__name__}.{name}"
    try:
        module = importlib.import_module(wanted)
    except ModuleNotFoundError as exc:
        if exc.name != wanted:  # the module is there but something it imports is not: say so
            raise
        return None
    fn: Extractor = module.features
    return fn


def game_features(state: State, actors: Sequence[int]) -> Features:
    """The features of a finished game; ``actors[i]`` is the seat that took ``state.history[i]``."""
    if len(actors) != len(state.history):
        raise ValueError(f"{len(actors)} actors for {len(state.history)} actions: every action needs its seat")
    seats = action_kinds(state, actors)
    out: Features = {"first_player": actors[0] if actors else None, "game": {}, "seats": seats}
    extra = extractor(state.game.name)
    if extra is not None:
        more = extra(state, actors)
        out["game"].update(more.get("game", {}))
        for row, add in zip(seats, more.get("seats", []), strict=False):
            row.update(add)
    return out
