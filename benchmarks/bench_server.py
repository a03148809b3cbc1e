"""The table server under load, side by side with a bare WebSocket echo on the same stack.

Run: .venv/bin/python benchmarks/bench_server.py [--tables 50] [--seconds 8]
     (goal: the server's action round trip p99 within 2x of the echo's, same number of connections)

Both servers run under uvicorn (``ws="websockets-sansio"``) pinned to CPU 0; the load generator runs
here, pinned to CPU 1. The server: ``--tables`` tables of Tokyo Washi (two seats each, every seat a client
over its own WebSocket playing random legal moves; a finished table is replaced by a new one), stored in
SQLite with full sync. The echo: the same number of connections, one per table sending a message of the
size of a move and waiting for it back. A round trip is one move sent until its acknowledgement (the
move is durable by then) or one echo. Server CPU is read from /proc for the server's process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

HERE = Path(__file__).resolve().parent
NO_LIMITS = ("--tables-per-minute", "0", "--messages-per-second", "0", "--sockets-per-address", "0")
"""The load comes from one address, faster than people: the per-address and per-token limits are off."""
ECHO_APP = """
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
app = FastAPI()
@app.websocket("/echo")
async def echo(ws: WebSocket) -> None:
    await ws.accept()
    try:
        while True:
            await ws.send_text(await ws.receive_text())
    except WebSocketDisconnect:
        pass
