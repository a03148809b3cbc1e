"""The event store: one SQL database (SQLite by default, PostgreSQL by URL) reached only from here.

Every call is synchronous and meant for one writer thread (``writer.py``): a table's events are written
in order, and an action counts as accepted only once its event's transaction has committed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, bindparam, create_engine, event, func, insert, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .checkpoints import Checkpointer
from .schema import events, leases, queued, seats, tables, tokens

MIGRATIONS = Path(__file__).with_name("migrations")
DEFAULT_URL = "sqlite:///cattable.db"


class DuplicateEvent(Exception):
    """An event with this sequence number (or this seat's message id) is already stored."""


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    spectators: str
    version_started: str
    status: str
    host_hash: str
    setup_chance: list[Any]
    setup_hash: str
    setup_form: int = 1
    """The game's ``snapshot_form`` when ``setup_hash`` was made (tables stored before forms were kept: 1)."""
    clock: dict[str, Any] | None = None
    on_timeout: str = "wait"
    open: bool = False
    """Listed for strangers (``GET /api/open-tables``): a free seat is taken without an invite."""
    fill_after: float | None = None
    """Seconds after ``created`` when the seats still free are given to bots."""
    next_table: str | None = None
    """The table its seats went on to ("play again"), once there is one."""
    created: float = 0.0


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    bot: str | None
    generation: int
    webhook: str | None = None
    bank: float | None = None
    deadline: float | None = None
    autopilot: bool = False
    webhook_error: str | None = None
    """Why the webhook's last signal failed every try; None while it works."""


@dataclass(frozen=True)
class Append:
    """One event to store, with what changes in the same transaction."""

    table_id: str
    event: EventRow
    over: bool = False
    dequeue: bool = False
    clocks: tuple[tuple[int, float | None, float | None], ...] = ()
    """(seat, bank, deadline) for each seat whose clock changes with this move."""


class LeaseLost(Exception):
    """This process no longer holds the table's lease: another process serves it now."""


@dataclass(frozen=True)
class EventRow:
    seq: int
    seat: int
    action: Any
    chance: list[Any]
    state_hash: str
    msg_id: str | None
    snapshot_form: int = 1
    """The game's ``snapshot_form`` when ``state_hash`` was made."""


@dataclass(frozen=True)
class QueuedRow:
    seat: int
    action: Any
    msg_id: str | None


def engine_for(url: str, *, background_checkpoints: bool = False) -> Engine:
    """An engine for ``url``; ``postgresql://`` is read with psycopg 3, SQLite runs in WAL with full sync
    (with ``background_checkpoints``, no commit checkpoints: ``checkpoints.Checkpointer`` does)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(eng, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=10000")
            if background_checkpoints:
                cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()

        return eng
    return create_engine(url, pool_pre_ping=True)


MIGRATION_LOCK = 0x6361747461626C65
"""The PostgreSQL advisory lock key held while migrating (the bytes of "cattable")."""


def migrate(engine: Engine) -> None:
    """Bring the database schema to the newest revision (a new database is created from nothing).

    Servers started together would each find no ``alembic_version`` and each create the schema, and all but
    one die on its key: on PostgreSQL the upgrade runs under a transaction-scoped advisory lock, so the
    others wait, then find the schema current. On SQLite the transaction takes the write lock first
    (``BEGIN IMMEDIATE``) to the same end."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        elif conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@cache
def newest_revision() -> str | None:
    """The head of the migrations shipped with this version of cattable."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(cfg).get_current_head()


class Store:
    """The tables, seats, tokens and events of every table, in one database."""

    def __init__(self, url: str = DEFAULT_URL, *, background_checkpoints: bool = False) -> None:
        """``background_checkpoints`` (a server's store): SQLite's WAL checkpoints run on a thread of their
        own instead of inside a move's commit (checkpoints.py)."""
        self.url = url
        on_file = url.startswith("sqlite") and ":memory:" not in url and url.rstrip("/") != "sqlite:"
        self.engine = engine_for(url, background_checkpoints=background_checkpoints and on_file)
        migrate(self.engine)
        self.checkpoints = Checkpointer(self.engine) if background_checkpoints and on_file else None

    def close(self) -> None:
        if self.checkpoints is not None:
            self.checkpoints.stop()
        self.engine.dispose()

    def unready(self) -> str | None:
        """Why this database cannot serve now (unreachable, or its schema not at the newest migration);
        None when it can. The reasons are fixed sentences: never the URL or the driver's message."""
        try:
            with self.engine.connect() as conn:
                current = MigrationContext.configure(conn).get_current_revision()
        except SQLAlchemyError:
            return "the database cannot be reached"
        if current != newest_revision():
            return "the database schema is not at the newest migration"
        return None

    # -- tables and seats ----------------------------------------------------------------------------
    def create_table(self, row: TableRow, seat_rows: list[SeatRow], invite_hashes: dict[int, str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(tables).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    seed=row.seed,
                    options=row.options,
                    spectators=row.spectators,
                    version_started=row.version_started,
                    created=row.created or time.time(),
                    status=row.status,
                    host_hash=row.host_hash,
                    setup_chance=row.setup_chance,
                    setup_hash=row.setup_hash,
                    setup_form=row.setup_form,
                    clock=row.clock,
                    on_timeout=row.on_timeout,
                    open=row.open,
                    fill_after=row.fill_after,
                    next_table=row.next_table,
                )
            )
            for s in seat_rows:
                conn.execute(
                    insert(seats).values(
                        table_id=row.id,
                        seat=s.seat,
                        name=s.name,
                        bot=s.bot,
                        invite_hash=invite_hashes.get(s.seat),
                        generation=s.generation,
                        bank=s.bank,
                        deadline=s.deadline,
                        autopilot=s.autopilot,
                    )
                )

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        if r is None:
            return None
        return TableRow(
            id=r["id"],
            game=r["game"],
            players=r["players"],
            seed=r["seed"],
            options=dict(r["options"]),
            spectators=r["spectators"],
            version_started=r["version_started"],
            status=r["status"],
            host_hash=r["host_hash"],
            setup_chance=list(r["setup_chance"]),
            setup_hash=r["setup_hash"],
            setup_form=r["setup_form"],
            clock=r["clock"],
            on_timeout=r["on_timeout"],
            open=bool(r["open"]),
            fill_after=r["fill_after"],
            next_table=r["next_table"],
            created=r["created"],
        )

    def table_ids(self, status: str | None = None) -> list[str]:
        query = select(tables.c.id).order_by(tables.c.created)
        if status is not None:
            query = query.where(tables.c.status == status)
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def seats(self, table_id: str) -> list[SeatRow]:
        query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        with self.engine.connect() as conn:
            return [
                SeatRow(
                    seat=r["seat"],
                    name=r["name"],
                    bot=r["bot"],
                    generation=r["generation"],
                    webhook=r["webhook"],
                    bank=r["bank"],
                    deadline=r["deadline"],
                    autopilot=bool(r["autopilot"]),
                    webhook_error=r["webhook_error"],
                )
                for r in conn.execute(query).mappings()
            ]

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    def reassign(self, table_id: str, seat: int, name: str, bot: str | None, invite_hash: str | None) -> int:
        """Give a seat to someone else: a new invite, the generation raised so every old token stops."""
        with self.engine.begin() as conn:
            gen = conn.execute(
                select(seats.c.generation).where(seats.c.table_id == table_id, seats.c.seat == seat)
            ).scalar_one()
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name, bot=bot, invite_hash=invite_hash, generation=gen + 1)
            )
        return int(gen + 1)

    # -- invites and tokens ----------------------------------------------------------------------------
    def exchange_invite(self, invite_hash: str, token_hash: str) -> tuple[str, int] | None:
        """The seat an invite opens (its table and number), recording a new token for it; None if unknown."""
        with self.engine.begin() as conn:
            r = conn.execute(select(seats).where(seats.c.invite_hash == invite_hash)).mappings().first()
            if r is None:
                return None
            conn.execute(
                insert(tokens).values(
                    token_hash=token_hash, table_id=r["table_id"], seat=r["seat"], generation=r["generation"]
                )
            )
            return str(r["table_id"]), int(r["seat"])

    def token_seat(self, token_hash: str) -> tuple[str, int] | None:
        """The table and seat a token acts for, if the seat has not been reassigned since it was issued."""
        query = (
            select(tokens.c.table_id, tokens.c.seat)
            .join(seats, (seats.c.table_id == tokens.c.table_id) & (seats.c.seat == tokens.c.seat))
            .where(tokens.c.token_hash == token_hash, tokens.c.generation == seats.c.generation)
        )
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        return None if r is None else (str(r[0]), int(r[1]))

    # -- events ------------------------------------------------------------------------------------------
    def event_count(self, table_id: str) -> int:
        """How many events a table has (its version), counted by the database, none of them read."""
        query = select(func.count()).select_from(events).where(events.c.table_id == table_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def events(self, table_id: str) -> list[EventRow]:
        query = select(events).where(events.c.table_id == table_id).order_by(events.c.seq)
        with self.engine.connect() as conn:
            return [
                EventRow(
                    seq=r["seq"],
                    seat=r["seat"],
                    action=r["action"],
                    chance=list(r["chance"]),
                    state_hash=r["state_hash"],
                    msg_id=r["msg_id"],
                    snapshot_form=r["snapshot_form"],
                )
                for r in conn.execute(query).mappings()
            ]

    def append(self, jobs: list[Append], owner: str, lease_seconds: float) -> list[Exception | None]:
        """Store events durably, as many as possible in one transaction (group commit); for each job, None
        or why it was not stored (``DuplicateEvent``, ``LeaseLost``). A job is stored only while this
        process holds its table's lease, checked in the same transaction (so two processes never both
        write a table)."""
        try:
            with self.engine.begin() as conn:
                for job in jobs:
                    _store_changes(conn, job, owner, lease_seconds)
                rows = [_event_row(job.table_id, job.event) for job in jobs]
                conn.execute(_INSERT_EVENT, rows if len(rows) > 1 else rows[0])  # several: one executemany
            return [None] * len(jobs)
        except (IntegrityError, LeaseLost):
            pass
        out: list[Exception | None] = []
        for job in jobs:  # one failed: store the others one by one, and say which failed
            try:
                with self.engine.begin() as conn:
                    _store_append(conn, job, owner, lease_seconds)
                out.append(None)
            except IntegrityError:
                out.append(DuplicateEvent(f"table {job.table_id}: event {job.event.seq} or its message id is taken"))
            except LeaseLost as exc:
                out.append(exc)
        return out

    def set_seat_clock(self, table_id: str, seat: int, *, bank: float | None, deadline: float | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(bank=bank, deadline=deadline)
            )

    def set_autopilot(self, table_id: str, seat: int, on: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(autopilot=on))

    def set_webhook(self, table_id: str, seat: int, url: str | None) -> None:
        """A new webhook (None: none), with no failure against it yet."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(webhook=url, webhook_error=None)
            )

    def set_webhook_error(self, table_id: str, seat: int, url: str, error: str | None) -> None:
        """How the last signal to ``url`` went, kept only while ``url`` is still the seat's webhook."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.webhook == url)
                .values(webhook_error=None if error is None else error[:300])
            )

    def delete_last_event(self, table_id: str, seq: int, owner: str, lease_seconds: float) -> None:
        """Take back the table's last event (an undo the rules allowed), under the lease."""
        with self.engine.begin() as conn:
            _hold_lease(conn, table_id, owner, lease_seconds)
            gone = conn.execute(events.delete().where(events.c.table_id == table_id, events.c.seq == seq))
            if gone.rowcount != 1:
                raise DuplicateEvent(f"table {table_id}: event {seq} is not its last")

    # -- leases ------------------------------------------------------------------------------------------
    def take_lease(self, table_id: str, owner: str, seconds: float, *, want: bool = False) -> bool:
        """Serve a table: take its lease if it is free, expired, or ours and not asked for by another process
        (a restarted process lets go of the tables the balancer sent elsewhere meanwhile). With ``want``,
        a lease another process holds is asked for (``wanted_by``): its holder hands the table over."""
        now = time.time()
        ours = (leases.c.owner == owner) & (leases.c.wanted_by.is_(None) | (leases.c.wanted_by == owner))
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(leases)
                .where(leases.c.table_id == table_id, ours | (leases.c.expires < now))
                .values(owner=owner, expires=now + seconds, wanted_by=None)
            )
            if taken.rowcount == 1:
                return True
            if conn.execute(select(leases.c.owner).where(leases.c.table_id == table_id)).first() is not None:
                if want:
                    conn.execute(
                        update(leases)
                        .where(leases.c.table_id == table_id, leases.c.owner != owner)
                        .values(wanted_by=owner)
                    )
                return False
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(leases).values(table_id=table_id, owner=owner, expires=now + seconds))
            return True
        except IntegrityError:  # another process took it between the two statements
            return False

    def renew_leases(self, owner: str, seconds: float, table_ids: list[str]) -> set[str]:
        """Extend this process's leases of the tables it serves (``table_ids``); those it still holds. A
        lease it holds on a table it does not serve (left from before a restart) is let run out."""
        now = time.time()
        held: set[str] = set()
        with self.engine.begin() as conn:
            for i in range(0, len(table_ids), 500):
                ids = table_ids[i : i + 500]
                mine = (leases.c.owner == owner) & leases.c.table_id.in_(ids)
                conn.execute(update(leases).where(mine, leases.c.expires >= now).values(expires=now + seconds))
                held |= {r[0] for r in conn.execute(select(leases.c.table_id).where(mine))}
        return held

    def wanted_from(self, owner: str) -> set[str]:
        """The tables this process holds that another process has asked for."""
        query = select(leases.c.table_id).where(leases.c.owner == owner, leases.c.wanted_by.is_not(None))
        with self.engine.connect() as conn:
            return {r[0] for r in conn.execute(query)}

    def release_lease(self, table_id: str, owner: str) -> None:
        """Give up one table (handed over): the process that wants it takes it at once."""
        with self.engine.begin() as conn:
            conn.execute(leases.delete().where(leases.c.table_id == table_id, leases.c.owner == owner))

    def release_leases(self, owner: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(leases.delete().where(leases.c.owner == owner))

    def queue(self, table_id: str, row: QueuedRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(queued).values(
                    table_id=table_id, seat=row.seat, action=row.action, msg_id=row.msg_id, at=time.time()
                )
            )

    def queued(self, table_id: str) -> list[QueuedRow]:
        query = select(queued).where(queued.c.table_id == table_id).order_by(queued.c.at)
        with self.engine.connect() as conn:
            return [
                QueuedRow(seat=r["seat"], action=r["action"], msg_id=r["msg_id"])
                for r in conn.execute(query).mappings()
            ]


# A move's statements, built once: building one per move (its clauses, coercions and cache key) cost more
# of the writer's CPU than SQLite's execution and commit together (docs/SCALING.md, "Cost of a move").
_HOLD_LEASE = (
    update(leases)
    .where(
        leases.c.table_id == bindparam("lease_table"),
        leases.c.owner == bindparam("lease_owner"),
        leases.c.expires >= bindparam("lease_now"),
    )
    .values(expires=bindparam("lease_until"))
)
_INSERT_EVENT = insert(events)
_DEQUEUE = queued.delete().where(queued.c.table_id == bindparam("q_table"), queued.c.seat == bindparam("q_seat"))
_OVER = update(tables).where(tables.c.id == bindparam("t_id")).values(status="over")
_SEAT_CLOCK = (
    update(seats)
    .where(seats.c.table_id == bindparam("c_table"), seats.c.seat == bindparam("c_seat"))
    .values(bank=bindparam("c_bank"), deadline=bindparam("c_deadline"))
)


def _hold_lease(conn: Connection, table_id: str, owner: str, seconds: float) -> None:
    now = time.time()
    held = conn.execute(
        _HOLD_LEASE, {"lease_table": table_id, "lease_owner": owner, "lease_now": now, "lease_until": now + seconds}
    )
    if held.rowcount != 1:
        raise LeaseLost(f"table {table_id} is served by another process now")


def _store_changes(conn: Connection, job: Append, owner: str, lease_seconds: float) -> None:
    """Everything of ``job`` but its event row: the lease held, the queue, the status and the clocks."""
    _hold_lease(conn, job.table_id, owner, lease_seconds)
    if job.dequeue:
        conn.execute(_DEQUEUE, {"q_table": job.table_id, "q_seat": job.event.seat})
    if job.over:
        conn.execute(_OVER, {"t_id": job.table_id})
    for seat, bank, deadline in job.clocks:
        conn.execute(_SEAT_CLOCK, {"c_table": job.table_id, "c_seat": seat, "c_bank": bank, "c_deadline": deadline})


def _store_append(conn: Connection, job: Append, owner: str, lease_seconds: float) -> None:
    _store_changes(conn, job, owner, lease_seconds)
    conn.execute(_INSERT_EVENT, _event_row(job.table_id, job.event))


def _event_row(table_id: str, ev: EventRow) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seq": ev.seq,
        "seat": ev.seat,
        "action": ev.action,
        "chance": ev.chance,
        "state_hash": ev.state_hash,
        "snapshot_form": ev.snapshot_form,
        "msg_id": ev.msg_id,
        "at": time.time(),
    }
