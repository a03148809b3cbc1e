"""What one refusal costs the server: CPU per refused table opening, per refused WebSocket handshake, and
the whole cost of a message flood, for two versions of the code side by side (issue #29: refusals cheap).

Run: .venv/bin/python benchmarks/bench_refusal_cost.py --src src [--src /tmp/old/src] [--rounds 2]

A version is a ``src`` folder (an older one from ``git archive COMMIT src | tar -x -C /tmp/old``). For each,
in turn and ``--rounds`` times (so both see the same noise), one ``cattable serve`` (SQLite, default limits,
pinned to CPU 0), then from one address each: 2,000 ``POST /api/tables`` on one keep-alive connection (10
open a table, the rest are refused 429), a seat sending 20,000 ``ping`` as fast as it can, and 100 idle
sockets then 1,000 more tried (refused 429 at the handshake). The server's CPU seconds (from /proc) are
divided by the refusals; a flood closed early is counted over the messages sent before the close.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bench_capacity import _cpu_seconds, _free_port

TABLE = json.dumps({"game": "washi", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}).encode()


def _serve(src: str, db: str) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "serve", "--port", str(port), "--db", db]
    cmd += ["--log-level", "warning", "--trusted-proxy", "127.0.0.1"]
    env = dict(os.environ, PYTHONPATH=src)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(proc.pid, {0})
    for _ in range(600):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def _post(conn: http.client.HTTPConnection, path: str, body: bytes, address: str) -> tuple[int, bytes]:
    conn.request("POST", path, body, {"Content-Type": "application/json", "X-Forwarded-For": address})
    resp = conn.getresponse()
    return resp.status, resp.read()


def _tables(port: int, n: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    return sum(_post(conn, "/api/tables", TABLE, "198.51.100.1")[0] == 429 for _ in range(n))


async def _flood(port: int, n: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    made = json.loads(_post(conn, "/api/tables", TABLE, "198.51.100.2")[1])
    invite = json.dumps({"invite": next(iter(made["invites"].values()))}).encode()
    token = json.loads(_post(conn, "/api/join", invite, "198.51.100.2")[1])["token"]
    sent = 0
    url = f"ws://127.0.0.1:{port}/ws/tables/{made['table']}"
    async with connect(url, additional_headers={"X-Forwarded-For": "198.51.100.2"}) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))

        async def read() -> None:
            async for _ in ws:
                pass

        reader = asyncio.create_task(read())
        try:
            for i in range(n):
                await ws.send(json.dumps({"type": "ping", "id": f"p{i}"}))
                sent += 1
                if i % 100 == 0:
                    await asyncio.sleep(0)
            await asyncio.sleep(1)
        except ConnectionClosed:
            pass
        reader.cancel()
    return sent


async def _sockets(port: int, n: int) -> int:
    url = f"ws://127.0.0.1:{port}/ws/tables/0"
    headers = {"X-Forwarded-For": "198.51.100.3"}
    held: list[ClientConnection] = [await connect(url, additional_headers=headers) for _ in range(100)]
    refused = 0
    for _ in range(n):
        try:
            held.append(await connect(url, additional_headers=headers))
        except InvalidStatus:
            refused += 1
    for ws in held:
        await ws.close()
    return refused


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--src", action="append", required=True, help="a version's src folder (repeatable)")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {1})
    print(f"load average {os.getloadavg()[0]:.2f}")
    for _ in range(args.rounds):
        for src in args.src:
            with tempfile.TemporaryDirectory() as tmp:
                proc, port = _serve(str(Path(src).resolve()), f"sqlite:///{tmp}/cost.db")
                try:
                    c0 = _cpu_seconds(proc.pid)
                    tables = _tables(port, 2000)
                    c1 = _cpu_seconds(proc.pid)
                    sent = asyncio.run(_flood(port, 20000))
                    c2 = _cpu_seconds(proc.pid)
                    sockets = asyncio.run(_sockets(port, 1000))
                    c3 = _cpu_seconds(proc.pid)
                finally:
                    proc.kill()
            print(
                f"{src}: {tables} tables refused, {1000 * (c1 - c0) / tables:.2f} ms each | flood: {sent} sent "
                f"before the close, {c2 - c1:.2f} s of CPU in all | {sockets} sockets refused, "
                f"{1000 * (c3 - c2) / sockets:.2f} ms each (the 100 held included)",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
