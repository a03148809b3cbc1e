"""A server's SQLite store checkpoints its write-ahead log on a thread of its own (checkpoints.py), so no
move's commit pays for writing the database file; other users of a store keep SQLite's default."""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import text

from cattable.server.store import Store


def _autocheckpoint(store: Store) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(text("PRAGMA wal_autocheckpoint")).scalar_one())


def _grow_the_log(store: Store, pages: int) -> None:
    with store.engine.begin() as conn:
        conn.execute(text("CREATE TABLE IF NOT EXISTS ballast (n INTEGER PRIMARY KEY, pad TEXT)"))
    for _ in range(pages // 4):
        with store.engine.begin() as conn:
            conn.execute(text("INSERT INTO ballast (pad) VALUES (:pad)"), {"pad": "x" * 16_000})


def test_a_servers_store_checkpoints_in_the_background_and_catches_up(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}", background_checkpoints=True)
    try:
        assert store.checkpoints is not None and _autocheckpoint(store) == 0  # commits never checkpoint
        _grow_the_log(store, 2_000)  # past SQLite's automatic threshold of 1,000 pages
        deadline = time.monotonic() + 10
        while store.checkpoints.runs < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert store.checkpoints.runs >= 2
        with store.engine.connect() as conn:
            busy, log, done = conn.execute(text("PRAGMA wal_checkpoint(PASSIVE)")).one()
        assert busy == 0 and log == done  # every page of the log is in the database file
    finally:
        store.close()
    assert store.checkpoints is not None and not store.checkpoints.running


def test_other_stores_keep_sqlites_own_checkpoints(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    try:
        assert store.checkpoints is None and _autocheckpoint(store) == 1000
    finally:
        store.close()
