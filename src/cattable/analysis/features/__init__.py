"""Features of a finished game for designers: what was played, drawn or built, by whom, and how it ended.

Every game gives the same shape, so the report and the Parquet writer need no game-specific code::

    {"first_player": seat or None,
     "game": {name: number or text},          # the table's: the map, the steadiness, Toto's floor
     "seats": [{name: number}, ...]}          # each seat's counts: cards played, items drawn, score parts

A game's features module (named by its descriptor's ``features``, here ``features/<game>.py``, with a
function ``features(state, actors)``) adds its own figures to the counts every game has (the kinds of
action each seat took). Features are computed in the worker from the final state and the seat behind
each action, so nothing but small numbers crosses back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from cattable.core import State
from cattable.core.registry import descriptor, game_names

Features = dict[str, Any]
Extractor = Callable[[State, Sequence[int]], Features]


def action_kinds(state: State, actors: Sequence[int]) -> list[dict[str, float]]:
    """How many actions of each kind (``kind:<kind>``) each seat took."""
    counts = [Counter[str]() for _ in range(state.players)]
    for action, seat in zip(state.history, actors, strict=True):
        counts[seat][f"kind:{action.to_json()['kind']}"] += 1
    return [{k: float(v) for k, v in sorted(c.items())} for c in counts]


def extractor(name: str) -> Extractor | None:
    """The game's own feature function, if its descriptor names one (a fifth game may have none)."""
    module = _module(name)
    if module is None:
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


PREFIXES = {
    "kind": ("actions: {}", "actions of the kind '{}' the seat took"),
    "card": ("cards played: {}", "'{}' cards the seat played"),
    "item": ("drawn: {}", "'{}' items the seat drew"),
    "cat": ("cat chosen: {}", "the seat chose the cat that scores '{}'"),
    "raid": ("raids for {}", "raids the seat made for '{}'"),
    "wall": ("walls placed: {}", "'{}' walls the seat placed"),
    "score": ("points from {}", "the seat's final points from '{}'"),
}
"""Plain names for the counts every game's keys are built from (``kind:pass``), where a game names none."""


def _module(name: str) -> ModuleType | None:
    """The game's features module, from its descriptor; None for a game with none (or not registered)."""
    return descriptor(name).features.load() if name in game_names() else None


def plain_name(game: str, key: str) -> tuple[str, str]:
    """A feature's name as a designer reads it and what it counts: ``kind:pass`` is ("passes", "rounds
    the seat ..."). A game's module may name its keys (``NAMES``); the rest are named by their prefix."""
    share = key.endswith(" (% of actions)")
    base = key.removesuffix(" (% of actions)")
    names: dict[str, tuple[str, str]] = getattr(_module(game), "NAMES", {})
    if base in names:
        name, meaning = names[base]
    elif ":" in base and base.split(":", 1)[0] in PREFIXES:
        prefix, value = base.split(":", 1)
        name, meaning = (t.format(value.replace("_", " ")) for t in PREFIXES[prefix])
    else:
        name, meaning = base.replace("_", " "), base.replace("_", " ")
    if share:
        return f"{name} (% of the seat's actions)", f"{meaning}, as a percentage of all its actions"
    return name, meaning


def report_tables(game: str, batches: Sequence[Any]) -> dict[str, Any]:
    """The game's own tables for a report over ``batches`` (a features module's ``report(batches)``, as the
    tower's steadiness table), keyed as the report's stats; empty for a game with none."""
    report = getattr(_module(game), "report", None)
    tables: dict[str, Any] = report(batches) if report is not None else {}
    return tables


def score_rule(game: str) -> str | None:
    """One sentence saying how the game's score is made (a game's module gives it as ``SCORE``)."""
    rule: str | None = getattr(_module(game), "SCORE", None)
    return rule
