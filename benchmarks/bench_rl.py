"""Learning interfaces' speed, side by side in one run (the anchors are measured here, not quoted).

Run: .venv/bin/python benchmarks/bench_rl.py [--quick] [--json]

1. Search: cattable's own MCTS (``mcts:iters=N``) against OpenSpiel's Python ``MCTSBot`` through the
   adapter (random rollouts, the same N simulations), on the same positions; simulations per CPU second
   and the ratio (goal: cattable 5x faster).
2. Environments: PettingZoo AEC steps per CPU second (random masked moves, observations of the acting agent
   each step) for each game, against PettingZoo's own classic connect_four_v3 in the same process.
"""

from __future__ import annotations

import json
import random
import sys
import time
import warnings
from typing import Any

import numpy as np

import cattable
from cattable.agents import InfoSet, make_agent
from cattable.agents.mcts import MCTSAgent
from cattable.core import State
from cattable.rl import env, register_openspiel

SEARCH_GAMES: dict[str, dict[str, Any]] = {"washi": {}, "cafe": {}, "attack": {"time_limit": 30}}
ENV_GAMES: dict[str, int] = {"cafe": 3, "washi": 2, "attack": 3}


def positions(name: str, count: int, options: dict[str, Any]) -> list[State]:
    """Seeded random positions with at least two legal moves."""
    out: list[State] = []
    rng = random.Random(1)
    seed = 0
    while len(out) < count:
        state = cattable.game(name).new(players=2, seed=seed, **options)
        for _ in range(rng.randrange(4, 40)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over and len(state.legal_actions()) > 1:
            out.append(state)
        seed += 1
    return out


def search(name: str, options: dict[str, Any], count: int, sims: int) -> dict[str, Any]:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from cattable.rl.openspiel import CattableSpielState

    register_openspiel()
    game = pyspiel.load_game(f"python_cattable_{name}", {"players": 2, **options})
    ours_sims = ours_time = plain_sims = plain_time = spiel_sims = spiel_time = 0.0
    for i, state in enumerate(positions(name, count, options)):
        seat = state.current_player
        assert seat is not None
        agent = make_agent(f"mcts:iters={sims}", state.game, seed=i)
        assert isinstance(agent, MCTSAgent)
        agent.stop_early = False
        t = time.process_time()
        agent.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
        ours_time += time.process_time() - t
        ours_sims += agent.last_iterations
        plain = make_agent(f"mcts:iters={sims}", state.game, seed=i)
        assert isinstance(plain, MCTSAgent)
        plain.stop_early, plain.evaluate, plain.depth = False, None, 10_000  # random rollouts to the end
        t = time.process_time()
        plain.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))
        plain_time += time.process_time() - t
        plain_sims += plain.last_iterations
        bot = mcts.MCTSBot(game, 1.4, sims, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)))
        sample = CattableSpielState(game, state.clone()).resample(seat, random.Random(i))
        t = time.process_time()
        bot.step(sample)
        spiel_time += time.process_time() - t
        spiel_sims += sims
    ours, same, theirs = ours_sims / ours_time, plain_sims / plain_time, spiel_sims / spiel_time
    return {
        "game": name,
        "positions": count,
        "simulations": sims,
        "cattable_per_s": round(ours, 1),
        "cattable_random_rollouts_per_s": round(same, 1),
        "openspiel_per_s": round(theirs, 1),
        "ratio": round(ours / theirs, 2),
        "ratio_same_rollouts": round(same / theirs, 2),
    }


def steps_per_second(make: Any, seconds: float) -> float:
    e = make()
    rng = np.random.default_rng(0)
    steps = 0
    start = time.process_time()
    episode = 0
    while time.process_time() - start < seconds:
        e.reset(seed=episode)
        episode += 1
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            del agent
    return steps / (time.process_time() - start)


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    warnings.simplefilter("ignore")
    from pettingzoo.classic import connect_four_v3

    seconds = 1.0 if quick else 3.0
    anchor = steps_per_second(connect_four_v3.env, seconds)
    envs = {
        name: round(steps_per_second(lambda n=name, p=p: env(n, players=p), seconds), 1)
        for name, p in ENV_GAMES.items()
    }
    out: dict[str, Any] = {
        "env_steps_per_s": {"connect_four_v3 (anchor)": round(anchor, 1), **envs},
        "env_ratio_to_connect_four": {k: round(v / anchor, 3) for k, v in envs.items()},
        "search": [search(n, o, 2 if quick else 5, 50 if quick else 200) for n, o in SEARCH_GAMES.items()],
    }
    if "--json" in argv:
        print(json.dumps(out, indent=2))
        return
    print("PettingZoo AEC steps/s (random masked moves):")
    for k, v in out["env_steps_per_s"].items():
        print(f"  {k:28s} {v:10.1f}")
    print("MCTS simulations per CPU second, same positions and budget (cattable as shipped: the game's")
    print("evaluator after a short rollout where it has one; 'same rollouts': random rollouts to the end,")
    print("as OpenSpiel's MCTSBot with RandomRolloutEvaluator plays them):")
    for row in out["search"]:
        print(
            f"  {row['game']:8s} cattable {row['cattable_per_s']:9.1f} ({row['ratio']:.2f}x)"
            f"  same rollouts {row['cattable_random_rollouts_per_s']:9.1f} ({row['ratio_same_rollouts']:.2f}x)"
            f"  OpenSpiel {row['openspiel_per_s']:9.1f}  ({row['positions']} positions, {row['simulations']} sims)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
