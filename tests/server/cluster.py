"""Several ``cattable serve`` processes over one private PostgreSQL behind HAProxy (deploy/haproxy.cfg), and
slots of seat clients that play one game after another through the balancer while the test kills the
processes: the scale-out tests' machinery."""

from __future__ import annotations

import asyncio
import random
import signal
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from cattable.core import game as get_game

from .balancer import Balancer
from .harness import Refused, Server
from .players import SeatPlayer
from .postgres import Postgres, start_postgres

GAMES: list[tuple[str, list[str | None]]] = [
    ("washi", [None, None, "random"]),
    ("cafe", [None, None, None]),
    ("washi", [None, None]),
]
"""Games of 40 to 150 moves (Cat Attack's 450 would outlast the test), one with a bot the server plays."""
LEASE_SECONDS = 5
"""The lease time docs/DEPLOY.md's units set for several processes."""


NO_LIMITS = ("--tables-per-minute", "0", "--messages-per-second", "0", "--sockets-per-address", "0")
"""Every client here comes from the loopback, through the balancer: the per-address limits (tried apart in
test_limits.py) would take the whole load for one abuser."""


@dataclass
class Cluster:
    folder: Path
    processes: int = 3
    pg: Postgres | None = None
    servers: list[Server] = field(default_factory=list)
    balancer: Balancer | None = None

    def start(self) -> None:
        self.pg = start_postgres()
        for i in range(self.processes):
            extra = ("--lease-seconds", str(LEASE_SECONDS), "--server-id", f"p{i}", *NO_LIMITS)
            self.servers.append(Server(db=self.pg.url, log=self.folder / f"p{i}.log", extra=extra))
        starting = [threading.Thread(target=s.start) for s in self.servers]  # together: as a deployment would
        for t in starting:
            t.start()
        for t in starting:
            t.join()
        assert all(s.proc is not None and s.proc.poll() is None for s in self.servers), "a process did not start"
        self.balancer = Balancer(self.folder, [f"127.0.0.1:{s.port}" for s in self.servers])
        self.balancer.start()

    def stop(self) -> None:
        if self.balancer is not None:
            self.balancer.stop()
        for server in self.servers:
            server.stop()
        if self.pg is not None:
            self.pg.stop()

    def busiest(self) -> Server:
        """The process serving the most tables now (its own metrics say), to kill."""

        def held(server: Server) -> float:
            for line in get_text(server.base + "/metrics").splitlines():
                if line.startswith("cattable_leases_held "):
                    return float(line.split()[1])
            return 0.0

        return max(self.servers, key=held)

    def restart(self, server: Server, timeout: float = 60.0) -> float:
        """SIGTERM ``server``, as systemd's restart does, and start it again under its name; returns once it
        is ready and the balancer's health checks have it up again (so the next restart of a rolling one
        never leaves fewer processes), with the seconds the drain took."""
        assert server.proc is not None
        slot = self.servers.index(server) + 1
        ups, downs = self.lb.marked(slot, "UP"), self.lb.marked(slot, "DOWN")
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(timeout=30) in (0, -signal.SIGTERM), "the process did not exit cleanly"
        drained = time.monotonic() - started
        server.start()
        back, deadline = time.monotonic(), time.monotonic() + timeout
        while self.lb.marked(slot, "UP") <= ups:  # marked down after two missed checks, up after two passed
            if self.lb.marked(slot, "DOWN") == downs and time.monotonic() - back > 3:
                break  # back before the checks noticed it gone: never marked down, so up all along
            assert time.monotonic() < deadline, f"HAProxy never marked process {slot} up again"
            time.sleep(0.1)
        return drained

    @property
    def lb(self) -> Balancer:
        assert self.balancer is not None
        return self.balancer

    def open_table(self, game: str, seats: list[str | None]) -> dict[str, Any]:
        """A table opened and joined through the balancer (the lobby's requests go to any process)."""
        named = [{"name": f"s{i}", "bot": b} for i, b in enumerate(seats)]
        body = {"game": game, "players": len(seats), "seats": named}
        made: dict[str, Any] = self.lb.call("POST", "/api/tables", body)
        made["tokens"] = {
            int(seat): self.lb.call("POST", "/api/join", {"invite": code})["token"]
            for seat, code in made["invites"].items()
        }
        made["game"] = game
        return made


@dataclass
class Game:
    made: dict[str, Any]
    players: list[SeatPlayer]


class Traffic:
    """``slots`` tables in play at once through the balancer, each slot opening its next table when its
    game ends, until ``stop()``; runs in a thread of its own while the test kills processes."""

    def __init__(self, cluster: Cluster, slots: int, seed: int, delay: float = 0.3) -> None:
        self.cluster, self.slots, self.delay = cluster, slots, delay
        self.rng = random.Random(seed)
        self.games: list[Game] = []
        self.errors: list[BaseException] = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        async def slot(i: int) -> None:
            n, failed = 0, 0
            while not self._stop.is_set():
                game, seats = GAMES[(i + n) % len(GAMES)]
                try:
                    made = await asyncio.to_thread(self.cluster.open_table, game, seats)
                except (OSError, Refused):  # a kill cut the lobby's request: open another table
                    failed += 1
                    if failed > 20:
                        raise
                    await asyncio.sleep(0.5)
                    continue
                n += 1
                lb = self.cluster.lb
                players = [
                    SeatPlayer(lb.ws_base, made["table"], token, seat, random.Random(self.rng.random()))
                    for seat, token in made["tokens"].items()
                ]
                for p in players:
                    p.delay, p.ssl = self.delay, lb.context
                self.games.append(Game(made, players))
                await asyncio.gather(*(p.run(retry_for=120) for p in players))

        async def everyone() -> None:
            results = await asyncio.gather(*(slot(i) for i in range(self.slots)), return_exceptions=True)
            self.errors += [r for r in results if isinstance(r, BaseException)]

        asyncio.run(everyone())


def check(cluster: Cluster, games: list[Game]) -> None:
    """Every acknowledged move is stored at the version it was acknowledged with, once; every result is
    what an offline replay of the table's record gives; no client was ever told ``elsewhere``."""
    assert cluster.pg is not None
    engine = create_engine(cluster.pg.url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        for g in games:
            table, name = g.made["table"], g.made["game"]
            record = cluster.lb.call("GET", f"/api/tables/{table}/record", token=g.made["tokens"][0])
            result = get_game(name).replay(record).result().to_json()
            with engine.connect() as conn:
                rows = conn.execute(text("select seat, msg_id, seq from events where table_id = :t"), {"t": table})
                stored = {(seat, msg_id): seq for seat, msg_id, seq in rows}
            assert len(stored) == len(record["actions"]), f"{table}: a message applied twice"
            for p in g.players:
                assert p.result == result, f"{name} {table}: the result differs from the offline replay"
                assert not [r for r in p.refusals if r.get("error") == "elsewhere"], p.refusals
                for msg_id, played in p.acked.items():
                    assert (p.seat, msg_id) in stored, f"{table}: acknowledged {msg_id} is not stored"
                    if not played.queued:
                        assert stored[(p.seat, msg_id)] == played.version
                        assert record["actions"][played.version - 1] == played.action
    finally:
        engine.dispose()


def get_text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return str(resp.read().decode())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")
