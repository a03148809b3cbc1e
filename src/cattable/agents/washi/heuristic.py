"""A sensible bot from the view alone: bring my cats nearer their goals, and the others' cats farther.

A cat's goal is a free fish in its far row while it carries none, then its own starting row. For each
legal action the bot draws the new line on a copy of the view's lines and measures, by breadth-first
search over the spaces still free, how far every cat on the table is from its goal. It prefers actions
that shorten its own cats' way and lengthen its opponents' (cutting a cat off is what wins most games),
saves its two special moves unless they gain more than a few steps, and never walks a cat into a dead
end with no special move left (that loses at once).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from cattable.agents.base import GreedyAgent
from cattable.core import Action
from cattable.games.washi.board import Board, board_from_view
from cattable.games.washi.coords import parse_cell

CUT_OFF = 60
"""What a cat that can no longer reach its goal counts as, in steps."""
SPECIAL_COST = 4.0
OPPONENT_WEIGHT = 0.5
LOSS = -10_000.0
WIN = 10_000.0


class HeuristicAgent(GreedyAgent):
    name = "washi-heuristic"

    def prepare(self, view: Mapping[str, Any]) -> Any:
        return board_from_view(view)

    def score(self, view: Mapping[str, Any], action: Action) -> float:
        board = self.context(view)
        if action[0] in ("fish", "cat"):  # type: ignore[index]
            return _setup_score(board, view, action)
        seat = int(view["to_play"])
        lines = list(view["lines"])
        cats = [[_node(board, c["at"]), bool(c["fish"]), bool(c["home"])] for p in view["players"] for c in p["cats"]]
        i = 2 * seat + action[1]  # type: ignore[index]
        end = cats[i][0]
        kind = action[0]  # type: ignore[index]
        cost = 0.0
        if kind == "move":
            node = board.node[action.row * board.width + action.col]  # type: ignore[attr-defined]
        elif kind == "jump":
            node = _jump_landing(board, lines, end, action.direction)  # type: ignore[attr-defined]
            cost = SPECIAL_COST
        else:
            entry = action.row * board.width + action.col  # type: ignore[attr-defined]
            lines[entry] = seat
            node = board.sewer_pair[entry]
            cost = SPECIAL_COST
        lines[node] = seat
        cats[i][0] = node
        if view["fish"][node] >= 0:
            cats[i][1] = True
        elif cats[i][1] and board.home[seat][node]:
            cats[i][2] = True
            if cats[2 * seat + 1 - action[1]][2]:  # type: ignore[index]
                return WIN
        specials_left = int(view["players"][seat]["specials_left"]) - (1 if cost else 0)
        total = -cost
        for p, player in enumerate(view["players"]):
            if not player["in_game"]:
                continue
            for k in (0, 1):
                at, carrying, home = cats[2 * p + k][0], bool(cats[2 * p + k][1]), cats[2 * p + k][2]
                if home:
                    continue
                steps = _goal_distance(board, lines, view["fish"], p, at, carrying)
                if p == seat:
                    if steps is None and specials_left == 0 and not _has_exit(board, lines, at):
                        return LOSS
                    total -= _measure(board, steps, carrying)
                else:
                    total += OPPONENT_WEIGHT * _measure(board, steps, carrying)
        return total


def _measure(board: Board, steps: int | None, carrying: bool) -> float:
    """Steps still to go: to the goal, plus a crossing of the map for a cat that has no fish yet."""
    return (CUT_OFF if steps is None else steps) + (0 if carrying else board.height)


def _goal_distance(
    board: Board, lines: list[int], fish: list[int], seat: int, start: int, carrying: bool
) -> int | None:
    """Steps from a cat's line end to its goal through free spaces, or None when it is cut off."""
    far, home = board.far[seat], board.home[seat]
    dist = {start: 0}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for nxt, _a, _b in board.steps[node]:
            if nxt in dist or lines[nxt] >= 0:
                continue
            if fish[nxt] >= 0:
                if not carrying and far[nxt]:
                    return dist[node] + 1
                continue
            if carrying and home[nxt]:
                return dist[node] + 1
            dist[nxt] = dist[node] + 1
            todo.append(nxt)
    return None


def _has_exit(board: Board, lines: list[int], node: int) -> bool:
    return any(lines[nxt] < 0 for nxt, _a, _b in board.steps[node])


def _jump_landing(board: Board, lines: list[int], end: int, direction: str) -> int:
    for cells, j0, _j1 in board.rays[end]:
        if j0.direction == direction:
            for c in cells:
                if lines[c] < 0:
                    return c
    return end


def _node(board: Board, name: str | None) -> int:
    if name is None:
        return -1
    pos = parse_cell(name)
    return -1 if pos is None else board.node[pos[0] * board.width + pos[1]]


def _setup_score(board: Board, view: Mapping[str, Any], action: Action) -> float:
    """Cats and my far-row fish near the middle of the row; my own-row fish (my opponents' prey) tucked away."""
    seat = int(view["to_play"])
    home = board.home_cells[seat]
    along_row = len(home) < 2 or home[1] - home[0] == 1
    row, col = action[-2], action[-1]  # type: ignore[index]
    along = col if along_row else row
    centre = (
        (home[0] % board.width + home[-1] % board.width) / 2
        if along_row
        else (home[0] // board.width + home[-1] // board.width) / 2
    )
    off = float(abs(along - centre))
    cell = row * board.width + col
    if action[0] == "fish" and board.home[seat][cell]:  # type: ignore[index]
        return off
    return -off
