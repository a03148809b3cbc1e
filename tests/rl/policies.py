"""Small policies for the tests: plain functions over the observation vector and the action mask, as a
learned policy is, entered into cattable's runners by ``module:attribute``."""

from __future__ import annotations

from typing import Any

import numpy as np

from cattable.rl import policy_agent

calls = {"first_legal": 0}
"""How often ``first_legal`` was asked (in this process), so a test can tell the policy really played."""


def first_legal(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
    """The legal action with the lowest index."""
    assert observation.dtype == np.float32 and mask.dtype == np.int8 and mask.any()
    calls["first_legal"] += 1
    return int(np.flatnonzero(mask)[0])


def last_legal(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
    """The legal action with the highest index."""
    return int(np.flatnonzero(mask)[-1])


def out_of_mask(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
    """A broken policy: always an index the mask forbids."""
    return int(np.flatnonzero(mask == 0)[0])


first = policy_agent(first_legal)
last = policy_agent(last_legal)
broken = policy_agent(out_of_mask)
