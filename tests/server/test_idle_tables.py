"""A table nobody is using leaves the server's memory and comes back from the store when asked for (issue #29:
under a steady load the process's memory stays flat; benchmarks/bench_soak.py found it growing by every
table ever played). Built in-process: the point is the hub's decisions, not the sockets."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cattable.server.hub import Hub
from cattable.server.store import Store
from cattable.server.table import Table
from tests.server.inprocess import Inbox, open_table, running_hub


async def _play_one(hub: Hub, table: str) -> int:
    t = await hub.table(table)
    seat = t.state.current_player
    assert seat is not None
    action = t.state.legal_actions()[0].to_json()
    ack = await hub.act(table, seat, action, f"m{t.version}")
    return int(ack["version"])


def test_an_unwatched_table_is_let_go_after_the_idle_time_and_rebuilt_when_asked_for(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "washi", [None, None])
            version = await _play_one(hub, table)
            before = (await hub.table(table)).view(0)
            assert await hub.let_go_idle() == []  # not idle yet: it was just played
            assert await hub.let_go_idle(time.monotonic() + hub.idle_seconds + 1) == [table]
            assert table not in hub.actors
            await asyncio.sleep(0.05)  # the move's own follow-up, queued on the table's lock, sees it gone
            assert len(hub.locks) == 0  # and no lock is left behind
            # its lease is free: another process could take it at once
            assert hub.store.take_lease(table, "another-process", 5.0)
            hub.store.release_lease(table, "another-process")
            again = await hub.table(table)  # rebuilt from its events, as after a restart
            assert again.version == version and again.view(0) == before
            assert await _play_one(hub, table) == version + 1

    asyncio.run(main())


def test_a_watched_table_stays_until_its_last_watcher_has_been_gone_for_the_idle_time(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "cafe", [None, None])
            watcher = Inbox(0)
            await hub.watch(table, watcher)
            later = time.monotonic() + hub.idle_seconds + 1
            assert await hub.let_go_idle(later) == []
            assert table in hub.actors
            hub.unwatch(table, watcher)
            assert await hub.let_go_idle() == []  # idle counts from the last watcher's leaving
            assert await hub.let_go_idle(time.monotonic() + hub.idle_seconds + 1) == [table]
            assert table not in hub.actors

    asyncio.run(main())


def test_a_table_whose_clock_runs_is_kept(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "washi", [None, None], clock={"mode": "live", "bank": 300})
            assert hub.actors[table].timer is not None
            assert await hub.let_go_idle(time.monotonic() + hub.idle_seconds + 1) == []
            assert table in hub.actors

    asyncio.run(main())


def test_the_lobby_tells_a_finished_table_let_go_without_replaying_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "washi", [None, None])
            while not (await hub.table(table)).over:
                await _play_one(hub, table)
            final = (await hub.table(table)).version
            live = await hub.glance(table, 0)
            assert await hub.let_go_idle(time.monotonic() + hub.idle_seconds + 1) == [table]

            def no_replay(*_args: object) -> None:
                raise AssertionError("a finished table was replayed for the lobby")

            def no_reading(*_args: object) -> None:
                raise AssertionError("a finished table's events were read for the lobby (a count will do)")

            monkeypatch.setattr(Table, "rebuild", no_replay)
            monkeypatch.setattr(Store, "events", no_reading)
            again = await hub.glance(table, 0)
            assert again == live
            assert live == {
                "table": table,
                "game": "washi",
                "seat": 0,
                "version": final,
                "over": True,
                "your_move": False,
            }
            assert table not in hub.actors  # a glance takes no lease and serves nothing

    asyncio.run(main())
