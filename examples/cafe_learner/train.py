"""Train a Cat Cafe policy that plays the heuristic bot, numpy only, and draw its learning curve.

1. Imitation: the heuristic plays itself (``cattable.analysis.simulate``); its moves become learning rows
   (``cattable.analysis.export``, what ``cattable simulate --export`` writes) and a small MLP learns to
   pick the same action (cross-entropy, Adam).
2. REINFORCE with the score reward against the heuristic (``cattable.rl.gym_env(..., reward="score")``),
   in both seats, a batch of episodes per step, each episode's score minus the batch's mean as its
   advantage.

Every ``--eval-every`` episodes the greedy policy plays ``--eval-games`` fixed games against the
heuristic (half in each seat, seeds apart from training's). Writes ``policy.npz``, ``curve.json`` and
``learning_curve.png`` beside this file.

Run from the repository's root:  python -m examples.cafe_learner.train   (about 3 CPU minutes)
                                 python -m examples.cafe_learner.train --quick   (seconds: a smoke run)
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from cattable.analysis.export import export_rows
from cattable.analysis.simulate import simulate
from cattable.rl import gym_env
from cattable.rl.encodings import encoding
from cattable.rl.rewards import rewards_of

from . import mlp

HERE = Path(__file__).parent
EVAL_SEED = 900_000
Array = np.ndarray[Any, Any]


def teacher_rows(games: int, seed: int = 500_000) -> tuple[Array, Array, Array]:
    """The heuristic's own moves in ``games`` two-player games, as (observation, mask, action) rows."""
    results = simulate("cafe", games, 2, ["heuristic"], seed=seed, with_actions=True)
    enc = encoding("cafe", 2, {})
    rows = export_rows("cafe", 2, {}, results, enc, lambda s: rewards_of(s, "score"))
    return rows["observation"], rows["mask"], rows["action"].astype(np.int64)


def imitate(p: dict[str, Array], x: Array, m: Array, a: Array, epochs: int, rng: np.random.Generator) -> float:
    """Cross-entropy steps towards the teacher's moves; returns the share of held-out moves matched."""
    held = rng.random(len(a)) < 0.1
    opt = mlp.Adam(p, lr=2e-3)
    train = np.flatnonzero(~held)
    for _ in range(epochs):
        rng.shuffle(train)
        for i in range(0, len(train), 256):
            b = train[i : i + 256]
            g = mlp.grad_logp(p, x[b], m[b], a[b], np.full(len(b), 1 / len(b), np.float32))
            opt.step(p, g)
    _, probs = mlp.forward(p, x[held], m[held])
    return float((probs.argmax(1) == a[held]).mean())


def play(p: dict[str, Array], env: Any, seed: int, rng: np.random.Generator | None) -> tuple[Any, ...]:
    """One game; ``rng`` None plays greedily. Returns the learner's (x, mask, actions), its score, won."""
    obs, _ = env.reset(seed=seed)
    xs, ms, acts = [], [], []
    done, reward = False, 0.0
    while not done:
        x, m = obs["observation"], obs["action_mask"]
        _, probs = mlp.forward(p, x[None, :], m[None, :])
        a = int(np.argmax(probs[0])) if rng is None else int(rng.choice(len(m), p=probs[0]))
        xs.append(x)
        ms.append(m)
        acts.append(a)
        obs, reward, done, truncated, _ = env.step(a)
        done = done or truncated
    state = env.state
    won = env.seat in state.result().winners
    return np.array(xs), np.array(ms), np.array(acts), float(reward), bool(won), max(state.result().scores)


