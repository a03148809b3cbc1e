"""The Cat Cafe learner (examples/cafe_learner): its saved policy plays through the policy adapter, and a
smoke run of its training writes the policy, the curve and the plot."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from examples.cafe_learner import mlp, train
from examples.cafe_learner.policy import WEIGHTS, greedy

from cattable.analysis.tournament import run_tournament, summarise
from cattable.rl import gym_env

AGENT = "examples.cafe_learner.policy:agent"


def test_the_saved_policy_is_small_and_picks_legal_moves() -> None:
    assert WEIGHTS.stat().st_size < 300_000
    env = gym_env("cafe", opponents="random", players=2)
    obs, _ = env.reset(seed=3)
    for _ in range(30):
        a = greedy(obs["observation"], obs["action_mask"])
        assert obs["action_mask"][a] == 1
        obs, _, done, _, _ = env.step(a)
        if done:
            break


def test_the_saved_policy_beats_random_and_holds_its_own_against_the_heuristic() -> None:
    agents = [AGENT, "random", "heuristic"]
    matches = run_tournament("cafe", agents, 20, 2, seed=700)
    summary = summarise("cafe", agents, 2, matches, seed=700)
    assert summary["matrix"][0][1]["win_rate"] >= 0.9  # random: never close
    assert summary["matrix"][0][2]["win_rate"] >= 0.15  # the heuristic: see the README for the measured rate


def test_a_smoke_run_writes_the_policy_the_curve_and_the_plot(tmp_path: Path) -> None:
    assert train.main(["--quick", "--out", str(tmp_path)]) == 0
    curve = json.loads((tmp_path / "curve.json").read_text())
    assert [c["stage"] for c in curve["curve"][:2]] == ["untrained", "imitation"]
    assert curve["curve"][1]["accuracy"] > 0.2  # imitation learned something of the heuristic's moves
    assert (tmp_path / "learning_curve.png").stat().st_size > 10_000
    p = mlp.load(tmp_path / "policy.npz")
    _, probs = mlp.forward(p, np.zeros((1, p["w1"].shape[0]), np.float32), np.eye(157, dtype=np.int8)[[5]])
    assert probs[0, 5] == 1.0  # masked: all the probability on the one legal action
