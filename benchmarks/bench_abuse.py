"""Abuse against a quiet baseline: do the server's default limits keep one abusive client from slowing
everyone else? (issue #29: honest players' move round trip p99 within 2x of a quiet run.)

Run: .venv/bin/python benchmarks/bench_abuse.py [--tables 50] [--phase-seconds 30] [--nonreader-seconds 150] [--json]
         [--plot docs/figures/abuse.png]

One ``cattable serve`` (SQLite, every limit at its DEFAULT, pinned to CPU 0) and ``--tables`` human-paced
Tokyo Washi tables of seat clients (bench_capacity.py's ``Ramp``, imported, on CPU 1). Then phases of
``--phase-seconds`` each, the honest load running throughout: quiet, then one abuser at a time, each its
own process at the lowest priority (``nice 19``: it shares CPU 1 with the honest clients, and a real abuser
would be on a machine of its own, so it must not slow the honest clients' event loop, only the server):

- ``tables``: opens tables in a loop; met its limit if it got HTTP 429 ``rate_limited`` with Retry-After;
- ``flood``: a seat sending ``ping`` as fast as it can, reading the replies, and reconnecting at once when
  closed; met its limit if it was closed with 4029, refused at the handshake (HTTP 429) while its address
  waits, and got about 20 answers a second (plus the burst of each connection);
- ``sockets``: tries to hold 1,000 idle WebSockets (no ``hello``); met its limit if no more than 100 were
  ever open at once and the rest got HTTP 429 at the handshake;
- ``nonreader``: a seat that asks for the whole position (4.5 KiB) 19 times a second (``sync``, under its
  message limit) and never reads the answers (a 4 KiB receive buffer, the client library paused); met its
  limit if the server dropped it with 4008 (its ``cattable_lagging_dropped_total``). The kernel's buffers
  take about a minute to fill before the server's queue does, so this phase is ``--nonreader-seconds``;

and a last quiet phase, to show the drift of this noisy machine. Each phase reports the honest clients'
round trip p50/p99 (sent until acknowledged) and its ratio to the first quiet phase.

Addresses: every client here connects from 127.0.0.1, and the limits count per client address, so the
honest tables would share the abuser's allowance (100 sockets, 10 tables a minute). The server believes
``X-Forwarded-For`` only from ``--trusted-proxy`` addresses (docs/SETTINGS.md; uvicorn's proxy-headers
middleware rewrites the peer, web/guard.py). So the server is started with ``--trusted-proxy 127.0.0.1``
and every client says where it comes from as a proxy in front would: honest table ``n`` as
``10.x.y.z`` (its own address, as separate people have), the abuser of a phase as ``198.51.100.k``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from typing import Any

from rich.progress import track
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bench_capacity import Ramp, _cpu_seconds, _pct, _post, _serve

ABUSES = ("tables", "flood", "sockets", "nonreader")
TABLE = {"game": "washi", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}
GOAL = 2.0
"""The issue's goal: honest p99 under abuse at most this times the quiet run's."""


def honest_address(number: int) -> str:
    """Table ``number``'s own client address, in 10.0.0.0/8 (a private range): one per table, as people have."""
    return f"10.{number // 62500 % 256}.{number // 250 % 250}.{number % 250 + 1}"


def _lagging(base: str) -> float:
    """``cattable_lagging_dropped_total`` from /metrics: the server's own count of 4008 closes."""
    with urllib.request.urlopen(base + "/metrics", timeout=10) as resp:
        for line in resp.read().decode().splitlines():
            if line.startswith("cattable_lagging_dropped_total "):
                return float(line.split()[1])
    return 0.0


