"""The client's door without a browser: page routes answer with the bundle's index.html, and without a
bundle ``/`` says how to build it (never a traceback). Quick: the ASGI app is called directly."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from cattable.interfaces.web.pages import mount_client
from cattable.interfaces.web.schemas import published, schema_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
CLIENT = Path(__file__).resolve().parents[2] / "client"


def get(app: FastAPI, path: str) -> tuple[int, str]:
    """One GET through the ASGI interface: status and body."""
    sent: list[MutableMapping[str, Any]] = []
    asked: list[int] = []

    async def receive() -> dict[str, Any]:
        asked.append(1)
        if len(asked) == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(1)  # then the client goes away (a file response listens for it)
        return {"type": "http.disconnect"}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [],
        "scheme": "http",
        "server": ("test", 80),
        "root_path": "",
        "http_version": "1.1",
    }
    # in a thread of its own: Playwright's sync API may hold an event loop in this one
    worker = threading.Thread(target=asyncio.run, args=(app(scope, receive, send),))
    worker.start()
    worker.join(timeout=30)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body.decode()


def client_app(static: Path) -> FastAPI:
    app = FastAPI()
    mount_client(app, static)
    return app


def test_without_a_bundle_the_root_says_how_to_build_it(tmp_path: Path) -> None:
    status, body = get(client_app(tmp_path), "/")
    assert status == 503
    assert "npm ci" in body and "make serve" in body and "Traceback" not in body


def test_every_page_route_serves_the_bundle_and_assets_are_files(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>the client</title>")
    (tmp_path / "assets" / "app.js").write_text("console.log(1)")
    app = client_app(tmp_path)
    for path in ("/", "/t/abc123", "/join/somecode", "/replay/abc123"):
        assert get(app, path) == (200, "<!doctype html><title>the client</title>"), path
    assert get(app, "/assets/app.js") == (200, "console.log(1)")
    assert get(app, "/assets/../index.html")[0] == 404
    assert get(app, "/nowhere")[0] == 404


def test_the_committed_schemas_are_the_games_own() -> None:
    """The client's types come from client/schemas/: they must be what ``cattable schema GAME`` prints
    (rewrite them with ``python -m cattable.interfaces.web.schemas``)."""
    committed = sorted(p.stem for p in (CLIENT / "schemas").glob("*.json") if p.stem != "protocol")
    assert committed == sorted(published())
    for name in committed:
        text = (CLIENT / "schemas" / f"{name}.json").read_text(encoding="utf-8")
        assert json.loads(text) == json.loads(schema_text(name)), (
            f"{name}: run python -m cattable.interfaces.web.schemas"
        )
