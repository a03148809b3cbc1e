"""Cat Cafe's observation written from the state: the fields ``games/cafe/views.py`` shows, no others.

Every sheet, die, footprint and score is public; the one secret is each seat's choice this round, of
which a seat sees its own (``pending``) and, of the others, only whether they have chosen. A seat that
is not choosing a cat for its cat house sees that phase as marking, as the view shows it.

The sheets change only when a round resolves (which starts the next round or ends the game): each
seat's sheet block is built once per round of a state and copied in whole at every step after. Its score
is the breakdown's total, summed here from ``scoring`` directly: the game's ``breakdown()`` also builds
every sheet's view and a dictionary per seat, a third of a step's cost in ``vector_env``.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from cattable.core import State
from cattable.games.cafe import scoring
from cattable.games.cafe.actions import Mark
from cattable.games.cafe.game import CafeState
from cattable.games.cafe.phases import CHOOSING_CAT, MARKING, OVER
from cattable.games.cafe.sheet import FLOORS, ITEMS, NSPACES, TOWERS
from cattable.rl.encoding import Encoding, Vector
from cattable.rl.encodings.cafe import EMPTY, PHASES

from . import ViewWriter
from .row import Row

COLUMN = [EMPTY, *range(len(ITEMS))]
"""A space's item code (0: empty, 1-6: an item) to its column in the drawn-spaces block."""
GRID = NSPACES * (len(ITEMS) + 1)
DIE = GRID + 2 + 2 * len(ITEMS) + TOWERS + 1
"""Where a seat's drafted die starts in its block, after its sheet, footprints, cats and towers."""
SEAT = DIE + 7 + 1 + 1
"""One seat's block: drawn spaces, footprints, cats, tower bonuses, completed, die, chosen, score."""
CELLS = [[k * (len(ITEMS) + 1) + COLUMN[c] for c in range(len(ITEMS) + 1)] for k in range(NSPACES)]
"""CELLS[space][item code]: the place of that entry in a seat's drawn-spaces block."""


def totals(s: CafeState) -> list[int]:
    """Each seat's points if the game ended now: ``CafeState.breakdown()``'s totals, without its dicts."""
    rule = str(s.options["mice"])
    yarn = scoring.yarn_points(s.sheets)
    out = []
    for p, sheet in enumerate(s.sheets):
        house = sum(pts for pts in s.points[p][1:] if pts >= 0)
        out.append(
            house
            + yarn[p]
            + scoring.butterfly_points(sheet)
            + scoring.bowl_points(sheet)
            + scoring.cushion_points(sheet)
            + scoring.mouse_points(sheet, rule)
            + sum(s.completed[p])
        )
    return out


def sheet_block(s: CafeState, p: int, total: float) -> Vector:
    """Seat ``p``'s block as the round's start left it (the drafted die and ``chosen`` stay 0)."""
    row = Row()
    row.ones.extend([CELLS[i][c] for i, c in enumerate(s.sheets[p])])
    row.scalar(GRID, s.circled[p] - s.used[p], 20)
    row.scalar(GRID + 1, s.circled[p], 30)
    i = GRID + 2
    for points in s.points[p][1:]:
        if points >= 0:
            row.ones.append(i)
            row.scalar(i + 1, points, 30)
        i += 2
    for bonus in s.completed[p]:
        row.scalar(i, bonus, 10)
        i += 1
    row.scalar(i, sum(1 for b in s.completed[p] if b), TOWERS)
    row.scalar(SEAT - 1, total, 150)
    out = np.zeros(SEAT, np.float32)
    row.write(out)
    return out


class CafeWriter(ViewWriter):
    def __init__(self, encoding: Encoding) -> None:
        super().__init__(encoding)
        n = self.n = encoding.players
        self.pool = len(PHASES) + 1 + 2 * n
        self.seats = self.pool + 7 + 7 + TOWERS
        self.pending = self.seats + n * SEAT
        self.built: tuple[Any, int, bool] | None = None
        """The state, round and end the blocks were built for (the state kept: no recycled id can match)."""
        self.blocks: list[Vector] = []

    def write(self, state: State, seat: int, out: Vector) -> None:
        s = cast(CafeState, state)
        n, row = self.n, Row()
        ones = row.ones
        phase = s.phase
        built = self.built
        if built is None or built[0] is not s or built[1] != s.round or built[2] != (phase == OVER):
            scores = totals(s)
            self.blocks = [sheet_block(s, p, scores[p]) for p in range(n)]
            self.built = (s, s.round, phase == OVER)
        if phase == CHOOSING_CAT and seat != s._cp:
            phase = MARKING
        ones.append(phase)
        row.scalar(len(PHASES), s.round, 20)
        ones.append(len(PHASES) + 1 + (s.first - seat) % n)
        if s._cp is not None:
            ones.append(len(PHASES) + 1 + n + (s._cp - seat) % n)
        row.counts(self.pool, s.pool, 7, 2)
        if 0 < s.shared < 7:
            ones.append(self.pool + 7 + s.shared)
        ones.extend(self.pool + 14 + t for t in range(TOWERS) if s.claimed[t])
        choosing = phase in (MARKING, CHOOSING_CAT)
        out.fill(0.0)
        for k in range(n):
            p = (seat + k) % n
            base = self.seats + k * SEAT
            out[base : base + SEAT] = self.blocks[p]
            if 0 < s.drafted[p] < 7:
                ones.append(base + DIE + s.drafted[p])
            if choosing and (p - s.first) % n < s.turn:
                ones.append(base + DIE + 7)
        act = s.pending[seat]  # the observer's own choice, never another's
        if act is not None:
            ones.append(self.pending)
            if type(act) is Mark:
                ones.append(self.pending + act.item)
                row.scalar(self.pending + 1 + len(ITEMS), act.floor, FLOORS)
        row.put(out)


WRITER = CafeWriter
