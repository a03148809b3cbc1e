"""Cat Cafe random-playout throughput on one core, and where the time goes.

    .venv/bin/python benchmarks/bench_cafe.py [--players 3] [--seconds 10] [--profile-games 300]

Prints actions/s and games/s from ``cattable.analysis.throughput.random_playouts`` (the public API: the
same loop ``cattable bench`` runs), then a cProfile summary of a batch of the same playouts.
"""

from __future__ import annotations

import argparse
import json

import cattable
from cattable.analysis.throughput import profile_playouts, random_playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--profile-seconds", type=float, default=3.0)
    args = parser.parse_args()

    game = cattable.game("cafe")
    random_playouts(game, args.players, seconds=1.0)  # warm up
    result = random_playouts(game, args.players, seconds=args.seconds)
    print(json.dumps(result.to_json()))
    print(f"{result.actions / result.games:.1f} actions per game")

    print(profile_playouts(game, args.players, seconds=args.profile_seconds, top=14))


if __name__ == "__main__":
    main()
