"""Plot `cattable simulate ... --json` summaries that differ in one option, side by side.

cattable simulate tower --games 16 --players 3 --option steadiness=steady --json > steady.json  (etc.)
.venv/bin/python experiments/plot_sweep.py steadiness steady.json normal.json shaky.json --out levels.png
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cattable.analysis.plots import plot_sweep
from cattable.analysis.simulate import merge_summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("option")
    parser.add_argument("summaries", nargs="+")
    parser.add_argument("--out", required=True)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    summaries = [
        merge_summaries([json.loads(Path(p).read_text(encoding="utf-8")) for p in group.split("+")])
        for group in args.summaries
    ]
    if args.json:
        print(json.dumps(summaries, indent=1))
    print(plot_sweep(summaries, args.option, args.out))


if __name__ == "__main__":
    main()
