"""Searches over the blank spaces of a position: the steps of the trapped test (``routes.py``).

A route home is found far more often than it is refused, so the searches are made to find one fast: each
tries first the neighbour that the empty map puts nearest the row it is heading for (``Board.toward``), and
walks straight there on an open map instead of widening a circle round its start. When there is no way, it
has looked at every space it could reach, like any search: the answer is the same, only found sooner.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

Order = Sequence[tuple[int, ...]]
"""Each node's neighbours, the one to try first last (``Board.toward``)."""


def path(
    owner: Sequence[int],
    fish: Sequence[int],
    order: Order,
    start: int,
    goal: bytes | bytearray,
    avoid: Collection[int],
    to_fish: bool,
) -> tuple[int, ...] | None:
    """A path over blank spaces (not in ``avoid``) from ``start`` to a space marked in ``goal`` (one holding a
    fish when ``to_fish``, a blank one otherwise), ``start`` left out; None when there is none.

    Depth first along ``order``: every space is looked at once (what it holds does not change during a
    search), and a space is entered from the first space that saw it, so the path is a real walk."""
    came = dict.fromkeys(avoid, start)
    came[start] = start
    stack = [start]
    pop, push = stack.pop, stack.append
    while stack:
        node = pop()
        for t in order[node]:
            if t in came:
                continue
            came[t] = node
            if owner[t] >= 0:
                continue
            blank = fish[t] < 0
            if goal[t] and blank != to_fish:
                cells = [t]
                while node != start:
                    cells.append(node)
                    node = came[node]
                return tuple(reversed(cells))
            if blank:
                push(t)
    return None
