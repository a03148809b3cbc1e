"""SIGTERM restarts a server cleanly (docs/PROTOCOL.md, "Operating"): a real ``cattable serve`` with a client
mid-game and ``cattable join`` playing another table is sent SIGTERM while a move is on its way. It exits
having released its leases (a server of another name, with leases of ten minutes, serves the tables at
once), its clients were closed with 1012, every acknowledged move is there after the restart, the move in
flight is applied at most once, and ``cattable join`` reconnects by itself and plays its game to the end."""

from __future__ import annotations

import json
import signal
import sqlite3
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from cattable.interfaces.terminal.join import join_table

from .harness import Server, get, hello, open_table, recv
from .in_thread import hub_of, serving


def _move(server: Server, ws: ClientConnection, table: str, token: str) -> tuple[str, dict[str, Any]]:
    """Send this seat's first legal move and wait for its answer: (message id, reply)."""
    legal = get(f"{server.base}/api/tables/{table}", token)["legal"]
    msg_id = uuid.uuid4().hex
    ws.send(json.dumps({"type": "act", "id": msg_id, "action": legal[0]}))
    while True:
        reply = recv(ws, 30)
        if reply["type"] in ("ack", "error") and reply.get("id") == msg_id:
            return msg_id, reply


@pytest.mark.long  # a full server life cycle, as the crash runs
def test_sigterm_drains_hands_the_tables_on_and_clients_come_back(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    first = Server(
        db=f"sqlite:///{db}", log=tmp_path / "first.log", extra=("--server-id", "first", "--lease-seconds", "600")
    )
    first.start()
    made = open_table(first, "attack", [None, None])
    table, tokens = made["table"], made["tokens"]
    sockets = {seat: hello(first, table, token) for seat, token in tokens.items()}
    for ws in sockets.values():
        assert recv(ws)["type"] == "state"
    acked: dict[str, int] = {}
    for _ in range(4):
        seat = get(f"{first.base}/api/tables/{table}", tokens[0])["to_play"]
        msg_id, reply = _move(first, sockets[seat], table, tokens[seat])
        assert reply["type"] == "ack"
        acked[msg_id] = reply["version"]

    joined = open_table(first, "cafe", [None, "random"])  # the terminal client's game, over the restart
    outcome: list[int | BaseException] = []

    def play() -> None:
        try:
            link = f"{first.base}/join/{joined['invites']['0']}"
            outcome.append(join_table(link, bot="tests.server.slow_agent:SlowRandom"))
        except BaseException as exc:  # reported by the assertion below
            outcome.append(exc)

    player = threading.Thread(target=play, daemon=True)
    player.start()
    time.sleep(2.0)  # a few moves in

    # a move on its way when SIGTERM comes
    seat = get(f"{first.base}/api/tables/{table}", tokens[0])["to_play"]
    legal = get(f"{first.base}/api/tables/{table}", tokens[seat])["legal"]
    in_flight = {"type": "act", "id": "in-flight", "action": legal[0]}
    sockets[seat].send(json.dumps(in_flight))
    assert first.proc is not None
    first.proc.send_signal(signal.SIGTERM)
    codes = {}
    for s, ws in sockets.items():
        try:
            while True:
                msg = recv(ws, 30)
                if msg.get("id") == "in-flight" and msg["type"] == "ack":
                    acked["in-flight"] = msg["version"]
        except ConnectionClosed as exc:
            codes[s] = exc.rcvd.code if exc.rcvd else None
    assert codes == {0: 1012, 1: 1012}
    assert first.proc.wait(timeout=30) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal once done
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM leases").fetchone() == (0,)
    assert player.is_alive() and not outcome  # the terminal client is waiting to reconnect, not gone

    # another process, on the same port (as behind a balancer), takes the tables at once
    second = Server(
        db=f"sqlite:///{db}",
        port=first.port,
        log=tmp_path / "second.log",
        extra=("--server-id", "second", "--lease-seconds", "600"),
    )
    second.start()
    try:
        ws = hello(second, table, tokens[seat])
        state = recv(ws)
        versions = {line["version"] for line in state["log"]}
        assert set(acked.values()) <= versions  # nothing acknowledged was lost
        ws.send(json.dumps(in_flight))  # resent with its id: applied at most once
        reply = recv(ws)
        while reply.get("id") != "in-flight":
            reply = recv(ws)
        if "in-flight" in acked:
            assert reply.get("repeat") is True and reply["version"] == acked["in-flight"]
        assert reply["type"] == "ack"
        assert get(f"{second.base}/api/tables/{table}")["version"] == len(acked) + ("in-flight" not in acked)
        player.join(timeout=120)
        assert outcome == [0], outcome
        assert get(f"{second.base}/api/tables/{joined['table']}")["over"]
    finally:
        second.stop()
    log = (tmp_path / "first.log").read_text()
    assert "Traceback" not in log, log


def test_a_move_that_comes_during_the_drain_is_left_for_the_resend_not_refused(tmp_path: Path) -> None:
    """A rolling restart must show the players reconnects and nothing else: a move arriving while the process
    drains is not answered ``unavailable`` (or ``elsewhere`` once its table is let go) on the socket the drain
    is about to close with 1012; the client resends it with its id after reconnecting (applied at most once)."""
    with serving(f"sqlite:///{tmp_path / 't.db'}") as (server, app):
        made = open_table(server, "cafe", [None, None])
        table, tokens = made["table"], made["tokens"]
        seat = get(f"{server.base}/api/tables/{table}", tokens[0])["to_play"]
        ws = hello(server, table, tokens[seat])
        state = recv(ws)
        assert state["type"] == "state"
        hub_of(app).draining = True  # as Hub.drain sets it first
        ws.send(json.dumps({"type": "act", "id": "during-drain", "action": state["legal"][0]}))
        ws.send(json.dumps({"type": "ping", "id": "after"}))
        assert recv(ws, 10) == {"type": "pong", "id": "after"}  # the move got no refusal before it
        hub_of(app).draining = False
