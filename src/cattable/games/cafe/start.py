"""The start of a game of Cat Cafe: empty sheets, the first footprints circled, every cat unchosen, and the
first round's dice rolled."""

from __future__ import annotations

from .flow import roll
from .position import Position
from .sheet import NSPACES, TOWERS
from .tunables import sheet_numbers


def set_up(s: Position) -> None:
    n = s.n = s.players
    s.sheets = [[0] * NSPACES for _ in range(n)]
    s.towers = [[0] * TOWERS for _ in range(n)]
    s.circled = [sheet_numbers(s.options).start] * n
    s.used = [0] * n
    s.points = [[0] + [-1] * 6 for _ in range(n)]
    s.completed = [[0] * TOWERS for _ in range(n)]
    s.claimed = [False] * TOWERS
    s.round = 0
    s.first = 0
    s.last = []
    s._result_memo = None
    s._public = None
    roll(s)
