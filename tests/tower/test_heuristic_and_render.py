"""The bot plays from the view alone and builds sensibly; the terminal drawing shows the tower."""

from __future__ import annotations

import json

from rich.console import Console

from cattable.agents import make_agent
from cattable.agents.tower.heuristic import HeuristicAgent
from cattable.games.tower.actions import Cat, Choose
from cattable.interfaces.terminal.drawings.tower import render

from .helpers import new, set_actions, tower


def test_the_bot_is_the_default_and_builds_a_standing_storey_from_its_view() -> None:
    s = new(players=2)
    agent = make_agent("heuristic", s.game, seed=1)
    assert isinstance(agent, HeuristicAgent) and s.game.default_agent == "heuristic"
    while s.current_player == 0:
        view = json.loads(json.dumps(s.view(0)))  # plain JSON: it cannot reach the state
        s.apply(agent.choose(view, s.legal_actions()))
    assert s.reading["floor_levels"].get("F2") == 2 and not s.wall_debris


def test_the_bot_puts_a_cat_where_a_goal_wants_it() -> None:
    s = new(players=1)
    tower(s, 2)
    set_actions(s, "A19", "A07")
    s.goal_faceup = ["G01", "G03"]  # different colours touching; three placed
    s.apply(Choose("choose", 1, ""))
    agent = HeuristicAgent(seed=3)
    choice = agent.choose(s.view(0), s.legal_actions())
    assert isinstance(choice, Cat) and choice.floor == 2  # the floor directly above Toto


def test_render_draws_every_floor_and_the_cards() -> None:
    s = new(players=2, edition="fr")
    tower(s, 2)
    console = Console(width=120, record=True)
    console.print(render(s.view(1), 1))
    text = console.export_text()
    assert "3 (F3)" in text and "2 (F2)" in text and "Neko" in text and "Brique" in text
    assert "A07" in text and "G01" in text
