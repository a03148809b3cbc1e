"""Whether a cat can still get home with a fish by normal moves: the test of being trapped.

"If a player gets trapped from returning home by the other player's cat line, and they no longer have any
special moves, that player will automatically lose." Lines only ever grow, so once no route is left over
blank spaces, none will open again: without a special move that cat can never deliver.

A line never crosses itself, so a route out to a fish and back home must not use a space twice. For a cat
without a fish that is two paths from the fish that share no space: one to the end of the cat's line, one
to a blank space of its home row. ``route`` tries quick searches first (``bits.py``) and leaves the rest to
a flow of two units out of each fish (``flow.py``, Menger: the two paths exist exactly when the flow does),
skipping the flow for a fish that one space cuts off from the cat and from home at once (``_cut``).
It returns the spaces used, so that a state can keep the route and look again only when a new line lands
on it (its bits against the lined spaces, or ``still_open``), or mend it where one does (``repair``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .bits import Bits, bits_of, cells_of
from .board import Board
from .flow import Route, two_paths

__all__ = ["REPAIR_BUDGET", "Route", "blank_of", "repair", "route", "step_aside", "still_open"]


def route(
    board: Board,
    owner: Sequence[int],
    fish: Sequence[int],
    p: int,
    end: int,
    carrying: bool,
    blank: int | None = None,
) -> Route | None:
    """A route by normal moves for seat ``p``'s cat whose line ends at ``end``: to an unpicked fish in its far
    row (unless it carries one) and then to a blank space of its home row; None when there is none.
    ``blank``: the blank spaces as bits, as the position keeps them (found afresh when left out).

    Tried in turn, each cheaper and more often enough than the next: a way to the nearest fish and a way
    home around it; every fish's way home (one search out of the home row) with a way there around it;
    then, for each fish that has a way there and a way home at all (a fish without both cannot be on a
    route), the nearest way there with a way home around it, and at last the flow. The searches take whole
    frontiers a step (``bits.py``)."""
    bits = board.bits
    if blank is None:
        blank = blank_of(board, owner, fish)
    home = board.home_bits[p] & blank
    if carrying:
        found = bits.search(1 << end, blank, home)
        return None if found is None else ((), _walk(bits, *found))
    targets = 0
    for c in board.far_cells[p]:
        if fish[c] >= 0 and owner[c] < 0:
            targets |= 1 << c
    found = bits.search(1 << end, blank, targets)
    if found is None:
        return None  # no fish can be reached at all
    there = _walk(bits, *found)
    f = there[-1]
    around = blank & ~bits_of(there)
    found = bits.search(1 << f, around, home & around)
    if found is not None:
        return there, _walk(bits, *found)
    ways: dict[int, tuple[int, ...]] = {}
    for layers, hit in _ways(bits, home, blank, targets):
        for f in cells_of(hit):
            back = ways[f] = tuple(bits.back(layers, f)[1:])
            found = bits.search(1 << end, blank & ~bits_of(back), 1 << f)
            if found is not None:
                return _walk(bits, *found), back
    if not ways:
        return None  # no fish has a way home
    neighbours = board.neighbours
    for f in cells_of(targets & bits.reach(1 << end, blank)):
        if f not in ways or sum(t == end or blank >> t & 1 for t in neighbours[f]) < 2:
            continue  # a fish with fewer than two ways out cannot be left by one and come back by another
        found = bits.search(1 << end, blank, 1 << f)  # the nearest way there, and home around it
        if found is not None:
            there = _walk(bits, *found)
            on_there = bits_of(there)
            around = blank & ~on_there
            found = bits.search(1 << f, around, home & around)
            if found is not None:
                return there, _walk(bits, *found)
            if _cut(bits, blank, home, f, end, on_there & bits_of(ways[f])):
                continue
        pair = two_paths(board, owner, fish, p, f, end, ways[f])
        if pair is not None:
            return pair
    return None


def _cut(bits: Bits, blank: int, home: int, f: int, end: int, shared: int) -> bool:
    """Whether one space of ``shared`` (spaces on both a way from fish ``f`` to the cat and a way home) cuts
    the fish off from the cat and from home at once: then every way there and every way home pass through
    it, and no route leaves by one and comes back by the other (the flow would say no, more slowly). False
    proves nothing: the flow decides."""
    for v in cells_of(shared):
        allowed = blank & ~(1 << v)
        if bits.search(1 << f, allowed, 1 << end | home & allowed) is None:  # reaches neither
            return True
    return False


def blank_of(board: Board, owner: Sequence[int], fish: Sequence[int]) -> int:
    """The blank spaces of a position as bits (no line, no fish), found afresh."""
    nodes = board.bits.nodes
    return sum(1 << c for c in range(board.size) if nodes >> c & 1 and owner[c] < 0 and fish[c] < 0)


def _walk(bits: Bits, layers: list[int], hit: int) -> tuple[int, ...]:
    """The path a search found to the lowest space it met, its start left out."""
    walk = bits.back(layers, (hit & -hit).bit_length() - 1)
    walk.pop()
    walk.reverse()
    return tuple(walk)


def _ways(bits: Bits, sources: int, allowed: int, goal: int) -> Iterator[tuple[list[int], int]]:
    """Breadth first from ``sources`` through ``allowed``: at each step that meets spaces of ``goal`` for the
    first time, the layers so far and those spaces, so that a caller that needs only one stops early."""
    layers = [sources]
    free = allowed & ~sources  # allowed and not reached yet
    goal &= ~sources  # what is left to meet
    step = bits.step
    frontier = sources
    while frontier:
        reached = step(frontier)
        hit = reached & goal
        if hit:
            goal ^= hit
            yield layers, hit
        frontier = reached & free
        free ^= frontier
        layers.append(frontier)


def still_open(kept: Route, owner: Sequence[int]) -> bool:
    """Whether no line has landed on a kept route."""
    there, back = kept
    look = owner.__getitem__  # max over map runs in C: this is asked for every cat after every move
    return max(map(look, there), default=-1) < 0 and max(map(look, back), default=-1) < 0


def step_aside(board: Board, owner: Sequence[int], fish: Sequence[int], end: int, kept: Route) -> Route | None:
    """A kept route, still open, for a cat that stepped beside it (to ``end``) instead of onto its first
    space: joined from a neighbour of ``end`` on the route, or from a blank space next to both, as long as
    the fish stays on the way; None when neither is there (then ``repair`` searches).

    The cat's own steps move it off its route more often than anything else happens to it, and most such
    steps land next to the route, or one corner away from it: no search is needed."""
    there, back = kept
    cells = there + back
    limit = len(there) if there else len(cells)  # rejoin no later than the fish, or anywhere on the way home
    neighbours = board.neighbours
    best = -1
    for t in neighbours[end]:
        if t in cells:
            k = cells.index(t)
            if best < k < limit:
                best = k
    if best < 0:
        first = cells[0]
        for c in neighbours[end]:
            if owner[c] < 0 and fish[c] < 0 and first in neighbours[c] and c not in cells:
                return ((c, *there), back) if there else ((), (c, *back))
        return None
    if there:
        return there[best:], back
    return (), back[best:]


REPAIR_BUDGET = 32
"""How many spaces a repair may reach before it gives up and leaves the question to a fresh ``route``."""


def repair(
    board: Board,
    owner: Sequence[int],
    fish: Sequence[int],
    p: int,
    end: int,
    kept: Route,
    attached: bool,
    blank: int | None = None,
) -> Route | None:
    """A kept route mended where lines have landed on it, or where the cat stepped off it (``attached``
    False): first a short detour from the last open space before the damage to the first after it (or to
    another blank space of the home row), else a new search for the damaged half (the way to the fish or
    the way home) around the half that is still open. None when neither keeps the fish on the way.
    ``blank``: the blank spaces as bits, as the position keeps them (found afresh when left out).

    None says nothing about being trapped, only that ``route`` must decide: a repair is a cheap way to
    find some route (most of the time a new line cuts a route in one place), never a proof that there is
    none, so the answer, trapped or not, is the same with or without it."""
    if blank is None:
        blank = blank_of(board, owner, fish)
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
    bits = board.bits
    if on_the_way_there:
        found = bits.search(1 << end, blank & ~bits_of(back), 1 << there[-1])
        return None if found is None else (_walk(bits, *found), back)
    around = blank & ~bits_of(there)
    found = bits.search(1 << (there[-1] if there else end), around, board.home_bits[p] & around)
    return None if found is None else (there, _walk(bits, *found))


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
    damage, or on another blank home space); None when there is no such detour. A search a space at a time:
    it stops within a few spaces, where a search over bits would cost more in setting up its sets."""
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
