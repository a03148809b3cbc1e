"""Whole games: they always end, replay exactly, show everything to everyone, and draw in a terminal."""

from __future__ import annotations

import json
import random

from rich.console import Console

import cattable
from cattable.agents.base import RandomAgent
from cattable.agents.washi.heuristic import HeuristicAgent
from cattable.games.washi.game import SPECIAL_MOVES, WashiState
from cattable.interfaces.terminal.drawings.washi import render

from .helpers import washi

GAME = cattable.game("washi")


def _random_game(players: int, seed: int, map_name: str = "") -> WashiState:
    state = washi(GAME.new(players=players, seed=seed, map=map_name))
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_every_game_ends_within_the_spaces_of_the_map() -> None:
    """Each action draws on a space no line held before, so a game is never longer than setup + spaces."""
    for players, map_name in ((2, ""), (2, "long"), (3, ""), (6, "")):
        for seed in range(15):
            state = _random_game(players, seed, map_name)
            board = state.board
            assert len(state.history) <= 6 * players + board.size
            result = state.result()
            assert result.is_draw or len(result.winners) == 1


def test_replay_reproduces_the_game() -> None:
    for players in (2, 4):
        state = _random_game(players, 11)
        record = json.loads(json.dumps(state.record()))
        assert cattable.replay(record).snapshot() == state.snapshot()
        half = cattable.replay(record, upto=len(record["actions"]) // 2)
        assert len(half.history) == len(record["actions"]) // 2


def test_nothing_is_hidden_every_seat_sees_the_same_table() -> None:
    state = GAME.new(players=3, seed=2)
    for _ in range(25):
        state.apply(state.legal_actions()[0])
    views = [state.view(s) for s in (None, 0, 1, 2)]
    for v in views:
        v.pop("seat")
    assert all(v == views[0] for v in views)
    assert not GAME.has_hidden_information
    json.dumps(state.snapshot())


def test_a_clone_is_independent() -> None:
    state = GAME.new(players=2, seed=4)
    for _ in range(14):
        state.apply(state.legal_actions()[0])
    twin = state.clone()
    before = json.dumps(state.snapshot(), sort_keys=True)
    twin.apply(twin.legal_actions()[-1])
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_the_view_counts_special_moves_and_fish_per_strip() -> None:
    view = GAME.new(players=2, seed=0).view(0)
    assert [p["specials_left"] for p in view["players"]] == [SPECIAL_MOVES] * 2
    assert [p["fish_crossed_off"] for p in view["players"]] == [0, 0]
    assert view["phase"] == "fish" and view["to_play"] == 0


def test_render_draws_the_map_and_every_strip() -> None:
    state = _random_game(2, 3)
    console = Console(record=True, width=120, color_system="truecolor", force_terminal=True)
    console.print(render(state.view(0), 0))
    text = console.export_text()
    assert "Standard two-player map" in text and "player 1 (you)" in text and "player 2" in text
    assert "Game over" in text
    styled = console.export_html()
    assert "color" in styled  # lines are drawn in colour
    six = GAME.new(players=6, seed=1)
    for _ in range(40):
        six.apply(six.legal_actions()[0])
    console.print(render(six.view(None), None))
    six_text = console.export_text()
    assert " a" * 10 in six_text and "y z a b c d e f g h i j" in six_text  # columns aa..aj, on two rows


def test_the_heuristic_chooses_legal_moves_from_the_view_and_beats_random_play() -> None:
    wins = 0
    for seed in range(6):
        state = GAME.new(players=2, seed=seed)
        bots = {seed % 2: HeuristicAgent(seed), 1 - seed % 2: RandomAgent(seed)}
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            choice = bots[seat].choose(state.view(seat), legal)
            assert choice in legal
            state.apply(choice)
        wins += state.result().winners == (seed % 2,)
    assert wins >= 5


def test_every_pen_colour_a_map_may_name_can_be_drawn() -> None:
    from cattable.games.washi.mapfile import COLOURS

    view = GAME.new(players=2, seed=0).view(0)
    console = Console(record=True, width=120, color_system="truecolor", force_terminal=True)
    for colour in COLOURS:
        view["players"][0]["colour"] = colour
        console.print(render(view, 0))
    assert console.export_text().count("player 1 (you)") == len(COLOURS)
