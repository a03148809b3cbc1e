"""A hub built in-process with its clock and randomness injected (issue #29; ../shared/DESIGN.md: "its clock
and random source injected, so a test builds it in-process"): the same seed deals the same tables with the
same tokens, and clocks run out, moves are timed and idle tables let go when the test moves the clock,
without a server, a socket or a real second of waiting."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cattable.server.actor import WAITING
from cattable.server.hub import SeatSpec
from cattable.server.sources import SeededRandomness
from cattable.server.table import state_hash

from .inprocess import Inbox, ManualClock, open_table, running_hub

LIVE = {"mode": "live", "bank": 300, "increment": 0}


async def _until(check: Callable[[], object], seconds: float = 3.0) -> None:
    """Let the hub's own tasks run (real time, briefly) until ``check()`` holds."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the hub never got there")
        await asyncio.sleep(0.01)


async def _opened(tmp_path: Path, db: str, seed: int) -> dict[str, Any]:
    """Everything random about one table opened by a fresh hub: its id, host token, invites, the seat tokens
    of joining, its seed, deal and opening time."""
    async with running_hub(tmp_path, clock=ManualClock(), randomness=SeededRandomness(seed), db=db) as hub:
        made = await hub.create("cafe", 2, {}, [SeatSpec("Ann"), SeatSpec("Bob")], "public")
        tokens = [(await hub.join(invite))["token"] for invite in made["invites"].values()]
        table = await hub.table(made["table"])
        return {
            "owner": hub.owner,
            "made": made,
            "tokens": tokens,
            "seed": table.row.seed,
            "deal": (table.row.setup_chance, state_hash(table.state)),
            "view": table.view(0),
            "created": table.row.created,
        }


def test_the_same_seed_opens_the_same_table_with_the_same_tokens_and_deal(tmp_path: Path) -> None:
    async def main() -> None:
        first = await _opened(tmp_path, "first.db", seed=7)
        second = await _opened(tmp_path, "second.db", seed=7)
        other = await _opened(tmp_path, "other.db", seed=8)
        assert first == second
        assert first["created"] == ManualClock.WALL  # the table's time is the clock's, not the machine's
        for key in ("owner", "seed", "deal", "tokens"):
            assert first[key] != other[key], key
        assert first["made"]["table"] != other["made"]["table"]
        assert first["made"]["host"] != other["made"]["host"]
        secrets = [first["made"]["host"], *first["made"]["invites"].values(), *first["tokens"]]
        assert len(set(secrets)) == len(secrets) == 5  # each secret its own

    asyncio.run(main())


def test_a_seat_clock_runs_out_when_the_clock_is_moved_not_after_real_seconds(tmp_path: Path) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with running_hub(tmp_path, clock=clock, randomness=SeededRandomness(1)) as hub:
            table = await open_table(hub, "washi", [None, None], clock=LIVE, on_timeout="wait")
            waiting = Inbox(1)
            await hub.watch(table, waiting)
            seat0 = waiting.of_type("state")[-1]["seats"][0]
            assert seat0["deadline"] == ManualClock.WALL + 300 and seat0["overdue"] is False
            assert hub.actors[table].timer is not None and 300.0 in clock.planned()
            clock.advance(299.5)
            await asyncio.sleep(0.05)
            assert waiting.of_type("notice") == []  # half a second short: nothing yet
            clock.advance(1)
            await _until(lambda: waiting.of_type("notice"))
            notice = waiting.of_type("notice")[0]
            assert notice["seat"] == 0 and notice["msg"] == {"msgid": WAITING, "args": {"name": "P0"}}
            await _until(lambda: waiting.of_type("state")[-1]["seats"][0]["overdue"])
            assert hub.actors[table].timer is None and hub.actors[table].table.version == 0

    asyncio.run(main())


def test_a_move_is_timed_by_the_injected_clock(tmp_path: Path) -> None:
    """Seat 0 takes 100 of its 300 seconds: its bank keeps exactly 200, and seat 1's clock starts then."""

    async def main() -> None:
        clock = ManualClock()
        async with running_hub(tmp_path, clock=clock, randomness=SeededRandomness(2)) as hub:
            table = await open_table(hub, "washi", [None, None], clock=LIVE)
            clock.advance(100)
            t = await hub.table(table)
            await hub.act(table, 0, t.choices(0)[0].to_json(), "m0")
            assert t.seats[0].bank == 200.0 and t.seats[0].deadline is None
            assert t.seats[1].deadline == ManualClock.WALL + 100 + 300
            assert hub.store.seats(table)[0].bank == 200.0  # as stored
            assert clock.planned()[-1] == 400.0  # seat 1's timer, and seat 0's called off

    asyncio.run(main())


def test_idle_tables_are_let_go_by_the_injected_monotonic_clock(tmp_path: Path) -> None:
    async def main() -> None:
        clock = ManualClock()
        async with running_hub(tmp_path, clock=clock, randomness=SeededRandomness(3)) as hub:
            table = await open_table(hub, "cafe", [None, None])
            assert await hub.let_go_idle() == []  # just opened
            clock.advance(hub.idle_seconds - 1)
            assert await hub.let_go_idle() == []  # a second short
            await hub.table(table)  # asked for: idle counts from now
            clock.advance(hub.idle_seconds - 1)
            assert await hub.let_go_idle() == []
            assert table in hub.actors
            clock.advance(2)
            assert await hub.let_go_idle() == [table]
            assert table not in hub.actors
            # asked for again, rebuilt; then the hub's own sweep lets it go once the clock moves on
            assert (await hub.table(table)).row.id == table
            clock.advance(hub.idle_seconds + 1)
            await _until(lambda: table not in hub.actors)
            assert hub.metrics.idle_let_go._value.get() == 2

    asyncio.run(main())


def test_an_undo_serves_the_table_from_a_new_actor_that_keeps_its_watchers(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path, clock=ManualClock(), randomness=SeededRandomness(4)) as hub:
            table = await open_table(hub, "washi", [None, None])
            watching = Inbox(1)
            await hub.watch(table, watching)
            t = await hub.table(table)
            await hub.act(table, 0, t.choices(0)[0].to_json(), "m0")
            await _until(lambda: watching.of_type("state")[-1]["version"] == 1)
            sent = len(watching.of_type("state"))
            before = hub.actors[table]
            ack = await hub.undo(table, 0, "u0")
            assert ack["undone"] is True and ack["version"] == 0
            after = hub.actors[table]
            assert after is not before and not before.serving and after.serving
            assert after.lock is before.lock and watching in after.watchers
            await _until(lambda: watching.of_type("state")[-1]["version"] == 0)
            # the watcher redraws from the start: the first word after the undo is a full view, reset
            first = watching.of_type("state")[sent]
            assert first["reset"] is True and first["version"] == 0 and "view" in first
            late = Inbox(None)
            await before.watch(late)  # a watcher the old actor was still adding is the new one's
            assert late in after.watchers

    asyncio.run(main())
