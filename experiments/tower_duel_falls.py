"""Where walls fall in competitive duels of Cat and the Tower: by what kind of placement, at what height.

    .venv/bin/python experiments/tower_duel_falls.py [--agents mcts:hard,heuristic] [--games 20]
        [--seed 3000] [--workers 2] [--log FILE]
    .venv/bin/python experiments/tower_duel_falls.py --read experiments/logs/duel-falls-hard-heuristic.jsonl

Plays duels (seats swap from one seed to the next) and counts every placement: a storey (its walls and its
floor, counted once per floor) or a Feline Friend (a cat, a pet or a competitive move), by the tower's height
when it was made; how many of them brought walls down, and how many brought down the fifth wall (the
toppler loses the duel). It also counts the storeys each agent built. Why it exists: a duel is lost to a
collapse too rare for a bot's few trials to see, and this shows where it happens. On the saved
``logs/duel-falls-hard-heuristic.jsonl`` (20 duels against the heuristic: seeds 3000-3011 with the flat
search's mcts:hard, 3000-3007 with its trials settling 2 s), a storey brought down the fifth wall 9 times in
232 at 4-15 storeys and 8 in 39 at 16 or more, a Feline Friend 0 in 304 below 16 storeys and 3 in 49 above;
hard built 179 storeys to the heuristic's 156. A bot charging a card side these chances (a duel-hazard
prior) lost 12 of 15 duels (docs/BOTS.md, "Record of experiments"), so no bot uses them.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.progress import Progress

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.analysis.tournament import seating

BANDS = (0, 4, 8, 12, 16)
PLACEMENTS = {"Wall": "storey", "Floor": "storey", "Cat": "cat", "Pet": "cat", "Move": "cat"}


def duel(seed: int, agents: tuple[str, str]) -> dict[str, Any]:
    """One duel; a row per placement: agent, kind, storeys before it, walls on the table before, walls it felled."""
    names = [agents[side] for side in seating(2, seed)]  # the tournament's rotation, by seed
    game = cattable.game("tower")
    state = game.new(players=2, seed=seed, mode="competitive")
    bots = [make_agent(n, game, seed=seed * 7 + s) for s, n in enumerate(names)]
    rows = []
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        action = bots[seat].choose_with(view, state.legal_actions(), InfoSet(state, seat))
        debris = len(view["wall_debris"])
        state.apply(action)
        kind = PLACEMENTS.get(type(action).__name__)
        if kind:
            storeys = max(view["tower"]["reading"]["floor_levels"].values(), default=1)
            felled = len(state.view(seat)["wall_debris"]) - debris
            rows.append([names[seat], type(action).__name__, storeys, debris, felled])
    return {"seed": seed, "seats": names, "winners": list(state.result().winners), "placements": rows}


def band(storeys: int) -> int:
    return max(b for b in BANDS if storeys >= b)


def table(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts by kind and band: placements, with falls, fatal (the fifth wall); storeys built per agent."""
    made: Counter[tuple[str, int]] = Counter()
    fell: Counter[tuple[str, int]] = Counter()
    fatal: Counter[tuple[str, int]] = Counter()
    built: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for g in games:
        wins.update(g["seats"][w] for w in g["winners"])
        for agent, action, storeys, debris, felled in g["placements"]:
            key = (PLACEMENTS[action], band(storeys))
            if action != "Wall":  # a storey is counted once, at its floor
                made[key] += 1
            built[agent] += action == "Floor"
            fell[key] += felled > 0
            fatal[key] += debris + felled >= 5
    rows = [
        {"kind": k, "storeys": f"{b}+" if b == BANDS[-1] else f"{b}-{b + 3}", "made": made[(k, b)],
         "with_falls": fell[(k, b)], "fatal": fatal[(k, b)]}
        for k in ("storey", "cat") for b in BANDS
    ]  # fmt: skip
    return {"games": len(games), "wins": dict(wins), "storeys_built": dict(built), "by_height": rows}


def play(agents: str, seeds: range, workers: int, log: str) -> list[dict[str, Any]]:
    """Play the duels on ``workers`` processes, each appended to ``log`` (if given) as it ends."""
    a, b = agents.split(",")
    games = []
    with ProcessPoolExecutor(max(1, workers)) as pool, Progress() as bar:
        task = bar.add_task("duels", total=len(seeds))
        for g in pool.map(duel, seeds, [(a, b)] * len(seeds)):
            games.append(g)
            if log:
                with open(log, "a") as out:
                    out.write(json.dumps(g) + "\n")
            bar.advance(task)
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="mcts:hard,heuristic")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", default="", help="write each duel as a JSON line here")
    parser.add_argument("--read", default="", help="play nothing: count the duels saved in this log")
    args = parser.parse_args()
    if args.read:
        with open(args.read) as saved:
            games = [json.loads(line) for line in saved if line.strip()]
    else:
        games = play(args.agents, range(args.seed, args.seed + args.games), args.workers, args.log)
    report = table(games)
    print(json.dumps({k: v for k, v in report.items() if k != "by_height"}))
    for row in report["by_height"]:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
