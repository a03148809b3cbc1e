"""Whether a cat can still get home with a fish by normal moves: the test of being trapped.

"If a player gets trapped from returning home by the other player's cat line, and they no longer have any
special moves, that player will automatically lose." Lines only ever grow, so once no route is left over
blank spaces, none will open again: without a special move that cat can never deliver.

A line never crosses itself, so a route out to a fish and back home must not use a space twice. For a cat
without a fish that is two paths from the fish that share no space: one to the end of the cat's line, one
to a blank space of its home row. ``route`` finds them as a flow of two units out of the fish, each space
passed at most once (Menger: two such paths exist exactly when that flow exists), and returns the spaces
used, so that a state can keep the route and look again only when a new line lands on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board

Route = tuple[tuple[int, ...], tuple[int, ...]]
"""(the spaces from the cat's line end to its fish, the fish last; the spaces from the fish to home, home
last). The first part is empty for a cat that carries its fish."""


def route(board: Board, owner: Sequence[int], fish: Sequence[int], p: int, end: int, carrying: bool) -> Route | None:
    """A route by normal moves for seat ``p``'s cat whose line ends at ``end``: to an unpicked fish in its far
    row (unless it carries one) and then to a blank space of its home row; None when there is none.

    The nearest fish and a way home around the way there are tried first (cheap, and enough on an open
    map); the flow decides only when that fails."""
    home = board.home[p]
    if carrying:
        back = _path(board, owner, fish, end, home, set(), False)
        return None if back is None else ((), back)
    far = board.far[p]
    targets = bytearray(board.size)
    for c in board.far_cells[p]:
        if fish[c] >= 0 and owner[c] < 0:
            targets[c] = 1
    there = _path(board, owner, fish, end, targets, set(), True)
    if there is None:
        return None
    back = _path(board, owner, fish, there[-1], home, {end, *there}, False)
    if back is not None:
        return there, back
    hopeful = []  # fish with some way home: a fish with none cannot be on a route, flow or no flow
    for f in _fish_within_reach(board, owner, fish, end, far):  # the way home first, then there around it
        back = _path(board, owner, fish, f, home, {end}, False)
        if back is None:
            continue
        hopeful.append(f)
        goal = bytearray(board.size)
        goal[f] = 1
        there = _path(board, owner, fish, end, goal, set(back), True)
        if there is not None:
            return there, back
    for f in hopeful:
        found = _two_paths(board, owner, fish, p, f, end)
        if found is not None:
            return found
    return None


def still_open(kept: Route, owner: Sequence[int]) -> bool:
    """Whether no line has landed on a kept route."""
    there, back = kept
    look = owner.__getitem__  # max over map runs in C: this is asked for every cat after every move
    return max(map(look, there), default=-1) < 0 and max(map(look, back), default=-1) < 0


REPAIR_BUDGET = 32
"""How many spaces a repair may reach before it gives up and leaves the question to a fresh ``route``."""


def repair(
    board: Board, owner: Sequence[int], fish: Sequence[int], p: int, end: int, kept: Route, attached: bool
) -> Route | None:
    """A kept route mended where lines have landed on it, or where the cat stepped off it (``attached``
    False): first a short detour from the last open space before the damage to the first after it (or to
    another blank space of the home row), else a new search for the damaged half (the way to the fish or
    the way home) around the half that is still open. None when neither keeps the fish on the way.

    None says nothing about being trapped, only that ``route`` must decide: a repair is a cheap way to
    find some route (most of the time a new line cuts a route in one place), never a proof that there is
    none, so the answer, trapped or not, is the same with or without it."""
    there, back = kept
    cells = there + back
    fish_at = len(there) - 1  # -1: the cat carries its fish
    damaged = [k for k, c in enumerate(cells) if owner[c] >= 0]
    first = damaged[0] if damaged and attached else 0
    last = damaged[-1] if damaged else -1
    if fish_at >= 0 and first <= fish_at <= last:
        return None  # the fish itself is in the damage: no detour keeps it
    on_the_way_there = fish_at > last
    mended = _detour(board, owner, fish, p, end, cells, first, last, fish_at if on_the_way_there else -1)
    if mended is not None:
        split = mended.index(there[-1]) + 1 if there else 0
        return mended[:split], mended[split:]
    if on_the_way_there:
        goal = bytearray(board.size)
        goal[there[-1]] = 1
        way = _path(board, owner, fish, end, goal, set(back), True)
        return None if way is None else (way, back)
    way = _path(board, owner, fish, there[-1] if there else end, board.home[p], {end, *there}, False)
    return None if way is None else (there, way)


def _detour(
    board: Board,
    owner: Sequence[int],
    fish: Sequence[int],
    p: int,
    end: int,
    cells: tuple[int, ...],
    first: int,
    last: int,
    fish_at: int,
) -> tuple[int, ...] | None:
    """``cells`` (a route, fish and all) with ``cells[first : last + 1]`` replaced by a detour of at most
    ``REPAIR_BUDGET`` spaces, that rejoins the route before the fish at ``fish_at`` (-1: anywhere after the
    damage, or on another blank home space); None when there is no such detour."""
    if fish_at >= 0:  # rejoin before the fish, and keep off the way home
        goal = {c: k for k, c in enumerate(cells[last + 1 : fish_at + 1], last + 1)}
        avoid = {*cells[:first], *cells[fish_at + 1 :]}
        home = None
    else:
        goal = {c: k for k, c in enumerate(cells[last + 1 :], last + 1)}
        avoid = set(cells[:first])
        home = board.home[p]
    start = cells[first - 1] if first > 0 else end
    came = dict.fromkeys(avoid, start)
    came[start] = start
    queue = [start]
    neighbours = board.neighbours
    for node in queue:
        for t in neighbours[node]:
            if t in came:
                continue
            came[t] = node
            if owner[t] >= 0:
                continue
            k = goal.get(t)
            if k is None and home is not None and home[t] and fish[t] < 0:
                k = len(cells)  # a new end on the home row: nothing of the old route after it
            if k is not None:
                detour = [t]
                while node != start:
                    detour.append(node)
                    node = came[node]
                return (*cells[:first], *reversed(detour), *cells[k + 1 :])
            if fish[t] < 0:
                queue.append(t)
                if len(queue) > REPAIR_BUDGET:
                    return None
    return None


def _blank(owner: Sequence[int], fish: Sequence[int], node: int) -> bool:
    return owner[node] < 0 and fish[node] < 0


def _path(
    board: Board,
    owner: Sequence[int],
    fish: Sequence[int],
    start: int,
    goal: bytes | bytearray,
    avoid: set[int],
    to_fish: bool,
) -> tuple[int, ...] | None:
    """A shortest path over blank spaces (not in ``avoid``) from ``start`` to a space marked in ``goal`` (one
    holding a fish when ``to_fish``, a blank one otherwise), ``start`` left out; None when there is none.

    Every space is looked at once: what it is (lined, a fish, blank) does not change during a search, so a
    space seen from one neighbour is skipped when seen from the next (the hot loop of the trapped test)."""
    came = dict.fromkeys(avoid, start)
    came[start] = start
    queue = [start]
    neighbours = board.neighbours
    for node in queue:  # a list that grows while it is walked: breadth first, without a deque
        for t in neighbours[node]:
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
                queue.append(t)
    return None


def _fish_within_reach(board: Board, owner: Sequence[int], fish: Sequence[int], end: int, far: bytes) -> list[int]:
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


def _two_paths(board: Board, owner: Sequence[int], fish: Sequence[int], p: int, f: int, end: int) -> Route | None:
    """Two paths out of fish ``f`` sharing no space, one to ``end`` and one to a blank space of the home row:
    a flow of two units out of ``f`` on the spaces split in two (``2v`` in, ``2v + 1`` out, one unit
    through each), found by two augmenting searches; the spaces the paths use, or None.

    The flow is kept as what it is made of (the spaces it passes through, where each one's unit came from,
    which space enters the home row, whether ``end`` is reached) rather than as a table of edges, so that a
    step of the search costs a few set look-ups (this is the slowest part of the trapped test)."""
    n = board.size
    sink, home_sink = 2 * n, 2 * n + 1
    home, neighbours = board.home[p], board.neighbours
    through: set[int] = set()  # spaces a unit passes through (in -> out)
    came_from: dict[int, set[int]] = {}  # space -> the spaces whose unit enters it (at most one at the end)
    home_entry: set[int] = set()  # the space whose unit enters the home row's sink
    reached = [False, False]  # [end, home row]: their edge into the sink is used
    start = 2 * f + 1
    for _ in range(2):
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
