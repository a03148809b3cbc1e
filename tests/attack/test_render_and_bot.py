"""The terminal drawing and the heuristic bot work from a view alone."""

from __future__ import annotations

import random

from rich.console import Console

from cattable.agents import RandomAgent
from cattable.agents.attack.heuristic import HeuristicAgent
from cattable.interfaces.terminal.drawings.attack import render

from .helpers import new


def _text(view: dict, seat: int | None) -> str:  # type: ignore[type-arg]
    console = Console(width=100, height=100, record=True, color_system=None)  # tall: the full graph
    console.print(render(view, seat))
    return console.export_text()


def test_the_board_and_table_are_drawn_from_a_view() -> None:
    s = new(4, seed=1)
    rng = random.Random(2)
    for _ in range(60):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    seat = s.current_player
    assert seat is not None
    text = _text(s.view(seat), seat)
    for word in ("Fishmonger", "Dairy", "Corner", "Vet", "H1", "H5", "Cats", "Your hand"):
        assert word in text
    assert "Your hand" not in _text(s.view(None), None)


def test_the_heuristic_chooses_legal_actions_and_beats_random_play() -> None:
    wins = {"heuristic": 0, "random": 0}
    for seed in range(4):
        s = new(2, seed=seed)
        agents = [HeuristicAgent(seed), RandomAgent(seed)] if seed % 2 else [RandomAgent(seed), HeuristicAgent(seed)]
        while not s.is_over:
            seat = s.current_player
            assert seat is not None
            legal = s.legal_actions()
            choice = agents[seat].choose(s.view(seat), legal)
            assert choice in legal
            s.apply(choice)
        for w in s.result().winners:
            wins["heuristic" if isinstance(agents[w], HeuristicAgent) else "random"] += 1
    assert wins["heuristic"] > wins["random"]
