"""Look-up tables built once from the board: spaces as bits, and every cat move per space and count.

A set of spaces is an int with bit ``i`` for space ``i``, so "does this route pass a blocker" is one
``&``. ``Tables.walk(start, steps)`` lists every move of exactly ``steps`` without back-tracking on the
empty board (no car, shops open), grouped by landing space with the spaces each route passes; the car,
closed shops, cats and creatures are then applied as filters (``movement.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .board import Board
from .cards import BIRD, MOUSE
from .walks import cat_routes, creature_walk

NONE = -1
MAX_STEPS = 6
"""The longest move: a die roll or a Cat card of six."""


class Walk(NamedTuple):
    """Every move of exactly a number of steps from one space, on the empty board."""

    spaces: tuple[int, ...]
    """The landing spaces, sorted."""
    routes: tuple[tuple[int, int], ...]
    """(landing space, route key) for every route, sorted by landing space. A key is the landing
    space's bit, with the bits of the spaces passed over shifted ``Tables.shift`` places above it: one
    ``&`` with the blockers' key (``Tables.key``) tells whether the route is blocked."""
    several: bool
    """Some landing space has more than one route (its space then comes up more than once)."""
    reach_key: int
    """Every space landed on or passed over, in both halves of a key: blockers outside it change
    nothing, and the walk is taken whole."""


def bits(spaces: Iterable[int]) -> int:
    """The bit set of an iterable of spaces (NONE ignored)."""
    out = 0
    for s in spaces:
        if s != NONE:
            out |= 1 << s
    return out


class Tables:
    """Bit masks of the board's regions and the memoised walks of cats and creatures."""

    def __init__(self, b: Board) -> None:
        self.b = b
        n = len(b.ids)
        self.shift = n
        self.bit = (*(1 << i for i in range(n)), 0)
        """``bit[space]``; ``bit[NONE]`` is the extra last entry, 0, so a retired cat (on NONE) adds nothing."""
        self.street = (*(bits(i for i in range(n) if b.street_of[i] == k) for k in range(len(b.streets))), 0)
        """Each street's spaces (a car there blocks them); ``street[NONE]``, the car park, is 0."""
        self.garden = tuple(bits(i for i in range(n) if b.shop_garden_of[i] == k) for k in range(len(b.burglar)))
        """Each shop's garden (closed, it blocks them)."""
        self.near = tuple(bits(j for j in range(n) if b.distance[i][j] <= MAX_STEPS) for i in range(n))
        """Spaces within six steps of each space ('no more than six spaces away')."""
        self._walks: list[list[Walk | None]] = [[None] * (MAX_STEPS + 1) for _ in range(n)]
        self._creature: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def walk(self, start: int, steps: int) -> Walk:
        """Every cat move of exactly ``steps`` from ``start`` (memoised)."""
        w = self._walks[start][steps]
        if w is None:
            w = self._walks[start][steps] = self._build_walk(start, steps)
        return w

    def _build_walk(self, start: int, steps: int) -> Walk:
        paths, spaces = cat_routes(self.b, start, steps, NONE, [True] * len(self.garden))
        by_land: dict[int, list[int]] = {space: [] for space in spaces}
        for space, passed in paths:
            mask = bits(passed)
            if mask not in by_land[space]:
                by_land[space].append(mask)
        shift = self.shift
        routes = tuple((space, 1 << space | mask << shift) for space in spaces for mask in by_land[space])
        reach = 0
        for space, key in routes:
            reach |= 1 << space | key >> shift
        return Walk(spaces, routes, len(routes) > len(spaces), reach | reach << shift)

    def key(self, landing: int, passing: int) -> int:
        """Blockers as one int: spaces no move may end on, and (shifted up) spaces no route may pass."""
        return landing | passing << self.shift

    def creature_walk(self, kind: int, start: int, steps: int) -> tuple[int, ...]:
        """Landing spaces of a mouse's or bird's move, ignoring pieces (memoised)."""
        key = (kind, start, steps)
        got = self._creature.get(key)
        if got is None:
            assert kind in (MOUSE, BIRD)
            got = self._creature[key] = creature_walk(self.b, kind, start, steps)
        return got


def tables(b: Board) -> Tables:
    """The tables of board ``b``, built on first use and kept in its memo."""
    got = b.memo.get("tables")
    if got is None:
        got = b.memo["tables"] = Tables(b)
    assert isinstance(got, Tables)
    return got
