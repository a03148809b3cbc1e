"""Overrides of a game's data files (deck counts, wall heights, goal floors) carried by its options.

A designer who asks "what if there were five Cat 3 cards?" wants an ordinary game: seeded, recorded,
replayable. So the override is an option, ``data``, holding ``{path: value}``; the record keeps it and
``cattable.replay`` plays it again. Each game declares the paths it lets change (``Game.tunables``),
with their kind and range; anything else is an ``OptionError`` that lists what is allowed.

Two spellings are read: ``data={"deck.cat3": 5}``, and one key per path, ``data.deck.cat3=5`` (the
command line's ``--option data.deck.cat3=5`` and the sweep's ``--param data.deck.cat3=1:6``). Both are
stored the one way, ``{"data": {"deck.cat3": 5}}``, sorted by path. No overrides, no ``data`` key: a game
played without them has the very options (and record, and views) it had before this module existed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

DATA = "data"
"""The option that holds a game's data overrides."""
PREFIX = DATA + "."
"""A flat option key ``data.PATH`` overrides one path."""

Overrides = tuple[tuple[str, Any], ...]
"""Overrides as sorted (path, value) pairs: hashable, so a game's data loader can cache per override set."""


@dataclass(frozen=True)
class Tunable:
    """One value in a game's data files that a game may be played with changed: its path (as written
    after ``data.``), its default (what the shipped file holds), its kind and its inclusive range."""

    path: str
    default: int | float
    low: int | float
    high: int | float
    help: str

    @property
    def kind(self) -> type:
        return int if isinstance(self.default, int) else float

    def parse(self, raw: Any) -> int | float:
        """The value itself or its text (from the command line), checked for kind and range."""
        where = f"option {PREFIX}{self.path}={raw!r}"
        value: Any = raw
        if isinstance(raw, str):
            try:
                value = self.kind(raw.strip())
            except ValueError:
                raise OptionError(f"{where}: expected {self._kind_name()}; {self.allowed()}") from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise OptionError(f"{where}: expected {self._kind_name()}; {self.allowed()}")
        if self.kind is int and not (isinstance(value, int) or float(value).is_integer()):
            raise OptionError(f"{where}: expected a whole number; {self.allowed()}")
        value = self.kind(value)
        if not self.low <= value <= self.high:
            raise OptionError(f"{where} is out of range; {self.allowed()}")
        return value  # type: ignore[no-any-return]

    def _kind_name(self) -> str:
        return "a whole number" if self.kind is int else "a number"

    def allowed(self) -> str:
        return f"{self._kind_name()} from {self.low:g} to {self.high:g}, default {self.default:g}"


def split_data(game_name: str, given: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``given`` parted into ordinary options and the raw data overrides (``data`` and ``data.PATH`` keys
    together); a path given both ways is refused rather than one silently winning."""
    plain = {k: v for k, v in given.items() if k != DATA and not k.startswith(PREFIX)}
    data = given.get(DATA, {})
    if isinstance(data, str) and not data.strip():
        data = {}
    if not isinstance(data, Mapping):
        raise OptionError(f"{game_name}: option data must be an object of path: value, not {data!r}")
    overrides = dict(data)
    for key, value in given.items():
        if key.startswith(PREFIX):
            path = key[len(PREFIX) :]
            if path in overrides:
                raise OptionError(f"{game_name}: {key} is given twice (as {key} and inside data)")
            overrides[path] = value
    return plain, overrides


def validate_data(game_name: str, tunables: Sequence[Tunable], given: Mapping[str, Any]) -> dict[str, Any]:
    """The overrides checked against the game's tunable paths and sorted; an unknown path lists them."""
    by_path = {t.path: t for t in tunables}
    unknown = sorted(_shown(p) for p in given if p not in by_path)
    if unknown:
        if not tunables:
            raise OptionError(f"{game_name}: has no tunable data, so {PREFIX}{unknown[0]} cannot be set")
        known = ", ".join(t.path for t in tunables)
        raise OptionError(f"{game_name}: unknown data path(s) {', '.join(unknown)}; tunable data: {known}")
    return {path: by_path[path].parse(given[path]) for path in sorted(given)}


def copy_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with their own copy of ``data``, for records and views: what a reader does to them
    never reaches the game's options."""
    out = dict(options)
    if isinstance(out.get(DATA), Mapping):
        out[DATA] = dict(out[DATA])
    return out


def overrides_of(options: Mapping[str, Any]) -> Overrides:
    """A validated game's overrides as sorted pairs (empty without any): the key a data loader caches on."""
    data = options.get(DATA)
    return tuple(sorted(data.items())) if isinstance(data, Mapping) else ()


def tuned(overrides: Overrides, prefix: str) -> dict[str, Any]:
    """The overrides under ``prefix`` (``"deck."``), keyed by what follows it (``"cat3"``)."""
    return {path[len(prefix) :]: value for path, value in overrides if path.startswith(prefix)}


def _shown(path: object) -> str:
    """A path as an error shows it: a stranger's very long key cut short."""
    text = str(path)
    return text if len(text) <= 60 else text[:57] + "..."
