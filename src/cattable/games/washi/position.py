"""A Tokyo Washi position: what is drawn on the map and on each player's strip, and the phases of play.

The rules that change it live beside it: the setup draws (setup_phase.py) and the moves of play
(play_phase.py); `game.WashiState` puts them together behind the game API.
"""

from __future__ import annotations

from typing import Any, Self

from cattable.core import Game, State

from .board import Board
from .routes import Route

FISH, CATS, PLAY, OVER = 0, 1, 2, 3
PHASE_NAMES = ("fish", "cats", "play", "over")
FISH_PER_PLAYER = 4
"""Two in the row nearest the player, two in the row nearest the opponent."""
FISH_PER_ROW = 2
CATS_PER_PLAYER = 2
SPECIAL_MOVES = 2
"""Each game you have exactly two special moves."""


class Position(State):
    """One position: the lines on the map, the fish drawn, each cat's line end, each strip's marks."""

    __slots__ = (
        "alive",
        "blank",
        "board",
        "carry",
        "crowded",
        "done",
        "drawings",
        "eliminated",
        "ends",
        "first_rules",
        "fish",
        "fish_far",
        "fish_home",
        "fish_taken",
        "lined",
        "owed",
        "owner",
        "paths",
        "phase",
        "route_bits",
        "routes",
        "row_crowd",
        "specials",
        "step",
        "turn",
        "winners",
    )

    board: Board

    def __init__(
        self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None, board: Board
    ) -> None:
        super().__init__(game, players, seed, options, script)
        self.board = board
        n = board.size
        self.owner: list[int] = [-1] * n
        """Whose line is on each node (-1: none). A building's line is kept on its anchor cell (the view
        spreads it over every cell of the building)."""
        self.fish: list[int] = [-1] * n
        self.blank = board.bits.nodes
        """The spaces holding no line and no fish, as bits (``bits.py``): cleared as lines and fish are
        drawn, so the trapped test's searches start from it instead of collecting it."""
        self.lined = 0
        """The spaces holding a line, as bits: a kept route is still open when it has none of them."""
        """Who drew a fish on each space (-1: none); a fish stays drawn (circled) once picked up."""
        self.ends: list[int] = [-1] * (2 * players)
        """Node at the far end of each cat's line, cat k of seat p at 2p+k (-1: not drawn yet)."""
        self.paths: list[list[int]] = [[] for _ in range(2 * players)]
        """Cells each cat's line has passed through, in order (for drawing the lines)."""
        self.carry: list[bool] = [False] * (2 * players)
        self.done: list[bool] = [False] * (2 * players)
        """A cat home with its fish (a delivery) moves no more."""
        self.specials: list[int] = [SPECIAL_MOVES] * players
        self.fish_taken: list[int] = [0] * players
        self.fish_home: list[int] = [0] * players
        self.fish_far: list[int] = [0] * players
        self.alive: list[bool] = [True] * players
        self.eliminated: list[int] = []
        """Seats that lost by being trapped, in the order they lost."""
        self.first_rules = options.get("rules") == "first"
        """cattable 0.1's reading: no spacing look-ahead, and trapped only when a cat cannot step."""
        self.routes: list[tuple[int, Route] | None] = [None] * (2 * players)
        """The last route home found for each cat, with the end of its line when it was found."""
        self.route_bits: list[int] = [0] * (2 * players)
        """The spaces of each kept route as bits (its cat's line end left out)."""
        self.drawings: list[int] = []
        self.crowded: list[bool] = [False] * n
        """Spaces closer than the spacing rule allows to some drawing."""
        self.row_crowd: list[int] = [0] * len(board.rows)
        """For each of the board's rows, its crowded spaces as bits (bit i: the row's i-th space), kept as
        drawings are made: the key under which the setup remembers a row's answer (``Board.room_on_row``)."""
        self.owed: list[int] = [0] * len(board.rows)
        """How many drawings each of the board's rows is still owed, counted down as they are made."""
        for q in range(players):
            self.owed[board.home_row[q]] += FISH_PER_ROW + CATS_PER_PLAYER
            self.owed[board.far_row[q]] += FISH_PER_ROW
        self.phase = FISH
        self.step = 0
        self.turn = 0
        self.winners: tuple[int, ...] = ()

    def _draw_line(self, p: int, node: int) -> None:
        """A line of seat ``p`` on ``node``: the map and the bit sets the trapped test reads."""
        self.owner[node] = p
        self.blank &= ~(1 << node)
        self.lined |= 1 << node

    def _forget(self) -> None:
        """A position arranged by hand (tests): the bit sets found afresh from the map."""
        nodes, owner, fish = self.board.bits.nodes, self.owner, self.fish
        cells = [c for c in range(self.board.size) if nodes >> c & 1]
        self.blank = sum(1 << c for c in cells if owner[c] < 0 and fish[c] < 0)
        self.lined = sum(1 << c for c in cells if owner[c] >= 0)

    def delivered(self, p: int) -> int:
        return int(self.done[2 * p]) + int(self.done[2 * p + 1])

    def _after_turn(self, p: int) -> None:
        """Win, trap and turn order after seat ``p`` acted (play_phase.py)."""
        raise NotImplementedError

    def _copy(self) -> Self:
        cls = type(self)
        other = cls.__new__(cls)
        other.board = self.board
        other.owner = list(self.owner)
        other.fish = list(self.fish)
        other.blank = self.blank
        other.lined = self.lined
        other.ends = list(self.ends)
        other.paths = [list(x) for x in self.paths]
        other.carry = list(self.carry)
        other.done = list(self.done)
        other.specials = list(self.specials)
        other.fish_taken = list(self.fish_taken)
        other.fish_home = list(self.fish_home)
        other.fish_far = list(self.fish_far)
        other.alive = list(self.alive)
        other.eliminated = list(self.eliminated)
        other.drawings = list(self.drawings)
        other.routes = list(self.routes)
        other.route_bits = list(self.route_bits)
        other.first_rules = self.first_rules
        other.crowded = list(self.crowded)
        other.row_crowd = list(self.row_crowd)
        other.owed = list(self.owed)
        other.phase = self.phase
        other.step = self.step
        other.turn = self.turn
        other.winners = self.winners
        return other
