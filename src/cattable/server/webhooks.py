"""The "your turn" signal for people who want a message elsewhere: a POST to the seat's webhook URL.

The body says only what the seat's lobby would show (table, game, seat, version): nothing hidden. Calls run
on a small pool of their own, so a slow or dead listener never holds up a move or the database threads.
Each call goes only where ``webhook_guard`` allows, follows no redirect, waits a few seconds at most and
reads a few bytes of the answer; a failed call is tried again with a growing pause, and when every try
failed the seat's webhook is reported as failing (the seat sees it in its own state)."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import socket
import ssl
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .webhook_guard import Resolver, Target, WebhookPolicy, WebhookRefused, resolve_target, system_resolver

log = logging.getLogger("cattable.server.webhooks")

Transport = Callable[[Target, bytes, float, int], int]
"""Send a body to a checked target (timeout in seconds, bytes of the answer to read) and give the status."""
Report = Callable[[str, int, str, "str | None"], Awaitable[None]]
"""Told after a signal's last try: table, seat, the URL called, and why it failed (None: delivered)."""

MAX_PENDING = 1000
"""Signals in flight at once in one process; more are dropped (and logged) rather than queued."""


class _PinnedHTTP(http.client.HTTPConnection):
    """A connection to the address that was checked, whatever the name resolves to by now."""

    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self.address = target.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """The same over TLS: the certificate is checked against the URL's host name."""

    def __init__(self, target: Target, timeout: float) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(target.host, target.port, timeout=timeout, context=self.tls)
        self.address = target.address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)


def http_transport(target: Target, body: bytes, timeout: float, max_response: int) -> int:
    """POST ``body`` to ``target`` and return the status (no redirect is followed: http.client follows none)."""
    conn: http.client.HTTPConnection = (
        _PinnedHTTPS(target, timeout) if target.scheme == "https" else _PinnedHTTP(target, timeout)
    )
    try:
        conn.request(
            "POST",
            target.path,
            body=body,
            headers={"Content-Type": "application/json", "User-Agent": "cattable-webhook"},
        )
        resp = conn.getresponse()
        resp.read(max_response)
        return int(resp.status)
    finally:
        conn.close()


class WebhookSender:
    """Delivers signals with retries and a per-seat limit, off the event loop's own threads."""

    def __init__(
        self,
        policy: WebhookPolicy | None = None,
        *,
        resolver: Resolver = system_resolver,
        transport: Transport = http_transport,
        workers: int = 4,
    ) -> None:
        self.policy = policy or WebhookPolicy()
        self.resolver = resolver
        self.transport = transport
        self.report: Report | None = None
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="webhook")
        self._calls: dict[tuple[str, int], deque[float]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def signal(self, table_id: str, seat: int, url: str, body: dict[str, Any]) -> None:
        """Start delivering ``body`` to ``url`` in the background."""
        if len(self._tasks) >= MAX_PENDING:
            log.warning("webhook for table %s seat %s dropped: %d signals in flight", table_id, seat, MAX_PENDING)
            return
        task = asyncio.get_running_loop().create_task(self._deliver(table_id, seat, url, json.dumps(body).encode()))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait for every signal in flight (tests, and a clean shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _within_limit(self, key: tuple[str, int]) -> bool:
        now = time.monotonic()
        calls = self._calls.setdefault(key, deque())
        while calls and calls[0] <= now - 3600:
            calls.popleft()
        if len(calls) >= self.policy.calls_per_hour:
            return False
        calls.append(now)
        return True

    async def _deliver(self, table_id: str, seat: int, url: str, body: bytes) -> None:
        loop = asyncio.get_running_loop()
        pause, why = self.policy.backoff, None
        for attempt in range(1 + self.policy.retries):
            if attempt:
                await asyncio.sleep(pause)
                pause *= 2
            if not self._within_limit((table_id, seat)):
                log.warning("webhook for table %s seat %s skipped: over its hourly limit", table_id, seat)
                return
            refused, why = await loop.run_in_executor(self._pool, self._attempt, url, body)
            if why is None or refused:
                break
            log.info("webhook for table %s seat %s failed (try %d): %s", table_id, seat, attempt + 1, why)
        if why is not None:
            log.warning("webhook for table %s seat %s is failing: %s", table_id, seat, why)
        if self.report is not None:
            await self.report(table_id, seat, url, why)

    def _attempt(self, url: str, body: bytes) -> tuple[bool, str | None]:
        """One call: (refused, why it failed), where refused means trying again cannot help."""
        try:
            target = resolve_target(url, self.policy, self.resolver)
        except WebhookRefused as exc:
            return True, str(exc)
        try:
            status = self.transport(target, body, self.policy.timeout, self.policy.max_response)
        except (OSError, http.client.HTTPException) as exc:
            return False, f"the call failed ({type(exc).__name__}: {str(exc)[:120]})"
        if 300 <= status < 400:
            return True, f"the listener answered {status}: redirects are not followed"
        if not 200 <= status < 300:
            return False, f"the listener answered {status}"
        return False, None
