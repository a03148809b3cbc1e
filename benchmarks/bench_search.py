"""Search speed in every game: MCTS iterations per second and the time one ``mcts:hard`` move takes.

Run: .venv/bin/python benchmarks/bench_search.py [positions] [games...]   (goal: a hard move under 2 s)

Positions come from seeded heuristic games (every few moves, only where there is a real choice); each is
searched once at ``mcts:hard`` from a fresh bot. Times are this process's CPU seconds, which stay honest
when other work shares the machine; ``cap_hits`` counts moves stopped by the 1.8 s safety cap rather than
by the iteration budget (a cap hit means the level was not reproducible there).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.mcts import MCTSAgent
from cattable.core import State

OPTIONS: dict[str, dict[str, Any]] = {"attack": {"time_limit": 30}}
"""Cat Attack is searched in its timed form (the tournaments' form, see docs/BOTS.md)."""


def positions(name: str, count: int, players: int = 2) -> list[State]:
    """Mid-game positions with at least two legal moves, spread over several heuristic games."""
    game = cattable.game(name)
    out: list[State] = []
    seed = 0
    while len(out) < count and seed < 50:
        state = game.new(players=players, seed=seed, **OPTIONS.get(name, {}))
        bots = [make_agent("heuristic", game, seed=seed * 10 + s) for s in range(players)]
        step = 0
        while not state.is_over and len(out) < count:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if step % 7 == 3 and len(legal) > 1:
                out.append(state.clone())
            state.apply(bots[seat].choose_with(state.view(seat), legal, InfoSet(state, seat)))
            step += 1
        seed += 1
    return out


def measure(name: str, count: int, level: str = "hard") -> dict[str, Any]:
    game = cattable.game(name)
    times: list[float] = []
    rates: list[float] = []
    cap_hits = 0
    for i, state in enumerate(positions(name, count)):
        seat = state.current_player
        assert seat is not None
        bot = make_agent(f"mcts:{level}", game, seed=i)
        start = time.process_time()
        bot.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
        used = time.process_time() - start
        times.append(used)
        if isinstance(bot, MCTSAgent):
            rates.append(bot.last_iterations / max(used, 1e-9))
            budget = bot.budget  # the game's own level, where it sets one
            cap_hits += bot.last_iterations < budget.iterations and used >= budget.max_seconds * 0.95
    return {
        "game": name,
        "level": level,
        "positions": len(times),
        "iterations_per_second": round(statistics.median(rates)) if rates else None,
        "move_seconds_median": round(statistics.median(times), 3),
        "move_seconds_max": round(max(times), 3),
        "cap_hits": cap_hits,
    }


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    names = sys.argv[2:] or [n for n in cattable.game_names() if n != "tower"]
    for name in names:
        print(json.dumps(measure(name, count)), flush=True)


if __name__ == "__main__":
    main()
