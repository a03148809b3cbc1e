"""A real table server for the tests: ``cattable serve`` in its own process on the loopback, and clients
that talk to it as any client would (HTTP with urllib, WebSockets with the ``websockets`` library)."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """One ``cattable serve`` process over a database that outlives it (so it can be killed and restarted)."""

    db: str
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    log: Path | None = None
    extra: tuple[str, ...] = ()
    """More ``cattable serve`` flags (a short lease, a server name)."""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, crash: str | None = None, timeout: float = 60.0) -> None:
        env = dict(os.environ)
        env.pop("CATTABLE_CRASH", None)
        if crash:
            env["CATTABLE_CRASH"] = crash
        cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "serve", "--db", self.db, "--port", str(self.port)]
        cmd += ["--log-level", "warning", *self.extra]
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115 - lives with the process
        self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode} while starting")
            try:
                get(self.base + "/api/games", timeout=1.0)
                return
            except OSError:
                time.sleep(0.05)
        raise TimeoutError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


class Refused(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body


def _call(req: urllib.request.Request, timeout: float) -> Any:
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        raise Refused(exc.code, json.loads(exc.read())) from None


def get(url: str, token: str | None = None, timeout: float = 30.0) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return _call(urllib.request.Request(url, headers=headers), timeout)


def post(url: str, body: Any, token: str | None = None, timeout: float = 30.0) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode()
    return _call(urllib.request.Request(url, data=data, headers=headers, method="POST"), timeout)


def open_table(server: Server, game: str, seats: list[str | None], **extra: Any) -> dict[str, Any]:
    """A table whose seats are people (None) or bots (their kind); returns the ids, host and seat tokens."""
    body = {
        "game": game,
        "players": len(seats),
        "seats": [{"name": f"seat{i}", "bot": b} for i, b in enumerate(seats)],
        **extra,
    }
    made: dict[str, Any] = post(server.base + "/api/tables", body)
    tokens = {}
    for seat, code in made["invites"].items():
        joined = post(server.base + "/api/join", {"invite": code})
        tokens[int(seat)] = joined["token"]
    made["tokens"] = tokens
    return made


OPEN: list[ClientConnection] = []
"""Connections the tests opened; conftest closes them after each test."""


def socket_to(url: str, origin: str | None = None) -> ClientConnection:
    """A WebSocket entered as a context (websockets wants that), closed after the test."""
    ws = connect(url, open_timeout=30, max_size=2**24, origin=origin)  # type: ignore[arg-type]
    OPEN.append(ws.__enter__())
    return ws


def close_sockets() -> None:
    while OPEN:
        OPEN.pop().__exit__(None, None, None)


def hello(server: Server, table: str, token: str | None, since: int = 0) -> ClientConnection:
    ws = socket_to(f"{server.ws_base}/ws/tables/{table}")
    ws.send(json.dumps({"type": "hello", "token": token, "since": since}))
    return ws


def recv(ws: ClientConnection, timeout: float = 60.0) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return msg


def until_state(ws: ClientConnection, timeout: float = 60.0) -> dict[str, Any]:
    while True:
        msg = recv(ws, timeout)
        if msg["type"] == "state":
            return msg


def random_choice(rng: random.Random, legal: list[Any]) -> Any:
    return legal[rng.randrange(len(legal))]
