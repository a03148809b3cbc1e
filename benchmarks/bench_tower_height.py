"""How the tower's bots spend a move as the tower grows: CPU seconds and physics trials, storey by storey.

    .venv/bin/python benchmarks/bench_tower_height.py [--seed 2031] [--actions 400]
        [--mode competitive|coop] [--players 2] [--steadiness normal]

Heuristic bots play a game (by default a competitive duel). At every decision with a real choice (goal
steps aside), a fresh ``mcts:hard`` bot is asked the same question from the same view, and both are timed
(CPU seconds of this process). The rows (one per decision: storeys, phase, seconds of each bot, the
search's trials and whether its time cap stopped it) are printed as JSON lines, then a summary by band of
four storeys.
Why it exists: the hard search's time cap is fixed while a physics trial grows dearer with every storey,
so this shows where the search stops out-thinking the (uncapped) heuristic.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from typing import Any

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.tower.search import SearchAgent


def measure(
    seed: int, actions: int, mode: str = "competitive", players: int = 2, steadiness: str = "normal"
) -> list[dict[str, Any]]:
    game = cattable.game("tower")
    state = game.new(players=players, seed=seed, mode=mode, steadiness=steadiness)
    bots = [make_agent("heuristic", game, seed=seed * 7 + s) for s in range(players)]
    rows: list[dict[str, Any]] = []
    for n in range(actions):
        seat = state.current_player
        if seat is None:
            break
        view, legal = state.view(seat), state.legal_actions()
        storeys = max(view["tower"]["reading"]["floor_levels"].values(), default=0)
        start = time.process_time()
        action = bots[seat].choose_with(view, legal, InfoSet(state, seat))
        heuristic = time.process_time() - start
        if len(legal) > 1 and view["phase"] != "goal":
            hard = make_agent("mcts:hard", game, seed=n)
            assert isinstance(hard, SearchAgent)
            start = time.process_time()
            hard.choose_with(view, legal, InfoSet(state, seat))
            row = {
                "action": n,
                "storeys": storeys,
                "phase": view["phase"],
                "heuristic_s": round(heuristic, 3),
                "hard_s": round(time.process_time() - start, 3),
                "hard_trials": hard.trials_run,
                "hard_capped": hard.timed_out,
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
        state.apply(action)
    return rows


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """By band of four storeys: placements' mean heuristic seconds and hard trials, every decision's hard
    seconds (mean and max) and how many the cap stopped."""
    bands: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        bands[r["storeys"] // 4 * 4].append(r)
    out = []
    for band, rs in sorted(bands.items()):
        place = [r for r in rs if r["phase"] == "place"] or rs
        out.append(
            {
                "storeys": f"{band}-{band + 3}",
                "decisions": len(rs),
                "heuristic_place_s_mean": round(sum(r["heuristic_s"] for r in place) / len(place), 2),
                "heuristic_place_s_max": max(r["heuristic_s"] for r in place),
                "hard_place_trials_mean": round(sum(r["hard_trials"] for r in place) / len(place), 1),
                "hard_s_mean": round(sum(r["hard_s"] for r in rs) / len(rs), 2),
                "hard_s_max": max(r["hard_s"] for r in rs),
                "hard_capped": sum(1 for r in rs if r["hard_capped"]),
            }
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2031)
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--mode", choices=("competitive", "coop"), default="competitive")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steadiness", default="normal")
    args = parser.parse_args()
    for band in summary(measure(args.seed, args.actions, args.mode, args.players, args.steadiness)):
        print(json.dumps({"summary": band}))


if __name__ == "__main__":
    main()
