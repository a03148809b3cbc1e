"""What one client address or one seat token may do, so that nobody can crowd out the other tables.

Token buckets, kept in memory per process: a bucket that has refilled is the same as no bucket, so full
ones are forgotten and an attacker's many addresses cost only while they are busy. The clock is injected
(a test steps it). The web door decides whose address a request comes from (behind a trusted proxy, the
one it forwarded) and how a refusal is worded on each door; this module only counts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .table import Refusal

PRUNE_AT = 10_000
"""Buckets kept before the full ones are forgotten."""


@dataclass(frozen=True)
class LimitPolicy:
    """The figures (``serve`` settings; docs/SETTINGS.md). Zero turns a limit off."""

    tables_per_minute: int = 10
    """Tables one address may open a minute (bursts up to the same number)."""
    messages_per_second: float = 20.0
    """Messages one seat token (or one spectator's socket) may send a second, on average..."""
    message_burst: int = 40
    """...and at once, after a pause."""
    sockets_per_address: int = 100
    """WebSockets open at once from one address."""
    chat_lines: int = 5
    """Chat lines one connection may post in ``chat_seconds`` (and at once)."""
    chat_seconds: float = 10.0
    seats_per_minute: int = 10
    """Seats one address may take at open tables a minute (quick play included; bursts up to the same)."""
    flood_seconds: float = 5.0
    """A socket refused more than twice its message allowance within this many seconds (it sends at over
    three times what it may) is closed with 4029, and its address may open no socket for as long."""


FLOODED = 4029
"""The close code of a socket that kept sending far past its message limit (4000 + HTTP's 429)."""
ANSWER_EVERY = 1.0
"""Seconds between two ``rate_limited`` answers on one socket: the refusals between them go unanswered."""


class RateLimited(Refusal):
    """A refusal that says when to try again: HTTP 429 with ``Retry-After``, or a WebSocket ``error``."""

    def __init__(self, kind: str, what: str, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        """Whole seconds, at least 1 (``Retry-After`` takes whole seconds)."""
        self.kind = kind
        """Which limit: ``tables``, ``messages``, ``sockets``, ``chat`` or ``seats`` (the metric's label)."""
        super().__init__("rate_limited", f"too many {what}: try again in {self.retry_after} s")


Verdict = Literal["answer", "quiet", "close"]


class Flood:
    """One socket's refused messages: the first refusal in each ``ANSWER_EVERY`` seconds is answered, the
    others are dropped unanswered (each answer costs the server as much as the message it refuses), and a
    socket refused more than ``cap`` times within a window of ``seconds`` is closed. An honest client under
    its allowance is never refused, so never closed; one slightly over it is answered and kept."""

    def __init__(self, rate: float, seconds: float, clock: Callable[[], float]) -> None:
        self.cap = max(1, round(2 * rate * seconds))
        """Refusals a window may hold: twice the allowance, so the socket sent over three times it."""
        self.seconds, self.clock = seconds, clock
        self.count, self.since, self.answered = 0, -math.inf, -math.inf

    def refused(self) -> Verdict:
        """Count one refused message: ``answer`` it, leave it ``quiet``, or ``close`` the socket."""
        now = self.clock()
        if now - self.since >= self.seconds:
            self.count, self.since = 0, now
        self.count += 1
        if self.seconds > 0 and self.count > self.cap:
            return "close"
        if now - self.answered >= ANSWER_EVERY:
            self.answered = now
            return "answer"
        return "quiet"


class Buckets:
    """Token buckets by key: ``rate`` tokens a second, holding at most ``burst``."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._held: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        """0 if ``key`` may go now (a token is taken), else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens, at = self._held.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < 1:
            self._held[key] = (tokens, now)
            return (1 - tokens) / self.rate
        if len(self._held) >= PRUNE_AT:
            self._prune(now)
        self._held[key] = (tokens - 1, now)
        return 0.0

    def _prune(self, now: float) -> None:
        for key, (tokens, at) in list(self._held.items()):
            if tokens + (now - at) * self.rate >= self.burst:
                del self._held[key]

    def __len__(self) -> int:
        return len(self._held)


class Limits:
    """The limits of one server process: tables opened and sockets per address, messages per token."""

    def __init__(self, policy: LimitPolicy | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.policy = policy or LimitPolicy()
        p = self.policy
        self.tables = Buckets(p.tables_per_minute / 60, p.tables_per_minute, clock)
        self.messages = Buckets(p.messages_per_second, max(1, p.message_burst), clock)
        self.sockets: dict[str, int] = {}
        self.chat = Buckets(p.chat_lines / p.chat_seconds if p.chat_seconds > 0 else 0, max(1, p.chat_lines), clock)
        self.seats = Buckets(p.seats_per_minute / 60, p.seats_per_minute, clock)
        self.clock = clock
        self.barred: dict[str, float] = {}
        """Addresses a flooding socket came from, and until when they may open no socket."""

    def open_table(self, address: str) -> None:
        """Count a table opened from ``address``, or raise ``RateLimited``."""
        wait = self.tables.take(address)
        if wait:
            raise RateLimited("tables", "tables opened from your address", wait)

    def message(self, key: str) -> None:
        """Count a message from a seat token's digest (or a spectator's connection), or raise."""
        wait = self.messages.take(key)
        if wait:
            raise RateLimited("messages", "messages", wait)

    def chat_line(self, key: str) -> None:
        """Count a chat line from one connection, or raise ``RateLimited``."""
        wait = self.chat.take(key)
        if wait:
            raise RateLimited("chat", "chat messages", wait)

    def take_seat(self, address: str) -> None:
        """Count a seat taken at an open table from ``address``, or raise ``RateLimited``."""
        wait = self.seats.take(address)
        if wait:
            raise RateLimited("seats", "seats taken from your address", wait)

    def flood(self) -> Flood:
        """A socket's own count of refused messages (``Flood``)."""
        return Flood(self.policy.messages_per_second, self.policy.flood_seconds, self.clock)

    def bar(self, address: str) -> None:
        """A socket from ``address`` flooded: no new socket from it for ``flood_seconds``."""
        if len(self.barred) >= PRUNE_AT:
            now = self.clock()
            self.barred = {a: until for a, until in self.barred.items() if until > now}
        self.barred[address] = self.clock() + self.policy.flood_seconds

    def barred_for(self, address: str) -> float:
        """Seconds until ``address`` may open a socket again after a flood (0: it may now)."""
        until = self.barred.get(address)
        if until is None:
            return 0.0
        left = until - self.clock()
        if left <= 0:
            del self.barred[address]
            return 0.0
        return left

    def socket_opened(self, address: str) -> bool:
        """Count a socket from ``address``; False (and not counted) when it has as many as allowed."""
        held = self.sockets.get(address, 0)
        cap = self.policy.sockets_per_address
        if cap > 0 and held >= cap:
            return False
        self.sockets[address] = held + 1
        return True

    def socket_closed(self, address: str) -> None:
        held = self.sockets.get(address, 0) - 1
        if held > 0:
            self.sockets[address] = held
        else:
            self.sockets.pop(address, None)
