"""Each game is playable to the end at the terminal: a person types moves (as text) against bots."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cattable
from cattable.agents import make_agent
from cattable.interfaces.terminal.play import TerminalGame

CASES = [
    pytest.param("cafe", 3, 2, id="cafe-3p-2bots"),
    pytest.param("washi", 2, 1, id="washi-2p-1bot"),
    pytest.param("attack", 4, 3, id="attack-4p-3bots"),
]


@pytest.mark.parametrize(("name", "players", "bots"), CASES)
def test_a_person_plays_a_whole_game_against_bots(
    name: str, players: int, bots: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = cattable.game(name)
    state = game.new(players=players, seed=4)
    humans = list(range(players - bots))
    seats = {s: make_agent("heuristic", game, seed=s) for s in range(players - bots, players)}
    rng = random.Random(0)
    typed: list[str] = []

    def person(prompt: str) -> str:
        """Asks for help once, makes one typo, then types a legal move's text."""
        if not typed:
            typed.append("help")
        elif len(typed) == 1:
            typed.append("this is not a move")
        else:
            legal = table.state.legal_actions()
            typed.append(legal[rng.randrange(len(legal))].text())
        return typed[-1]

    table = TerminalGame(game, state, humans, seats, tmp_path / "game.json", read=person)
    final = table.run()
    assert final.is_over
    out = capsys.readouterr().out
    assert "legal move" in out and "Game over" in out
    record = json.loads((tmp_path / "game.json").read_text())
    assert cattable.replay(record).snapshot() == final.snapshot()
