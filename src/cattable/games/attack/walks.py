"""Walking the board graph: every move of exactly N steps without back-tracking, for cats and creatures.

Pure functions of the board and a few facts (the car's street, closed shops, pieces in the way); the
rules engine memoises their results, since the same walk comes up again and again.
"""

from __future__ import annotations

from .board import Board
from .cards import MOUSE

NONE = -1

# reasons a cat is cornered (one life each)
R_CAR, R_CAT, R_MOUSE, R_BIRD, R_SHOP, R_NOWHERE = 1, 2, 4, 8, 16, 32
REASONS = {R_CAR: "car", R_CAT: "cat", R_MOUSE: "mouse", R_BIRD: "bird", R_SHOP: "closed shop", R_NOWHERE: "no way"}
"""R_NOWHERE: no route at all and no other reason (cannot happen on the shipped board: no dead ends)."""


def cat_walk(
    b: Board, start: int, steps: int, car: int, shop_open: list[bool], cats: dict[int, bool], bad_land: dict[int, int]
) -> tuple[set[int], int]:
    """Every landing space of a cat's move of exactly ``steps`` without back-tracking, and the reasons
    (R_*) met on the way. ``cats`` maps a space with cats to whether they may be attacked; ``bad_land``
    maps a creature's space the cat may not land on to its reason."""
    nbrs, cat_ok, street_of, garden_of = b.neighbours, b.cat_ok, b.street_of, b.shop_garden_of
    dests: set[int] = set()
    reasons = 0
    visited = [False] * len(nbrs)
    visited[start] = True

    def walk(x: int, left: int) -> None:
        nonlocal reasons
        for y in nbrs[x]:
            if visited[y] or not cat_ok[y]:
                continue
            if car != NONE and street_of[y] == car:
                reasons |= R_CAR
                continue
            g = garden_of[y]
            if g != NONE and not shop_open[g]:
                reasons |= R_SHOP
                continue
            if y in cats:
                if left == 1 and cats[y]:
                    dests.add(y)
                else:
                    reasons |= R_CAT
                continue
            if left == 1:
                if y in bad_land:
                    reasons |= bad_land[y]
                else:
                    dests.add(y)
                continue
            visited[y] = True
            walk(y, left - 1)
            visited[y] = False

    walk(start, steps)
    return dests, reasons


def cat_routes(
    b: Board, start: int, steps: int, car: int, shop_open: list[bool]
) -> tuple[tuple[tuple[int, frozenset[int]], ...], tuple[int, ...]]:
    """Every move of exactly ``steps`` without back-tracking that the car and closed shops allow, as
    (landing space, spaces passed over), and the sorted landing spaces."""
    nbrs, cat_ok, street_of, garden_of = b.neighbours, b.cat_ok, b.street_of, b.shop_garden_of
    out: list[tuple[int, frozenset[int]]] = []
    path = [start]

    def walk(x: int, left: int) -> None:
        for y in nbrs[x]:
            if y in path or not cat_ok[y] or (car != NONE and street_of[y] == car):
                continue
            g = garden_of[y]
            if g != NONE and not shop_open[g]:
                continue
            if left == 1:
                out.append((y, frozenset(path[1:])))
                continue
            path.append(y)
            walk(y, left - 1)
            path.pop()

    walk(start, steps)
    return tuple(out), tuple(sorted({land for land, _ in out}))


def creature_walk(b: Board, kind: int, start: int, steps: int) -> tuple[int, ...]:
    """Landing spaces of a creature's move of exactly ``steps``, ignoring pieces (they may jump anything)."""
    nbrs, kinds = b.neighbours, b.kind
    own_home = b.mouse_hole if kind == MOUSE else b.bird_house
    other_home = b.bird_house if kind == MOUSE else b.mouse_hole
    dests: set[int] = set()
    visited = {start}

    def walk(x: int, left: int) -> None:
        for y in nbrs[x]:
            if y in visited or y == other_home or kinds[y] == "home":
                continue
            if y == own_home or left == 1:
                if left == 1:
                    dests.add(y)
                continue
            visited.add(y)
            walk(y, left - 1)
            visited.discard(y)

    walk(start, steps)
    return tuple(sorted(dests))
