"""How `cattable simulate` scales over workers on this machine: games/s at 1 and 2 workers, on the process
pool and on Ray, and the parallel efficiency (games/s at w workers over w times games/s at 1).

.venv/bin/python experiments/scaling.py --games 1000 [--game cafe --players 3] [--json experiments/logs/scaling.json]

Ray is started before the clock (with as many CPUs as workers) and warmed with a small batch, so its
figure is the steady rate of a running cluster, not its start-up; the process pool's start-up is counted
(it is what a user waits for). Every run plays the same seeds and the results are checked identical.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

from cattable.analysis.simulate import GameSummary, simulate


def timed(game: str, games: int, players: int, workers: int, backend: str) -> tuple[float, list[GameSummary]]:
    start = time.perf_counter()
    results = simulate(game, games, players, workers=workers, backend=backend)
    return time.perf_counter() - start, results


def on_ray(game: str, games: int, players: int, workers: int) -> tuple[float, list[GameSummary]]:
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1")
    try:
        simulate(game, 4 * workers, players, workers=workers, backend="ray")  # warm the workers
        return timed(game, games, players, workers, "ray")
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cafe")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", default="1,2", help="worker counts to measure")
    parser.add_argument("--json", default=None, help="also save the figures here")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    load_before = os.getloadavg()
    rows: list[dict[str, Any]] = []
    reference: list[GameSummary] | None = None
    for backend in ("processes", "ray"):
        base = None
        for w in counts:
            if backend == "ray":
                seconds, results = on_ray(args.game, args.games, args.players, w)
            else:
                seconds, results = timed(args.game, args.games, args.players, w, backend)
            if reference is None:
                reference = results
            elif results != reference:
                raise SystemExit(f"{backend} with {w} workers played different games: a reproducibility bug")
            rate = args.games / seconds
            base = base or rate / w
            rows.append(
                {
                    "backend": backend,
                    "workers": w,
                    "seconds": round(seconds, 2),
                    "games_per_second": round(rate, 1),
                    "efficiency": round(rate / (w * base), 3),
                }
            )
            print(f"{backend:9} {w} worker(s): {rate:7.1f} games/s, efficiency {rows[-1]['efficiency']:.2f}")
    out = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "cpus": os.cpu_count(),
        "machine": platform.platform(),
        "identical": True,
        "load_average": {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]},
        "note": "a shared machine: other jobs' load (above) takes cores from the runs; compare within one run",
        "runs": rows,
    }
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
