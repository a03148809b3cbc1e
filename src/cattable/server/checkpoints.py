"""SQLite's WAL checkpoints moved off the writer thread.

By default SQLite checkpoints inside the commit that pushes its write-ahead log past 1,000 pages: that one
move's acknowledgement then waits for the database file to be written and synced as well, and every move
grouped behind it waits too (the round trip's p99). A server instead turns the automatic checkpoint off and
runs a passive one every second from a thread of its own: passive checkpoints never block the writer, and
the log is reset by the next commit once a checkpoint has caught up with it."""

from __future__ import annotations

import logging
import threading

from sqlalchemy import Engine

log = logging.getLogger("cattable.server")

EVERY = 1.0
"""Seconds between two background checkpoints."""


class Checkpointer:
    """A daemon thread running ``PRAGMA wal_checkpoint(PASSIVE)`` on ``engine`` every ``every`` seconds."""

    def __init__(self, engine: Engine, every: float = EVERY) -> None:
        self.engine, self.every = engine, every
        self.runs = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cattable-checkpoint", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                self.runs += 1
            except Exception:  # a busy or vanished database: the next run tries again, the log only grows
                log.warning("background WAL checkpoint failed", exc_info=True)
