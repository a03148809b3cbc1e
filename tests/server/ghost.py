"""A table's lease handed to a process that does not exist and keeps it for a while: what a client meets
when another server process still serves its table (and ignores the ask to hand it over)."""

from __future__ import annotations

import time

from sqlalchemy import create_engine, text


def lease_to_ghost(db_url: str, table_id: str, seconds: float) -> None:
    """The table's lease is held by ``ghost`` for ``seconds`` from now (stop its server first: a server
    serving the table would renew its own lease)."""
    engine = create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.begin() as conn:
            params = {"id": table_id, "t": time.time() + seconds}
            held = conn.execute(text("update leases set owner = 'ghost', expires = :t where table_id = :id"), params)
            if held.rowcount == 0:
                conn.execute(text("insert into leases (table_id, owner, expires) values (:id, 'ghost', :t)"), params)
    finally:
        engine.dispose()
