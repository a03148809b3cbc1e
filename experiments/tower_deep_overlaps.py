"""Where did two pieces end up more than 1 mm inside each other (issue #31)? For games that
``experiments/tower_safety.py`` reports with ``over_1mm`` in its ``--log``, each such physics event: the pair,
the depth, whether both pieces are debris, and whether both are still on the table once the action is over
(the debris rules take fallen pieces off the table at the end of the event that felled them).

    MUJOCO_GL=egl PYTHONPATH=src .venv/bin/python experiments/tower_deep_overlaps.py SEED STEADINESS/EDITION/MODE ...
    MUJOCO_GL=egl PYTHONPATH=src .venv/bin/python experiments/tower_deep_overlaps.py --log games.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import cattable
from cattable.agents import make_agent
from cattable.games.tower import table as tower_table
from cattable.games.tower.physics import TowerWorld
from cattable.games.tower.physics.reading import deepest_overlap

Found = tuple[float, str, str, bool]


def watch(found: list[Found]) -> None:
    simulate: Callable[..., Any] = tower_table.Table.simulate

    def watched(self: tower_table.Table, step: Callable[[TowerWorld], object]) -> dict[str, Any]:
        out: dict[str, Any] = simulate(self, step)
        assert self.world is not None
        depth, a, b = deepest_overlap(self.world)
        if depth > 0.001:
            debris = set(out["reading"]["debris"])
            found.append((depth * 1000, a, b, a in debris and b in debris))
        return out

    setattr(tower_table.Table, "simulate", watched)  # noqa: B010 (a wrapper of the same signature)


def replay_game(seed: int, combo: str, found: list[Found], players: int = 3) -> list[str]:
    """Play the game as tower_safety plays it and tell each event over 1 mm."""
    level, edition, mode = combo.split("/")
    game = cattable.game("tower")
    agents = [make_agent("random", game, seed=seed * 101 + s) for s in range(players)]
    state: Any = game.new(players=players, seed=seed, steadiness=level, edition=edition, mode=mode)
    lines: list[str] = []
    while state.current_player is not None:
        before = len(found)
        state.apply(agents[state.current_player].choose({}, state.legal_actions()))
        for depth, a, b, debris in found[before:]:
            pieces = state.table.outcome["pieces"]
            left = a in pieces and (b in pieces or b == "table")
            lines.append(
                f"seed {seed} {combo}, action {len(state.history)}: {a} in {b} {depth:.3f} mm; both debris: "
                f"{debris}; both still on the table after the action: {left}"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="SEED COMBO pairs")
    parser.add_argument("--log", help="tower_safety's --log: every game with over_1mm > 0")
    args = parser.parse_args()
    jobs = [(int(args.games[i]), args.games[i + 1]) for i in range(0, len(args.games) - 1, 2)]
    if args.log:
        with open(args.log, encoding="utf-8") as log:
            for line in log:
                game = json.loads(line)
                if game.get("over_1mm", 0) > 0:
                    jobs.append((int(game["seed"]), str(game["combo"])))
    found: list[Found] = []
    watch(found)
    for seed, combo in jobs:
        for line in replay_game(seed, combo, found):
            print(line)


if __name__ == "__main__":
    main()
