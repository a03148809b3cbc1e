"""Every random event of a game goes through one seeded, logged source.

Nothing in cattable reads a global random source or the clock. Each outcome is appended to a log that
the game record keeps, so a replay can feed the recorded outcomes back (``script``) instead of drawing:
that is what makes physics outcomes replayable on a machine whose floating point differs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

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

    def _draw(self, drawn: JSON) -> JSON:
        """Keep the generator in step with the record, but let the record's outcome win."""
        found, value = self._scripted()
        outcome = value if found else drawn
        self.log.append(outcome)
        return outcome

    # -- kinds of chance ---------------------------------------------------------------------------
    def die(self, sides: int = 6) -> int:
        """Roll one die with faces 1..sides."""
        return int(self._draw(self._rng.randint(1, sides)))

    def randbelow(self, n: int) -> int:
        """A uniform index in 0..n-1."""
        return int(self._draw(self._rng.randrange(n)))

    def permutation(self, n: int) -> list[int]:
        """A uniform permutation of range(n), logged as a list."""
        order = list(range(n))
        self._rng.shuffle(order)
        return [int(i) for i in self._draw(order)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place through a logged permutation."""
        order = self.permutation(len(items))
        items[:] = [items[i] for i in order]

    def uniform(self, low: float, high: float) -> float:
        return float(self._draw(self._rng.uniform(low, high)))

    def gauss(self, mu: float, sigma: float) -> float:
        return float(self._draw(self._rng.gauss(mu, sigma)))

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
