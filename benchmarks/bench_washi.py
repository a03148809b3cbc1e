"""Tokyo Washi Game: Cat -- random-playout throughput on one core, and where the time goes.

Run: .venv/bin/python benchmarks/bench_washi.py [seconds]   (goal: 100,000 actions/s or more, 2 players)
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import sys

import cattable
from cattable.analysis.throughput import random_playouts


def main(seconds: float = 5.0) -> None:
    game = cattable.game("washi")
    for players, options in ((2, {}), (2, {"map": "long"}), (4, {}), (6, {})):
        figures = random_playouts(game, players, seconds=seconds, seed=0, **options)
        row = figures.to_json()
        row["map"] = options.get("map", "default")
        row["actions_per_game"] = round(figures.actions / figures.games, 1)
        print(json.dumps(row))

    profile = cProfile.Profile()
    profile.enable()
    random_playouts(game, 2, seconds=min(seconds, 3.0), seed=1)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
    print(out.getvalue())


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
