"""Agents of your own by ``module:attribute``: classes, instances (copied and reseeded per seat) and makers,
taken only from trusted callers, never from a name a server was sent."""

from __future__ import annotations

import json

import pytest

import cattable
from cattable.agents import Agent, RandomAgent, make_agent
from cattable.core import Game
from cattable.interfaces.cli.main import main

SEATED = RandomAgent(0)
"""An agent instance: each seat gets its own copy, reseeded."""


class Maker:
    """An ``AgentMaker``: one random agent per seat, counting what it made."""

    made = 0

    def agent_for(self, game: Game, seed: int) -> Agent:
        Maker.made += 1
        return RandomAgent(seed)


MAKER = Maker()
NOT_AN_AGENT = 42


def test_module_names_need_a_trusted_caller_and_keep_mcts_names() -> None:
    game = cattable.game("cafe")
    with pytest.raises(ValueError, match="trusted"):
        make_agent("tests.agents.test_named_agents:SEATED", game)  # what a server does with a client's name
    assert make_agent("mcts:easy", game).name.startswith("mcts")
    assert isinstance(make_agent("cattable.agents.base:RandomAgent", game, seed=3, imports=True), RandomAgent)
    one, two = (make_agent("tests.agents.test_named_agents:SEATED", game, seed=5, imports=True) for _ in range(2))
    assert one is not SEATED and one is not two and one.rng.random() == two.rng.random()
    with pytest.raises(ValueError, match="is a int"):
        make_agent("tests.agents.test_named_agents:NOT_AN_AGENT", game, imports=True)
    with pytest.raises(ValueError, match="has no attribute"):
        make_agent("tests.agents.test_named_agents:nobody", game, imports=True)


def test_simulate_and_tournament_seat_agents_by_module_name(capsys: pytest.CaptureFixture[str]) -> None:
    before = Maker.made
    assert main(["simulate", "cafe", "--agents", "tests.agents.test_named_agents:MAKER", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"][0]["agent"] == "tests.agents.test_named_agents:MAKER"
    assert Maker.made >= before + 4  # two seats in two games
    agents = "heuristic,tests.agents.test_named_agents:SEATED"
    assert main(["tournament", "cafe", "--agents", agents, "--games", "2", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["elo"]) == set(agents.split(","))
