"""The optional companions: the heuristic bot beats a random one, the drawing shows only the view, and
the terminal table plays a whole game with both found through their entry points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from catnap.drawing import render
from catnap.game import CatNapState
from catnap.heuristic import HeuristicAgent
from rich.console import Console

import cattable
from cattable.agents import Agent, RandomAgent, make_agent
from cattable.interfaces.terminal.play import TerminalGame

from .helpers import table


def test_the_heuristic_beats_random_play() -> None:
    game = cattable.game("catnap")
    won = 0.0
    games = 200
    for i in range(games):
        state = game.new(players=2, seed=i)
        bot = i % 2
        agents: dict[int, Agent] = {bot: HeuristicAgent(i), 1 - bot: RandomAgent(i)}
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        winners = state.result().winners
        won += (bot in winners) / len(winners)
    assert won / games > 0.6  # 0.71 over 400 games when written


def test_the_heuristic_weighs_the_dogs() -> None:
    bot = HeuristicAgent(0)
    calm = table(2, bag=["black"] * 4 + ["dog"], lap=["black"], favourites=["black", "white"])
    assert bot.choose(calm.view(0), calm.legal_actions()).text() == "draw", "one dog in five: worth a draw"
    scary = table(2, bag=["white", "dog", "dog"], lap=["black", "black", "black"], favourites=["black", "white"])
    assert bot.choose(scary.view(0), scary.legal_actions()).text() == "nap black", "six points in the lap: stop"


def _text(view: dict[str, object], seat: int | None) -> str:
    console = Console(record=True, width=100, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_the_drawing_shows_a_seat_its_own_card_only() -> None:
    state = table(3, lap=["ginger"], favourites=["black", "ginger", "white"])
    mine = _text(state.view(0), 0)
    assert "black (secret)" in mine and "bag: 4 black" in mine and "lap: ginger" in mine
    others = [line.split("│")[-2].strip() for line in mine.splitlines() if line.startswith(("│    1", "│    2"))]
    assert others == ["?", "?"], "the other seats' cards are not drawn"
    assert "(secret)" not in _text(state.view(None), None)


@pytest.mark.usefixtures("companions")
def test_the_terminal_table_plays_a_game_to_the_end(tmp_path: Path) -> None:
    game = cattable.game("catnap")
    state = game.new(players=2, seed=3)
    typed: list[str] = []

    def read(prompt: str) -> str:
        """A person who types help, a bad move, then draws twice and naps whatever is in the lap."""
        current = table_game.state
        assert isinstance(current, CatNapState)
        line = "help" if not typed else "nap purple" if len(typed) == 1 else "draw"
        if len(current.lap) >= 2:
            line = f"nap {current.lap[0]}"
        typed.append(line)
        return line

    heuristic = make_agent("heuristic", game, seed=1)  # found by its entry point
    assert isinstance(heuristic, HeuristicAgent)
    table_game = TerminalGame(game, state, [0], {1: heuristic}, tmp_path / "catnap.json", read)
    end = table_game.run()
    assert end.is_over and "help" in typed and "nap purple" in typed
    record = json.loads((tmp_path / "catnap.json").read_text(encoding="utf-8"))
    assert cattable.replay(record).snapshot() == end.snapshot()
