"""``cattable backup``: a consistent copy of a live server's SQLite database, taken while it plays.

Copying the file of a running server can catch a transaction half written (and misses what still sits in
the write-ahead log); SQLite's online backup API copies one consistent snapshot instead, and in WAL mode
the server keeps committing moves meanwhile. PostgreSQL has its own tool for the same job (pg_dump)."""

from __future__ import annotations

import argparse
import os
import sqlite3
from pathlib import Path

from cattable.server.store import DEFAULT_URL

PG_DUMP = (
    "cattable backup copies SQLite databases; for PostgreSQL use its own tool, e.g. "
    "pg_dump --format=custom --file=cattable.dump DBNAME, and pg_restore to bring it back (docs/DEPLOY.md, Backups)"
)


def sqlite_path(db: str) -> Path:
    """The file of an SQLite URL or bare path; PostgreSQL is refused with the way to back it up."""
    if db.startswith(("postgresql:", "postgres:", "postgresql+psycopg:")):
        raise ValueError(PG_DUMP)
    if "://" in db:
        if not db.startswith("sqlite:///"):
            raise ValueError(f"--db must be sqlite:///FILE (or a PostgreSQL URL, for pg_dump), not {db!r}")
        db = db[len("sqlite:///") :]
    path = Path(db)
    if not path.is_file():
        raise ValueError(f"there is no database at {path}")
    return path


def backup(db: str, out: Path) -> tuple[int, int]:
    """Copy the database at ``db`` to ``out`` (written beside it, then moved into place, so ``out`` is
    never half a database); the tables and events the copy holds."""
    source = sqlite_path(db)
    if out.exists():
        raise ValueError(f"{out} exists already: give a new file (a backup never overwrites one)")
    part = out.with_name(out.name + ".part")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(part)
    try:
        src.execute("PRAGMA busy_timeout=10000")
        src.backup(dst)  # one step: a consistent snapshot, read while the server goes on writing (WAL)
        ok = dst.execute("PRAGMA integrity_check").fetchone()
        if ok != ("ok",):
            raise ValueError(f"the copy failed its integrity check: {ok}")
        tables = dst.execute("SELECT count(*) FROM tables").fetchone()[0]
        events = dst.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        dst.close()
        src.close()
    os.replace(part, out)
    return int(tables), int(events)


def cmd_backup(args: argparse.Namespace) -> int:
    tables, events = backup(args.db, Path(args.out))
    print(f"cattable: backed up {tables} tables and {events} moves to {args.out}")
    return 0


def add_backup_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bk = sub.add_parser("backup", help="copy a live server's SQLite database safely (PostgreSQL: use pg_dump)")
    bk.add_argument("--db", default=DEFAULT_URL, help="the database: an SQLite file or sqlite:///FILE")
    bk.add_argument("--out", required=True, help="the file to write the copy to (must not exist yet)")
    bk.set_defaults(fn=cmd_backup)
