"""Several servers started together on a new database each run the migrations at start-up: the upgrade is
serialised (PostgreSQL: an advisory lock; SQLite: the write lock taken first), so every one succeeds and the
schema is made once. Without it two of them both saw no ``alembic_version`` and all but one died (PostgreSQL:
a unique violation on it; SQLite: "table alembic_version already exists").

Each start is its own process (as servers are; Alembic's context is one per process), held at a start
line until all are connected, then released together."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from .postgres import start_postgres

STARTS = 5
CHILD = """
import sys
from cattable.server.store import engine_for, migrate
engine = engine_for(sys.argv[1])
with engine.connect():
    pass
print("ready", flush=True)
sys.stdin.readline()
migrate(engine)
print("migrated", flush=True)
"""


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    pg = start_postgres()
    yield pg.url
    pg.stop()


def test_servers_starting_together_on_a_new_database_all_migrate(fresh_db: str) -> None:
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, fresh_db],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(STARTS)
    ]
    for proc in starts:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in starts:  # the start line: every one is connected; release them together
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    outcomes = [proc.communicate(timeout=120) for proc in starts]
    failed = [_cause(err) for proc, (_out, err) in zip(starts, outcomes, strict=True) if proc.returncode]
    assert not failed, failed
    assert all(out.strip() == "migrated" for out, _err in outcomes)
    engine = create_engine(fresh_db.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as conn:
        assert len(conn.execute(text("SELECT version_num FROM alembic_version")).all()) == 1
    engine.dispose()


def _cause(stderr: str) -> str:
    """The exception line of a child's traceback (not SQLAlchemy's "background" link after it)."""
    lines = [line for line in stderr.splitlines() if "Error" in line and not line.startswith(" ")]
    return lines[-1][:300] if lines else stderr[-300:]
