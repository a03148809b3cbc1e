"""The one thread that writes to the store. Event appends that arrive while a transaction commits are
grouped into the next one (group commit): under SQLite's full sync a commit costs milliseconds, so one
commit per move would cap a server at a few hundred moves a second."""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from .store import Append, Store

T = TypeVar("T")
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
        self._thread = threading.Thread(target=self._run, name="cattable-store", daemon=True)
        self._thread.start()
        self.commits = 0
        self.appends = 0

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
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
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
