"""What operators and their tools ask a server process: ``/healthz`` (alive), ``/readyz`` (the database
answers, its schema migrated; 503 and why otherwise) and Prometheus metrics at ``/metrics``, read here
after real moves and refusals over a real WebSocket to a server running in the test's process."""

from __future__ import annotations

import json
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine

from .harness import Refused, Server, free_port, get, hello, open_table, recv, until_state
from .in_thread import hub_of, serving


@pytest.fixture
def inprocess(tmp_path: Path) -> Iterator[tuple[Server, Any, Path]]:
    db = tmp_path / "tables.db"
    with serving(f"sqlite:///{db}") as (server, app):
        yield server, app, db


def _status(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _metrics(server: Server) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, sorted labels) to value."""
    with urllib.request.urlopen(server.base + "/metrics", timeout=30) as resp:
        assert resp.headers["Content-Type"].startswith("text/plain")
        text = resp.read().decode()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def test_alive_and_ready(inprocess: tuple[Server, Any, Path]) -> None:
    server, _app, _db = inprocess
    assert _status(server.base + "/healthz") == (200, {"status": "alive"})
    assert _status(server.base + "/readyz") == (200, {"status": "ready"})


def test_not_ready_while_the_schema_is_behind(inprocess: tuple[Server, Any, Path]) -> None:
    server, _app, db = inprocess
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0002'")
    status, body = _status(server.base + "/readyz")
    assert status == 503 and body["error"] == "unready" and "migration" in body["reason"]
    assert _status(server.base + "/healthz")[0] == 200  # alive all the same: no reason to restart it


def test_not_ready_when_the_database_cannot_be_reached(inprocess: tuple[Server, Any, Path]) -> None:
    server, app, _db = inprocess
    store = hub_of(app).store
    kept = store.engine
    nowhere = f"postgresql+psycopg://cattable:secret-word@127.0.0.1:{free_port()}/nothing"
    store.engine = create_engine(nowhere, connect_args={"connect_timeout": 2})
    try:
        status, body = _status(server.base + "/readyz")
    finally:
        store.engine.dispose()
        store.engine = kept
    assert status == 503 and body == {"error": "unready", "reason": "the database cannot be reached"}
    assert _status(server.base + "/readyz")[0] == 200


def test_metrics_count_real_moves_and_refusals(inprocess: tuple[Server, Any, Path]) -> None:
    server, _app, _db = inprocess
    before = _metrics(server)
    assert before[("cattable_live_tables", ())] == 0 and before[("cattable_open_sockets", ())] == 0
    made = open_table(server, "washi", [None, None])
    table, tokens = made["table"], made["tokens"]
    sockets = {seat: hello(server, table, token) for seat, token in tokens.items()}
    states = {seat: until_state(ws) for seat, ws in sockets.items()}
    moves = 6
    for n in range(moves):
        seat = states[0]["to_play"]
        sockets[seat].send(json.dumps({"type": "act", "id": f"m{n}", "action": states[seat]["legal"][0]}))
        for s, ws in sockets.items():
            while (msg := recv(ws))["type"] != "state" or msg["version"] != n + 1:
                pass
            states[s] = msg
    to_play = states[0]["to_play"]
    waiting = (to_play + 1) % 2
    sockets[waiting].send(json.dumps({"type": "act", "id": "early", "action": states[to_play]["legal"][0]}))
    assert recv(sockets[waiting])["error"] == "not_your_turn"
    sockets[0].send(json.dumps({"type": "act", "action": {"kind": "anything"}}))
    assert recv(sockets[0])["error"] == "invalid"
    sockets[0].send(b"\x00")
    assert recv(sockets[0])["error"] == "binary"
    with pytest.raises(Refused):
        get(f"{server.base}/api/tables/no-such-table")

    seen = _metrics(server)
    assert seen[("cattable_moves_total", (("game", "washi"),))] == moves
    assert seen[("cattable_move_commit_seconds_count", ())] == moves
    assert 0 < seen[("cattable_move_commit_seconds_sum", ())] < 60
    assert seen[("cattable_move_commit_seconds_bucket", (("le", "+Inf"),))] == moves
    assert seen[("cattable_refusals_total", (("code", "invalid"), ("door", "websocket")))] >= 1
    assert seen[("cattable_refusals_total", (("code", "binary"), ("door", "websocket")))] == 1
    assert seen[("cattable_refusals_total", (("code", "not_your_turn"), ("door", "websocket")))] == 1
    assert seen[("cattable_refusals_total", (("code", "no_table"), ("door", "http")))] == 1
    assert seen[("cattable_open_sockets", ())] == 2
    assert seen[("cattable_live_tables", ())] == 1
    assert seen[("cattable_leases_held", ())] == 1
    assert seen[("cattable_bot_tasks_running", ())] == 0
    assert seen[("cattable_event_loop_tasks", ())] >= 2  # each open socket is served by a task
    assert not [key for key in seen if any(v in (table, *tokens.values()) for _k, v in key[1])]  # no ids

    for ws in sockets.values():
        ws.close()
    for _ in range(100):
        if _metrics(server)[("cattable_open_sockets", ())] == 0:
            break
        time.sleep(0.05)
    assert _metrics(server)[("cattable_open_sockets", ())] == 0
