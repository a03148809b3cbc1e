"""The server as its operators meet it: the published OpenAPI document, "your turn" webhooks and the
lobby of one's tables, a database schema upgraded by migrations with its games kept, and a table whose
events no longer replay under the running rules reported plainly instead of diverging."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

from cattable.server.store import MIGRATIONS, Store

from .harness import Refused, Server, get, hello, open_table, post, recv, until_state


def test_the_http_api_is_described_by_the_published_openapi_document(server: Server) -> None:
    doc = get(server.base + "/openapi.json")
    paths = set(doc["paths"])
    for path in (
        "/api/games",
        "/api/tables",
        "/api/join",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/undo",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/replay",
        "/api/my-tables",
    ):
        assert path in paths, path
    assert doc["info"]["title"] == "cattable table server"


class _Inbox(BaseHTTPRequestHandler):
    received: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        _Inbox.received.append(json.loads(body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hooked_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose host lets webhooks reach this machine over plain http (the test's listener)."""
    extra = ("--webhook-http", "--webhook-allow", "127.0.0.0/8")
    srv = Server(db=f"sqlite:///{tmp_path / 'tables.db'}", log=tmp_path / "server.log", extra=extra)
    srv.start()
    yield srv
    srv.stop()


def test_a_seat_hears_your_turn_on_its_webhook_and_in_its_lobby(hooked_server: Server) -> None:
    server = hooked_server
    inbox = HTTPServer(("127.0.0.1", 0), _Inbox)
    threading.Thread(target=inbox.serve_forever, daemon=True).start()
    try:
        made = open_table(server, "washi", [None, None])
        table, tokens = made["table"], made["tokens"]
        url = f"{server.base}/api/tables/{table}"
        with pytest.raises(Refused):
            post(f"{url}/webhook", {"url": "file:///etc/passwd"}, token=tokens[0])
        hook = f"http://127.0.0.1:{inbox.server_port}/hook"
        req_url = f"{url}/webhook"
        import urllib.request

        req = urllib.request.Request(
            req_url,
            data=json.dumps({"url": hook}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {tokens[0]}"},
            method="PUT",
        )
        urllib.request.urlopen(req, timeout=10).read()
        lobby = post(server.base + "/api/my-tables", {"tokens": [tokens[0], tokens[1], "nonsense"]})
        assert [(t["seat"], t["your_move"]) for t in lobby] == [(0, True), (1, False)]
        for i, seat in enumerate((0, 1)):
            state = get(url, token=tokens[seat])
            post(f"{url}/actions", {"action": state["legal"][0], "id": f"m{i}"}, token=tokens[seat])
        ws = hello(server, table, tokens[0])
        assert until_state(ws)["version"] == 2
        for _ in range(100):
            if len(_Inbox.received) >= 2:
                break
            threading.Event().wait(0.05)
        # told at once when set (it was already seat 0's move), and again when its move came round
        said = {"table": table, "game": "washi", "seat": 0, "your_move": True}
        assert _Inbox.received == [{**said, "version": 0}, {**said, "version": 2}]
    finally:
        inbox.shutdown()


def test_an_old_database_is_upgraded_by_the_migrations_with_its_tables_kept(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    engine = create_engine(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    with sqlite3.connect(tmp_path / "old.db") as db:
        db.execute(
            "insert into tables values ('t1', 'washi', 2, 5, '{}', 'public', '0.1.0', 0, 'running', 'h', '[]', 'x')"
        )
        db.execute("insert into seats values ('t1', 0, 'Mimi', null, null, 0)")
    store = Store(url)
    row = store.table("t1")
    assert row is not None and row.game == "washi" and row.on_timeout == "wait" and row.clock is None
    assert store.seats("t1")[0].name == "Mimi" and store.seats("t1")[0].autopilot is False
    store.close()


def test_a_table_whose_events_replay_differently_is_reported_not_continued(server: Server, tmp_path: Path) -> None:
    made = open_table(server, "washi", [None, None])
    table, tokens = made["table"], made["tokens"]
    url = f"{server.base}/api/tables/{table}"
    state = get(url, token=tokens[0])
    post(f"{url}/actions", {"action": state["legal"][0], "id": "m"}, token=tokens[0])
    server.kill()
    with sqlite3.connect(tmp_path / "tables.db") as db:  # what an upgrade whose rules changed would find
        db.execute("update events set state_hash = 'changed' where table_id = ?", (table,))
    server.start()
    with pytest.raises(Refused) as broken:
        get(url, token=tokens[0])
    reason = broken.value.body["reason"]
    assert broken.value.body["error"] == "broken" and "cannot continue" in reason and "event 1" in reason
    ws = hello(server, table, tokens[0])
    assert recv(ws)["error"] == "broken"
