"""What one server process counts for Prometheus (served at ``GET /metrics`` by the web door).

Each hub has its own registry, not the library's global one, so that two servers built in one process (the
tests) never share or double-register counters. Labels are only game names, error codes and the door: a
table id, a seat, a token or anything a move contains never becomes a label.

Counters move on the hot path (a move, a refusal); what can be read off the hub's own state (tables
served, bot tasks) is read when scraped instead, so it costs nothing between scrapes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0)
"""Seconds: one SQLite commit under full sync takes about 4 ms (p99 8-15 ms) on the machines measured."""

TAKEOVER_BUCKETS = (0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 15.0, 30.0, 60.0)
"""Seconds: a live holder hands a table over within a third of the lease time, a dead one's lease runs out."""


class Metrics:
    """The counters, the commit-latency histogram and the gauges of one server process."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.moves = Counter(
            "cattable_moves",
            "Moves stored durably (people's, bots' and queued choices played), by game.",
            ["game"],
            registry=self.registry,
        )
        self.refusals = Counter(
            "cattable_refusals",
            "Messages and requests refused, by error code and door (websocket or http).",
            ["code", "door"],
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "cattable_move_commit_seconds",
            "Seconds from a move's event handed to the writer thread until its transaction committed.",
            buckets=COMMIT_BUCKETS,
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "cattable_rate_limited",
            "Requests, messages and sockets refused by a limit (tables, messages, sockets).",
            ["limit"],
            registry=self.registry,
        )
        self.lagging = Counter(
            "cattable_lagging_dropped",
            "Connections dropped because the client did not read its messages (a full send queue).",
            registry=self.registry,
        )
        self.draining = Gauge(
            "cattable_draining",
            "1 while the process shuts down (SIGTERM): it takes no new work.",
            registry=self.registry,
        )
        self.handovers = Counter(
            "cattable_lease_handovers",
            "Tables this process gave up because another process was sent them (the balancer's choice).",
            registry=self.registry,
        )
        self.takeover_seconds = Histogram(
            "cattable_lease_takeover_seconds",
            "Seconds a request waited for a table held by another process: handed over, or its lease ran out.",
            buckets=TAKEOVER_BUCKETS,
            registry=self.registry,
        )
        self.idle_let_go = Counter(
            "cattable_idle_tables_let_go",
            "Tables let go from memory after sitting idle (nobody watching, no bot, no clock); reloaded on demand.",
            registry=self.registry,
        )
        self.state_frames = Counter(
            "cattable_state_frames",
            "State messages sent to watchers, by kind: full (the whole view) or delta (a patch of the view).",
            ["kind"],
            registry=self.registry,
        )
        self.sockets = Gauge("cattable_open_sockets", "WebSocket connections open.", registry=self.registry)
        self._live = Gauge("cattable_live_tables", "Tables served whose game is not over.", registry=self.registry)
        self._leases = Gauge(
            "cattable_leases_held", "Tables this process serves under its lease.", registry=self.registry
        )
        self._bots = Gauge(
            "cattable_bot_tasks_running",
            "Tables whose bot is choosing a move now (in the worker pool or waiting for it).",
            registry=self.registry,
        )

        self._tasks = Gauge(
            "cattable_event_loop_tasks",
            "Tasks alive on the server's event loop (sockets, bots, timers): flat while the load is flat.",
            registry=self.registry,
        )
        self._tasks.set_function(_loop_tasks)

    def read_from(
        self, *, live_tables: Callable[[], int], leases: Callable[[], int], bots_running: Callable[[], int]
    ) -> None:
        """Where the gauges are read when scraped (the hub's own state)."""
        self._live.set_function(live_tables)
        self._leases.set_function(leases)
        self._bots.set_function(bots_running)


def _loop_tasks() -> int:
    """The running loop's live tasks (0 when scraped outside a loop, as a test may)."""
    try:
        return len(asyncio.all_tasks())
    except RuntimeError:
        return 0
