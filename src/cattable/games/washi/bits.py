"""Sets of spaces as one int (bit ``c`` for space ``c``), so that a search takes a whole frontier a step.

The trapped test searches the blank spaces of a position over and over (``routes.py``). A search in Python
that looks at one space at a time pays the interpreter for every space; here a step of a breadth-first
search is a handful of shifts and masks on the whole frontier at once, and the path is read back from the
layers it kept. The blank spaces themselves are kept as such an int by the position, updated as lines and
fish are drawn (``Position.blank``), so no search starts by collecting them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Layers = list[int]
"""A search's frontiers in order: the sources first, then the spaces first reached at each step."""


def bits_of(cells: Iterable[int]) -> int:
    """The set of ``cells`` as bits."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def cells_of(bits: int) -> list[int]:
    """The spaces of a set, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


class Bits:
    """One map's moves as shifts: a normal move east, west, south or north is a shift of the cells that may
    make it; the few others (into and out of a building, whose node is its first cell) are listed."""

    __slots__ = ("east", "into", "nodes", "north", "odd", "odd_from", "south", "west", "width")

    def __init__(self, neighbours: Sequence[Sequence[int]], width: int) -> None:
        self.width = width
        east = west = south = north = odd = nodes = 0
        odd_from: dict[int, int] = {}
        into = [0] * len(neighbours)
        for c, near in enumerate(neighbours):
            if near:
                nodes |= 1 << c
            for t in near:
                into[t] |= 1 << c
                if t == c + 1 and t % width:
                    east |= 1 << c
                elif t == c - 1 and c % width:
                    west |= 1 << c
                elif t == c + width:
                    south |= 1 << c
                elif t == c - width:
                    north |= 1 << c
                else:
                    odd |= 1 << c
                    odd_from[c] = odd_from.get(c, 0) | 1 << t
        self.east, self.west, self.south, self.north = east, west, south, north
        self.odd, self.odd_from = odd, odd_from
        self.into = into
        """For each space, the spaces one normal move leads to it from."""
        self.nodes = nodes
        """Every space a line may be drawn on (a street space, or a building's node)."""

    def step(self, frontier: int) -> int:
        """Every space one normal move from a space of ``frontier``."""
        w = self.width
        out = (
            (frontier & self.east) << 1
            | (frontier & self.west) >> 1
            | (frontier & self.south) << w
            | (frontier & self.north) >> w
        )
        odd = frontier & self.odd
        while odd:
            low = odd & -odd
            out |= self.odd_from[low.bit_length() - 1]
            odd ^= low
        return out

    def search(self, sources: int, allowed: int, goal: int) -> tuple[Layers, int] | None:
        """Breadth first from ``sources`` through ``allowed`` until a step meets ``goal``: the layers and the
        goal spaces met at that step (a goal space need not be allowed: it is only arrived at); None when
        the spaces reached meet no goal.
        (``step`` written out: this loop is the trapped test's hot path.)"""
        w, east, west, south, north = self.width, self.east, self.west, self.south, self.north
        odd_mask, odd_from = self.odd, self.odd_from
        layers = [sources]
        free = allowed & ~sources  # allowed and not reached yet
        goal &= ~sources  # a goal space is never in a layer: the search ends when it meets one
        frontier = sources
        while True:
            reached = (
                (frontier & east) << 1 | (frontier & west) >> 1 | (frontier & south) << w | (frontier & north) >> w
            )
            odd = frontier & odd_mask
            while odd:
                low = odd & -odd
                reached |= odd_from[low.bit_length() - 1]
                odd ^= low
            hit = reached & goal
            if hit:
                return layers, hit
            frontier = reached & free
            if not frontier:
                return None
            free ^= frontier
            layers.append(frontier)

    def reach(self, sources: int, allowed: int) -> int:
        """Every space reachable from ``sources`` through ``allowed``, and the spaces one step beyond them."""
        step = self.step
        seen = sources
        free = allowed & ~sources  # allowed and not reached yet
        frontier = sources
        while frontier:
            reached = step(frontier)
            seen |= reached
            frontier = reached & free
            free ^= frontier
        return seen

    def back(self, layers: Layers, cell: int) -> list[int]:
        """A shortest walk from a source to ``cell``, found by ``search``, read backwards: ``cell`` first, the
        source last (a space of each layer, the lowest that leads on)."""
        into = self.into
        out = [cell]
        for layer in reversed(layers):
            m = layer & into[cell]
            cell = (m & -m).bit_length() - 1
            out.append(cell)
        return out
