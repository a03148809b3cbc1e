"""Whether the drawings still to come can all keep the spacing rule.

"There must be at minimum 2 spaces in between any fish or cat drawings": on a row of 16 spaces, six
drawings fit only just, so a careless early fish could leave no legal space for a later one. A drawing is
therefore offered only where every row can still take the drawings it is owed.

A row here is one strip's own row or far row (``Board.rows``), in line order. The check places each row's
remaining drawings greedily from its start, row after row, each one blocking the spaces near it.
Leftmost-first is the best packing on a line, and rows that share a line (two strips end to end) are taken
in order along it, so there the check is exact. Where the ends of two lines come near each other (a side
strip's corner beside a top strip's), the rows with the least room to spare are packed first instead. If
neither order fits, the drawing is refused; should that leave no space at all, the state falls back to any
free space (custom maps only: the shipped maps are proven never to need it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import SPACING


def can_finish(
    rows: Sequence[tuple[int, ...]],
    near: Sequence[tuple[int, ...]],
    drawable: bytes,
    crowded: Sequence[bool],
    owed: Sequence[int],
    placed: Sequence[int] = (),
) -> bool:
    """Whether ``owed[k]`` more drawings fit on each row ``rows[k]``, given the spaces already ``crowded``
    and those near the spaces just ``placed``."""
    order = [k for k in range(len(rows)) if owed[k] > 0]
    if _packs(order, rows, near, drawable, crowded, owed, placed):
        return True
    room = {k: sum(1 for c in rows[k] if drawable[c] and not crowded[c]) - 3 * owed[k] for k in order}
    if placed:
        for k in order:
            room[k] -= sum(1 for c in rows[k] if any(c in near[p] for p in placed))
    return _packs(sorted(order, key=room.__getitem__), rows, near, drawable, crowded, owed, placed)


def _packs(
    order: Sequence[int],
    rows: Sequence[tuple[int, ...]],
    near: Sequence[tuple[int, ...]],
    drawable: bytes,
    crowded: Sequence[bool],
    owed: Sequence[int],
    placed: Sequence[int],
) -> bool:
    """Greedy packing of the rows in ``order``, leftmost first on each."""
    blocked: set[int] = {c for p in placed for c in near[p]}
    for k in order:
        count = owed[k]
        for c in rows[k]:
            if drawable[c] and not crowded[c] and c not in blocked:
                blocked.update(near[c])
                count -= 1
                if count == 0:
                    break
        if count > 0:
            return False
    return True


def room_on_line(free: Sequence[bool], owed: int) -> list[int]:
    """The positions of a lone row (no other row's drawings crowd it, ``Board.lone_rows``) where a drawing
    still lets ``owed - 1`` more fit: ``free`` says which positions may take one. What ``can_finish`` finds
    for each position in turn, at once: on a line, leftmost-first packs the most, so a drawing at ``i``
    leaves room exactly when the most that fit left of ``i - 2`` and right of ``i + 2`` make ``owed - 1``."""
    n = len(free)
    reach = SPACING - 1
    left = [0] * (n + 1)  # left[j]: the most that fit on positions < j
    last = -SPACING
    for j in range(n):
        fits = free[j] and j - last >= SPACING
        left[j + 1] = left[j] + fits
        if fits:
            last = j
    right = [0] * (n + 1)  # right[j]: the most that fit on positions >= j (rightmost-first)
    last = n + reach
    for j in range(n - 1, -1, -1):
        fits = free[j] and last - j >= SPACING
        right[j] = right[j + 1] + fits
        if fits:
            last = j
    need = owed - 1
    return [
        i for i in range(n) if free[i] and (need <= 0 or left[max(i - reach, 0)] + right[min(i + SPACING, n)] >= need)
    ]
