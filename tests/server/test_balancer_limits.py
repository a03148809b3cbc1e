"""The limits per client address that deploy/haproxy.cfg sets (docs/DEPLOY.md): a flood is refused by the
balancer before it costs a process anything. The file itself is started, with low figures given through
the environment as its ``presetenv`` lines allow, in front of one ``cattable serve``."""

from __future__ import annotations

import json
import socket
import ssl
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .balancer import Balancer, haproxy_missing
from .harness import Server

pytestmark = pytest.mark.skipif(haproxy_missing() is not None, reason=str(haproxy_missing()))

TABLE = {"game": "cafe", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}


@pytest.fixture
def low_limits(tmp_path: Path) -> Iterator[Balancer]:
    server = Server(db=f"sqlite:///{tmp_path / 't.db'}", log=tmp_path / "server.log")
    server.start()
    balancer = Balancer(
        tmp_path,
        [f"127.0.0.1:{server.port}"],
        settings={
            "CATTABLE_TABLE_RATE": "3",  # below the process's own 10 a minute: the balancer refuses first
            "CATTABLE_CONN_RATE": "40",
            "CATTABLE_CONN_CUR": "1000",
            "CATTABLE_REQ_RATE": "1000",
        },
    )
    try:
        balancer.start()
        yield balancer
    finally:
        balancer.stop()
        server.stop()


def _open(balancer: Balancer) -> tuple[int, dict[str, str], dict[str, object]]:
    req = urllib.request.Request(
        balancer.base + "/api/tables",
        data=json.dumps(TABLE).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=30, context=balancer.context) as resp:
            return resp.status, {k.lower(): v for k, v in resp.headers.items()}, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, json.loads(exc.read())


def test_tables_opened_past_the_balancers_rate_get_429_with_retry_after(low_limits: Balancer) -> None:
    answers = [_open(low_limits) for _ in range(5)]
    assert [status for status, _, _ in answers] == [201, 201, 201, 429, 429]
    _status, headers, body = answers[3]
    assert headers["retry-after"] == "10" and body["error"] == "rate_limited" and body["retry_after"] == 10
    assert low_limits.call("GET", "/api/games")  # other requests from the address still pass


def test_connections_past_the_balancers_rate_are_closed_unanswered(low_limits: Balancer) -> None:
    answered = refused = 0
    for _ in range(80):
        try:
            with (
                socket.create_connection(("127.0.0.1", low_limits.https_port), timeout=10) as raw,
                low_limits.context.wrap_socket(raw, server_hostname="127.0.0.1") as tls,
            ):
                tls.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                answered += tls.recv(64).startswith(b"HTTP/1.1 200")
        except (ssl.SSLError, ConnectionError):
            refused += 1
    assert 30 <= answered <= 45 and refused == 80 - answered  # the readiness wait opened a few before
