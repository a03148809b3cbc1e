"""How many live tables one server process holds: human-paced seats, ramped until the move round trip p99
passes the goal or an error appears.

Run: .venv/bin/python benchmarks/bench_capacity.py [--step 50] [--step-seconds 10] [--max-tables 2000]
         [--p99-ms 150] [--json] [--plot capacity.png]

One ``cattable serve`` (SQLite on the embedded default, the per-address limits off since all the load comes
from here) is pinned to CPU 0 and this load generator to CPU 1. Every table is Tokyo Washi for two people,
each seat its own WebSocket client that moves 1 to 5 seconds (``--pace`` times that) after its turn comes,
a random legal move; every fifth table also has a spectator. A finished game is replaced by a new table, so
the number of live tables only grows. Each step the generator adds ``--step`` tables over half a window,
then measures a window of ``--step-seconds`` and reports: live tables and sockets, moves per second, the
round trip of a move (sent until its acknowledgement, when it is durable) at p50 and p99, the server's CPU
per move (finished games' new tables included) and its memory per table. The ramp stops at the first
window whose p99 passes ``--p99-ms``, at any error, or at ``--max-tables``; the last window under the goal
is the capacity.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

NO_LIMITS = ("--tables-per-minute", "0", "--messages-per-second", "0", "--sockets-per-address", "0")
"""The load comes from one address, faster than people: the per-address and per-token limits are off."""


@dataclass
class Window:
    """What the seats measured since the last report."""

    rtts: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sockets: int = 0
    tables: int = 0


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: Any, headers: dict[str, str] | None = None) -> Any:
    req = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.loads(resp.read())


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _serve(db: str, flags: Sequence[str] = NO_LIMITS) -> tuple[subprocess.Popen[bytes], str]:
    """``cattable serve`` pinned to CPU 0 with ``flags`` (bench_abuse.py keeps the limits and trusts a proxy)."""
    port = _free_port()
    cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "serve", "--port", str(port), "--db", db]
    proc = subprocess.Popen(
        [*cmd, "--log-level", "warning", *flags], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    if (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(proc.pid, {0})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


class Ramp:
    def __init__(self, base: str, pace: float, seed: int, address: Callable[[int], str] | None = None) -> None:
        """``address(table number)``, when given, is sent as ``X-Forwarded-For`` on that table's requests and
        sockets, as a proxy would (bench_abuse.py: each table its own client address)."""
        self.base, self.ws_base = base, base.replace("http", "ws", 1)
        self.address = address
        self.pace = pace
        self.rng = random.Random(seed)
        self.window = Window()
        self.stopping = False
        self.moves = 0

    async def seat(self, ws: ClientConnection, token: str | None) -> bool:
        """Play (or watch) until the game ends (True) or the ramp stops (False)."""
        await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
        acted_on, sent_at, pending = -1, 0.0, False
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack":
                self.window.rtts.append(time.perf_counter() - sent_at)
                self.moves += 1
                pending = False
            elif kind == "error":
                self.window.errors.append(f"{msg.get('error')}: {msg.get('reason')}")
                pending = False
            elif kind == "state":
                if msg["over"] or self.stopping:
                    return bool(msg["over"])
                if token and msg["legal"] and not pending and msg["version"] > acted_on:
                    acted_on = msg["version"]
                    await asyncio.sleep(self.rng.uniform(1.0, 5.0) * self.pace)
                    action = msg["legal"][self.rng.randrange(len(msg["legal"]))]
                    pending, sent_at = True, time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "id": f"m{acted_on}", "action": action}))
        return False

    async def table(self, number: int) -> None:
        """One live table for as long as the ramp runs: a new one whenever its game ends."""
        while not self.stopping:
            try:
                headers = {"X-Forwarded-For": self.address(number)} if self.address else {}
                body = {"game": "washi", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}
                made = await asyncio.to_thread(_post, self.base + "/api/tables", body, headers)
                tokens: list[str | None] = [
                    (await asyncio.to_thread(_post, self.base + "/api/join", {"invite": code}, headers))["token"]
                    for code in made["invites"].values()
                ]
                if number % 5 == 0:
                    tokens.append(None)  # a spectator
                url = f"{self.ws_base}/ws/tables/{made['table']}"
                sockets = [await connect(url, max_size=2**22, additional_headers=headers) for _ in tokens]
                self.window.sockets += len(sockets)
                self.window.tables += 1
                try:
                    await asyncio.gather(*(self.seat(ws, t) for ws, t in zip(sockets, tokens, strict=True)))
                finally:
                    self.window.sockets -= len(sockets)
                    self.window.tables -= 1
                    for ws in sockets:
                        await ws.close()
            except Exception as exc:  # a refused request or a dropped socket ends the ramp: it is the finding
                self.window.errors.append(f"{type(exc).__name__}: {exc}")
                return


def _pct(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, max(0, int(len(xs) * q) - 1))] * 1000, 1)


async def _ramp(pid: int, base: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    ramp = Ramp(base, args.pace, args.seed)
    tasks: list[asyncio.Task[None]] = []
    rows: list[dict[str, Any]] = []
    rss0 = _rss_mib(pid)
    try:
        while len(tasks) < args.max_tables:
            for _ in range(args.step):  # the new tables arrive spread over half a window, as people come
                tasks.append(asyncio.create_task(ramp.table(len(tasks))))
                await asyncio.sleep(args.step_seconds / 2 / args.step)
            ramp.window.rtts, moves0, cpu0, gen0 = [], ramp.moves, _cpu_seconds(pid), time.process_time()
            started = time.monotonic()
            await asyncio.sleep(args.step_seconds)
            seconds = time.monotonic() - started
            moves, cpu, gen = ramp.moves - moves0, _cpu_seconds(pid) - cpu0, time.process_time() - gen0
            w = ramp.window
            row = {
                "tables": w.tables,
                "sockets": w.sockets,
                "moves_per_s": round(moves / seconds, 1),
                "p50_ms": round(statistics.median(w.rtts) * 1000, 1) if w.rtts else None,
                "p99_ms": _pct(w.rtts, 0.99),
                "server_cpu_us_per_move": round(cpu / moves * 1e6) if moves else None,
                "server_cpu_share": round(cpu / seconds, 2),
                "generator_cpu_share": round(gen / seconds, 2),
                "server_rss_mib": round(_rss_mib(pid), 1),
                "kib_per_table": round((_rss_mib(pid) - rss0) * 1024 / max(1, w.tables), 1),
                "load_average": round(os.getloadavg()[0], 2),
                "errors": w.errors[:3],
            }
            rows.append(row)
            print(
                f"{row['tables']:5d} tables {row['sockets']:5d} sockets {row['moves_per_s']:7.1f} moves/s"
                f"  p50 {row['p50_ms']} ms  p99 {row['p99_ms']} ms  {row['server_cpu_us_per_move']} us/move"
                f"  CPU {row['server_cpu_share']:.2f} (generator {row['generator_cpu_share']:.2f})"
                f"  {row['server_rss_mib']} MiB  load {row['load_average']}",
                flush=True,
            )
            if w.errors or (row["p99_ms"] or 0) > args.p99_ms:
                break
    finally:
        ramp.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return rows


def _plot(rows: list[dict[str, Any]], goal: float, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tables = [r["tables"] for r in rows]
    fig, left = plt.subplots(figsize=(7, 4))
    left.plot(tables, [r["p99_ms"] for r in rows], "o-", label="move round trip p99 (ms)")
    left.plot(tables, [r["p50_ms"] for r in rows], "s-", label="p50 (ms)")
    left.axhline(goal, color="grey", linestyle="--", label=f"goal: p99 {goal:.0f} ms")
    left.set_xlabel("live tables (human-paced Tokyo Washi, 2 seats, a spectator on every fifth)")
    left.set_ylabel("milliseconds")
    right = left.twinx()
    right.plot(tables, [r["server_cpu_share"] for r in rows], "^:", color="tab:red", label="server CPU (cores)")
    right.set_ylabel("server CPU (share of one core)")
    left.legend(loc="upper left", fontsize=8)
    right.legend(loc="lower right", fontsize=8)
    left.set_title("One cattable process on SQLite: capacity")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--step", type=int, default=50, help="tables added each step")
    parser.add_argument("--step-seconds", type=float, default=10.0, help="seconds between steps (one window)")
    parser.add_argument("--max-tables", type=int, default=2000, help="stop the ramp here")
    parser.add_argument("--p99-ms", type=float, default=150.0, help="the round trip p99 goal")
    parser.add_argument("--pace", type=float, default=1.0, help="scale of the seats' 1-5 s thinking time")
    parser.add_argument("--seed", type=int, default=0, help="seed of the seats' choices and pauses")
    parser.add_argument("--json", action="store_true", help="print the windows as JSON at the end")
    parser.add_argument("--plot", default=None, help="draw latency and CPU against live tables here (PNG)")
    args = parser.parse_args(argv)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of sockets, both ends on this machine
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = _serve(f"sqlite:///{tmp}/capacity.db")
        if (os.cpu_count() or 1) > 1:
            os.sched_setaffinity(0, {1})
        try:
            rows = asyncio.run(_ramp(proc.pid, base, args))
        finally:
            proc.kill()
    under = [r for r in rows if not r["errors"] and (r["p99_ms"] or 0) <= args.p99_ms]
    best = under[-1] if under else None
    summary = {"capacity": best, "stopped_at": rows[-1] if rows else None, "windows": rows}
    if best is not None:
        print(
            f"capacity: {best['tables']} live tables ({best['sockets']} sockets) with p99 {best['p99_ms']} ms, "
            f"{best['server_cpu_us_per_move']} us of server CPU per move, {best['kib_per_table']} KiB per table"
        )
    if args.plot and rows:
        _plot(rows, args.p99_ms, args.plot)
    if args.json:
        print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
