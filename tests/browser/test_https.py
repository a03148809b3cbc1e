"""The deployment guide on the loopback: deploy/haproxy.cfg with a self-signed certificate in front of a
``cattable serve`` (docs/DEPLOY.md), and chromium opening the lobby over https, a table, and a move over wss.
A table another process still holds is waited for: the page comes back to it on its own."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.balancer import Balancer, haproxy_missing
from tests.server.ghost import lease_to_ghost
from tests.server.harness import Server

from .clicker import hold_seats

pytestmark = pytest.mark.skipif(haproxy_missing() is not None, reason=str(haproxy_missing()))


@pytest.fixture
def proxied(server: Server, tmp_path: Path) -> Iterator[Balancer]:
    lb = Balancer(tmp_path, [f"127.0.0.1:{server.port}"])
    lb.start()
    yield lb
    lb.stop()


@pytest.fixture
def secure(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(ignore_https_errors=True)  # the test's own certificate
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


def _seat_page(secure: Any, lb: Balancer, made: dict[str, Any], game: str) -> tuple[Any, list[str], list[str]]:
    page = secure.new_page()
    errors: list[str] = []
    sockets: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    hold_seats(page, lb.base, made["table"], game, {0: made["tokens"][0]})
    page.get_by_role("heading", name="Open a table").wait_for()
    page.goto(f"{lb.base}/t/{made['table']}?view=moves")
    return page, errors, sockets


def _open(lb: Balancer, game: str, seats: list[str | None]) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": [{"name": f"s{i}", "bot": b} for i, b in enumerate(seats)]}
    made: dict[str, Any] = lb.call("POST", "/api/tables", body)
    made["tokens"] = {int(s): lb.call("POST", "/api/join", {"invite": c})["token"] for s, c in made["invites"].items()}
    return made


def test_the_lobby_a_table_and_a_move_over_https_and_wss(proxied: Balancer, secure: Any) -> None:
    made = _open(proxied, "washi", [None, "heuristic"])
    page, errors, sockets = _seat_page(secure, proxied, made, "washi")
    page.locator("button.move.legal").first.wait_for()
    version = page.evaluate("() => document.getElementById('app').dataset.version")
    page.locator("button.move.legal").first.click()
    page.wait_for_function("(v) => document.getElementById('app').dataset.version !== v", arg=version)
    assert sockets and all(url.startswith(f"wss://127.0.0.1:{proxied.https_port}/ws/tables/") for url in sockets)
    assert errors == []
    plain = http.client.HTTPConnection("127.0.0.1", proxied.http_port, timeout=10)  # plain http: sent to https
    plain.request("GET", "/t/x")
    moved = plain.getresponse()
    assert (moved.status, moved.getheader("Location")) == (301, f"https://127.0.0.1:{proxied.http_port}/t/x")
    plain.close()


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
def test_the_page_waits_for_a_table_another_process_still_serves(tmp_path: Path, secure: Any) -> None:
    """The server says ``elsewhere`` (another process keeps the table past the lease time): the page tries
    again after a pause, and shows the table once the other process lets go, without a reload."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(db=db, log=tmp_path / "server.log", extra=("--lease-seconds", "1"))
    server.start()
    lb = Balancer(tmp_path, [f"127.0.0.1:{server.port}"])
    lb.start()
    try:
        made = _open(lb, "washi", [None, "heuristic"])
        server.stop()
        lease_to_ghost(db, made["table"], 600)
        server.start()
        lb.wait_ready()
        page, errors, sockets = _seat_page(secure, lb, made, "washi")
        for _ in range(300):  # until the server has refused the page's first socket and it opened another
            if len(sockets) >= 2:
                break
            page.wait_for_timeout(100)
        assert len(sockets) >= 2, sockets
        lease_to_ghost(db, made["table"], 0)  # the other process lets go
        page.locator("button.move.legal").first.wait_for()
        assert errors == []
    finally:
        lb.stop()
        server.stop()
