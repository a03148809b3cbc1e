"""Cat Attack and Tokyo Washi at an 80x24 terminal (issue #19: "Fits an 80x24 terminal"): the drawing and
the prompt fill 24 lines at most and 80 columns, and every space a legal move names can be read off the
screen, as the move types it (an empty space shows its name; a Cat Attack wall ``r<row>_<col>`` and a
Tokyo Washi cell ``c5`` are read off the rulers; a space under a piece is named in the lines under the
board)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console, RenderableType

import cattable
from cattable.core import State
from cattable.core.i18n import Message
from cattable.games.attack.board import standard_board
from cattable.games.washi.coords import column_name, parse_cell
from cattable.games.washi.mapfile import FIRST_MAPS_DIR, load_map, shipped_maps
from cattable.interfaces.terminal.common import renderer

from .test_terminal_screen import played

WIDTH, HEIGHT = 80, 24
BUDGET = HEIGHT - 1
"""Lines for the drawing: the prompt takes the last one."""


def screen(thing: RenderableType, height: int = HEIGHT) -> list[str]:
    """The lines ``thing`` prints on an 80-column terminal ``height`` lines tall."""
    console = Console(width=WIDTH, height=height, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(thing)
    console.file.close()
    return console.export_text().splitlines()


def drawn(state: State, seat: int) -> list[str]:
    lines = screen(renderer(state.game)(state.view(seat), seat))
    assert len(lines) <= BUDGET, f"{len(lines)} lines: the drawing and the prompt must fit {HEIGHT}"
    assert max(map(len, lines)) <= WIDTH
    return lines


# -- Cat Attack --------------------------------------------------------------------------------------
BOARD = standard_board()
PIECE = re.compile(r"^(C\d+|m|b|CAR)$")


def attack_name_readable(lines: list[str], name: str) -> bool:
    """Whether ``name`` can be read off the compact drawing: on its cell; a wall by the rulers (the
    row's number on the left, the column's on top, a wall glyph or a piece on the cell); under a piece,
    in the lines under the board (the cats' places, the mice and birds out, a retired house's larder)."""
    under = " ".join(line for line in lines if not re.match(r"^( \d|\d\d) |^   \d", line))
    if name not in BOARD.index:
        return name.startswith("larder") and re.search(rf"\b{name}\b", under) is not None
    r, c = BOARD.at[BOARD.index[name]]
    rows = [line for line in lines[1:] if line[:3] == f"{r:>2} "]
    if len(rows) != 1:
        return False
    x = 3 + 4 * c
    cell = rows[0][x : x + 3].strip()
    if PIECE.match(cell):
        return re.search(rf"(?<![\w<]){name}\b", under) is not None
    if BOARD.kind[BOARD.index[name]] == "wall":
        return lines[0][x : x + 2].strip() == str(c) and cell not in ("", "─") and name == f"r{r}_{c}"
    return cell == name


def move_spaces(state: State) -> set[str]:
    """Every space or larder a legal move names (its JSON's ``to`` and ``from``)."""
    names = set()
    for action in state.legal_actions():
        data = action.to_json()
        names |= {v for k, v in data.items() if k in ("to", "from") and isinstance(v, str)}
    return names


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cat_attack_fits_80x24_and_names_every_space_its_moves_use(players: int) -> None:
    checked = 0
    for moves, seed in ((3 * players, 3), (9 * players, 5), (20 * players, 7)):
        state = played("attack", players, moves, seed=seed)
        if state.is_over:
            continue
        seat = state.current_player
        assert seat is not None
        lines = drawn(state, seat)
        text = "\n".join(lines)
        assert "'s turn" in text and "Your hand" in text and "♥" in text
        assert f"Mog deck {state.view(seat)['deck']}" in text  # the decks, in a corner of the board
        for name in move_spaces(state):
            assert attack_name_readable(lines, name), (players, moves, name)
            checked += 1
        log = state.view(seat)["log"]
        if log and len(lines) < BUDGET:  # the log gives way first, its earliest events first
            said = Message(log[-1]["msgid"], log[-1]["args"]).render()
            assert " ".join(said.split()[-3:]) in " ".join(text.split())
    assert checked > 0, "no position had a move naming a space"


@pytest.mark.parametrize("players", [2, 6])
def test_the_end_of_cat_attack_fits_80x24_for_a_spectator(players: int) -> None:
    state = played("attack", players, 100_000, seed=2)
    assert state.is_over
    lines = screen(renderer(state.game)(state.view(None), None))
    assert len(lines) <= BUDGET and max(map(len, lines)) <= WIDTH
    text = "\n".join(lines)
    assert "Game over" in text and "Your hand" not in text  # a spectator holds no hand


def test_every_empty_space_of_the_compact_board_shows_its_name_or_its_rulers() -> None:
    state = cattable.game("attack").new(players=2, seed=1)
    lines = drawn(state, 0)
    occupied = {cat["at"] for cat in state.view(0)["cats"]}
    for name in BOARD.ids:
        if name not in occupied:
            assert attack_name_readable(lines, name), name
    assert "r<row>_<col>" in "\n".join(lines), "the legend says how walls are named"


def test_a_tall_terminal_still_gets_the_full_graph() -> None:
    state = played("attack", 3, 12)
    lines = screen(renderer(state.game)(state.view(0), 0), height=80)
    assert len(lines) > HEIGHT and any("╱" in line for line in lines)  # the edges between the rows
    assert "Space names (type them in moves)" in "\n".join(lines)


# -- Tokyo Washi -------------------------------------------------------------------------------------
def washi_setups() -> list[Any]:
    """Every shipped map (and its first version, played under the ``first`` rules) at every player count
    it takes."""
    out = []
    for name in shipped_maps():
        spec = load_map(name)
        for rules in ("revised", "first") if (FIRST_MAPS_DIR / f"{name}.txt").exists() else ("revised",):
            for players in range(max(spec.min_players, 2), min(spec.max_players, 6) + 1):
                out.append(pytest.param(name, rules, players, id=f"{name}-{rules}-{players}"))
    return out


def washi_cell_readable(lines: list[str], view: dict[str, Any], cell: str) -> bool:
    """Whether ``cell`` can be read off the rulers: its row's number on the left, its column's letters on
    the ruler above (the first letter of a two-letter column on the line above that)."""
    pos = parse_cell(cell)
    if pos is None:
        return False
    r, c = pos
    top = 1 if lines[0].startswith("Tokyo Washi") else 0  # stacked: the title first; beside: in the panel
    two = view["width"] > 26
    ruler = lines[top + int(two)]
    cw = 1 if ruler[3:6] == "abc" else 2  # one character a cell when two do not fit, or leave no room
    x = 3 + cw * c + cw - 1
    name = column_name(c)
    if ruler[x] != name[-1] or (len(name) == 2 and lines[top][x] != name[0]):
        return False
    return lines[top + 1 + int(two) + r][:3] == f"{r + 1:>2} "


@pytest.mark.parametrize(("name", "rules", "players"), washi_setups())
def test_tokyo_washi_fits_80x24_on_every_shipped_map(name: str, rules: str, players: int) -> None:
    for moves in (2 * players, 6 * players, 100_000):  # the draw, mid-game, the end
        state = played("washi", players, moves, map=name, rules=rules)
        seat = state.current_player if state.current_player is not None else 0
        view = state.view(seat)
        lines = drawn(state, seat)
        assert "to play" in lines[-1] or "Game over" in lines[-1], "whose turn is the last line"
        text = "\n".join(lines)
        assert f"player {seat + 1} (you)" in text
        for p in range(players):
            assert f"player {p + 1}" in text
        cells = {word for a in state.legal_actions() for word in a.text().split()[1:] if parse_cell(word)}
        for cell in cells:
            assert washi_cell_readable(lines, view, cell), (name, players, cell)
