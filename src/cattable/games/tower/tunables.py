"""The data a tower game may be played with changed (option ``data``): wall heights and goal floors.

Both are guesses (CONTENT-NOTES.md: the real dimensions and the goal cards' floors are not published),
and both decide how hard the game is: ``walls.bricks`` .. ``walls.pillars`` are the wall tiles' heights
in cm (``physics/pieces.json``; neighbouring heights tilt a floor), ``goal.G01`` .. ``goal.G16`` how many
floors each Goal card moves Toto at most (``cards.json``, as the ``cards`` option's deck has them).

A changed wall height is physics: the game's table builds its world from a template made once per
process for each set of heights (``TunedTable``), so one game's walls never reach another's. A replay
takes every physical outcome from the record, so it needs no world at all.

The overrides are the rules of the table, so a seat's view carries them (``data``, only when there are
any); a bot builds its trial worlds with ``view_world``, from the same templates the rules use, so its
physics is the game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattable.core.tuning import DATA, Tunable, overrides_of, tuned

from .cards import cards
from .physics import TowerWorld
from .physics.model import WALL_TYPES, settings_default, wall_heights_settings
from .table import Table, world_of

WALLS = "walls."
GOALS = "goal."
HEIGHTS: dict[str, float] = {t: float(settings_default()["wall"]["heights"][t]) for t in WALL_TYPES}
"""The shipped wall heights, cm."""

TUNABLES: tuple[Tunable, ...] = (
    *(Tunable(WALLS + t, h, 3.0, 7.0, f"height of a {t} wall tile, cm") for t, h in HEIGHTS.items()),
    *(
        Tunable(GOALS + gid, g.floors, 1, 3, f"floors goal card {gid} ({g.condition}) moves Toto at most")
        for gid, g in sorted(cards().goals.items())
    ),
)


def goal_card_floors(options: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """The goal cards' floors a game's options change, as (card id, floors) pairs ``cards`` caches on."""
    return tuple(sorted(tuned(overrides_of(options), GOALS).items()))


def wall_heights(options: Mapping[str, Any]) -> tuple[tuple[str, float], ...]:
    """The wall heights a game's options change, as (wall type, cm) pairs."""
    return tuple(sorted(tuned(overrides_of(options), WALLS).items()))


_TEMPLATES: dict[tuple[tuple[str, float], ...], TowerWorld] = {}


def tuned_world(heights: tuple[tuple[str, float], ...]) -> TowerWorld:
    """A fresh world (F1 alone on the table) whose walls have ``heights``, cloned from a template built
    once per process per set of heights (building compiles the model)."""
    if heights not in _TEMPLATES:
        _TEMPLATES[heights] = TowerWorld(wall_heights_settings(dict(heights)))
    return _TEMPLATES[heights].clone()


class TunedTable(Table):
    """A table whose world has changed wall heights; its copies keep them."""

    __slots__ = ("heights",)

    def __init__(self, outcome: dict[str, Any], heights: tuple[tuple[str, float], ...]) -> None:
        super().__init__(outcome)
        self.heights = heights

    def copy(self) -> TunedTable:
        return TunedTable(self.outcome, self.heights)

    def live(self) -> TowerWorld:
        if self.world is None:
            self.world = tuned_world(self.heights)
            self.synced = False
        return super().live()


def view_heights(view: Mapping[str, Any]) -> tuple[tuple[str, float], ...]:
    """The wall heights a view's ``data`` changes, keyed as ``wall_heights`` keys the rules' templates."""
    return wall_heights({DATA: view.get(DATA) or {}})


def view_world(view: Mapping[str, Any]) -> TowerWorld:
    """A world holding the view's tower at its poses, with the view's wall heights: where a bot tries
    moves (``table.world_of`` in a world with the table's own walls)."""
    heights = view_heights(view)
    return world_of(view["tower"], tuned_world(heights) if heights else None)


def table_for(table: Table, options: Mapping[str, Any]) -> Table:
    """The table a new game plays on: ``table`` itself, or a ``TunedTable`` when wall heights change."""
    heights = wall_heights(options)
    return TunedTable(table.outcome, heights) if heights else table
