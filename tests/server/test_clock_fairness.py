"""Clocks that treat a returning person fairly: a seat taken back from the autopilot has at least the
table's grace period before the autopilot may take it again, and a table that waits tells every seat whose
time ran out, in both languages. The hub is built in-process over a real SQLite file, with short clocks."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cattable.core import game
from cattable.core.i18n import render
from cattable.server import clocks
from cattable.server.actor import WAITING
from cattable.server.hub import Hub
from cattable.server.undo import undo_refusal

from .inprocess import Inbox, open_table, running_hub


async def _until(check: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(check) and check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the table never got there")


async def _move(hub: Hub, table: str, seat: int, msg_id: str) -> None:
    await hub.act(table, seat, hub.actors[table].table.choices(seat)[0].to_json(), msg_id)


def test_a_reclaimed_seat_keeps_its_grace_before_the_autopilot_may_take_it_again(tmp_path: Path) -> None:
    """Bank 1 s, no increment, grace 3 s: seat 0's time runs out and the autopilot plays for it, leaving a
    bank of 0. Taken back, seat 0 still has 3 s when its turn comes, and only after them is it taken over."""

    async def scenario() -> None:
        async with running_hub(tmp_path) as hub:
            clock = {"mode": "live", "bank": 1, "increment": 0, "grace": 3}
            table = await open_table(hub, "washi", [None, None], clock=clock, on_timeout="autopilot:random")
            t = hub.actors[table].table
            await _until(lambda: t.version >= 1)  # the autopilot played seat 0's first move
            async with hub.actors[table].lock:  # and its move is stored: the clocks change once the store has it
                first = t.seats[0]
            assert first.autopilot and t.state.current_player == 1
            assert first.bank == 0.0  # what the autopilot left: the unfairness the grace mends
            await hub.reclaim(table, 0)
            back = t.seats[0]
            assert not back.autopilot and back.bank == 3.0
            assert hub.store.seats(table)[0].bank == 3.0  # kept across a restart too
            await _move(hub, table, 1, "p1")
            started = time.time()
            deadline = t.seats[0].deadline
            assert t.state.current_player == 0 and deadline is not None and deadline - started >= 2.9
            await asyncio.sleep(1.5)  # longer than the bank the autopilot left
            assert not t.seats[0].autopilot and t.version == 2
            await _until(lambda: t.seats[0].autopilot)  # the grace is a grace, not a pardon
            assert time.time() - started >= 2.9

    asyncio.run(scenario())


def test_the_grace_applies_on_the_seats_own_turn_and_to_asynchronous_clocks() -> None:
    live = clocks.check_clock({"mode": "live", "bank": 10, "increment": 0, "grace": 20})
    assert clocks.after_reclaim(live, 0.0, 100.0, on_turn=True, now=95.0) == (20.0, 115.0)
    assert clocks.after_reclaim(live, 50.0, 200.0, on_turn=True, now=95.0) == (50.0, 200.0)  # never less
    assert clocks.after_reclaim(live, 0.0, None, on_turn=False, now=95.0) == (20.0, None)
    days = clocks.check_clock({"mode": "async", "days": 2})
    assert clocks.after_reclaim(days, None, 100.0, on_turn=True, now=100.0) == (None, 100.0 + 2 * clocks.DAY)
    assert clocks.check_clock({"mode": "live", "bank": 60})["grace"] == clocks.GRACE  # type: ignore[index]
    old = {"mode": "live", "bank": 60, "increment": 0}  # a table opened before the grace was a setting
    assert clocks.after_reclaim(old, 0.0, None, on_turn=False, now=0.0) == (clocks.GRACE, None)


@pytest.mark.parametrize(
    ("clock", "says"),
    [
        ({"mode": "live", "bank": 0}, "more than 0 and at most 604800"),
        ({"mode": "live", "bank": 60, "grace": -1}, "grace after reclaiming a seat is 0 to 3600"),
        ({"mode": "live", "bank": 60, "grace": True}, "grace"),
    ],
)
def test_a_clock_error_says_what_is_allowed(clock: dict[str, object], says: str) -> None:
    with pytest.raises(ValueError, match=says) as refused:
        clocks.check_clock(clock)
    assert "bank of 0" not in str(refused.value)


def test_a_table_that_waits_tells_every_seat_whose_time_ran_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_hub(tmp_path) as hub:
            clock = {"mode": "live", "bank": 0.5, "increment": 0}
            table = await open_table(hub, "washi", [None, None], clock=clock, on_timeout="wait")
            waiting, spectator = Inbox(1), Inbox(None)
            for inbox in (waiting, spectator):
                await hub.watch(table, inbox)
            assert waiting.of_type("state")[-1]["seats"][0]["overdue"] is False
            await _until(lambda: waiting.of_type("notice"))
            for inbox in (waiting, spectator):
                notice = inbox.of_type("notice")[0]
                assert notice["seat"] == 0 and notice["msg"] == {"msgid": WAITING, "args": {"name": "P0"}}
                assert inbox.of_type("state")[-1]["seats"][0]["overdue"] is True
            assert hub.actors[table].table.version == 0 and not hub.actors[table].table.seats[0].autopilot
            english, french = (render(WAITING, {"name": "P0"}, lang) for lang in ("en", "fr"))
            assert english == "P0's time has run out: the table waits for their move"
            assert french != english and "P0" in french
            await _move(hub, table, 0, "late")  # the late move is still welcome, and the seat is no longer overdue
            await _until(lambda: waiting.of_type("state")[-1]["version"] == 1)
            assert waiting.of_type("state")[-1]["seats"][0]["overdue"] is False

    asyncio.run(scenario())


def test_an_undo_blocked_by_the_movers_own_queued_choice_says_so() -> None:
    g = game("washi")
    before = g.new(2, 7)
    after = g.new(2, 7)
    action = after.legal_actions()[0]
    after.apply(action)
    common = {"seat": 0, "mover": 0, "drew": False}
    own = undo_refusal(before, action, after, queued={0}, **common)  # type: ignore[arg-type]
    assert own == "your choice for your next turn is already made, so the last move stands"
    other = undo_refusal(before, action, after, queued={1}, **common)  # type: ignore[arg-type]
    assert other == "another seat has chosen since"
