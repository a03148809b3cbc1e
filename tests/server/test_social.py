"""What brings players back (issue #32), over a real server: a table's chat (kept, sent to every watcher,
limited per connection, never in the record, spectators only where admitted), play again (each seat gets
its own seat at the next table and nothing else), and open tables (listed without invites, a free seat
taken, quick play landing two strangers at one table, bots in the seats still free after the wait)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from .harness import Refused, Server, get, hello, open_table, post, recv, until_state


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(db=f"sqlite:///{tmp_path / 'tables.db'}", log=tmp_path / "server.log", extra=("--chat-lines", "3"))
    srv.start()
    yield srv
    srv.stop()


def _chat(ws: ClientConnection, text: str, msg_id: str) -> None:
    ws.send(json.dumps({"type": "chat", "id": msg_id, "text": text}))


def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg = recv(ws, 30)
        if msg["type"] == kind or (msg["type"] == "error" and kind != "chat"):
            return msg


def _reply(ws: ClientConnection, msg_id: str) -> dict[str, Any]:
    while True:
        msg = recv(ws, 30)
        if msg["type"] in ("ack", "error") and msg.get("id") == msg_id:
            return msg


def test_chat_is_kept_sent_to_every_watcher_limited_and_never_in_the_record(server: Server) -> None:
    made = open_table(server, "cafe", [None, None], options={"max_rounds": 1})
    table, tokens = made["table"], made["tokens"]
    a = hello(server, table, tokens[0])
    until_state(a)
    b = hello(server, table, tokens[1])
    until_state(b)
    watcher = hello(server, table, None)  # a spectator (the table is public)
    until_state(watcher)
    _chat(a, "hello <b>all</b>", "c1")
    assert _reply(a, "c1")["type"] == "ack"
    for ws in (b, watcher):
        got = _next(ws, "chat")
        assert got["lines"][0]["text"] == "hello <b>all</b>" and got["lines"][0]["seat"] == 0
        assert got["lines"][0]["name"] == "seat0"
    _chat(watcher, "from the rail", "s1")
    assert _reply(watcher, "s1")["type"] == "ack"
    assert _next(a, "chat")["lines"][0]["seat"] is None
    # refusals: too long, empty, and the chat limit (3 lines per 10 s here) for one connection only
    _chat(b, "x" * 501, "long")
    assert _reply(b, "long")["error"] == "too_long"
    _chat(b, " \u0000 ", "empty")
    assert _reply(b, "empty")["error"] == "invalid"
    for i in range(3):
        _chat(b, f"line {i}", f"b{i}")
        assert _reply(b, f"b{i}")["type"] == "ack"
    _chat(b, "one too many", "b3")
    refused = _reply(b, "b3")
    assert refused["error"] == "rate_limited" and refused["retry_after"] >= 1
    _chat(a, "a is not limited by b", "c2")
    assert _reply(a, "c2")["type"] == "ack"
    # kept with the table: a new connection gets the history after its state
    late = hello(server, table, tokens[1])
    until_state(late)
    history = _next(late, "chat")["lines"]
    assert [line["text"] for line in history] == [
        "hello <b>all</b>",
        "from the rail",
        "line 0",
        "line 1",
        "line 2",
        "a is not limited by b",
    ]
    assert [line["n"] for line in history] == sorted(line["n"] for line in history)
    # play the game out: the record holds no chat
    _play_out(server, table, tokens)
    record = get(f"{server.base}/api/tables/{table}/record")
    assert "from the rail" not in json.dumps(record) and "hello" not in json.dumps(record)
    metrics = _metrics(server)
    assert "cattable_chat_lines_total 6.0" in metrics
    assert 'cattable_rate_limited_total{limit="chat"} 1.0' in metrics


def test_a_table_without_spectators_takes_no_spectator_chat(server: Server) -> None:
    made = open_table(server, "cafe", [None, None], spectators="off")
    ws = hello(server, made["table"], None)
    assert recv(ws)["error"] == "no_spectators"


def _metrics(server: Server) -> str:
    import urllib.request

    with urllib.request.urlopen(server.base + "/metrics", timeout=10) as resp:
        text: str = resp.read().decode()
    return text


def _play_out(server: Server, table: str, tokens: dict[int, str]) -> None:
    url = f"{server.base}/api/tables/{table}"
    for step in range(400):
        states = {s: get(url, token=t) for s, t in tokens.items()}
        if any(st["over"] for st in states.values()):
            return
        movers = [s for s, st in states.items() if st["legal"]]
        if not movers:
            time.sleep(0.05)  # a bot's move
            continue
        seat = movers[0]
        post(f"{url}/actions", {"action": states[seat]["legal"][0], "id": f"m{step}"}, token=tokens[seat])
    raise AssertionError("the game did not end")


def test_play_again_gives_each_seat_its_own_seat_at_a_new_deal(server: Server) -> None:
    made = open_table(server, "cafe", [None, "random", None], options={"max_rounds": 1})
    table, tokens = made["table"], made["tokens"]
    with pytest.raises(Refused) as early:
        post(f"{server.base}/api/tables/{table}/again", {}, token=tokens[0])
    assert early.value.body["error"] == "not_over"
    _play_out(server, table, tokens)
    with pytest.raises(Refused) as spectator:
        post(f"{server.base}/api/tables/{table}/again", {})
    assert spectator.value.status == 401
    first = post(f"{server.base}/api/tables/{table}/again", {}, token=tokens[0])
    assert first["seat"] == 0 and first["opened"] is True and set(first) == {"table", "seat", "token", "opened"}
    nxt = first["table"]
    assert nxt != table
    old = get(f"{server.base}/api/tables/{table}")
    assert old["next"] == nxt  # every watcher is told where the seats went (the id alone opens no seat)
    second = post(f"{server.base}/api/tables/{table}/again", {}, token=tokens[2])
    assert second["table"] == nxt and second["seat"] == 2 and second["opened"] is False
    fresh = get(f"{server.base}/api/tables/{nxt}", token=first["token"])
    assert fresh["seat"] == 0 and fresh["over"] is False
    assert [s["name"] for s in fresh["seats"]] == ["seat0", "seat1", "seat2"]
    assert [s["bot"] for s in fresh["seats"]] == [None, "random", None]
    assert get(f"{server.base}/api/tables/{nxt}", token=second["token"])["seat"] == 2
    with pytest.raises(Refused) as other:  # seat 0's token is for its own seat at its own table only
        post(f"{server.base}/api/tables/{nxt}/hint", {}, token=tokens[0])
    assert other.value.body["error"] == "bad_token"
    # a new deal: the same game and options, its own seed
    old_record = get(f"{server.base}/api/tables/{table}/record")
    _play_out(server, nxt, {0: first["token"], 2: second["token"]})
    new_record = get(f"{server.base}/api/tables/{nxt}/record")
    assert new_record["seed"] != old_record["seed"]
    assert new_record["options"] == old_record["options"]


def test_open_tables_list_free_seats_without_invites_and_quick_play_seats_strangers_together(server: Server) -> None:
    private = open_table(server, "washi", [None, None])
    seats = [{"name": "host"}, {"name": "free 1"}, {"name": "free 2"}]
    listed = post(server.base + "/api/tables", {"game": "cafe", "players": 3, "seats": seats, "open": True})
    post(server.base + "/api/join", {"invite": listed["invites"]["0"]})  # the host sits in seat 0
    found = get(f"{server.base}/api/open-tables")
    assert [t["table"] for t in found] == [listed["table"]]  # an invite-only table is not listed
    text = json.dumps(found)
    assert all(code not in text for code in listed["invites"].values()) and listed["host"] not in text
    assert "invite" not in text
    assert [s["free"] for s in found[0]["seats"]] == [False, True, True]
    zoe = post(f"{server.base}/api/open-tables/{listed['table']}/seats", {"name": "Zoe"})
    assert zoe["seat"] == 1 and zoe["table"] == listed["table"]
    with pytest.raises(Refused) as gone:  # the host's invite for that seat no longer opens it
        post(server.base + "/api/join", {"invite": listed["invites"]["1"]})
    assert gone.value.body["error"] == "bad_invite"
    assert get(f"{server.base}/api/tables/{listed['table']}", token=zoe["token"])["seats"][1]["name"] == "Zoe"
    assert post(f"{server.base}/api/open-tables/{listed['table']}/seats", {})["seat"] == 2
    with pytest.raises(Refused) as full:
        post(f"{server.base}/api/open-tables/{listed['table']}/seats", {"name": "Yan"})
    assert full.value.body["error"] == "full"
    with pytest.raises(Refused) as not_open:
        post(f"{server.base}/api/open-tables/{private['table']}/seats", {"name": "Zoe"})
    assert not_open.value.body["error"] == "not_open"
    # quick play: the first opens a table and waits; the second lands at the same table
    one = post(f"{server.base}/api/quick-play", {"game": "attack", "name": "Ann", "fill_after": None})
    assert one["opened"] is True and one["seat"] == 0
    listed_now = get(f"{server.base}/api/open-tables?game=attack")
    assert [t["table"] for t in listed_now] == [one["table"]]
    assert [s["free"] for s in listed_now[0]["seats"]] == [False, True]
    two = post(f"{server.base}/api/quick-play", {"game": "attack", "name": "Bob"})
    assert two["table"] == one["table"] and two["seat"] == 1 and two["opened"] is False
    state = get(f"{server.base}/api/tables/{one['table']}", token=two["token"])
    assert state["seat"] == 1 and [s["name"] for s in state["seats"]] == ["Ann", "Bob"]
    assert get(f"{server.base}/api/open-tables?game=attack") == []  # full: no longer listed
    assert 'cattable_open_seats_taken_total{how="quick"} 2.0' in _metrics(server)


def test_an_open_tables_free_seats_go_to_bots_after_the_wait(server: Server) -> None:
    made = post(
        server.base + "/api/tables",
        {
            "game": "cafe",
            "players": 2,
            "seats": [{"name": "host"}, {"name": "open seat"}],
            "open": True,
            "fill_after": 1.5,
        },
    )
    joined = post(server.base + "/api/join", {"invite": made["invites"]["0"]})
    url = f"{server.base}/api/tables/{made['table']}"
    assert get(url)["seats"][1]["bot"] is None
    started = time.monotonic()
    while get(url)["seats"][1]["bot"] is None:
        assert time.monotonic() - started < 20, "no bot came"
        time.sleep(0.2)
    assert time.monotonic() - started >= 1.0
    state = get(url, token=joined["token"])
    assert state["seats"][1] == {**state["seats"][1], "bot": "heuristic", "name": "Bot 2"}
    with pytest.raises(Refused):  # the seat's invite no longer opens it
        post(server.base + "/api/join", {"invite": made["invites"]["1"]})
    assert get(f"{server.base}/api/open-tables") == []
    with pytest.raises(Refused) as bad:
        post(server.base + "/api/tables", {"game": "cafe", "players": 1, "seats": [{"name": "a"}], "fill_after": 5})
    assert bad.value.body["error"] == "bad_table"


def test_seats_taken_are_rate_limited_per_address(tmp_path: Path) -> None:
    srv = Server(db=f"sqlite:///{tmp_path / 't.db'}", extra=("--seats-per-minute", "2"))
    srv.start()
    try:
        for _ in range(2):
            post(f"{srv.base}/api/quick-play", {"game": "cafe", "players": 3, "name": "x", "fill_after": None})
        with pytest.raises(Refused) as limited:
            post(f"{srv.base}/api/quick-play", {"game": "cafe", "players": 3, "name": "x"})
        assert limited.value.status == 429 and limited.value.body["error"] == "rate_limited"
    finally:
        srv.stop()
