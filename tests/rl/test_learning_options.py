"""The learning options: rewards, step limits, fresh deals, the global state, masks that are never empty,
Gymnasium ids and the terminal drawing through ``render``; each test builds the case it checks."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test

import cattable
from cattable.rl import env, gym_env
from cattable.rl.aec import CattableEnv
from cattable.rl.gym import SingleSeatEnv


def play_to_the_end(e: CattableEnv, seed: int, pick: int = 3) -> tuple[dict[str, float], Any, dict[str, Any]]:
    """Seeded random masked moves until every agent is done: each agent's total reward, the last state and
    how each agent ended (terminated, truncated)."""
    e.reset(seed=seed)
    rng = random.Random(pick)
    total = {a: 0.0 for a in e.possible_agents}
    ended: dict[str, tuple[bool, bool]] = {}
    state = e.game_state
    while e.agents:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            ended[e.agent_selection] = (term, trunc)
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for a, r in e.rewards.items():
            total[a] += r
    return total, state, ended


def test_score_and_margin_rewards_come_from_the_results_scores() -> None:
    totals = {kind: play_to_the_end(env("cafe", players=3, reward=kind), seed=5) for kind in ("win", "score", "margin")}
    result = totals["win"][1].result()
    assert all(t[1].record() == totals["win"][1].record() for t in totals.values()), "one game, three rewards"
    scores = result.scores
    agents = [f"player_{s}" for s in range(3)]
    assert [totals["score"][0][a] for a in agents] == list(scores)
    margins = [scores[s] - max(scores[o] for o in range(3) if o != s) for s in range(3)]
    assert [totals["margin"][0][a] for a in agents] == margins
    assert sum(m > 0 for m in margins) <= 1 and max(margins) >= 0
    assert [totals["win"][0][a] for a in agents] == [1.0 if s in result.winners else -1.0 for s in range(3)]
    with pytest.raises(ValueError, match="reward must be one of win, score, margin"):
        env("cafe", reward="points")


def test_gym_pays_the_chosen_reward() -> None:
    e = gym_env("attack", players=2, opponents="random", reward="margin")
    obs, _ = e.reset(seed=2)
    done, reward, info = False, 0.0, {}
    while not done:
        obs, reward, done, _, info = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    scores = info["result"]["scores"]
    assert reward == scores[0] - scores[1]


def test_max_steps_and_max_cycles_truncate_the_game() -> None:
    e = env("cafe", players=2, max_steps=7)
    total, state, ended = play_to_the_end(e, seed=1)
    assert len(state.history) == 7 and not state.is_over
    assert ended == {a: (False, True) for a in e.possible_agents}
    assert total == {"player_0": 0.0, "player_1": 0.0}
    _, state, _ = play_to_the_end(env("cafe", players=3, max_cycles=2), seed=1)
    assert len(state.history) == 6  # two rounds of one step for each of three agents
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("washi", players=2, max_steps=12), num_cycles=40)
    with pytest.raises(ValueError, match="max_steps or max_cycles"):
        env("cafe", max_steps=3, max_cycles=3)
    with pytest.raises(ValueError, match="at least 1"):
        env("cafe", max_steps=0)


def test_gym_truncates_after_max_steps_of_its_own() -> None:
    e = gym_env("cafe", players=2, opponents="random", max_steps=4)
    obs, _ = e.reset(seed=0)
    flags = []
    for _ in range(4):
        obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        flags.append((terminated, truncated))
    assert flags == [(False, False)] * 3 + [(False, True)] and reward == 0.0 and "truncated" in info


def test_fresh_environments_deal_different_games_without_a_seed() -> None:
    deals = set()
    for _ in range(4):
        e = env("cafe", players=2)
        e.reset()
        assert e.game_state is not None
        deals.add(e.game_state.seed)
    assert len(deals) == 4
    gyms = {gym_env("washi", players=2, opponents="random") for _ in range(3)}
    for g in gyms:
        g.reset()
    assert len({g.state.seed for g in gyms}) == 3
    seeded = [env("cafe", players=2) for _ in range(2)]
    for e in seeded:
        e.reset(seed=9)
    assert seeded[0].game_state.record() == seeded[1].game_state.record()


def test_state_is_every_seats_observation_stacked() -> None:
    e = env("attack", players=3)
    e.reset(seed=4)
    rng = random.Random(0)
    for _ in range(30):
        obs = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = e.state()
    assert state.shape == e.state_space.shape and e.state_space.contains(state)
    seats = [e.observe(a)["observation"] for a in e.possible_agents]
    assert np.array_equal(state, np.concatenate(seats))


def masked_softmax(logits: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    z = np.where(mask.astype(bool), logits, -np.inf)
    p = np.exp(z - z.max())
    out: np.ndarray[Any, Any] = p / p.sum()
    return out


def test_no_mask_is_ever_empty_before_during_or_after_an_episode() -> None:
    e = env("washi", players=2)
    e.reset(seed=3)
    logits = np.zeros(e.encoding.num_actions)
    rng = random.Random(1)
    while e.agents:
        for a in e.possible_agents:
            mask = e.observe(a)["action_mask"]
            assert mask.any() and np.isfinite(masked_softmax(logits, mask)).all()
            if a != e.agent_selection or e.terminations[a]:
                assert mask.sum() == 1 and mask[0] == 1  # the placeholder
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = gym_env("cafe", players=2, opponents="random")
    obs, _ = g.reset(seed=1)
    done = False
    while not done:
        obs, _, done, _, _ = g.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert g.state.is_over and obs["action_mask"].sum() == 1
    assert np.isfinite(masked_softmax(np.zeros(len(obs["action_mask"])), obs["action_mask"])).all()


def test_gymnasium_ids_make_every_game() -> None:
    made = gymnasium.make("cattable/Cafe-v0", players=2, opponents="random")
    assert made.spec is not None and made.spec.id == "cattable/Cafe-v0"
    obs, _ = made.reset(seed=0)
    assert obs["action_mask"].any()
    assert {"cattable/Cafe-v0", "cattable/Washi-v0", "cattable/Attack-v0", "cattable/Tower-v0"} <= set(
        gymnasium.registry
    )
    washi = gymnasium.make("cattable.rl:cattable/Washi-v0", players=2, opponents="random")
    assert isinstance(washi.unwrapped, SingleSeatEnv) and washi.unwrapped.aec.game.name == "washi"


@pytest.mark.parametrize(("name", "told"), [("cafe", "Cat Cafe · round 1"), ("washi", "street"), ("attack", "")])
def test_render_ansi_draws_the_table_as_the_terminal_does(name: str, told: str) -> None:
    from cattable.core.registry import DRAWING_GROUP, companion

    e = env(name, players=2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and text.count("\n") > 5 and told in text
    drawing = companion(DRAWING_GROUP, name)
    assert drawing is not None and "\x1b[" not in text  # plain text: no colour codes in a log
    g = gym_env(name, players=2, opponents="random", render_mode="ansi")
    g.reset(seed=0)
    assert g.render().count("\n") > 5
    assert env(name, players=2).render() is None
    assert cattable.game(name).name == name
