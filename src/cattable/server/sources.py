"""Where the hub's time and randomness come from, injected (../shared/DESIGN.md: "its clock and random source
injected, so a test builds it in-process"): the real ones by default, so a server behaves as if they were
called directly; a test gives a clock it moves by hand and a seeded source, and gets the same tables, tokens
and timeouts every run without sleeping.

Only what decides what happens goes through here: deadlines, idle stamps, waits, table ids, seeds and
secrets. Timings kept for the metrics (``time.perf_counter``, ``time.thread_time``) read the machine's."""

from __future__ import annotations

import asyncio
import base64
import random
import secrets
import time
import uuid
from collections.abc import Callable
from typing import Protocol

from .tokens import new_secret


class Timer(Protocol):
    """A call planned by ``Clock.call_later``, which may be called off (``asyncio.TimerHandle`` is one)."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """The time of a hub and of its tables."""

    def time(self) -> float:
        """Seconds since the epoch: the clocks' deadlines, stored so a restarted server re-arms them."""
        ...

    def monotonic(self) -> float:
        """Seconds that never go back: when a table was last used, how long a wait has lasted."""
        ...

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        """Call ``callback`` on the running event loop ``delay`` seconds from now (a seat's clock)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (the pauses of a process waiting for a lease, of the idle sweep)."""
        ...


class SystemClock:
    """The machine's clocks and the running event loop's timers."""

    def time(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class Randomness(Protocol):
    """The random choices of a hub: each kind its own call, so a seeded source can stand in for them all."""

    def secret(self) -> str:
        """A host token, invite code or seat token (``tokens.new_secret``): only its digest is stored."""
        ...

    def table_id(self) -> str:
        """A new table's id: 16 hexadecimal digits."""
        ...

    def seed(self) -> int:
        """A new table's deal: 63 random bits, never chosen by its creator."""
        ...

    def owner(self) -> str:
        """The name under which a process holds its leases, when it was given none: 32 hexadecimal digits."""
        ...


class SecretRandomness:
    """A real server's: the operating system's randomness (``secrets``), as unguessable as tokens must be."""

    def secret(self) -> str:
        return new_secret()

    def table_id(self) -> str:
        return secrets.token_hex(8)

    def seed(self) -> int:
        return secrets.randbits(63)

    def owner(self) -> str:
        return uuid.uuid4().hex


class SeededRandomness:
    """The same ids, seeds and secrets, in the same order, for the same ``seed``: for tests and simulations.
    Never for a server people play on: anyone who knows the seed knows every token."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def secret(self) -> str:
        return base64.urlsafe_b64encode(self._rng.randbytes(24)).rstrip(b"=").decode()

    def table_id(self) -> str:
        return self._rng.randbytes(8).hex()

    def seed(self) -> int:
        return self._rng.getrandbits(63)

    def owner(self) -> str:
        return self._rng.randbytes(16).hex()
