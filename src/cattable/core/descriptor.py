"""One description per game: what it offers beyond its rules, so the server, learners and analysis name no game.

A game's class declares its ``parts`` (``Parts``): its heuristic bot, terminal drawing, analysis features,
learning encoding and fast writer, its continuous-action environment, its settle recorder. They live in
layers above the rules, which the rules must never import (``lint-imports``), so each is a ``Part``: the
module (and attribute) that holds it, imported only when a caller asks, and returned as the type the
caller expects. ``cattable.descriptor(name)`` gives a ``GameDescriptor``: the game, its name and its parts,
found through the registry like the game itself. A game installed as a package may instead name its
heuristic and drawing by entry point (``cattable.heuristics``, ``cattable.drawings``); the registry folds
those in, so every caller asks the descriptor alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .game import Game

T = TypeVar("T")


@dataclass(frozen=True)
class Part(Generic[T]):
    """One upper-layer part of a game, as ``package.module`` or ``package.module:attribute``.

    Named, not imported: the rules may not import bots, screens or learning code, so the part is imported
    the first time someone asks (``load``), and typed by what it is, so callers need no string of their own.
    """

    target: str | None = None

    @property
    def declared(self) -> bool:
        """Whether the game has this part (without importing it: a server asks on every move)."""
        return bool(self.target)

    def load(self) -> T | None:
        """The part, imported now; None when the game has none. An import error is raised as it is: a
        part that is declared but broken should say so, not pass for absent."""
        if not self.target:
            return None
        module_name, _, attribute = self.target.partition(":")
        obj: Any = importlib.import_module(module_name)
        for name in attribute.split(".") if attribute else ():
            obj = getattr(obj, name)
        found: T = obj
        return found

    def __call__(self) -> T | None:
        return self.load()


Settling = Callable[[], AbstractContextManager[Any]]
"""A settle recorder: ``with recording() as rec: ...`` then ``rec.frames`` and ``rec.seconds``."""
Maker = Callable[..., Any]
"""A class or function that builds the part for a table (an encoding from ``players`` and ``options``)."""


@dataclass(frozen=True)
class Parts:
    """What a game offers beyond its rules, each named once, where the game's class is declared."""

    heuristic: Part[ModuleType] = field(default_factory=Part)
    """The module with the game's ``HeuristicAgent`` and what its search may use (``LEVELS``, ``evaluate``,
    ``ROLLOUT_DEPTH``, ``ANCHOR``, ``search_agent``)."""
    drawing: Part[ModuleType] = field(default_factory=Part)
    """The module with ``render(view, seat)`` for the terminal (and ``render_record``/``render_state``)."""
    features: Part[ModuleType] = field(default_factory=Part)
    """The module with ``features(state, actors)`` for reports (and optionally ``NAMES``, ``SCORE``)."""
    encoding: Part[Maker] = field(default_factory=Part)
    """The learning encoding: ``ENCODING(players, options)`` gives a ``cattable.rl.Encoding``."""
    fast_writer: Part[Maker] = field(default_factory=Part)
    """The fast observation writer: ``WRITER(encoding)`` gives a ``cattable.rl.fast.ViewWriter``."""
    box_env: Part[Maker] = field(default_factory=Part)
    """The PettingZoo environment with continuous (Box) actions, ``env(name, box=True)``."""
    settle_recorder: Part[Settling] = field(default_factory=Part)
    """The physics' ``recording()`` context: the frames of a move as it settles, for the server to stream."""


@dataclass(frozen=True)
class GameDescriptor:
    """Everything cattable knows of one registered game: its rules and its parts beyond them."""

    name: str
    game: Game
    parts: Parts

    @property
    def heuristic(self) -> Part[ModuleType]:
        return self.parts.heuristic

    @property
    def drawing(self) -> Part[ModuleType]:
        return self.parts.drawing

    @property
    def features(self) -> Part[ModuleType]:
        return self.parts.features

    @property
    def encoding(self) -> Part[Maker]:
        return self.parts.encoding

    @property
    def fast_writer(self) -> Part[Maker]:
        return self.parts.fast_writer

    @property
    def box_env(self) -> Part[Maker]:
        return self.parts.box_env

    @property
    def settle_recorder(self) -> Part[Settling]:
        return self.parts.settle_recorder

    @property
    def snapshot_form(self) -> int:
        """The form of the game's snapshots and views (``Game.snapshot_form``), kept with each stored hash."""
        return self.game.snapshot_form
