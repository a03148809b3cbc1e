"""A map compiled into flat lookup tables, once per map, so the rules loop only indexes lists.

Spaces are numbered ``row * width + col``. A building is one node, named by its first cell in reading
order (its *anchor*): a line fills the whole building at once. Everything here is immutable and shared
by every state on the map.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from . import actions as A
from .bits import Bits, bits_of
from .coords import cell_name
from .mapfile import (
    FIRST_MAPS_DIR,
    MAPS_DIR,
    SIDES,
    MapSpec,
    is_building,
    is_sewer,
    is_walkable,
    load_map,
    map_path,
    spec_from_json,
    strip_cells,
)

SPACING = 3
"""Drawings need at least 2 spaces between them: Chebyshev distance 3 or more (diagonals count too)."""
DIR_STEPS = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
Step = tuple[int, A.Move, A.Move]
"""(target node, the action for cat 1, the action for cat 2)."""
Ray = tuple[tuple[int, ...], A.Jump, A.Jump]
"""(walkable cells in a straight line from a space, the jump actions for cats 1 and 2)."""
PopEntry = tuple[int, int, A.Pop, A.Pop]
"""(sewer dived into, its matching sewer, the actions for cats 1 and 2)."""


class Board:
    """Lookup tables for one map."""

    def __init__(self, spec: MapSpec) -> None:
        self.spec = spec
        self.width = w = spec.width
        self.height = h = spec.height
        grid = spec.grid
        n = w * h
        self.size = n
        self.char: list[str] = [grid[i // w][i % w] for i in range(n)]
        self.names: tuple[str, ...] = tuple(cell_name(i // w, i % w) for i in range(n))
        """Each space's name (``c5``): a view names hundreds of them, each formatted once here."""
        self.walkable = bytes(is_walkable(ch) for ch in self.char)
        """Spaces a line may be drawn through or jumped over (not buildings, shrines or torn tape)."""
        self.drawable = bytes(ch == "." for ch in self.char)
        """Plain street spaces: the only places fish and cats may be drawn."""
        self.node = [-1] * n
        self.building_cells: dict[int, list[int]] = {}
        for i, ch in enumerate(self.char):
            if is_walkable(ch):
                self.node[i] = i
            elif is_building(ch):
                anchor = next(j for j in range(n) if self.char[j] == ch)
                self.node[i] = anchor
                self.building_cells.setdefault(anchor, []).append(i)
        self.letter_anchor = {self.char[a]: a for a in self.building_cells}

        doors: dict[int, list[tuple[int, int]]] = {}
        """building anchor -> (inside cell, outside cell) for each door."""
        door_pairs: set[tuple[int, int]] = set()
        for r, c, side in spec.doors:
            dr, dc = SIDES[side]
            inside, outside = r * w + c, (r + dr) * w + (c + dc)
            doors.setdefault(self.node[inside], []).append((inside, outside))
            door_pairs.add((outside, inside))
        self.doors = doors

        self.steps: list[tuple[Step, ...]] = [() for _ in range(n)]
        self.rays: list[tuple[Ray, ...]] = [() for _ in range(n)]
        for i in range(n):
            if self.walkable[i]:
                self.steps[i] = self._street_steps(i, door_pairs)
                self.rays[i] = self._rays(i)
        for anchor, pairs in doors.items():
            out: list[Step] = []
            for _inside, outside in pairs:
                if all(s[0] != outside for s in out):
                    r, c = divmod(outside, w)
                    out.append((outside, A.move(0, r, c), A.move(1, r, c)))
            self.steps[anchor] = tuple(out)

        self.neighbours: list[tuple[int, ...]] = [tuple(s[0] for s in steps) for steps in self.steps]
        """The nodes one normal move away from each node (the targets of ``steps``)."""
        self.sewer_pair = [-1] * n
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if is_sewer(ch):
                    mate = next(cc for cc, other in enumerate(row) if other == ch and cc != c)
                    self.sewer_pair[r * w + c] = r * w + mate
        self.pops: list[tuple[PopEntry, ...]] = [() for _ in range(n)]
        for i in range(n):
            entries = []
            for target, _a0, _a1 in self.steps[i]:
                if self.sewer_pair[target] >= 0:
                    r, c = divmod(target, w)
                    entries.append((target, self.sewer_pair[target], A.pop(0, r, c), A.pop(1, r, c)))
            self.pops[i] = tuple(entries)

        self.home: list[bytes] = []
        self.far: list[bytes] = []
        self.home_cells: list[list[int]] = []
        self.far_cells: list[list[int]] = []
        for strip in spec.strips:
            for far, cells, masks in ((False, self.home_cells, self.home), (True, self.far_cells, self.far)):
                spaces = [r * w + c for r, c in strip_cells(strip, w, h, far)]
                cells.append(spaces)
                mask = bytearray(n)
                for s in spaces:
                    mask[s] = 1
                masks.append(bytes(mask))
        self.home_bits = [bits_of(cells) for cells in self.home_cells]
        self.far_bits = [bits_of(cells) for cells in self.far_cells]
        self.bits = Bits(self.neighbours, w)
        """The moves as shifts of sets of spaces, for the trapped test's searches (``bits.py``)."""
        self.colours = [s.colour for s in spec.strips]
        lines = {tuple(cells) for cells in self.home_cells + self.far_cells}
        self.rows: list[tuple[int, ...]] = sorted(lines, key=self._line_order)
        """Every strip's own row and far row, once each, in order along the map's lines (for the spacing)."""
        # for each space, where it stands in ``rows``: (row, index in the row) for each row it is on
        row_slots = [
            tuple((k, i) for k, row in enumerate(self.rows) for i, x in enumerate(row) if x == c) for c in range(n)
        ]
        self.home_row = [self.rows.index(tuple(cells)) for cells in self.home_cells]
        self.far_row = [self.rows.index(tuple(cells)) for cells in self.far_cells]
        self._rows_near: dict[int, tuple[int, ...]] = {}
        self.fish_cells = [
            sorted(set(home) | set(far)) for home, far in zip(self.home_cells, self.far_cells, strict=True)
        ]
        """Where a seat may draw fish while both its rows are open: its own row and its far row."""
        self.fish_action = [A.fish(i // w, i % w) for i in range(n)]
        self.cat_action = [A.cat(i // w, i % w) for i in range(n)]
        self.near: list[tuple[int, ...]] = []
        """For each space, the spaces too close to it for another drawing (itself included)."""
        reach = SPACING - 1
        for i in range(n):
            r, c = divmod(i, w)
            self.near.append(
                tuple(
                    rr * w + cc
                    for rr in range(max(0, r - reach), min(h, r + reach + 1))
                    for cc in range(max(0, c - reach), min(w, c + reach + 1))
                )
            )
        on_rows = {c for row in self.rows for c in row}
        self.near_on_rows: list[tuple[int, ...]] = [tuple(c for c in near if c in on_rows) for near in self.near]
        """``near`` cut down to the spaces of ``rows``: all the spacing look-ahead ever asks about, and a few
        spaces instead of 25 to mark for each drawing it tries (the setup's hot loop)."""
        self.row_marks: list[tuple[tuple[int, int], ...]] = []
        """For each space, what a drawing there crowds on the rows: (row, the row's spaces it crowds as bits)."""
        for near in self.near_on_rows:
            marks: dict[int, int] = {}
            for c in near:
                for k, i in row_slots[c]:
                    marks[k] = marks.get(k, 0) | 1 << i
            self.row_marks.append(tuple(marks.items()))
        self.lone_rows: list[bool] = [all(self.rows_near(c) == (k,) for c in row) for k, row in enumerate(self.rows)]
        """Rows no drawing on another row crowds: whether a drawing there keeps the room for the rest depends
        only on that row's free spaces and what it is owed, so the setup remembers the answer
        (``room_on_row``); the shipped maps have only such rows."""
        self.room_on_row: dict[tuple[int, int, int], tuple[int, ...]] = {}
        """(row, drawings it is owed, which of its spaces are crowded as bits) -> the spaces of the row where a drawing
        keeps room for the rest: filled by the setup as it meets them, shared by every state on the map."""

    def rows_near(self, cell: int) -> tuple[int, ...]:
        """The rows (indices into ``rows``) that a drawing at ``cell`` crowds."""
        found = self._rows_near.get(cell)
        if found is None:
            close = set(self.near[cell])
            found = self._rows_near[cell] = tuple(k for k, row in enumerate(self.rows) if close.intersection(row))
        return found

    def _line_order(self, cells: tuple[int, ...]) -> tuple[int, int, int]:
        """Rows first (by row, then start), then columns: strips that share a line come one after another."""
        first, last = cells[0], cells[-1]
        if first // self.width == last // self.width:
            return (0, first // self.width, first % self.width)
        return (1, first % self.width, first // self.width)

    def _street_steps(self, i: int, door_pairs: set[tuple[int, int]]) -> tuple[Step, ...]:
        w, h = self.width, self.height
        r, c = divmod(i, w)
        out: list[Step] = []
        for dr, dc in DIR_STEPS.values():
            nr, nc = r + dr, c + dc
            if not (0 <= nr < h and 0 <= nc < w):
                continue
            j = nr * w + nc
            if self.walkable[j] or ((i, j) in door_pairs and all(s[0] != self.node[j] for s in out)):
                out.append((self.node[j], A.move(0, nr, nc), A.move(1, nr, nc)))
        return tuple(out)

    def _rays(self, i: int) -> tuple[Ray, ...]:
        w, h = self.width, self.height
        out: list[Ray] = []
        for name, (dr, dc) in DIR_STEPS.items():
            r, c = divmod(i, w)
            cells: list[int] = []
            while True:
                r, c = r + dr, c + dc
                if not (0 <= r < h and 0 <= c < w) or not self.walkable[r * w + c]:
                    break
                cells.append(r * w + c)
            if len(cells) >= 2:
                out.append((tuple(cells), A.jump(0, name), A.jump(1, name)))
        return tuple(out)

    def cell_of(self, row: int, col: int) -> int:
        """The cell index, or -1 off the map."""
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return -1


_shipped: dict[str, Board] = {}


def board_for(map_name: str, first: bool = False) -> Board:
    """The compiled board of a shipped map (once per process) or of a map file (again when it changes);
    ``first``: the map as cattable 0.1 shipped it, for games played under the first rules."""
    key = f"first/{map_name}" if first else map_name
    board = _shipped.get(key)
    if board is None:
        path = map_path(map_name, first)
        if path.parent in (MAPS_DIR, FIRST_MAPS_DIR) and path.stem == map_name:
            board = _shipped[key] = Board(load_map(str(path)))
        else:
            board = _compiled(str(path.resolve()), path.stat().st_mtime_ns)
    return board


@cache
def _compiled(path: str, _mtime_ns: int) -> Board:
    return Board(load_map(path))


_from_views: dict[str, Board] = {}


def board_from_view(view: dict[str, Any] | Any) -> Board:
    """The board of the map a view carries (compiled once per distinct map)."""
    data = view["map"]
    key = json.dumps(data, sort_keys=True)
    board = _from_views.get(key)
    if board is None:
        board = _from_views[key] = Board(spec_from_json(data))
    return board
