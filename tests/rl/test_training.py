"""The example learner (examples/train_rl.py) beats a random policy after a short training."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_rl.py"


@pytest.mark.slow
def test_reinforce_improves_over_random() -> None:
    spec = importlib.util.spec_from_file_location("train_rl", EXAMPLE)
    assert spec is not None and spec.loader is not None
    train_rl = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train_rl)
    env = train_rl.make_env()
    zero = np.zeros((env.action_space.n, env.observation_space["observation"].shape[0]))
    before = train_rl.win_rate(zero, 80, 7)
    after = train_rl.win_rate(train_rl.train(120), 80, 7)
    assert after >= before + 0.15, (before, after)