class Abuser:
    """One abusive client from ``address``, for ``seconds``; ``run`` returns what it met."""

    def __init__(self, base: str, address: str, seconds: float) -> None:
        self.base, self.ws_base = base, base.replace("http", "ws", 1)
        self.headers = {"X-Forwarded-For": address}
        self.seconds, self.deadline = seconds, time.monotonic() + seconds

    async def seat(self) -> tuple[str, str]:
        """A table of its own and one seat at it: (table, token)."""
        made = await asyncio.to_thread(_post, self.base + "/api/tables", TABLE, self.headers)
        code = next(iter(made["invites"].values()))
        joined = await asyncio.to_thread(_post, self.base + "/api/join", {"invite": code}, self.headers)
        return str(made["table"]), str(joined["token"])

    def open_one(self) -> tuple[int, str | None, str | None]:
        """POST /api/tables once: status, Retry-After header, error code."""
        req = urllib.request.Request(
            self.base + "/api/tables",
            data=json.dumps(TABLE).encode(),
            headers={"Content-Type": "application/json", **self.headers},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                resp.read()
                return resp.status, None, None
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Retry-After"), json.loads(exc.read()).get("error")

    async def tables(self) -> dict[str, Any]:
        statuses: Counter[int] = Counter()
        errors: Counter[str] = Counter()
        retry_after: set[str] = set()
        while time.monotonic() < self.deadline:
            status, after, error = await asyncio.to_thread(self.open_one)
            statuses[status] += 1
            if status == 429:
                errors[str(error)] += 1
                retry_after.add(str(after))
        met = statuses[429] > 0 and set(errors) == {"rate_limited"} and "None" not in retry_after
        return {
            "requests": sum(statuses.values()),
            "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "retry_after": sorted(retry_after),
            "met_limit": met and statuses[201] <= 10 + 10 * self.seconds / 60 + 1,
            "limit": "10 tables a minute per address: HTTP 429 rate_limited with Retry-After",
        }

    async def flood(self) -> dict[str, Any]:
        """Send ``ping`` as fast as it can; closed (4029), it comes back at once, as an abuser would, and is
        refused at the handshake (HTTP 429) until its address may connect again."""
        table, token = await self.seat()
        replies: Counter[str] = Counter()
        retry: set[int] = set()
        closes: Counter[str] = Counter()
        handshakes: Counter[str] = Counter()
        sent = 0
        started = time.monotonic()
        while time.monotonic() < self.deadline:
            try:
                ws = await connect(f"{self.ws_base}/ws/tables/{table}", additional_headers=self.headers)
            except InvalidStatus as exc:
                handshakes[f"HTTP {exc.response.status_code}"] += 1
                continue
            handshakes["opened"] += 1
            await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))

            async def read(ws: ClientConnection = ws) -> None:
                async for raw in ws:
                    msg = json.loads(raw)
                    replies[msg.get("error") or msg["type"]] += 1
                    if msg.get("error") == "rate_limited":
                        retry.add(int(msg["retry_after"]))

            reader = asyncio.create_task(read())
            try:
                while time.monotonic() < self.deadline:
                    for _ in range(100):
                        await ws.send(json.dumps({"type": "ping", "id": f"p{sent}"}))
                        sent += 1
                    await asyncio.sleep(0)  # let the reader drain what came back
                await ws.close()
            except ConnectionClosed as exc:
                closes[str(exc.rcvd.code if exc.rcvd else None)] += 1
            await asyncio.gather(reader, return_exceptions=True)
        seconds = time.monotonic() - started
        return {
            "sent": sent,
            "sent_per_s": round(sent / seconds),
            "replies": dict(replies),
            "pongs_per_s": round(replies["pong"] / seconds, 1),
            "retry_after": sorted(retry),
            "closed": dict(closes),
            "handshakes": dict(handshakes),
            "met_limit": closes["4029"] > 0
            and handshakes["HTTP 429"] > 0
            and replies["pong"] / seconds <= 20 * 1.1 + 40 / seconds,
            "limit": "20 messages a second per seat token (40 at once), error rate_limited once a second; "
            "over 3 times that for 5 s: closed with 4029, and HTTP 429 at the handshake for 5 s",
        }

    async def sockets(self) -> dict[str, Any]:
        table, _token = await self.seat()
        url = f"{self.ws_base}/ws/tables/{table}"
        held: list[ClientConnection] = []
        outcomes: Counter[str] = Counter()
        retry: set[str] = set()
        peak = 0
        gate = asyncio.Semaphore(50)

        async def one() -> None:
            async with gate:
                try:
                    held.append(await connect(url, additional_headers=self.headers, open_timeout=30))
                    outcomes["opened"] += 1
                except InvalidStatus as exc:
                    outcomes[f"HTTP {exc.response.status_code}"] += 1
                    retry.add(str(exc.response.headers.get("Retry-After")))
                except (OSError, TimeoutError) as exc:
                    outcomes[type(exc).__name__] += 1

        while time.monotonic() < self.deadline:  # keep trying to hold 1,000, as a persistent abuser would
            await asyncio.gather(*(one() for _ in range(1000 - len(held))))
            await asyncio.sleep(0.5)  # a socket the server closed meanwhile (no hello in 30 s) is seen closed
            closed = [ws.close_code for ws in held if ws.close_code is not None]
            outcomes.update(f"closed by the server: {code}" for code in closed)
            held = [ws for ws in held if ws.close_code is None]
            peak = max(peak, len(held))
            await asyncio.sleep(min(5.0, max(0.0, self.deadline - time.monotonic())))
        for ws in held:
            await ws.close()
        return {
            "tried": sum(v for k, v in outcomes.items() if not k.startswith("closed")),
            "outcomes": dict(outcomes),
            "peak_open": peak,
            "retry_after": sorted(retry),
            "met_limit": peak <= 100 and outcomes["HTTP 429"] > 0 and "None" not in retry,
            "limit": "100 WebSockets per address: HTTP 429 at the handshake",
        }

    async def nonreader(self) -> dict[str, Any]:
        table, token = await self.seat()
        url = f"{self.ws_base}/ws/tables/{table}"
        codes: list[int | None] = []
        seconds_to_drop: list[float] = []
        other: list[int | None] = []  # closed otherwise (not counted as 4008 by the server)
        while time.monotonic() < self.deadline - 2:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect: a small window
            sock.connect(("127.0.0.1", int(self.base.rsplit(":", 1)[1])))
            ws = await connect(url, sock=sock, additional_headers=self.headers, max_queue=1, ping_interval=None)
            await ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
            before, started = await asyncio.to_thread(_lagging, self.base), time.monotonic()
            dropped = closed = False
            try:
                while time.monotonic() < self.deadline - 2 and not dropped:
                    for _ in range(10):  # max_queue=1: the client library stops reading after one message
                        await ws.send(json.dumps({"type": "sync", "since": 0}))
                        await asyncio.sleep(1 / 19)  # under the 20 a second a seat may send
                    dropped = await asyncio.to_thread(_lagging, self.base) > before
            except ConnectionClosed:  # the server ended it between two looks at its count
                closed = True
                await asyncio.sleep(0.5)
                dropped = await asyncio.to_thread(_lagging, self.base) > before
            if not dropped:
                await ws.close()
                if closed:
                    other.append(ws.close_code)
                    continue
                break
            seconds_to_drop.append(round(time.monotonic() - started, 1))
            try:  # now read: what is left of the buffers, then however the connection ended
                async with asyncio.timeout(30):
                    async for _ in ws:
                        pass
            except (TimeoutError, ConnectionClosed):
                pass
            codes.append(ws.close_code)
        return {
            "drops_4008": len(codes),
            "client_saw": codes,
            "closed_otherwise": other,
            "seconds_to_drop": seconds_to_drop,
            "met_limit": bool(codes),
            "limit": "64 messages waiting (or a write stuck 30 s): dropped with close 4008 "
            "(counted by the server; a client that never reads cannot see the close frame: 1006)",
        }


