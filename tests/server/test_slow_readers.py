"""A client that stops reading cannot grow the server's memory or hold up its table (server/outbox.py):
its messages wait in a bounded queue, and when the queue is full the connection is dropped with close code
4008 while every move goes on being acknowledged at once. Built in-process: a watcher whose socket write
never returns, as a client that reads nothing looks to the server once the socket's buffers are full."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cattable.server.hub import Hub
from cattable.server.outbox import LAGGING_CLOSE, Lagging, OutboxPolicy, OutboxWatcher

from .inprocess import Inbox, open_table, running_hub


class StuckSocket:
    """A socket whose writes never complete; it records the close it is asked for."""

    def __init__(self) -> None:
        self.writes = 0
        self.closed: list[int] = []
        self._never = asyncio.Event()

    async def write(self, text: str) -> None:
        self.writes += 1
        await self._never.wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed.append(code)


async def _play(hub: Hub, table: str, n: int) -> None:
    """``n`` moves by whichever seat has one; each must be acknowledged within 5 s."""
    for i in range(n):
        current = hub.actors[table].table
        seat = next(s for s in range(current.row.players) if current.choices(s))
        ack = await asyncio.wait_for(hub.act(table, seat, current.choices(seat)[0].to_json(), f"m{i}"), 5)
        assert ack["type"] == "ack"
        await asyncio.sleep(0.01)  # the fan-out runs after the ack


def test_a_client_that_never_reads_is_dropped_and_the_table_plays_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "cafe", [None, None])
            socket = StuckSocket()
            stuck = OutboxWatcher(
                1, 0, socket.write, socket.close, policy=OutboxPolicy(max_messages=4), on_drop=hub.metrics.lagging.inc
            )
            reader = Inbox(0)
            await hub.watch(table, stuck)
            await hub.watch(table, reader)
            await _play(hub, table, 20)
            await asyncio.sleep(0.1)
            assert stuck.dropped.is_set() and socket.closed == [LAGGING_CLOSE]
            assert stuck not in hub.actors[table].watchers and stuck.waiting <= 4  # nothing more was queued
            assert socket.writes == 1  # the first message's write never returned
            assert hub.metrics.lagging._value.get() == 1
            last = reader.of_type("state")[-1]
            assert last["version"] == hub.actors[table].table.version  # the reader saw every move
            again = Inbox(1)  # the client reconnects: it gets the whole log from the version it had
            await hub.watch(table, again)
            versions = [line["version"] for line in again.of_type("state")[0]["log"]]  # a reveal adds lines
            assert sorted(set(versions)) == list(range(1, last["version"] + 1))  # to its move's version
            try:
                stuck.put("{}")
                raise AssertionError("a dropped connection took another message")
            except Lagging:
                pass

    asyncio.run(scenario())


def test_a_write_stalled_too_long_drops_the_connection() -> None:
    async def scenario() -> None:
        socket = StuckSocket()
        dropped: list[bool] = []
        watcher = OutboxWatcher(
            None,
            0,
            socket.write,
            socket.close,
            policy=OutboxPolicy(stall_seconds=0.2),
            on_drop=lambda: dropped.append(True),
        )
        watcher.put("{}")
        await asyncio.wait_for(watcher.dropped.wait(), 5)
        await asyncio.sleep(0.05)
        assert dropped == [True] and socket.closed == [LAGGING_CLOSE]

    asyncio.run(scenario())
