"""Clocks: a live time bank with an increment, or days per move; when a person's clock runs out the table
either puts its autopilot bot in the seat (until the person reclaims it with their link) or waits.
Deadlines are absolute times in the database, so a restarted server keeps them."""

from __future__ import annotations

import time
from typing import Any

from .harness import Server, get, open_table, post


def _wait_for(check: Any, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("the table never got there")


def test_an_expired_live_clock_hands_the_seat_to_the_autopilot_until_the_person_reclaims_it(server: Server) -> None:
    # both seats are people: a bot opponent and the autopilot would play the whole race out in a moment,
    # before the test could reclaim anything
    made = open_table(
        server,
        "washi",
        [None, None],
        clock={"mode": "live", "bank": 3, "increment": 30},
        on_timeout="autopilot:random",
    )
    table, mine_token, other_token = made["table"], made["tokens"][0], made["tokens"][1]
    url = f"{server.base}/api/tables/{table}"
    first = get(url, token=mine_token)
    assert first["to_play"] == 0 and first["seats"][0]["deadline"] - first["now"] <= 3.01
    moved = _wait_for(lambda: (s := get(url, token=other_token))["version"] >= 1 and s)
    assert moved["seats"][0]["autopilot"] is True  # the autopilot played seat 0's move when its bank ran out
    post(f"{url}/actions", {"action": moved["legal"][0], "id": "other-1"}, token=other_token)
    # the autopilot answers at once; then it is the other person's move again, with a bank of 30 s or more
    again = _wait_for(lambda: (s := get(url, token=other_token))["version"] >= 3 and s)
    assert again["seats"][0]["autopilot"] is True and again["to_play"] == 1
    post(f"{url}/reclaim", {}, token=mine_token)
    reclaimed = get(url, token=mine_token)
    assert reclaimed["seats"][0]["autopilot"] is False
    assert reclaimed["seats"][0]["bank"] >= 30  # the increments the autopilot earned are the person's now
    post(f"{url}/actions", {"action": again["legal"][0], "id": "other-2"}, token=other_token)
    mine = _wait_for(lambda: (s := get(url, token=mine_token))["legal"] and s)
    assert mine["version"] == 4 and not mine["seats"][0]["autopilot"]  # nobody played for the person
    done = post(f"{url}/actions", {"action": mine["legal"][0], "id": "back"}, token=mine_token)
    assert done["version"] == mine["version"] + 1


def test_a_table_that_waits_leaves_the_move_to_the_person(server: Server) -> None:
    made = open_table(server, "washi", [None, "random"], clock={"mode": "live", "bank": 1}, on_timeout="wait")
    url = f"{server.base}/api/tables/{made['table']}"
    time.sleep(2.0)
    state = get(url, token=made["tokens"][0])
    assert state["version"] == 0 and state["seats"][0]["autopilot"] is False and state["legal"]


def test_an_async_clock_gives_days_per_move(server: Server) -> None:
    made = open_table(server, "attack", [None, None], clock={"mode": "async", "days": 2})
    state = get(f"{server.base}/api/tables/{made['table']}", token=made["tokens"][0])
    seat = state["to_play"]
    assert abs(state["seats"][seat]["deadline"] - state["now"] - 2 * 86400) < 60


def test_a_restarted_server_keeps_the_deadlines(server: Server) -> None:
    made = open_table(
        server,
        "washi",
        [None, "random"],
        clock={"mode": "live", "bank": 2, "increment": 0},
        on_timeout="autopilot:random",
    )
    url = f"{server.base}/api/tables/{made['table']}"
    deadline = get(url, token=made["tokens"][0])["seats"][0]["deadline"]
    server.kill()  # before the deadline: nothing ran out yet
    time.sleep(max(0.0, deadline - time.time()) + 0.5)
    server.start()
    moved = _wait_for(lambda: (s := get(url, token=made["tokens"][0]))["version"] >= 1 and s)
    assert moved["seats"][0]["autopilot"] is True


def test_clock_settings_are_checked(server: Server) -> None:
    from .harness import Refused

    for bad in ({"mode": "live", "bank": -1}, {"mode": "blitz"}, {"mode": "async", "days": 99}, "fast"):
        try:
            open_table(server, "washi", [None, "random"], clock=bad)
        except Refused as exc:
            assert exc.status in (400, 422)
        else:
            raise AssertionError(f"{bad!r} was accepted")