def _abuse(kind: str, base: str, address: str, seconds: float) -> dict[str, Any]:
    """Run one abuser in a process of its own (``--abuser``), returning its report."""
    out = subprocess.run(
        [sys.executable, __file__, "--abuser", kind, "--base", base, "--address", address, "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode:
        return {"met_limit": False, "failed": out.stderr[-2000:]}
    report: dict[str, Any] = json.loads(out.stdout)
    return report


async def _phases(pid: int, base: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    ramp = Ramp(base, args.pace, args.seed, address=honest_address)
    tasks: list[asyncio.Task[None]] = []
    rows: list[dict[str, Any]] = []
    phases = ["quiet", *args.abuses, "quiet again"]
    try:
        for _ in track(range(args.tables), description="honest tables arrive"):
            tasks.append(asyncio.create_task(ramp.table(len(tasks))))
            await asyncio.sleep(args.ramp_seconds / args.tables)
        await asyncio.sleep(args.phase_seconds / 3)  # every table's seats in play
        for number, phase in enumerate(phases):
            ramp.window.rtts, ramp.window.errors, moves0, cpu0 = [], [], ramp.moves, _cpu_seconds(pid)
            started = time.monotonic()
            length = args.nonreader_seconds if phase == "nonreader" else args.phase_seconds
            abuser = None
            if phase in ABUSES:
                address = f"198.51.100.{number + 1}"
                abuser = asyncio.create_task(asyncio.to_thread(_abuse, phase, base, address, length))
            for _ in track(range(round(length)), description=f"{phase:>12} ({round(length)} s)"):
                await asyncio.sleep(1)
            report = await abuser if abuser else None
            seconds = time.monotonic() - started
            w = ramp.window
            row: dict[str, Any] = {
                "phase": phase,
                "tables": w.tables,
                "sockets": w.sockets,
                "moves": ramp.moves - moves0,
                "p50_ms": round(statistics.median(w.rtts) * 1000, 1) if w.rtts else None,
                "p99_ms": _pct(w.rtts, 0.99),
                "max_ms": round(max(w.rtts) * 1000, 1) if w.rtts else None,
                "server_cpu_share": round((_cpu_seconds(pid) - cpu0) / seconds, 2),
                "honest_errors": w.errors[:3],
                "abuser": report,
            }
            rows.append(row)
            await asyncio.sleep(3)  # the abuser's sockets closed before the next phase
    finally:
        ramp.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    quiet = rows[0]["p99_ms"] or 1.0
    for row in rows:
        row["p99_ratio"] = round((row["p99_ms"] or 0) / quiet, 2)
    return rows


def _plot(rows: list[dict[str, Any]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [r["phase"] for r in rows]
    xs = range(len(rows))
    fig, ax = plt.subplots(figsize=(7, 3.8))
    ax.bar([x - 0.2 for x in xs], [r["p50_ms"] or 0 for r in rows], width=0.4, label="p50")
    bars = ax.bar([x + 0.2 for x in xs], [r["p99_ms"] or 0 for r in rows], width=0.4, label="p99")
    for bar, row in zip(bars, rows, strict=True):
        ax.annotate(
            f"{row['p99_ratio']}x",
            (bar.get_x() + bar.get_width() / 2, bar.get_height()),
            ha="center",
            va="bottom",
            fontsize=8,
        )
    ax.axhline(GOAL * (rows[0]["p99_ms"] or 0), color="grey", linestyle="--", label="goal: 2x quiet p99")
    ax.set_xticks(list(xs), names)
    ax.set_ylabel("honest move round trip (ms)")
    ax.set_title(f"{rows[0]['tables']} human-paced tables, one abuser at a time, default limits")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="honest tables (2 seats, a spectator on every fifth)")
    parser.add_argument("--phase-seconds", type=float, default=30.0, help="seconds of each phase")
    parser.add_argument(
        "--nonreader-seconds",
        type=float,
        default=150.0,
        help="the non-reader's phase: the server's socket buffers take about a minute to fill first",
    )
    parser.add_argument("--ramp-seconds", type=float, default=10.0, help="the honest tables arrive over this")
    parser.add_argument("--abuses", nargs="*", default=list(ABUSES), choices=ABUSES, help="which, in order")
    parser.add_argument("--pace", type=float, default=1.0, help="scale of the seats' 1-5 s thinking time")
    parser.add_argument("--seed", type=int, default=0, help="seed of the seats' choices and pauses")
    parser.add_argument("--json", action="store_true", help="print the phases as JSON at the end")
    parser.add_argument("--plot", default=None, help="draw each phase's p50/p99 here (PNG)")
    parser.add_argument("--abuser", choices=ABUSES, help=argparse.SUPPRESS)  # the abuser's own process
    parser.add_argument("--base", help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 1,000 sockets, both ends on this machine
    if args.abuser:
        os.nice(19)  # a real abuser is on a machine of its own: here it takes only the CPU the honest clients leave
        abuser = Abuser(args.base, args.address, args.seconds)
        print(json.dumps(asyncio.run(getattr(abuser, args.abuser)())))
        return 0
    with tempfile.TemporaryDirectory() as tmp:  # the defaults of every limit, and 127.0.0.1 as the proxy
        proc, base = _serve(f"sqlite:///{tmp}/abuse.db", ("--trusted-proxy", "127.0.0.1"))
        if (os.cpu_count() or 1) > 1:
            os.sched_setaffinity(0, {1})
        try:
            rows = asyncio.run(_phases(proc.pid, base, args))
        finally:
            proc.kill()
    print(f"{'phase':>12} {'tables':>6} {'moves':>6} {'p50 ms':>7} {'p99 ms':>7} {'ratio':>6} {'CPU':>5}  abuser")
    for r in rows:
        ab = r["abuser"]
        met = "" if ab is None else ("met its limit" if ab.get("met_limit") else "DID NOT meet its limit")
        print(
            f"{r['phase']:>12} {r['tables']:6d} {r['moves']:6d} {r['p50_ms']!s:>7} {r['p99_ms']!s:>7}"
            f" {r['p99_ratio']:5.2f}x {r['server_cpu_share']:5.2f}  {met}"
        )
        if ab is not None:
            print("             ", json.dumps({k: v for k, v in ab.items() if k != "limit"}))
        if r["honest_errors"]:
            print("              honest errors:", r["honest_errors"])
    if args.plot and rows:
        _plot(rows, args.plot)
    if args.json:
        print(json.dumps({"tables": args.tables, "phase_seconds": args.phase_seconds, "phases": rows}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
