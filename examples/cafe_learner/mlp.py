"""A small masked-softmax MLP policy in numpy: forward, the gradient of log-probabilities, Adam, save/load.

``logits = W2 @ tanh(W1 @ x + b1) + b2``; illegal actions are masked out before the softmax.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]
NAMES = ("w1", "b1", "w2", "b2")


def init(inputs: int, hidden: int, outputs: int, rng: np.random.Generator) -> dict[str, Array]:
    return {
        "w1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": rng.normal(0, 0.01, (hidden, outputs)).astype(np.float32),
        "b2": np.zeros(outputs, np.float32),
    }


def forward(p: dict[str, Array], x: Array, mask: Array) -> tuple[Array, Array]:
    """Rows of ``x`` (n, inputs) and ``mask`` (n, outputs) -> (hidden activations, action probabilities)."""
    h = np.tanh(x @ p["w1"] + p["b1"])
    logits = h @ p["w2"] + p["b2"]
    logits = np.where(mask > 0, logits, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits) * (mask > 0)
    return h, e / e.sum(axis=1, keepdims=True)


def grad_logp(p: dict[str, Array], x: Array, mask: Array, actions: Array, weights: Array) -> dict[str, Array]:
    """The gradient of ``sum_i weights[i] * log pi(actions[i] | x[i])`` (ascend it)."""
    h, probs = forward(p, x, mask)
    d = -probs * weights[:, None]
    d[np.arange(len(actions)), actions] += weights
    dh = (d @ p["w2"].T) * (1 - h * h)
    return {"w1": x.T @ dh, "b1": dh.sum(0), "w2": h.T @ d, "b2": d.sum(0)}


class Adam:
    """Adam ascending a gradient."""

    def __init__(self, params: dict[str, Array], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9**self.t)
            vhat = self.v[k] / (1 - 0.999**self.t)
            params[k] += (self.lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)


def save(path: str | Path, p: dict[str, Array]) -> None:
    arrays: dict[str, Any] = {k: p[k].astype(np.float16) for k in NAMES}
    np.savez_compressed(path, **arrays)


def load(path: str | Path) -> dict[str, Array]:
    with np.load(path) as f:
        return {k: f[k].astype(np.float32) for k in NAMES}
