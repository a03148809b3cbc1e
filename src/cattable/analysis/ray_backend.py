"""Run simulation chunks on Ray, for batches bigger than one machine: results stream back as they finish."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def run_chunks_on_ray(fn: Callable[[J], R], jobs: Sequence[J], workers: int, address: str | None) -> Iterator[R]:
    """Yield ``fn(job)`` for every job, computed by Ray tasks (in completion order).

    With no ``address`` a local Ray is started for the run with ``workers`` CPUs and shut down after;
    with one (``ray://host:port`` or ``auto``), the batch joins that cluster and leaves it running.
    """
    try:
        import ray
    except ModuleNotFoundError as exc:
        raise ValueError("the ray backend needs Ray: pip install 'cattable[ray]'") from exc
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = max(1, workers)
            kwargs["_node_ip_address"] = "127.0.0.1"  # a local run talks over loopback only
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        ray.init(**kwargs)
        started = True
    try:
        task = ray.remote(fn)
        pending = [task.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
