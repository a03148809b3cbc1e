"""One observation's non-zero entries, gathered as Python lists and written with two numpy calls.

Setting numpy elements one by one from Python costs more than collecting indexes and values in lists and
assigning them at once. The arithmetic is the reference's (``encoding.Features``), so the two agree to
the bit: ``value / top`` clipped into [0, 1], and counts added up one ``1 / top`` at a time.
"""

from __future__ import annotations

from collections.abc import Iterable

from cattable.rl.encoding import Vector


class Row:
    __slots__ = ("at", "ones", "values")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.at: list[int] = []
        self.values: list[float] = []

    def scalar(self, i: int, value: float | None, top: float) -> None:
        """``value / top`` clipped into [0, 1] at index ``i`` (None counts as 0)."""
        if value:
            v = float(value) / top
            if v > 0.0:
                self.at.append(i)
                self.values.append(1.0 if v > 1.0 else v)

    def counts(self, start: int, values: Iterable[int], size: int, top: float) -> None:
        """How often each of ``0..size-1`` occurs in ``values``, over ``top`` and clipped, from ``start``."""
        seen: dict[int, float] = {}
        step = 1.0 / top
        for v in values:
            if 0 <= v < size:
                seen[v] = min(1.0, seen.get(v, 0.0) + step)
        for v, x in seen.items():
            self.at.append(start + v)
            self.values.append(x)

    def write(self, out: Vector) -> None:
        """Zero ``out``, then set the gathered entries."""
        out.fill(0.0)
        self.put(out)

    def put(self, out: Vector) -> None:
        """Set the gathered entries over what ``out`` holds."""
        if self.ones:
            out[self.ones] = 1.0
        if self.at:
            out[self.at] = self.values


def scalar_into(at: list[int], values: list[float], i: int, value: int | None, top: int) -> None:
    """``Row.scalar`` into plain lists, for a writer that keeps its own (no object, one call less)."""
    if value and value > 0:
        v = value / top
        at.append(i)
        values.append(1.0 if v > 1.0 else v)


def sums(top: int, most: int = 64) -> list[float]:
    """``Row.counts``'s value for a count of c, at index c: ``1 / top`` added c times and clipped, so equal
    to the bit to the reference's running sum."""
    out, x, step = [0.0], 0.0, 1.0 / top
    for _ in range(most):
        x = min(1.0, x + step)
        out.append(x)
    return out


THIRDS, HALVES, EIGHTHS = sums(3), sums(2), [min(1.0, float(v) / 8) for v in range(8)]
THIRD = 1.0 / 3


def counts_into(
    at: list[int], values: list[float], start: int, items: list[int], size: int, by_count: list[float]
) -> None:
    """How often each of ``0..size-1`` occurs in ``items``, as ``Row.counts`` writes it (``by_count``: the
    value for each count, from ``sums``)."""
    seen: dict[int, int] = {}
    for v in items:
        if 0 <= v < size:
            seen[v] = seen.get(v, 0) + 1
    for v, c in seen.items():
        at.append(start + v)
        values.append(by_count[c] if c < len(by_count) else 1.0)
