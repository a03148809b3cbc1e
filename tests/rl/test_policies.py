"""Policies everywhere: a policy (observation, mask -> index) as a cattable agent, named ``module:attribute``
on the command line and in ``gym_env``; a server never imports what it is given."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import cattable
from cattable.agents import InfoSet, RandomAgent, make_agent
from cattable.interfaces.cli.main import main
from cattable.rl import env, gym_env
from cattable.rl.encodings import encoding
from cattable.rl.policy import PolicyAgent

from . import policies


def test_a_policy_from_a_test_module_plays_a_cli_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    before = policies.calls["first_legal"]
    agents = "random,tests.rl.policies:first"
    code = main(["tournament", "cafe", "--agents", agents, "--games", "2", "--players", "2", "--json"])
    assert code == 0, capsys.readouterr().err
    summary = json.loads(capsys.readouterr().out)
    assert set(summary["elo"]) == {"random", "tests.rl.policies:first"}
    assert policies.calls["first_legal"] > before + 20  # it chose every move of its seats


def test_simulate_seats_a_policy_and_refuses_a_bare_function(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "washi", "--agents", "tests.rl.policies:last,random", "--games", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seats"][0]["agent"] == "tests.rl.policies:last"
    assert main(["simulate", "washi", "--agents", "tests.rl.policies:first_legal", "--games", "1"]) == 2
    assert "policy_agent" in capsys.readouterr().err
    assert main(["simulate", "washi", "--agents", "tests.rl.nowhere:first", "--games", "1"]) == 2
    assert "cannot import" in capsys.readouterr().err


def test_the_policy_agent_plays_the_index_the_policy_chose_from_the_seats_view() -> None:
    game = cattable.game("cafe")
    state = game.new(players=3, seed=4)
    enc = encoding("cafe", 3, state.options)
    agent = make_agent("tests.rl.policies:last", game, seed=1, imports=True)
    for _ in range(40):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        chosen = agent.choose_with(state.view(seat), legal, InfoSet(state, seat))
        assert enc.index_of(chosen, legal) == int(np.flatnonzero(enc.mask(legal))[-1])
        state.apply(chosen)
    broken = make_agent("tests.rl.policies:broken", game, imports=True)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(ValueError, match="does not allow"):
        broken.choose_with(state.view(seat), state.legal_actions(), InfoSet(state, seat))


def test_gym_opponents_take_policies_agents_and_names() -> None:
    for opponents in (
        policies.last_legal,
        RandomAgent(0),
        RandomAgent,
        policies.first,
        "tests.rl.policies:last_legal",
        ["random", policies.first_legal],
    ):
        e = gym_env("cafe", players=3, opponents=opponents)
        obs, _ = e.reset(seed=2)
        done = False
        while not done:
            obs, _, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert e.state.is_over
    with pytest.raises(ValueError, match="not 3"):
        gym_env("cafe", players=2, opponents=3)
    with pytest.raises(ValueError, match="2 bots for 1"):
        gym_env("cafe", players=2, opponents=[policies.first_legal, "random"])


def test_a_policy_agent_plays_the_same_as_the_policy_in_the_aec_env() -> None:
    e = env("washi", players=2)
    e.reset(seed=7)
    assert e.game_state is not None
    state = e.game_state
    agent = PolicyAgent(policies.last_legal, "washi", seed=0, encoding=e.encoding)
    rng = random.Random(0)
    while not state.is_over and len(state.history) < 30:
        seat = state.current_player
        assert seat is not None
        obs = e.observe(e.agent_selection)
        want = policies.last_legal(obs["observation"], obs["action_mask"])
        assert e.encoding.index_of(agent.choose(state.view(seat), state.legal_actions()), []) == want
        e.step(want if rng.random() < 0.5 else int(np.flatnonzero(obs["action_mask"])[0]))