"""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(cmd: list[str], port: int, ready: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    if hasattr(os, "sched_setaffinity") and os.cpu_count() and os.cpu_count() > 1:  # type: ignore[operator]
        os.sched_setaffinity(proc.pid, {0})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{ready}", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"{cmd} did not start")


def _post(url: str, body: Any) -> Any:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


class Load:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.stop_at = 0.0
        self.measuring = False


async def _seat(ws: ClientConnection, load: Load, rng: random.Random) -> bool:
    """Play one seat until the game ends (True) or time is up (False)."""
    acted_on = -1
    sent_at = 0.0
    pending = False
    async for raw in ws:
        msg = json.loads(raw)
        if msg["type"] == "ack":
            if load.measuring:
                load.rtts.append(time.perf_counter() - sent_at)
            pending = False
            continue
        if msg["type"] != "state":
            continue
        if msg["over"]:
            return True
        if time.monotonic() > load.stop_at:
            return False
        if msg["legal"] and not pending and msg["version"] > acted_on:
            acted_on = msg["version"]
            action = msg["legal"][rng.randrange(len(msg["legal"]))]
            pending = True
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "id": f"{acted_on}", "action": action}))
    return True


async def _table_slot(base: str, load: Load, seed: int) -> None:
    rng = random.Random(seed)
    ws_base = base.replace("http", "ws", 1)
    while time.monotonic() < load.stop_at:
        body = {"game": "washi", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}
        made = await asyncio.to_thread(_post, base + "/api/tables", body)
        tokens = [
            (await asyncio.to_thread(_post, base + "/api/join", {"invite": code}))["token"]
            for code in made["invites"].values()
        ]
        sockets = [await connect(f"{ws_base}/ws/tables/{made['table']}") for _ in tokens]
        for ws, token in zip(sockets, tokens, strict=True):
            await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
        await asyncio.gather(*(_seat(ws, load, rng) for ws in sockets))
        for ws in sockets:
            await ws.close()


async def _echo_client(url: str, load: Load, idle: bool) -> None:
    async with connect(url) as ws:
        if idle:
            while time.monotonic() < load.stop_at:
                await asyncio.sleep(0.2)
            return
        payload = json.dumps({"type": "act", "id": "12", "action": {"kind": "move", "cat": 1, "to": "c8"}}) + " " * 180
        while time.monotonic() < load.stop_at:
            start = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            if load.measuring:
                load.rtts.append(time.perf_counter() - start)


def _figures(name: str, load: Load, seconds: float, cpu: float, gen_cpu: float) -> dict[str, Any]:
    rtts = sorted(load.rtts)
    n = len(rtts)
    return {
        "server": name,
        "round_trips": n,
        "per_second": round(n / seconds, 1),
        "p50_ms": round(statistics.median(rtts) * 1000, 2) if n else None,
        "p99_ms": round(rtts[int(n * 0.99) - 1] * 1000, 2) if n else None,
        "server_cpu_us_per_round_trip": round(cpu / n * 1e6, 1) if n else None,
        "generator_cpu_share": round(gen_cpu / seconds, 2),
    }


async def _measure(pid: int, load: Load, seconds: float, warmup: float, clients: Any) -> tuple[float, float]:
    load.stop_at = time.monotonic() + warmup + seconds + 0.5
    tasks = [asyncio.ensure_future(c) for c in clients]
    await asyncio.sleep(warmup)
    load.measuring = True
    cpu0, gen0 = _cpu_seconds(pid), time.process_time()
    await asyncio.sleep(seconds)
    cpu1, gen1 = _cpu_seconds(pid), time.process_time()
    load.measuring = False
    # a seat whose choice is queued for a turn the other seat (stopped) never plays would wait forever
    _done, stuck = await asyncio.wait(tasks, timeout=5.0)
    for task in stuck:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return cpu1 - cpu0, gen1 - gen0


async def _pings(base: str, seconds: float, tower_tables: int) -> dict[str, Any]:
    """Ping round trips on a spectator's WebSocket, idle and then while ``tower_tables`` tables of tower bots
    run their physics and searches on the same server: the event loop must stay free for everyone else."""
    body = {"game": "tower", "players": 1, "seats": [{"name": "b", "bot": "heuristic"}]}

    async def ping_for(ws: ClientConnection, secs: float) -> list[float]:
        out: list[float] = []
        stop = time.monotonic() + secs
        while time.monotonic() < stop:
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "ping", "id": "p"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            out.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)
        return sorted(out)

    idle_table = await asyncio.to_thread(_post, base + "/api/tables", {**body, "seats": [{"name": "p"}]})
    async with connect(base.replace("http", "ws", 1) + f"/ws/tables/{idle_table['table']}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": None, "since": 0}))
        await ws.recv()
        idle = await ping_for(ws, seconds / 2)
        for _ in range(tower_tables):
            await asyncio.to_thread(_post, base + "/api/tables", body)
        busy = await ping_for(ws, seconds)

    def pct(xs: list[float], q: float) -> float:
        return round(xs[max(0, int(len(xs) * q) - 1)] * 1000, 2)

    return {
        "idle_p50_ms": pct(idle, 0.5),
        "idle_p99_ms": pct(idle, 0.99),
        "tower_p50_ms": pct(busy, 0.5),
        "tower_p99_ms": pct(busy, 0.99),
        "tower_tables": tower_tables,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="tables (and echo clients), two connections each")
    parser.add_argument("--seconds", type=float, default=8.0, help="measured seconds per server")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds of load before measuring")
    parser.add_argument("--tower-tables", type=int, default=4, help="tower tables of bots during the ping test")
    parser.add_argument("--out", default=None, help="write the figures as JSON here too")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {1})
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "echo_app.py").write_text(ECHO_APP)
        port = _free_port()
        echo = _start(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "echo_app:app",
                "--port",
                str(port),
                "--ws",
                "websockets-sansio",
                "--log-level",
                "warning",
                "--app-dir",
                tmp,
            ],
            port,
            "/docs",
        )
        try:
            load = Load()
            url = f"ws://127.0.0.1:{port}/echo"
            clients = [_echo_client(url, load, idle=False) for _ in range(args.tables)]
            clients += [_echo_client(url, load, idle=True) for _ in range(args.tables)]
            cpu, gen = asyncio.run(_measure(echo.pid, load, args.seconds, args.warmup, clients))
            results.append(_figures("bare echo (FastAPI/uvicorn)", load, args.seconds, cpu, gen))
        finally:
            echo.kill()
        port = _free_port()
        server = _start(
            [
                sys.executable,
                "-m",
                "cattable.interfaces.cli.main",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{tmp}/bench.db",
                "--log-level",
                "warning",
                *NO_LIMITS,
            ],
            port,
            "/api/games",
        )
        try:
            load = Load()
            base = f"http://127.0.0.1:{port}"
            slots = [_table_slot(base, load, seed) for seed in range(args.tables)]
            cpu, gen = asyncio.run(_measure(server.pid, load, args.seconds, args.warmup, slots))
            results.append(_figures("cattable table server (moves)", load, args.seconds, cpu, gen))
        finally:
            server.kill()
        port = _free_port()
        server = _start(
            [
                sys.executable,
                "-m",
                "cattable.interfaces.cli.main",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{tmp}/pings.db",
                "--log-level",
                "warning",
                *NO_LIMITS,
            ],
            port,
            "/api/games",
        )
        try:
            pings = asyncio.run(_pings(f"http://127.0.0.1:{port}", args.seconds, args.tower_tables))
        finally:
            server.kill()
    echo_p99, server_p99 = results[0]["p99_ms"], results[1]["p99_ms"]
    ratio = round(server_p99 / echo_p99, 2) if echo_p99 and server_p99 else None
    print(f"{'server':34} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8} {'CPU us/rt':>10} {'gen CPU':>8}")
    for r in results:
        print(
            f"{r['server']:34} {r['per_second']:>8} {r['p50_ms']:>8} {r['p99_ms']:>8} "
            f"{r['server_cpu_us_per_round_trip']:>10} {r['generator_cpu_share']:>8}"
        )
    print(f"p99 ratio, server / echo: {ratio} (goal: at most 2)")
    print(
        f"ping on a spectator's socket: idle p50 {pings['idle_p50_ms']} ms, p99 {pings['idle_p99_ms']} ms; "
        f"with {pings['tower_tables']} tower tables of bots running: p50 {pings['tower_p50_ms']} ms, "
        f"p99 {pings['tower_p99_ms']} ms"
    )
    if args.out:
        Path(args.out).write_text(
            json.dumps({"results": results, "p99_ratio": ratio, "tables": args.tables, "pings": pings}, indent=1)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
