"""Searches over the blank spaces of a position: the steps of the trapped test (``routes.py``).

A route home is found far more often than it is refused, so the searches are made to find one fast: each
tries first the neighbour that the empty map puts nearest the row it is heading for (``Board.toward``), and
walks straight there on an open map instead of widening a circle round its start. When there is no way, it
has looked at every space it could reach, like any search: the answer is the same, only found sooner.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from .board import Board

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


def ways_home(board: Board, owner: Sequence[int], fish: Sequence[int], p: int, came: dict[int, int]) -> Iterator[int]:
    """Every way home at once: a search out of all the blank spaces of seat ``p``'s home row over blank
    spaces, yielding the unpicked fish of its far row as it meets them, so that a caller that needs only
    one stops it early. ``came`` (empty at first) fills as it goes: follow it from a fish met to walk that
    fish's way home (``way_home``)."""
    far = board.far[p]
    queue = [h for h in board.home_cells[p] if owner[h] < 0 and fish[h] < 0]
    for h in queue:
        came[h] = h
    neighbours = board.neighbours
    for node in queue:
        for t in neighbours[node]:
            if t in came:
                continue
            came[t] = node
            if owner[t] >= 0:
                continue
            if fish[t] < 0:
                queue.append(t)
            elif far[t]:
                yield t


def way_home(came: dict[int, int], f: int) -> tuple[int, ...]:
    """The way home from fish ``f`` that ``ways_home`` found, the fish left out, the home space last."""
    cells = []
    node = came[f]
    while True:
        cells.append(node)
        up = came[node]
        if up == node:
            return tuple(cells)
        node = up


def fish_within_reach(board: Board, owner: Sequence[int], fish: Sequence[int], end: int, far: bytes) -> list[int]:
    """Unpicked fish in the far row next to a space reachable from ``end`` over blank spaces."""
    seen = {end}
    queue = [end]
    found: list[int] = []
    neighbours = board.neighbours
    for node in queue:
        for t in neighbours[node]:
            if t in seen:
                continue
            seen.add(t)
            if owner[t] >= 0:
                continue
            if fish[t] < 0:
                queue.append(t)
            elif far[t]:
                found.append(t)
    return found
