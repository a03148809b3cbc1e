"""More than two players: strips on every edge, far rows across the map, turns in seat order."""

from __future__ import annotations

import random

import cattable
from cattable.games.washi.coords import cell_name
from cattable.games.washi.game import WashiState

from .helpers import drawings, playing, texts, washi

GAME = cattable.game("washi")


def _names(state: WashiState, cells: list[int]) -> set[str]:
    w = state.board.width
    return {cell_name(c // w, c % w) for c in cells}


def test_the_city_gives_each_of_six_seats_a_row_and_the_facing_far_row() -> None:
    state = washi(GAME.new(players=6, seed=0))
    board = state.board
    # seat 0 (bottom left) crosses to the top left, which is seat 4's own row, and the other way round
    assert board.far_cells[0] == board.home_cells[4] and board.far_cells[4] == board.home_cells[0]
    assert board.far_cells[1] == board.home_cells[5] and board.far_cells[2] == board.home_cells[3]
    assert _names(state, board.home_cells[2]) == {f"a{r}" for r in range(3, 19)}  # green: the left column
    assert _names(state, board.far_cells[2]) == {f"an{r}" for r in range(3, 19)}  # ...crossing to the right one


def test_with_six_players_everyone_draws_in_turn_on_their_own_rows() -> None:
    state = washi(GAME.new(players=6, seed=0))
    board = state.board
    order = []
    while state.phase != 2:
        seat = state.current_player
        assert seat is not None
        order.append(seat)
        allowed = set(board.home_cells[seat]) | (set(board.far_cells[seat]) if state.phase == 0 else set())
        legal = drawings(state)
        assert {a.row * board.width + a.col for a in legal} <= allowed
        state.apply(legal[len(legal) // 2])
    assert order == [s % 6 for s in range(36)]
    assert state.current_player == 0


HEADER3 = "name: three\nplayers: 3\nstrip: red bottom\nstrip: blue top\nstrip: green left 2-7\n"
GRID3 = ".......\n" * 8
OTHERS = {(0, 0): ["c8"], (0, 1): ["g8"], (1, 0): ["c1"], (1, 1): ["e1"], (2, 1): ["a6"]}


def test_a_left_edge_player_picks_up_on_the_right_and_delivers_on_the_left() -> None:
    cats = {**OTHERS, (2, 0): ["a3", "b3", "c3", "d3", "e3", "f3"]}
    state = playing(GRID3, cats, players=3, turn=2, fish={"g3": 0, "g5": 1}, header=HEADER3)
    assert "move 1 g3" in texts(state)  # the right column is green's far row
    state.apply_text("move 1 g3")
    assert state.carry[4] and state.fish_taken[2] == 1
    assert state.current_player == 0  # seat order: green, then red

    cats = {**OTHERS, (2, 0): ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "g4", "f4", "e4", "d4", "c4", "b4"]}
    home = playing(GRID3, cats, players=3, turn=2, fish={"g3": 0, "a2": 1}, carrying=[(2, 0)], header=HEADER3)
    home.apply_text("move 1 a4")  # back in the left column, green's own row: a delivery
    assert home.done[4]
    cats[(2, 0)] = ["a3", "b3", "b2"]
    near_fish = playing(GRID3, cats, players=3, turn=2, fish={"a2": 1}, header=HEADER3)
    assert "move 1 a2" not in texts(near_fish)  # a fish on green's own side is never entered


def test_random_games_with_three_to_six_players_end_and_replay() -> None:
    for players in (3, 4, 5, 6):
        state = GAME.new(players=players, seed=players)
        rng = random.Random(players)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert cattable.replay(state.record()).snapshot() == state.snapshot()
        result = state.result()
        assert sum(len(g) for g in result.ranking) == players
