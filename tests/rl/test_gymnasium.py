"""Gymnasium's ``check_env`` on every game, with bots in the other seats; illegal actions change nothing."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cattable.rl import gym_env


@pytest.mark.parametrize(
    ("name", "players", "opponents"),
    [("cafe", 3, "heuristic"), ("washi", 2, "random"), ("attack", 3, "heuristic,random")],
)
def test_check_env(name: str, players: int, opponents: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no registered spec, so no render-mode round trip
        check_env(gym_env(name, players=players, opponents=opponents))


def test_a_whole_episode_ends_with_the_seats_result() -> None:
    e = gym_env("washi", seat=1, opponents="random", players=2)
    obs, _ = e.reset(seed=4)
    done, reward, info = False, 0.0, {}
    steps = 0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, truncated, info = e.step(action)
        assert not truncated
        steps += 1
    result = info["result"]
    assert reward == (1.0 if 1 in result["winners"] else -1.0 if result["winners"] else 0.0)
    assert steps > 3


def test_an_illegal_action_loses_without_moving_or_raises() -> None:
    e = gym_env("cafe", players=2)
    obs, _ = e.reset(seed=0)
    before = e.state.record()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = e.step(illegal)
    assert (reward, done) == (-1.0, True) and "not legal" in info["illegal"]
    assert e.state.record() == before
    strict = gym_env("cafe", players=2, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)
    with pytest.raises(ValueError, match="seat must be"):
        gym_env("cafe", seat=5, players=2)
    with pytest.raises(ValueError, match="unknown agent"):
        gym_env("cafe", opponents="nobody", players=2)
