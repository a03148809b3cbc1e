"""Small maps drawn in the tests, and states doctored into the exact situation a rule is about."""

from __future__ import annotations

import json
import textwrap

import cattable
from cattable.core import State
from cattable.games.washi.actions import Cat, Fish
from cattable.games.washi.board import Board
from cattable.games.washi.coords import parse_cell
from cattable.games.washi.game import CATS_PER_PLAYER, FISH_PER_PLAYER, PLAY, WashiState
from cattable.games.washi.mapfile import parse_map

BOOK = "tokyo-washi-game-cat.txt"

HEADER = """\
name: test
players: 2
strip: red bottom
strip: blue top
"""


def board(grid: str, header: str = HEADER, doors: str = "") -> Board:
    """A board from a grid drawn in the test (rows of map characters; a1 is the top left)."""
    text = header + textwrap.dedent(doors) + "map:\n" + textwrap.dedent(grid).strip("\n") + "\n"
    return Board(parse_map(text, "test map"))


def fresh(grid: str, players: int = 2, header: str = HEADER, doors: str = "") -> WashiState:
    """A state at the very start of setup on a test map."""
    return WashiState(cattable.game("washi"), players, 0, {"map": ""}, None, board(grid, header, doors))


def washi(state: State) -> WashiState:
    """``state`` as the Tokyo Washi state it is (``new``, ``clone`` and ``replay`` promise only a ``State``)."""
    assert isinstance(state, WashiState)
    return state


def forget_legal_moves(state: WashiState) -> None:
    """Drop the legal actions ``state`` cached before a test edited its position by hand."""
    state.forget_caches()


def over(state: State) -> bool:
    """``state.is_over``, asked afresh. After ``assert not state.is_over`` mypy takes the property to stay
    False through the ``apply`` calls that end the game (it narrows a property as if it were a field)."""
    return state.is_over


def drawings(state: WashiState) -> list[Fish | Cat]:
    """The legal actions of setup, where every one draws a fish or a cat on a space."""
    legal = state.legal_actions()
    drawn = [a for a in legal if isinstance(a, (Fish, Cat))]
    assert drawn == legal, "not in setup: some legal action draws nothing"
    return drawn


def cell(state: WashiState, name: str) -> int:
    pos = parse_cell(name)
    assert pos is not None
    return pos[0] * state.board.width + pos[1]


def playing(
    grid: str,
    cats: dict[tuple[int, int], list[str]],
    *,
    players: int = 2,
    fish: dict[str, int] | None = None,
    lines: dict[str, int] | None = None,
    turn: int = 0,
    specials: list[int] | None = None,
    carrying: list[tuple[int, int]] | None = None,
    header: str = HEADER,
    doors: str = "",
) -> WashiState:
    """A state in the play phase: ``cats[(seat, k)]`` is that cat's line, from its drawing to its end."""
    state = fresh(grid, players, header, doors)
    state.phase = PLAY
    state.step = (FISH_PER_PLAYER + CATS_PER_PLAYER) * players
    state.turn = turn
    for (p, k), path in cats.items():
        cells = [cell(state, name) for name in path]
        for c in cells:
            state.owner[state.board.node[c]] = p
        state.paths[2 * p + k] = cells
        state.ends[2 * p + k] = state.board.node[cells[-1]]
    for name, p in (fish or {}).items():
        state.fish[cell(state, name)] = p
    for name, p in (lines or {}).items():
        node = state.board.node[cell(state, name)]
        assert node >= 0, f"{name} cannot hold a line"
        state.owner[node] = p
    if specials is not None:
        state.specials = list(specials)
    for p, k in carrying or []:
        state.carry[2 * p + k] = True
        state.fish_taken[p] += 1
    state.forget_caches()
    return state


def frozen(state: WashiState) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def texts(state: WashiState) -> set[str]:
    return {a.text() for a in state.legal_actions()}
