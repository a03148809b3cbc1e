"""Every random event of a game goes through one seeded, logged source.

Nothing in cattable reads a global random source or the clock. Each outcome is appended to a log that
the game record keeps, so a replay can feed the recorded outcomes back (``script``) instead of drawing:
that is what makes physics outcomes replayable on a machine whose floating point differs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import RecordError

T = TypeVar("T")

JSON = Any


class Chance:
    """A seeded random source that logs its outcomes and can replay a script of them."""

    __slots__ = ("_pos", "_rng", "_script", "log")

    def __init__(self, seed: int, script: Sequence[JSON] | None = None) -> None:
        self._rng = random.Random(seed)
        self._script: list[JSON] | None = list(script) if script is not None else None
        self._pos = 0
        self.log: list[JSON] = []

    # -- the one place outcomes are produced -------------------------------------------------
    def _scripted(self) -> tuple[bool, JSON]:
        if self._script is not None and self._pos < len(self._script):
            value = self._script[self._pos]
            self._pos += 1
            return True, value
        return False, None

    def _draw(self, drawn: JSON, check: str, low: float = 0, high: float = 0) -> JSON:
        """Keep the generator in step with the record, but let the record's outcome win (once checked)."""
        found, value = self._scripted()
        outcome = _checked(value, self._pos - 1, check, low, high) if found else drawn
        self.log.append(outcome)
        return outcome

    # -- kinds of chance ---------------------------------------------------------------------------
    def die(self, sides: int = 6) -> int:
        """Roll one die with faces 1..sides."""
        if self._script is None:  # no record to follow (every game played live): the same draw, made short
            value = self._rng.randint(1, sides)
            self.log.append(value)
            return value
        return int(self._draw(self._rng.randint(1, sides), _WHOLE, 1, sides))

    def randbelow(self, n: int) -> int:
        """A uniform index in 0..n-1."""
        return int(self._draw(self._rng.randrange(n), _WHOLE, 0, n - 1))

    def permutation(self, n: int) -> list[int]:
        """A uniform permutation of range(n), logged as a list."""
        order = list(range(n))
        self._rng.shuffle(order)
        return [int(i) for i in self._draw(order, _PERMUTATION, n)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place through a logged permutation."""
        order = self.permutation(len(items))
        items[:] = [items[i] for i in order]

    def uniform(self, low: float, high: float) -> float:
        return float(self._draw(self._rng.uniform(low, high), _NUMBER, min(low, high), max(low, high)))

    def gauss(self, mu: float, sigma: float) -> float:
        return float(self._draw(self._rng.gauss(mu, sigma), _NUMBER, -math.inf, math.inf))

    def external(self, compute: Callable[[], JSON]) -> JSON:
        """An outcome computed outside the generator (a physics result): replayed from the record if there."""
        found, value = self._scripted()
        outcome = value if found else compute()
        self.log.append(outcome)
        return outcome

    @property
    def replaying(self) -> bool:
        """True while recorded outcomes remain to be fed back."""
        return self._script is not None and self._pos < len(self._script)

    # -- copies ------------------------------------------------------------------------------------
    def clone(self) -> Chance:
        other = Chance.__new__(Chance)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._script = self._script
        other._pos = self._pos
        other.log = list(self.log)
        return other

    def reseed(self, seed: int) -> None:
        """Forget the future: used by determinize so a searcher cannot read coming dice from a copy."""
        self._rng = random.Random(seed)
        self._script = None
        self._pos = 0


_WHOLE, _NUMBER, _PERMUTATION = "whole", "number", "permutation"


def _checked(value: JSON, pos: int, check: str, low: float, high: float) -> JSON:
    """A recorded outcome of the right type and range for the draw that reads it, or a ``RecordError``
    naming its place in the record's chance list (a record edited or broken by hand)."""
    if check == _WHOLE:
        if type(value) is int and low <= value <= high:
            return value
        wanted = f"a whole number from {low} to {high}"
    elif check == _NUMBER:
        if type(value) in (int, float) and math.isfinite(value) and low <= value <= high:
            return float(value)
        wanted = "a finite number" if math.isinf(low) else f"a number from {low} to {high}"
    else:
        if isinstance(value, list) and all(type(i) is int for i in value) and sorted(value) == list(range(int(low))):
            return value
        wanted = f"an ordering of 0 to {int(low) - 1} (a list of {int(low)} whole numbers)"
    raise RecordError(f"chance[{pos}] must be {wanted} for this draw, not {value!r}")
