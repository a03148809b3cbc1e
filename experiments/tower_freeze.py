"""What holding the lower storeys still buys the tower's search, and what it costs in judgement.

    .venv/bin/python experiments/tower_freeze.py [--seed 2031] [--from-storey 10] [--candidates 4]

Two heuristic bots play a competitive duel. At each placement from ``--from-storey`` storeys up (two per
height), a few candidate placements are tried the way the search bot tries them, each with a still hand and
two shaky ones: once on the whole tower, once on the world of a search bot with ``live_storeys`` set
(``SearchAgent._base``: the storeys more than ``LIVE_STOREYS`` below the top held still; an experiment, off
by default, since it did not win more duels). Printed: CPU milliseconds per trial on each, the mean
gap between the two scores, how often both pick the same best candidate, and how often a fall (a score
under -50) is seen on one and not the other.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.budget import LEVELS
from cattable.agents.tower.search import LIVE_STOREYS, SearchAgent, _level_of
from cattable.games.tower import placing
from cattable.games.tower.actions import Skip
from cattable.games.tower.table import world_of


def measure(seed: int, from_storey: int, candidates: int) -> dict[str, Any]:
    game = cattable.game("tower")
    state = game.new(players=2, seed=seed, mode="competitive")
    players = [make_agent("heuristic", game, seed=seed * 7 + s) for s in range(2)]
    bot = SearchAgent(seed, LEVELS["hard"], "mcts:hard", live_storeys=LIVE_STOREYS)
    rng = random.Random(seed)
    per_height: dict[int, int] = {}
    spent = [0.0, 0.0]  # CPU seconds of trials on the whole world, on the held one
    gap = 0.0
    trials = agree = decisions = mismatched = 0
    while (seat := state.current_player) is not None:
        view, legal = state.view(seat), state.legal_actions()
        storeys = max(view["tower"]["reading"]["floor_levels"].values(), default=0)
        tries = [a for a in legal if not isinstance(a, Skip)]
        if view["phase"] == "place" and storeys >= from_storey and len(tries) > 1 and per_height.get(storeys, 0) < 2:
            per_height[storeys] = per_height.get(storeys, 0) + 1
            tries = rng.sample(tries, min(candidates, len(tries)))
            whole = world_of(view["tower"])
            held = bot._base(view, min(_level_of(view, a) for a in tries))
            hands = [placing.STILL, bot._noise(view), bot._noise(view)]
            totals: list[list[float]] = [[], []]
            for a in tries:
                scores = [0.0, 0.0]
                for hand in hands:
                    for k, world in enumerate((whole, held)):
                        start = time.process_time()
                        scores[k] += bot._try(world, view, a, hand) / len(hands)
                        spent[k] += time.process_time() - start
                    trials += 1
                for k in range(2):
                    totals[k].append(scores[k])
                gap += abs(scores[0] - scores[1])
                mismatched += (scores[0] < -50) != (scores[1] < -50)
            decisions += 1
            agree += totals[0].index(max(totals[0])) == totals[1].index(max(totals[1]))
            row = {"storeys": storeys, "whole": [round(v, 1) for v in totals[0]]}
            row["held"] = [round(v, 1) for v in totals[1]]
            print(json.dumps(row), flush=True)
        state.apply(players[seat].choose_with(view, legal, InfoSet(state, seat)))
    return {
        "live_storeys": LIVE_STOREYS,
        "decisions": decisions,
        "trials": trials,
        "whole_ms_per_trial": round(1000 * spent[0] / max(1, trials), 1),
        "held_ms_per_trial": round(1000 * spent[1] / max(1, trials), 1),
        "speedup": round(spent[0] / spent[1], 2) if spent[1] else None,
        "mean_score_gap": round(gap / max(1, decisions * candidates), 2),
        "same_best": f"{agree}/{decisions}",
        "fall_seen_on_one_only": f"{mismatched}/{decisions * candidates}",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2031)
    parser.add_argument("--from-storey", type=int, default=10)
    parser.add_argument("--candidates", type=int, default=4)
    args = parser.parse_args()
    print(json.dumps({"summary": measure(args.seed, args.from_storey, args.candidates)}))


if __name__ == "__main__":
    main()
