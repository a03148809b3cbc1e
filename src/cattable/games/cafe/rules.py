"""Dice arithmetic shared by the state and the heuristic: what a mark costs in footprints.

Each footprint changes one die by one, never wrapping between 6 and 1, so turning a die into a value
costs their difference. A mark needs one die for the floor and the other for the item, either way
round: its cost is the cheaper of the two assignments. Everything is tabulated once at import.
"""

from __future__ import annotations

MAX_COST = 10
"""The dearest conceivable mark (both dice moved by five); more footprints than this change nothing."""


def mark_cost(own: int, shared: int, floor: int, item: int) -> int:
    """Footprints needed to draw ``item`` on ``floor`` with dice ``own`` and ``shared``."""
    return min(abs(own - floor) + abs(shared - item), abs(shared - floor) + abs(own - item))


COST: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(mark_cost(a, b, f, i) if a and b and f and i else 99 for i in range(7)) for f in range(7))
        for b in range(7)
    )
    for a in range(7)
)
"""COST[own][shared][floor][item]."""

FLOOR_MASKS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(sum(1 << i for i in range(1, 7) if COST[a][b][f][i] <= fp) for f in range(7))
            for fp in range(MAX_COST + 1)
        )
        for b in range(7)
    )
    for a in range(7)
)
"""FLOOR_MASKS[own][shared][footprints][floor]: bit (1 << item) set when that item is affordable there."""
