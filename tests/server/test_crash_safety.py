"""Nothing accepted is ever lost: the server is killed with SIGKILL at 20 random moments, and at the named
points (after the rules applied a move and before it was committed; after the commit and before the
acknowledgement), while clients play over WebSockets and bots play on the server; it is restarted each
time. Afterwards every acknowledged move is in the record at the version it was acknowledged with, no
message was applied twice, and every game ends with the result an offline replay of its record gives.
The same on PostgreSQL. These full runs are the long tier's (``-m long``); ``make test`` runs a short one on
SQLite: three random kills and one at each named point of a move."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from cattable.core import game as get_game

from .harness import Server, get, open_table
from .players import SeatPlayer
from .postgres import start_postgres

TABLES: list[tuple[str, list[str | None]]] = [
    ("washi", [None, None, "random"]),
    ("attack", [None, None, "heuristic"]),
    ("cafe", [None, None, None]),
]
RANDOM_KILLS = 20
NAMED = ["after_apply:3", "after_commit:3", "after_apply:7", "after_commit:7"]


SHORT_KILLS = 3
SHORT_NAMED = ["after_apply:3", "after_commit:3"]


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of the kind the test's parameter names: ``sqlite`` or ``postgresql``."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    pg = start_postgres()
    try:
        yield pg.url
    finally:
        pg.stop()


class Batch:
    """Tables and their seat clients, playing in a thread of their own while the test kills the server."""

    def __init__(self, server: Server, seed: int) -> None:
        self.tables = [(game, open_table(server, game, seats)) for game, seats in TABLES]
        rng = random.Random(seed)
        self.players = [
            SeatPlayer(server.ws_base, made["table"], token, seat, random.Random(rng.random()), delay=0.01)
            for _game, made in self.tables
            for seat, token in made["tokens"].items()
        ]
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        async def everyone() -> None:
            await asyncio.gather(*(p.run(retry_for=120) for p in self.players))

        try:
            asyncio.run(everyone())
        except BaseException as exc:  # reported by the test
            self.error = exc

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


def _check(server: Server, db_url: str, batch: Batch) -> None:
    assert batch.error is None, repr(batch.error)
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    for game, made in batch.tables:
        record = get(f"{server.base}/api/tables/{made['table']}/record", token=made["tokens"][0])
        offline = get_game(game).replay(record)
        players = [p for p in batch.players if p.table == made["table"]]
        for p in players:
            assert p.result == offline.result().to_json(), f"{game}: the result differs from the offline replay"
            for msg_id, played in p.acked.items():
                if not played.queued:
                    assert record["actions"][played.version - 1] == played.action, (game, msg_id)
        with engine.connect() as conn:
            rows = conn.execute(
                text("select seat, msg_id, seq from events where table_id = :t"), {"t": made["table"]}
            ).all()
        assert len(rows) == len(record["actions"])
        by_id: dict[tuple[int, str], list[int]] = {}
        for seat, msg_id, seq in rows:
            by_id.setdefault((seat, msg_id), []).append(seq)
        for p in players:
            for msg_id, played in p.acked.items():
                seqs = by_id.get((p.seat, msg_id), [])
                assert len(seqs) == 1, f"{game}: message {msg_id} applied {len(seqs)} times"
                if not played.queued:
                    assert seqs == [played.version]
    engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("database", "random_kills", "named"),
    [
        pytest.param("sqlite", SHORT_KILLS, SHORT_NAMED, id="sqlite-short"),
        pytest.param("sqlite", RANDOM_KILLS, NAMED, id="sqlite", marks=pytest.mark.long),
        pytest.param("postgresql", RANDOM_KILLS, NAMED, id="postgresql", marks=pytest.mark.long),
    ],
    indirect=["database"],
)
def test_sigkill_at_any_moment_loses_no_acknowledged_move(
    database: str, random_kills: int, named: list[str], tmp_path: Path
) -> None:
    server = Server(db=database, log=tmp_path / "server.log")
    server.start()
    rng = random.Random(9)
    kills: list[str] = []
    plans: list[str | None] = [None] * random_kills + list(named)
    rng.shuffle(plans)
    try:
        batches = 0
        while plans:
            batch = Batch(server, seed=batches)
            batches += 1
            while plans and not batch.done:
                plan = plans.pop()
                if plan is None:
                    time.sleep(rng.uniform(0.2, 0.9))
                    server.kill()
                    kills.append("random")
                else:  # restart so that the server kills itself at the named point
                    server.kill()
                    server.start(crash=plan)
                    assert server.proc is not None
                    deadline = time.monotonic() + 60
                    while server.proc.poll() is None and time.monotonic() < deadline and not batch.done:
                        time.sleep(0.05)
                    if server.proc.poll() is None:  # the batch ended first: keep the plan for the next
                        plans.append(plan)
                        server.kill()  # and disarm it: the next batch's tables are opened on a plain server
                        server.start()
                        continue
                    kills.append(plan)
                server.start()
            batch.thread.join(timeout=300)
            assert batch.done, "the clients did not finish"
            _check(server, database, batch)
        assert len([k for k in kills if k == "random"]) >= random_kills
        assert set(named) <= set(kills)
        assert sum(p.connections for p in batch.players) > len(batch.players)  # they did reconnect
    finally:
        server.stop()
