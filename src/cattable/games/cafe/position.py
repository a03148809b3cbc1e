"""A Cat Cafe position as data: every field of the table, and the copy of them all.

``Position`` holds what is on the sheets and the dice and one question about it (the footprints a seat
has left); the rules that change it live in their own modules (``start``, ``choices``, ``flow``), each a
set of functions over a ``Position``, and ``game.py`` is the front the API plays.
"""

from __future__ import annotations

from typing import Any, Self

from cattable.core import Result, State

from .actions import Mark, Pass


class Position(State):
    """The fields of one position of Cat Cafe. Sheets are flat lists of item codes indexed by space
    (``sheet.py``); seats are 0-based; the phases are ``phases.py``'s numbers."""

    __slots__ = (
        "_cp",
        "_public",
        "_result_memo",
        "circled",
        "claimed",
        "completed",
        "dice",
        "drafted",
        "first",
        "last",
        "n",
        "pending",
        "pending_cat",
        "phase",
        "points",
        "pool",
        "round",
        "shared",
        "sheets",
        "towers",
        "turn",
        "used",
    )

    n: int
    sheets: list[list[int]]
    towers: list[list[int]]
    """Per seat, per tower: how many spaces are drawn."""
    circled: list[int]
    used: list[int]
    points: list[list[int]]
    """Per seat, per cat (by favourite item 1..6): points scored, or -1 while unchosen (index 0 unused)."""
    completed: list[list[int]]
    """Per seat, per tower: the completion bonus taken (0 while incomplete)."""
    claimed: list[bool]
    """Towers someone completed in an earlier round (the larger bonus is gone)."""
    round: int
    first: int
    last: list[tuple[Mark | Pass, int, int]]
    """Last round's choices (action, footprints spent, cat chosen), public once the round resolved."""
    _result_memo: Result | None
    _public: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None
    """The sheets' public view and their breakdown, cached until a round resolves (``views.public_info``)."""
    dice: list[int]
    pending: list[Mark | Pass | None]
    pending_cat: list[int]
    turn: int
    drafted: list[int]
    pool: list[int]
    shared: int
    phase: int
    _cp: int | None

    def available(self, seat: int) -> int:
        """Circled footprints not yet spent."""
        return self.circled[seat] - self.used[seat]

    def _copy(self) -> Self:
        cls = type(self)
        o = cls.__new__(cls)
        o.n = self.n
        o.sheets = [s[:] for s in self.sheets]
        o.towers = [t[:] for t in self.towers]
        o.circled = self.circled[:]
        o.used = self.used[:]
        o.points = [c[:] for c in self.points]
        o.completed = [c[:] for c in self.completed]
        o.claimed = self.claimed[:]
        o.round = self.round
        o.first = self.first
        o.last = self.last[:]
        o._result_memo = self._result_memo
        o._public = self._public
        o.dice = self.dice[:]
        o.pending = self.pending[:]
        o.pending_cat = self.pending_cat[:]
        o.turn = self.turn
        o.drafted = self.drafted[:]
        o.pool = self.pool[:]
        o.shared = self.shared
        o.phase = self.phase
        o._cp = self._cp
        return o
