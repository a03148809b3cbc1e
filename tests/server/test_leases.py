"""Several server processes share one PostgreSQL: each table is served by one process at a time (a lease
in the database, checked in the same transaction as every event), and another process takes a table
over when its owner dies."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cattable.core import game as get_game

from .harness import Refused, Server, get, open_table, post
from .postgres import Postgres, start_postgres


@pytest.fixture
def postgres() -> Iterator[Postgres]:
    pg = start_postgres()
    yield pg
    pg.stop()


@pytest.mark.slow
def test_a_second_process_takes_over_the_tables_of_one_that_died(postgres: Postgres, tmp_path: Path) -> None:
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
        acked = []
        for i in range(4):
            seat = i % 2
            state = get(f"{a.base}/api/tables/{table}", token=tokens[seat])
            reply = post(
                f"{a.base}/api/tables/{table}/actions", {"action": state["legal"][0], "id": f"m{i}"}, token=tokens[seat]
            )
            acked.append((reply["version"], state["legal"][0]))
        with pytest.raises(Refused) as elsewhere:  # a serves the table: b says so and writes nothing
            get(f"{b.base}/api/tables/{table}", token=tokens[0])
        assert elsewhere.value.status == 503 and elsewhere.value.body["error"] == "elsewhere"
        a.kill()
        deadline = time.monotonic() + 30
        while True:
            try:
                state = get(f"{b.base}/api/tables/{table}", token=tokens[0])
                break
            except Refused as exc:
                assert exc.body["error"] == "elsewhere"
                assert time.monotonic() < deadline, "b never took the table over"
                time.sleep(0.2)
        assert state["version"] == 4
        reply = post(f"{b.base}/api/tables/{table}/actions", {"action": state["legal"][0], "id": "m4"}, token=tokens[0])
        assert reply["version"] == 5
        a.start()  # a comes back: the table stays with b, which holds the lease and renews it
        with pytest.raises(Refused) as back:
            get(f"{a.base}/api/tables/{table}", token=tokens[0])
        assert back.value.body["error"] == "elsewhere"
        while not (state := get(f"{b.base}/api/tables/{table}", token=tokens[0]))["over"]:
            seat = state["to_play"]
            mine = get(f"{b.base}/api/tables/{table}", token=tokens[seat])
            move = {"action": mine["legal"][0], "id": f"b{state['version']}"}
            post(f"{b.base}/api/tables/{table}/actions", move, token=tokens[seat])
        record = get(f"{b.base}/api/tables/{table}/record", token=tokens[0])
        for version, action in acked:
            assert record["actions"][version - 1] == action
        assert get_game("washi").replay(record).result().to_json() == state["result"]
    finally:
        a.stop()
        b.stop()
