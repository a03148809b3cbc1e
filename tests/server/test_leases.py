"""Several server processes share one PostgreSQL: each table is served by one process at a time (a lease
in the database, checked in the same transaction as every event). A process asked for a table another
holds asks for it: a live holder hands it over between two moves, a dead one's lease runs out."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from cattable.core import game as get_game

from .ghost import lease_to_ghost
from .harness import Refused, Server, get, open_table, post
from .postgres import Postgres, start_postgres


@pytest.fixture
def postgres() -> Iterator[Postgres]:
    pg = start_postgres()
    yield pg
    pg.stop()


def _play(server: Server, table: str, tokens: dict[int, str], tag: str) -> tuple[int, object]:
    state = get(f"{server.base}/api/tables/{table}", token=tokens[0])
    seat = state["to_play"]
    mine = get(f"{server.base}/api/tables/{table}", token=tokens[seat])
    move = {"action": mine["legal"][0], "id": tag}
    reply = post(f"{server.base}/api/tables/{table}/actions", move, token=tokens[seat])
    return reply["version"], mine["legal"][0]


def _held(server: Server) -> float:
    with urllib.request.urlopen(server.base + "/metrics", timeout=10) as resp:
        text = resp.read().decode()
    return float(next(ln.split()[1] for ln in text.splitlines() if ln.startswith("cattable_leases_held ")))


@pytest.mark.slow
@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
def test_a_table_is_handed_over_to_the_process_asked_and_taken_over_from_one_that_died(
    postgres: Postgres, tmp_path: Path
) -> None:
    a = Server(
        db=postgres.url,
        log=tmp_path / "a.log",
        extra=("--lease-seconds", "2", "--server-id", "a", "--messages-per-second", "0"),
    )
    b = Server(
        db=postgres.url,
        log=tmp_path / "b.log",
        extra=("--lease-seconds", "2", "--server-id", "b", "--messages-per-second", "0"),
    )
    a.start()
    b.start()
    try:
        made = open_table(a, "washi", [None, None])
        table, tokens = made["table"], made["tokens"]
        acked = [_play(a, table, tokens, f"m{i}") for i in range(4)]
        started = time.monotonic()  # b is asked (the balancer sends the table there now): a hands it over
        assert get(f"{b.base}/api/tables/{table}", token=tokens[0])["version"] == 4
        assert time.monotonic() - started < 2 + 1
        assert (_held(a), _held(b)) == (0, 1)
        acked.append(_play(b, table, tokens, "m4"))
        b.kill()  # the holder dies: a waits for its lease to run out (2 s), then serves the table
        started = time.monotonic()
        assert get(f"{a.base}/api/tables/{table}", token=tokens[0])["version"] == 5
        assert time.monotonic() - started < 2 + 1.5
        b.start()  # b comes back under its name: the table stays with a, which serves it now
        assert _held(b) == 0
        while not (state := get(f"{a.base}/api/tables/{table}", token=tokens[0]))["over"]:
            _play(a, table, tokens, f"a{state['version']}")
        record = get(f"{a.base}/api/tables/{table}/record", token=tokens[0])
        for version, action in acked:
            assert record["actions"][version - 1] == action
        assert get_game("washi").replay(record).result().to_json() == state["result"]
    finally:
        a.stop()
        b.stop()


@pytest.mark.slow
def test_a_holder_that_neither_hands_over_nor_dies_gets_elsewhere_after_the_lease_time(
    postgres: Postgres, tmp_path: Path
) -> None:
    """Only a holder that keeps renewing and ignores the ask (a server of an older version, say) makes the
    asked process refuse, after waiting two lease times and a second: the client retries (docs/SCALING.md)."""
    a = Server(db=postgres.url, log=tmp_path / "a.log", extra=("--lease-seconds", "1", "--server-id", "a"))
    a.start()
    try:
        made = open_table(a, "washi", [None, None])
        a.stop()
        lease_to_ghost(postgres.url, made["table"], 600)
        a.start()
        started = time.monotonic()
        with pytest.raises(Refused) as elsewhere:
            get(f"{a.base}/api/tables/{made['table']}", token=made["tokens"][0])
        assert elsewhere.value.status == 503 and elsewhere.value.body["error"] == "elsewhere"
        assert 2 * 1 + 1 <= time.monotonic() - started < 2 * 1 + 1 + 2  # two lease times and a second
    finally:
        a.stop()
