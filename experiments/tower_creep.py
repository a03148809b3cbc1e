"""How far a standing tower creeps when the solver may not put it to sleep: a fidelity check, by height.

    .venv/bin/python experiments/tower_creep.py [--seconds 3]

The towers are those of a heuristic competitive duel (seed 2031) at 6 to 21 storeys
(``experiments/data/duel-2031-towers.json``). Each is restored into two worlds, one with sleeping on (as the
rules play) and one with it off, and both are run for ``--seconds``; printed per height: the largest
displacement of any piece (mm) and the walls that fell, in each. Why it exists: a tall tower at rest is
held still by sleeping, and every placement wakes it, so how far it creeps awake bounds how much of a late
collapse is the solver's rather than the cardboard's.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from cattable.games.tower.physics import TowerWorld

TOWERS = Path(__file__).parent / "data" / "duel-2031-towers.json"


def measure(seconds: float) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for storeys, tower in json.loads(TOWERS.read_text())["towers"].items():
        row: dict[str, object] = {"storeys": int(storeys)}
        for sleep in (True, False):
            world = TowerWorld({"solver": {"sleep": sleep}})
            world.restore(tower["pieces"], tower["poses"])
            world.hold(seconds)
            key = "asleep" if sleep else "awake"
            row[f"{key}_moved_mm"] = round(max(world.moved.values()), 2)
            row[f"{key}_walls_fallen"] = sum(1 for p in world.read(fresh=True).debris if p.startswith("W-"))
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    measure(parser.parse_args().seconds)


if __name__ == "__main__":
    main()
