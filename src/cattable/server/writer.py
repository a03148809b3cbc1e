"""The one thread that writes to the store. Event appends that arrive while a transaction commits are
grouped into the next one (group commit): under SQLite's full sync a commit costs milliseconds, so one
commit per move would cap a server at a few hundred moves a second.

The same thread renews this process's leases (``keep_leases``), ahead of any work waiting in its queue:
renewed from the event loop, a loop kept busy (a flood of messages, a slow bot's move) longer than the lease
let another process take its tables although it was alive."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from .store import Append, Store

log = logging.getLogger("cattable.server")
T = TypeVar("T")
Renewed = tuple[list[str], set[str]]
"""One renewal: the tables whose leases were renewed, and those of them this process still holds."""
GROUP = 256
"""The most appends one transaction takes."""


class Writer:
    def __init__(self, store: Store, owner: str, lease_seconds: float) -> None:
        self.store = store
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._queue: queue.SimpleQueue[tuple[str, Any, asyncio.Future[Any], asyncio.AbstractEventLoop] | None] = (
            queue.SimpleQueue()
        )
        self.commits = 0
        self.appends = 0
        self._renewal: tuple[Callable[[], list[str]], float, Callable[[Renewed], None]] | None = None
        self._next_renewal = float("inf")
        self._thread = threading.Thread(target=self._run, name="cattable-store", daemon=True)
        self._thread.start()

    def keep_leases(self, tables: Callable[[], list[str]], every: float) -> asyncio.Queue[Renewed]:
        """From now on, renew the leases of ``tables()`` every ``every`` seconds on this thread, before any
        queued work and whatever the event loop is doing; each renewal's result is put on the queue returned
        (the loop drops the tables it lost). A renewal the database refuses is logged and tried again."""
        loop = asyncio.get_running_loop()
        results: asyncio.Queue[Renewed] = asyncio.Queue()

        def deliver(renewed: Renewed) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits for renewals
                loop.call_soon_threadsafe(results.put_nowait, renewed)

        self._renewal = (tables, every, deliver)
        self._next_renewal = time.monotonic() + every
        self._queue.put(("call", lambda: None, loop.create_future(), loop))  # wakes the thread to the timer
        return results

    async def append(self, job: Append) -> None:
        """Return once the event is durable; raise why it was not stored."""
        await self._submit("append", job)

    async def call(self, fn: Callable[[], T]) -> T:
        """Run any other write (or read that must follow the writes) on the writer thread."""
        result: T = await self._submit("call", fn)
        return result

    async def _submit(self, kind: str, payload: Any) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put((kind, payload, future, loop))
        return await future

    def close(self) -> None:
        self._renewal = None
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _renew_if_due(self) -> float | None:
        """Renew the leases if their time has come; the seconds until the next renewal (None: none kept)."""
        renewal = self._renewal
        if renewal is None:
            return None
        tables, every, deliver = renewal
        now = time.monotonic()
        if now >= self._next_renewal:
            self._next_renewal = now + every
            ids = tables()
            try:
                deliver((ids, self.store.renew_leases(self.owner, self.lease_seconds, ids)))
            except Exception:
                log.exception("renewing the leases failed; trying again in %.1f s", every)
        return max(0.0, self._next_renewal - time.monotonic())

    def _run(self) -> None:
        while True:
            try:
                item = self._queue.get(timeout=self._renew_if_due())
            except queue.Empty:
                continue
            if item is None:
                return
            if item[0] == "call":
                self._call(item)
                continue
            batch = [item]
            after = None
            while len(batch) < GROUP:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is not None and nxt[0] == "append":
                    batch.append(nxt)
                else:
                    after = nxt
                    break
            self._append(batch)
            self._renew_if_due()  # between two group commits too, however busy the queue stays
            if after is None:
                continue
            if after[0] == "call":
                self._call(after)
            else:
                return

    def _append(self, batch: list[tuple[str, Any, asyncio.Future[Any], asyncio.AbstractEventLoop]]) -> None:
        try:
            results: list[Exception | None] = self.store.append([b[1] for b in batch], self.owner, self.lease_seconds)
        except Exception as exc:  # the database itself failed: none of them is stored
            results = [exc] * len(batch)
        self.commits += 1
        self.appends += len(batch)
        for (_kind, _job, future, loop), error in zip(batch, results, strict=True):
            loop.call_soon_threadsafe(_settle, future, None, error)

    @staticmethod
    def _call(item: tuple[str, Any, asyncio.Future[Any], asyncio.AbstractEventLoop]) -> None:
        _kind, fn, future, loop = item
        try:
            value = fn()
        except Exception as exc:
            loop.call_soon_threadsafe(_settle, future, None, exc)
        else:
            loop.call_soon_threadsafe(_settle, future, value, None)


def _settle(future: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(value)
