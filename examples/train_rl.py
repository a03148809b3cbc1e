"""A tiny learner on cattable's Gymnasium environment, numpy only: REINFORCE with a linear softmax policy
over the masked actions, Cat Cafe for two against a random bot.

Run: .venv/bin/python examples/train_rl.py [episodes]   (prints the win rate before and after)
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from cattable.rl import gym_env


def make_env() -> Any:
    return gym_env("cafe", players=2, opponents="random")


def act(w: np.ndarray[Any, Any], obs: dict[str, Any], rng: np.random.Generator) -> tuple[int, np.ndarray[Any, Any]]:
    """An action drawn from the policy, and the gradient of its log-probability with respect to ``w``."""
    x, legal = obs["observation"], np.flatnonzero(obs["action_mask"])
    logits = w[legal] @ x
    p = np.exp(logits - logits.max())
    p /= p.sum()
    k = int(rng.choice(len(legal), p=p))
    grad = np.zeros_like(w)
    grad[legal] = -np.outer(p, x)
    grad[legal[k]] += x
    return int(legal[k]), grad


def win_rate(w: np.ndarray[Any, Any], episodes: int, seed: int) -> float:
    env, rng, wins = make_env(), np.random.default_rng(seed), 0
    for e in range(episodes):
        obs, _ = env.reset(seed=seed * 100_000 + e)
        done, reward = False, 0.0
        while not done:
            a, _ = act(w, obs, rng)
            obs, reward, done, _, _ = env.step(a)
        wins += reward > 0
    return wins / episodes


def train(episodes: int, seed: int = 0, lr: float = 0.05) -> np.ndarray[Any, Any]:
    env, rng = make_env(), np.random.default_rng(seed)
    w = np.zeros((env.action_space.n, env.observation_space["observation"].shape[0]))
    baseline = 0.0
    for e in range(episodes):
        obs, _ = env.reset(seed=e)
        grads, done, reward = [], False, 0.0
        while not done:
            a, g = act(w, obs, rng)
            grads.append(g)
            obs, reward, done, _, _ = env.step(a)
        w += lr * (reward - baseline) * np.sum(grads, axis=0)
        baseline += 0.05 * (reward - baseline)
    return w


def main(argv: list[str]) -> None:
    episodes = int(argv[0]) if argv else 300
    env = make_env()
    untrained = np.zeros((env.action_space.n, env.observation_space["observation"].shape[0]))
    print(f"random policy wins {win_rate(untrained, 200, 1):.0%}")
    w = train(episodes)
    print(f"after {episodes} episodes: wins {win_rate(w, 200, 1):.0%}")


if __name__ == "__main__":
    main(sys.argv[1:])
