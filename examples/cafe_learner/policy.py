"""The trained Cat Cafe policy (``policy.npz`` beside this file), seatable by ``module:attribute``:

    cattable tournament cafe --agents examples.cafe_learner.policy:agent,heuristic --games 200

``greedy`` plays the most probable legal action; ``agent`` is it wrapped by ``cattable.rl.policy_agent``.
The weights are read on the first move (importing this module costs nothing).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from cattable.rl import policy_agent

from . import mlp

WEIGHTS = Path(__file__).with_name("policy.npz")


@cache
def weights(path: str = str(WEIGHTS)) -> dict[str, Any]:
    return mlp.load(path)


def greedy(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
    """The legal action the policy rates highest."""
    _, probs = mlp.forward(weights(), observation[None, :], mask[None, :])
    return int(np.argmax(probs[0]))


agent = policy_agent(greedy)
