"""``cattable.rl.vector_env``: shapes, seeds, the same-step reset, and each row against a single AEC env."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from cattable.rl import env, vector_env
from cattable.rl.encoding import EncodingError

TABLES = [("cafe", 3), ("washi", 2), ("attack", 4)]


def _random(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_shapes(name: str, players: int) -> None:
    vec = vector_env(name, 5, players=players, seed=1)
    size, actions = vec.encoding.observation_size, vec.encoding.num_actions
    obs, masks, _ = vec.reset(seed=2)
    assert obs.shape == (5, size) and obs.dtype == np.float32
    assert masks.shape == (5, actions) and masks.dtype == np.int8 and (masks.sum(axis=1) >= 1).all()
    obs, masks, rewards, term, trunc, _ = vec.step(_random(masks, np.random.default_rng(0)))
    assert obs.shape == (5, size) and masks.shape == (5, actions)
    assert rewards.shape == (5, players) and term.shape == trunc.shape == (5,)
    assert ((obs >= 0) & (obs <= 1)).all()


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        vec = vector_env("cafe", 4, players=2, seed=7)
        rng = np.random.default_rng(3)
        obs, masks, _ = vec.reset(seed=7)
        trace = [obs]
        for _step in range(150):
            obs, masks, rewards, *_ = vec.step(_random(masks, rng))
            trace += [obs, rewards]
        runs.append(np.concatenate([t.reshape(-1) for t in trace]))
    assert np.array_equal(runs[0], runs[1])
    other = vector_env("cafe", 4, players=2, seed=8)
    assert other.seeds != vector_env("cafe", 4, players=2, seed=7).seeds


def test_auto_reset_in_the_same_step() -> None:
    vec = vector_env("cafe", 3, players=2, seed=0, max_rounds=2)  # short games
    rng = np.random.default_rng(0)
    _, masks, _ = vec.reset(seed=0)
    ended = 0
    for _ in range(60):
        before = [s.history[:] for s in vec.states]
        _, masks, rewards, term, _, info = vec.step(_random(masks, rng))
        for i in np.flatnonzero(term):
            ended += 1
            final = info["final_observation"][i]
            assert info["_final_observation"][i] and final.shape == (2, vec.encoding.observation_size)
            assert set(rewards[i].tolist()) <= {-1.0, 0.0, 1.0}  # win: +1 winners, -1 the rest, 0 if nobody
            assert not vec.states[i].history and len(before[i]) > 0  # a new game, already dealt
            assert masks[i].any()
        for i in np.flatnonzero(~term):
            assert rewards[i].tolist() == [0.0, 0.0]
    assert ended >= 3
    vec = vector_env("washi", 2, players=2, seed=0, max_steps=5)
    _, masks, _ = vec.reset(seed=0)
    for _ in range(5):
        _, masks, _, term, trunc, info = vec.step(_random(masks, rng))
    assert trunc.all() and not term.any() and info["_final_observation"].all()


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_each_row_is_a_single_env(name: str, players: int) -> None:
    warnings.simplefilter("ignore")
    n = 3
    vec = vector_env(name, n, players=players, seed=11, reward="margin", max_rounds=3) if name == "cafe" else None
    vec = vec or vector_env(name, n, players=players, seed=11, reward="margin")
    singles = []
    for i in range(n):
        e = env(name, players=players, reward="margin", **({"max_rounds": 3} if name == "cafe" else {}))
        e.reset(seed=vec.seeds[i])
        singles.append(e)
    rng = np.random.default_rng(5)
    obs, masks, _ = vec.reset(seed=11)
    games = 0
    for _ in range(400 if name != "washi" else 150):
        for i, e in enumerate(singles):
            seen = e.observe(e.agent_selection)
            assert np.array_equal(seen["observation"], obs[i]) and np.array_equal(seen["action_mask"], masks[i])
            assert e.agent_selection == f"player_{vec.seats[i]}"
        actions = _random(masks, rng)
        obs, masks, rewards, term, _, info = vec.step(actions)
        for i, e in enumerate(singles):
            e.step(int(actions[i]))
            if term[i]:
                games += 1
                assert [e.rewards[a] for a in e.possible_agents] == rewards[i].tolist()
                for seat in range(players):
                    final = e.observe(f"player_{seat}")["observation"]
                    assert np.array_equal(final, info["final_observation"][i][seat])
                e.reset()  # the next deal of the env's own sequence, as the row's
    if name == "cafe":
        assert games >= 1


def test_an_index_outside_the_mask_is_refused() -> None:
    vec = vector_env("cafe", 2, players=2, seed=0)
    _, masks, _ = vec.reset(seed=0)
    bad = np.flatnonzero(masks[0] == 0)[0]
    with pytest.raises(EncodingError, match="row 0"):
        vec.step([bad, np.flatnonzero(masks[1])[0]])
    with pytest.raises(ValueError, match="one action per game"):
        vec.step([0])
