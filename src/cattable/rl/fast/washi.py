"""Tokyo Washi's observation written from the state: everything is on the table in this game, so the
fields are the ones ``WashiState.view`` reads (lines, fish, cats, each strip), laid out as the encoding's.

The terrain never changes: it is copied in from the encoding's block. The lines and fish layers (one
value per cell and seat) come from one gather over the state's per-node lists: a building's cells read
their anchor's line, as the view spreads it.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt

from cattable.core import State
from cattable.games.washi.game import WashiState
from cattable.rl.encoding import Encoding, Vector
from cattable.rl.encodings.washi import PHASES, WashiEncoding

from . import ViewWriter
from .row import Row

SEAT = 7 + 2 * 3
"""One seat's block: specials, fish crossed off, two fish drawn, in game, won, trapped; per cat three."""
Ints = npt.NDArray[np.intp]


class WashiWriter(ViewWriter):
    def __init__(self, encoding: Encoding) -> None:
        super().__init__(encoding)
        enc = cast(WashiEncoding, encoding)
        n = self.n = enc.players
        cells = self.cells = enc.height * enc.width
        self.terrain = enc.terrain.reshape(-1)
        self.t0 = len(PHASES) + n + 1
        self.layers = self.t0 + self.terrain.size
        self.seats = self.layers + 3 * n * cells
        self.gather: Ints | None = None
        """Into ``owner + fish + [-1]``: each cell's line owner (its node's), then each cell's fish."""
        self.place = self.layers + np.concatenate([np.arange(cells), n * cells + np.arange(cells)])
        """Where a cell's line or fish goes for the observer itself; another seat's is k * cells on."""
        self.rel = np.array([[(p - seat) % n * cells for p in range(n)] for seat in range(n)], np.intp)
        """rel[seat][p]: how far seat p's layers are from the observer's (itself first)."""

    def _gather(self, node: list[int]) -> Ints:
        if self.gather is None:
            nodes = np.asarray(node, np.intp)
            none = 2 * self.cells  # the trailing -1
            self.gather = np.concatenate([np.where(nodes >= 0, nodes, none), self.cells + np.arange(self.cells)])
        return self.gather

    def write(self, state: State, seat: int, out: Vector) -> None:
        s = cast(WashiState, state)
        n, cells, row = self.n, self.cells, Row()
        ones = row.ones
        ones.append(s.phase)
        if s.current_player is not None:
            ones.append(len(PHASES) + (s.current_player - seat) % n)
        row.scalar(len(PHASES) + n, len(s.history), 400)
        rel = self.rel[seat]
        owners = np.asarray(s.owner + s.fish + [-1], np.intp)[self._gather(s.board.node)]
        held = np.flatnonzero(owners >= 0)
        drawn = self.place[held] + rel[owners[held]]
        cats = self.layers + 2 * n * cells
        ones.extend(cats + rel[c // 2] + end for c, end in enumerate(s.ends) if end >= 0)
        for k in range(n):
            p = (seat + k) % n
            i = self.seats + k * SEAT
            row.scalar(i, s.specials[p], 2)
            row.scalar(i + 1, s.fish_taken[p], 4)
            row.scalar(i + 2, s.fish_home[p], 4)
            row.scalar(i + 3, s.fish_far[p], 4)
            flags: list[Any] = [s.alive[p], p in s.winners, p in s.eliminated]
            for c in (2 * p, 2 * p + 1):
                flags += (s.ends[c] >= 0, s.carry[c], s.done[c])
            ones.extend(i + 4 + j for j, flag in enumerate(flags) if flag)
        row.write(out)
        out[self.t0 : self.layers] = self.terrain
        out[drawn] = 1.0


WRITER = WashiWriter
