"""Plain, slow answers to the questions the engine answers fast: the references the fast checks are held to.

Nothing here is clever: the setup's look-ahead asked of every space afresh, a route checked step by step,
and being trapped decided by a textbook max-flow over the whole map for every fish.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from cattable.games.washi.board import Board
from cattable.games.washi.game import WashiState
from cattable.games.washi.routes import Route


def walkable(board: Board, owner: Sequence[int], fish: Sequence[int], p: int, end: int, kept: Route) -> bool:
    """Whether ``kept`` is a route by normal moves from ``end``: each space next to the one before, none used
    twice, blank but for an unpicked fish of the far row that ends the way there, and a blank home space last."""
    there, back = kept
    spaces = (end, *there, *back)
    if not back or len(set(spaces)) != len(spaces):
        return False
    if any(b not in board.neighbours[a] for a, b in pairwise(spaces)):
        return False
    if any(owner[c] >= 0 or fish[c] >= 0 for c in (*there[:-1], *back)):
        return False
    if there and not (owner[there[-1]] < 0 <= fish[there[-1]] and board.far[p][there[-1]]):
        return False
    return bool(board.home[p][back[-1]])


def two_units_out_of(board: Board, owner: Sequence[int], fish: Sequence[int], p: int, f: int, end: int) -> bool:
    """The definition, by a plain textbook max-flow: whether two paths out of fish ``f`` sharing no space reach
    ``end`` and a blank home space (every space split in two, one unit through each)."""
    cap: dict[object, dict[object, int]] = {}

    def edge(a: object, b: object, units: int = 1) -> None:
        cap.setdefault(a, {})[b] = units
        cap.setdefault(b, {}).setdefault(a, 0)

    def blank(v: int) -> bool:
        return owner[v] < 0 and fish[v] < 0

    edge("source", ("out", f), 2)
    edge(("in", end), "sink")
    edge("home", "sink")
    for u in range(board.size):
        if blank(u):
            edge(("in", u), ("out", u))
            if board.home[p][u] and u != f:
                edge(("out", u), "home")
        for v in board.neighbours[u]:
            if v == end or blank(v):
                edge(("out", u), ("in", v))
    units = 0
    while units < 2:
        came: dict[object, object] = {"source": "source"}
        queue: list[object] = ["source"]
        for a in queue:
            for b, left in cap[a].items():
                if left > 0 and b not in came:
                    came[b] = a
                    queue.append(b)
        if "sink" not in came:
            return False
        b = "sink"
        while b != "source":
            a = came[b]
            cap[a][b] -= 1
            cap[b][a] += 1
            b = a
        units += 1
    return True


def can_deliver(state: WashiState, i: int, p: int) -> bool:
    """Whether cat ``i`` of seat ``p`` can still deliver by normal moves, by the definition: home over blank
    spaces with its fish, or some unpicked fish of its far row with two paths out of it sharing no space."""
    b, owner, fish, end = state.board, state.owner, state.fish, state.ends[i]
    if state.carry[i]:
        seen, queue = {end}, [end]
        for node in queue:
            for t in b.neighbours[node]:
                if t not in seen and owner[t] < 0 and fish[t] < 0:
                    if b.home[p][t]:
                        return True
                    seen.add(t)
                    queue.append(t)
        return False
    return any(two_units_out_of(b, owner, fish, p, f, end) for f in b.far_cells[p] if fish[f] >= 0 and owner[f] < 0)


def setup_actions(state: WashiState) -> list[object]:
    """The setup's drawings that keep room for the rest, the look-ahead asked of every space afresh
    (``leaves_room``); empty where a cramped map falls back to any free space."""
    b, p = state.board, state.turn
    if state.phase == 0:
        home_open, far_open = state.fish_home[p] < 2, state.fish_far[p] < 2
        cells = b.fish_cells[p] if home_open and far_open else b.home_cells[p] if home_open else b.far_cells[p]
        drawn: Sequence[object] = b.fish_action
    else:
        cells, drawn = b.home_cells[p], b.cat_action
    owed = state._owed()
    return [drawn[c] for c in cells if b.drawable[c] and not state.crowded[c] and state.leaves_room(p, c, owed)]
