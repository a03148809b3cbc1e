"""The last word on being trapped: two paths out of one fish that share no space, by a flow.

Menger: a fish has a way out to the cat and another on to a blank home space, sharing no space, exactly when
two units can flow out of it with one unit through each space. The quick searches of ``routes.route`` find
such paths most of the time; this decides the rest, for each fish in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from .board import Board

Route = tuple[tuple[int, ...], tuple[int, ...]]
"""(the spaces from the cat's line end to its fish, the fish last; the spaces from the fish to home, home
last). The first part is empty for a cat that carries its fish."""


def two_paths(
    board: Board, owner: Sequence[int], fish: Sequence[int], p: int, f: int, end: int, home_way: tuple[int, ...] = ()
) -> Route | None:
    """Two paths out of fish ``f`` sharing no space, one to ``end`` and one to a blank space of the home row:
    a flow of two units out of ``f`` on the spaces split in two (``2v`` in, ``2v + 1`` out, one unit
    through each), found by two augmenting searches; the spaces the paths use, or None.

    The flow is kept as what it is made of (the spaces it passes through, where each one's unit came from,
    which space enters the home row, whether ``end`` is reached) rather than as a table of edges, so that a
    step of the search costs a few set look-ups (this is the slowest part of the trapped test).

    ``home_way``, a way home from ``f`` over blank spaces (the fish left out), is taken as the first unit,
    which leaves one augmenting search to make: any first unit does, the flow reaches two or not."""
    n = board.size
    sink, home_sink = 2 * n, 2 * n + 1
    home, neighbours = board.home[p], board.neighbours
    through: set[int] = set(home_way)  # spaces a unit passes through (in -> out)
    came_from: dict[int, set[int]] = {b: {a} for a, b in pairwise((f, *home_way))}
    # came_from: space -> the spaces whose unit enters it (at most one at the end)
    home_entry: set[int] = {home_way[-1]} if home_way else set()  # the space whose unit enters the home sink
    reached = [False, bool(home_way)]  # [end, home row]: their edge into the sink is used
    start = 2 * f + 1
    for _ in range(1 if home_way else 2):
        parent = {start: start}
        queue = [start]
        for a in queue:
            if a == home_sink:
                if not reached[1]:
                    parent[sink] = a
                    break
                nexts = [2 * u + 1 for u in home_entry]
            elif a & 1:  # out of space v: to a neighbour's in, to the home row, or back through v
                v = a >> 1
                nexts = [
                    2 * w
                    for w in neighbours[v]
                    if (w == end or (owner[w] < 0 and fish[w] < 0)) and v not in came_from.get(w, ())
                ]
                if home[v] and v != f and owner[v] < 0 and fish[v] < 0 and v not in home_entry:
                    nexts.append(home_sink)
                if v in through:
                    nexts.append(a - 1)
            else:  # into space v: through it (or into the sink at ``end``), or back to where its unit came from
                v = a >> 1
                if v == end:
                    if not reached[0]:
                        parent[sink] = a
                        break
                    nexts = []
                else:
                    nexts = [a + 1] if v not in through and owner[v] < 0 and fish[v] < 0 else []
                nexts.extend(2 * u + 1 for u in came_from.get(v, ()))
            for b in nexts:
                if b not in parent:
                    parent[b] = a
                    queue.append(b)
        if sink not in parent:
            return None
        b = sink
        while b != start:
            a = parent[b]
            if b == sink:
                reached[a == home_sink] = True
            elif b == home_sink:
                home_entry.add(a >> 1)
            elif a == home_sink:
                home_entry.discard(b >> 1)
            elif a & 1:  # out of a >> 1: forward into a neighbour, or back through the same space
                if b == a - 1:
                    through.discard(a >> 1)
                else:
                    came_from.setdefault(b >> 1, set()).add(a >> 1)
            elif b == a + 1:
                through.add(a >> 1)
            else:  # back along the unit that came into a >> 1
                came_from[a >> 1].discard(b >> 1)
            b = a
    return _unwind(came_from, home_entry, f, end)


def _unwind(came_from: dict[int, set[int]], home_entry: set[int], f: int, end: int) -> Route:
    """The two paths a flow of two units out of fish ``f`` takes: the one into ``end``, reversed so that it
    runs from the cat to the fish, and the one home."""
    onward: dict[int, int] = {}
    starts: list[int] = []
    for v, sources in came_from.items():
        for u in sources:
            if u == f:
                starts.append(v)
            else:
                onward[u] = v
    there: tuple[int, ...] = ()
    back: tuple[int, ...] = ()
    for v in starts:
        cells = [v]
        while v != end and v not in home_entry:
            v = onward[v]
            cells.append(v)
        if v == end:
            there = (*reversed(cells[:-1]), f)
        else:
            back = tuple(cells)
    return there, back
