"""Limits per client address and per seat token (docs/PROTOCOL.md, "Limits"): tables opened a minute,
messages a second, sockets open. Each is driven past its figure over real HTTP and WebSockets, and each
refusal is checked to touch only the address or token that went past it. Addresses are told to the server
by a trusted proxy's ``X-Forwarded-For``; from an untrusted peer the header changes nothing."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from cattable.server.limits import Buckets, Flood, LimitPolicy

from .harness import OPEN, Server, open_table, recv
from .in_thread import hub_of, serving

POLICY = LimitPolicy(tables_per_minute=3, messages_per_second=5, message_burst=5, sockets_per_address=3)
TABLE = {"game": "cafe", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[tuple[Server, Any]]:
    with serving(f"sqlite:///{tmp_path / 't.db'}", trusted_proxy="127.0.0.1", limits=POLICY) as (server, app):
        yield server, app


def _open(server: Server, address: str) -> tuple[int, dict[str, str], Any]:
    req = urllib.request.Request(
        server.base + "/api/tables",
        data=json.dumps(TABLE).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": address},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, {k.lower(): v for k, v in resp.headers.items()}, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, json.loads(exc.read())


def _socket(server: Server, table: str, address: str) -> ClientConnection:
    ws = connect(
        f"{server.ws_base}/ws/tables/{table}", open_timeout=30, additional_headers={"X-Forwarded-For": address}
    )
    OPEN.append(ws.__enter__())
    return ws


def test_tables_opened_a_minute_per_address(behind_proxy: tuple[Server, Any]) -> None:
    server, app = behind_proxy
    assert [_open(server, "203.0.113.1")[0] for _ in range(3)] == [201, 201, 201]
    status, headers, body = _open(server, "203.0.113.1")
    assert status == 429 and body["error"] == "rate_limited" and 1 <= body["retry_after"] <= 20
    assert headers["retry-after"] == str(body["retry_after"])
    assert _open(server, "203.0.113.2")[0] == 201  # another address is not held back
    metrics = hub_of(app).metrics
    assert metrics.rate_limited.labels("tables")._value.get() == 1
    assert metrics.refusals.labels("rate_limited", "http")._value.get() == 1


def test_an_untrusted_peer_cannot_choose_its_address(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 't.db'}", limits=POLICY) as (server, _app):
        statuses = [_open(server, f"198.51.100.{i}")[0] for i in range(4)]  # the header is not read
    assert statuses == [201, 201, 201, 429]


def _replies(ws: ClientConnection, quiet: float = 1.0) -> list[dict[str, Any]]:
    """Every message the server sends until it has been quiet for ``quiet`` seconds."""
    out: list[dict[str, Any]] = []
    while True:
        try:
            out.append(recv(ws, timeout=quiet))
        except TimeoutError:
            return out


def test_a_message_flood_is_refused_and_the_connection_kept(behind_proxy: tuple[Server, Any]) -> None:
    server, app = behind_proxy
    flood = open_table(server, "cafe", [None, None])
    calm = open_table(server, "cafe", [None, None])
    ws = _socket(server, flood["table"], "203.0.113.7")
    ws.send(json.dumps({"type": "hello", "token": flood["tokens"][0], "since": 0}))
    assert recv(ws)["type"] == "state"
    for i in range(20):
        ws.send(json.dumps({"type": "ping", "id": f"p{i}"}))
    replies = _replies(ws, quiet=0.5)
    pongs = [r for r in replies if r["type"] == "pong"]
    limited = [r for r in replies if r["type"] == "error"]
    assert 4 <= len(pongs) <= 6  # the burst, and a token or so refilled
    # the refusals within a second are answered once (each answer cost as much as the message refused)
    assert len(limited) == 1 and limited[0]["error"] == "rate_limited" and limited[0]["retry_after"] >= 1
    # the other table, another seat token from the same address, is answered all along
    other = _socket(server, calm["table"], "203.0.113.7")
    other.send(json.dumps({"type": "hello", "token": calm["tokens"][0], "since": 0}))
    assert recv(other)["type"] == "state"
    other.send(json.dumps({"type": "ping", "id": "calm"}))
    assert recv(other) == {"type": "pong", "id": "calm"}
    time.sleep(1.1)  # the bucket refills: the same connection is served again
    ws.send(json.dumps({"type": "ping", "id": "again"}))
    assert recv(ws) == {"type": "pong", "id": "again"}
    # every refused message is counted, answered or not
    assert hub_of(app).metrics.rate_limited.labels("messages")._value.get() == 20 - len(pongs)


FLOOD = LimitPolicy(messages_per_second=5, message_burst=5, flood_seconds=1.0)
"""A socket refused more than 10 times (twice its 5 a second) within 1 s is closed."""


@pytest.fixture
def flood_policy(tmp_path: Path) -> Iterator[tuple[Server, Any]]:
    with serving(f"sqlite:///{tmp_path / 't.db'}", trusted_proxy="127.0.0.1", limits=FLOOD) as (server, app):
        yield server, app


def _seated(server: Server, table: dict[str, Any], address: str) -> ClientConnection:
    ws = _socket(server, table["table"], address)
    ws.send(json.dumps({"type": "hello", "token": table["tokens"][0], "since": 0}))
    assert recv(ws)["type"] == "state"
    return ws


def test_a_socket_that_keeps_flooding_is_closed_with_4029_and_its_address_waits(
    flood_policy: tuple[Server, Any],
) -> None:
    server, app = flood_policy
    table = open_table(server, "cafe", [None, None])
    ws = _seated(server, table, "203.0.113.20")
    with pytest.raises(ConnectionClosed) as closed:
        for i in range(1000):
            ws.send(json.dumps({"type": "ping", "id": f"p{i}"}))
            time.sleep(0.001)
        _replies(ws)
    while ws.close_code is None:  # the close frame may still be on its way behind the last replies
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            ws.recv(timeout=5)
    assert ws.close_code == 4029 and closed.value is not None
    # a new socket from that address is refused at the handshake for the flood time
    with pytest.raises(InvalidStatus) as refused:
        _socket(server, table["table"], "203.0.113.20")
    assert refused.value.response.status_code == 429 and refused.value.response.headers["Retry-After"] == "1"
    _seated(server, table, "203.0.113.21").close()  # another address is not held back
    time.sleep(1.1)
    _seated(server, table, "203.0.113.20").close()  # the wait is over
    assert hub_of(app).metrics.rate_limited.labels("flood")._value.get() == 1


@pytest.mark.parametrize("per_second", [4, 9])
def test_a_client_within_or_near_its_limit_is_never_closed(flood_policy: tuple[Server, Any], per_second: int) -> None:
    """4 a second (under the 5 allowed) is always answered; 9 (almost twice) is refused now and then,
    but never closed: only over three times the allowance is a flood."""
    server, _app = flood_policy
    table = open_table(server, "cafe", [None, None])
    ws = _seated(server, table, "203.0.113.30")
    sent = per_second * 3
    for i in range(sent):
        ws.send(json.dumps({"type": "ping", "id": f"p{i}"}))
        time.sleep(1 / per_second)
    replies = _replies(ws, quiet=0.5)
    pongs = [r for r in replies if r["type"] == "pong"]
    assert ws.close_code is None
    assert {r.get("error") for r in replies if r["type"] == "error"} <= {"rate_limited"}
    if per_second < 5:
        assert len(pongs) == sent
    else:
        assert len(pongs) < sent and any(r["type"] == "error" for r in replies)
    ws.send(json.dumps({"type": "ping", "id": "still"}))
    assert _replies(ws)[-1] == {"type": "pong", "id": "still"}


def test_the_flood_count_answers_once_a_second_and_closes_past_twice_the_allowance() -> None:
    now = [0.0]
    flood = Flood(rate=5, seconds=2, clock=lambda: now[0])
    assert flood.cap == 20
    verdicts = [flood.refused() for _ in range(20)]
    assert verdicts == ["answer"] + ["quiet"] * 19
    now[0] += 1.0
    assert flood.refused() == "close"  # 21 in the window
    now[0] += 1.5  # a new window: counted afresh
    assert [flood.refused() for _ in range(3)] == ["answer", "quiet", "quiet"]


def test_sockets_per_address_are_refused_at_the_handshake(behind_proxy: tuple[Server, Any]) -> None:
    server, app = behind_proxy
    table = open_table(server, "cafe", [None, None])["table"]
    held = [_socket(server, table, "203.0.113.9") for _ in range(3)]
    with pytest.raises(InvalidStatus) as refused:
        _socket(server, table, "203.0.113.9")
    response = refused.value.response
    assert response.status_code == 429 and response.headers["Retry-After"] == "5"
    assert json.loads(response.body or b"{}")["error"] == "rate_limited"
    _socket(server, table, "203.0.113.10").close()  # another address is not held back
    held[0].close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the server counts the closed socket off once its handler ends
        try:
            _socket(server, table, "203.0.113.9")
            break
        except InvalidStatus:
            time.sleep(0.05)
    else:
        raise AssertionError("a socket closed was never counted off")
    assert hub_of(app).metrics.rate_limited.labels("sockets")._value.get() >= 1


def test_buckets_refill_at_their_rate_and_forget_full_ones() -> None:
    now = [0.0]
    buckets = Buckets(rate=2.0, burst=2, clock=lambda: now[0])
    assert [buckets.take("a") for _ in range(2)] == [0.0, 0.0]
    assert buckets.take("a") == pytest.approx(0.5)
    now[0] += 0.5
    assert buckets.take("a") == 0.0
    now[0] += 10
    buckets._prune(now[0])
    assert len(buckets) == 0
