"""A process keeps its tables' leases however busy its event loop is: the writer thread renews them
(``Writer.keep_leases``). Renewed from the loop, a loop held longer than the lease (a flood of messages, a
slow move) let the lease run out, and another process could take a table from a process still alive."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from sqlalchemy import select

from cattable.server.hub import Hub
from cattable.server.schema import leases
from cattable.server.store import Store

from .inprocess import open_table

LEASE = 0.6


def _expires(store: Store, table: str) -> float:
    with store.engine.connect() as conn:
        return float(conn.execute(select(leases.c.expires).where(leases.c.table_id == table)).scalar_one())


def test_leases_are_renewed_while_the_event_loop_is_held(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")

    async def scenario() -> tuple[float, float, bool]:
        hub = Hub(store, lease_seconds=LEASE)
        await hub.start()
        try:
            table = await open_table(hub, "cafe", [None, None])
            time.sleep(4 * LEASE)  # the event loop held: no coroutine of this process runs meanwhile
            expires, now = _expires(store, table), time.time()
            taken = store.take_lease(table, "another-process", LEASE)  # what a second process would try
            await asyncio.sleep(LEASE)  # the loop free again: the table is still served here
            assert table in hub.actors
            return expires, now, taken
        finally:
            await hub.close()

    try:
        expires, now, taken = asyncio.run(scenario())
    finally:
        store.close()
    assert expires > now, f"the lease ran out {now - expires:.2f} s before the loop was free"
    assert not taken