def evaluate(p: dict[str, Array], envs: list[Any], games: int) -> dict[str, float]:
    """The greedy policy against the heuristic: win rate (Wilson 95%) and mean score, over fixed seeds."""
    wins, scores = 0, []
    for k in range(games):
        _, _, _, score, won, _ = play(p, envs[k % 2], EVAL_SEED + k // 2, None)
        wins += won
        scores.append(score)
    return {"games": games, "win_rate": wins / games, **_wilson(wins, games), "score": float(np.mean(scores))}


def _wilson(wins: float, n: int, z: float = 1.96) -> dict[str, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"low": max(0.0, centre - half), "high": min(1.0, centre + half)}


def train(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed)
    envs = [gym_env("cafe", seat=s, opponents="heuristic", players=2, reward="score") for s in (0, 1)]
    size = envs[0].observation_space["observation"].shape[0]
    p = mlp.init(size, args.hidden, envs[0].action_space.n, rng)
    start = time.process_time()
    curve: list[dict[str, Any]] = [{"episodes": 0, "stage": "untrained", **evaluate(p, envs, args.eval_games)}]
    print(f"untrained: {curve[-1]['win_rate']:.0%} against the heuristic", flush=True)
    x, m, a = teacher_rows(args.teacher_games)
    accuracy = imitate(p, x, m, a, args.epochs, rng)
    curve.append({"episodes": 0, "stage": "imitation", "accuracy": accuracy, **evaluate(p, envs, args.eval_games)})
    print(f"imitation ({len(a):,} rows): matches {accuracy:.0%} of held-out moves, "
          f"wins {curve[-1]['win_rate']:.0%}", flush=True)  # fmt: skip
    opt = mlp.Adam(p, lr=args.lr)
    episode, recent = 0, []
    while episode < args.episodes:
        batch = [play(p, envs[(episode + i) % 2], episode + i, rng) for i in range(args.batch)]
        episode += args.batch
        scores = np.array([b[3] for b in batch])
        advantage = (scores - scores.mean()) / (scores.std() + 1e-6)
        xs = np.concatenate([b[0] for b in batch])
        ms = np.concatenate([b[1] for b in batch])
        acts = np.concatenate([b[2] for b in batch])
        w = np.concatenate(
            [np.full(len(b[2]), adv / len(xs), np.float32) for b, adv in zip(batch, advantage, strict=True)]
        )
        opt.step(p, mlp.grad_logp(p, xs, ms, acts, w))
        recent += [b[4] for b in batch]
        if episode % args.eval_every == 0 or episode >= args.episodes:
            point = {"episodes": episode, "stage": "reinforce", "sampled_win_rate": float(np.mean(recent))}
            point.update(evaluate(p, envs, args.eval_games))
            curve.append(point)
            recent = []
            print(f"{episode:5d} episodes: greedy wins {point['win_rate']:.0%} "
                  f"[{point['low']:.0%}-{point['high']:.0%}], score {point['score']:.1f}", flush=True)  # fmt: skip
    best = max(curve, key=lambda c: (c["win_rate"], c["episodes"]))
    return {"params": p, "curve": curve, "cpu_seconds": time.process_time() - start, "best": best}


def plot(run: dict[str, Any], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = [c for c in run["curve"] if c["stage"] == "reinforce"]
    start = [c for c in run["curve"] if c["stage"] != "reinforce"]
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4))
    xs = [c["episodes"] for c in curve]
    ax.plot(xs, [100 * c["win_rate"] for c in curve], "o-", color="#4c78a8", label="greedy policy (eval games)")
    ax.fill_between(xs, [100 * c["low"] for c in curve], [100 * c["high"] for c in curve], color="#4c78a8",
                    alpha=0.2, label="95% Wilson interval")  # fmt: skip
    ax.plot(xs, [100 * c["sampled_win_rate"] for c in curve], ".", color="#f58518", label="sampled (training games)")
    for c, mark in zip(start, ("x", "s"), strict=False):
        ax.plot([0], [100 * c["win_rate"]], mark, color="k", label=f"{c['stage']}: {100 * c['win_rate']:.0f}%")
    ax.axhline(50, color="#888", ls="--", lw=1, label="even with the heuristic")
    ax.set_xlabel("REINFORCE episodes against the heuristic (after imitation)")
    ax.set_ylabel(f"games won against the heuristic (%), {curve[0]['games'] if curve else 0} per point")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8)
    ax.set_title("Cat Cafe, 2 players: the learner against the heuristic", fontsize=10)
    bx.plot(xs, [c["score"] for c in curve], "o-", color="#54a24b")
    bx.set_xlabel("REINFORCE episodes")
    bx.set_ylabel("the learner's mean score (points)")
    bx.set_title("the score reward", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teacher-games", type=int, default=400, help="heuristic games to imitate")
    ap.add_argument("--epochs", type=int, default=12, help="passes over the imitation rows")
    ap.add_argument("--episodes", type=int, default=2400, help="REINFORCE episodes against the heuristic")
    ap.add_argument("--batch", type=int, default=24, help="episodes per REINFORCE step")
    ap.add_argument("--lr", type=float, default=3e-4, help="REINFORCE's Adam step")
    ap.add_argument("--hidden", type=int, default=128, help="hidden units")
    ap.add_argument("--eval-every", type=int, default=240, help="episodes between evaluations")
    ap.add_argument("--eval-games", type=int, default=100, help="games per evaluation (half in each seat)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=HERE, help="the folder for policy.npz, curve.json, the plot")
    ap.add_argument("--quick", action="store_true", help="a smoke run of a few seconds (tests)")
    args = ap.parse_args(argv)
    if args.quick:
        args.teacher_games, args.epochs, args.episodes, args.batch = 20, 3, 16, 8
        args.eval_every, args.eval_games, args.hidden = 8, 10, 32
    run = train(args)
    args.out.mkdir(parents=True, exist_ok=True)
    mlp.save(args.out / "policy.npz", run["params"])
    summary = {k: v for k, v in run.items() if k != "params"}
    summary["settings"] = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    (args.out / "curve.json").write_text(json.dumps(summary, indent=1))
    plot(run, args.out / "learning_curve.png")
    print(f"{run['cpu_seconds']:.0f} CPU s; saved {args.out / 'policy.npz'}, curve.json, learning_curve.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
