"""Tokyo Washi Game: Cat -- random-playout throughput on one core, and where the time goes.

Run: .venv/bin/python benchmarks/bench_washi.py [seconds]   (goal: 100,000 actions/s or more, 2 players)

The first figures are wall-clock (``random_playouts``, the project's yardstick); the lines after them
count the same kind of playouts, for each table, against this process's CPU time, which stays honest when
other work shares the machine (the README's speed table quotes these). To compare two versions, run both
back to back on the same machine with this same script (``PYTHONPATH=<their src>``) and take the best of a
few runs.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import random
import sys
import time

import cattable
from cattable.analysis.throughput import random_playouts

TABLES: tuple[tuple[int, dict[str, str]], ...] = ((2, {}), (2, {"map": "long"}), (4, {}), (6, {}))


def cpu_time_playouts(game: cattable.Game, players: int, seconds: float, **options: str) -> dict[str, object]:
    """Random playouts through the public API, timed by this process's CPU clock."""
    rng = random.Random(0)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(players=players, seed=games, **options)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    used = time.process_time() - start
    return {
        "players": players,
        "map": options.get("map", "default"),
        "cpu_seconds": round(used, 3),
        "games": games,
        "actions": actions,
        "actions_per_cpu_second": round(actions / used, 1),
        "games_per_cpu_second": round(games / used, 2),
    }


def main(seconds: float = 5.0) -> None:
    game = cattable.game("washi")
    for players, options in TABLES:
        figures = random_playouts(game, players, seconds=seconds, seed=0, **options)
        row = figures.to_json()
        row["map"] = options.get("map", "default")
        row["actions_per_game"] = round(figures.actions / figures.games, 1)
        print(json.dumps(row))

    for players, options in TABLES:
        print(json.dumps(cpu_time_playouts(game, players, seconds, **options)))

    profile = cProfile.Profile()
    profile.enable()
    random_playouts(game, 2, seconds=min(seconds, 3.0), seed=1)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
    print(out.getvalue())


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
