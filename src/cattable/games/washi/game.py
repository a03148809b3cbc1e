"""Tokyo Washi Game: Cat -- the rules engine.

Setup is part of play: seats draw fish one at a time (four each), then cats (two each), then take turns
extending one cat's line by a single space or making a special move. Every action draws on at least one
space that held no line before, so a game always ends (see README.md for the decisions this makes where
the rulebook is silent).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cattable.core import Game, Option, OptionError, Result, State, rank_by
from cattable.core.action import Action

from . import actions as A
from .board import Board, board_for
from .coords import cell_name
from .mapfile import MapError, load_map, shipped_maps
from .routes import Route, route, still_open
from .spacing import can_finish

FISH, CATS, PLAY, OVER = 0, 1, 2, 3
PHASE_NAMES = ("fish", "cats", "play", "over")
FISH_PER_PLAYER = 4
"""Two in the row nearest the player, two in the row nearest the opponent."""
FISH_PER_ROW = 2
CATS_PER_PLAYER = 2
SPECIAL_MOVES = 2
"""Each game you have exactly two special moves."""
AUTO_MAPS = {2: "standard", 3: "city6", 4: "city6", 5: "city6", 6: "city6"}
"""The shipped map ``new(players=N)`` uses when no ``map`` option is given."""


def _check_map(value: Any) -> str | None:
    if value == "":
        return None
    try:
        board_for(str(value))
    except (MapError, OSError) as exc:
        return str(exc)
    return None


class WashiGame(Game):
    """Tokyo Washi Game: Cat (Jordan Draper Games), 2 to 6 players on a map of washi tape."""

    name = "washi"
    title = "Tokyo Washi Game: Cat"
    min_players = 2
    max_players = 6
    options = (
        Option(
            "map",
            "",
            "a shipped map (standard, long, city6) or a map file path; empty picks one for the player count",
            check=_check_map,
        ),
        Option(
            "rules",
            "revised",
            "revised: the rules as read since the audit (spaced setups on every map, trapped means no route "
            "home); first: cattable 0.1's reading and maps, which games saved before then were played under",
            ("revised", "first"),
        ),
    )
    action_types = A.ACTION_TYPES
    has_hidden_information = False
    cooperative = False
    default_agent = "heuristic"

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        spec = board_for(options["map"] or AUTO_MAPS[players], options["rules"] == "first").spec
        if not spec.min_players <= players <= spec.max_players:
            fitting = [m for m in shipped_maps() if load_map(m).min_players <= players <= load_map(m).max_players]
            raise OptionError(
                f"washi: map {spec.name!r} is for {spec.min_players} to {spec.max_players} players, "
                f"not {players}; allowed maps for {players} players: {', '.join(fitting)}"
            )

    def format1_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Games saved in format 1 were played under cattable 0.1's reading and maps."""
        return {**options, "rules": options.get("rules", "first")}

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> WashiState:
        board = board_for(options["map"] or AUTO_MAPS[players], options["rules"] == "first")
        return WashiState(self, players, seed, options, script, board)

    def parse_action(self, text: str) -> Action:
        return A.parse_action(text)

    def action_from_json(self, data: Any) -> Action:
        return A.action_from_json(data)


class WashiState(State):
    """One position: the lines on the map, the fish drawn, each cat's line end, each strip's marks."""

    __slots__ = (
        "alive",
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
        "owner",
        "paths",
        "phase",
        "routes",
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
        self.drawings: list[int] = []
        self.crowded: list[bool] = [False] * n
        """Spaces closer than the spacing rule allows to some drawing."""
        self.phase = FISH
        self.step = 0
        self.turn = 0
        self.winners: tuple[int, ...] = ()

    # -- the API -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def is_legal(self, action: Action) -> bool:
        """Membership in the (short) legal list: faster than building a set for every action."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = [] if self.phase == OVER else self._legal()
        return action in cache and A.exact(action)

    def _legal(self) -> list[Action]:
        if self.phase == PLAY:
            return self._play_actions(self.turn)
        return list(self._setup_actions(self.turn))

    def _apply(self, action: Action) -> None:
        kind = action[0]  # type: ignore[index]
        if kind == "move":
            self._move(action)  # type: ignore[arg-type]
        elif kind == "jump":
            self._jump(action)  # type: ignore[arg-type]
        elif kind == "pop":
            self._pop(action)  # type: ignore[arg-type]
        else:
            self._draw(action)  # type: ignore[arg-type]

    # -- setup ---------------------------------------------------------------------------------------
    def _setup_actions(self, p: int) -> list[A.Fish | A.Cat]:
        """Where seat ``p`` may draw now: its open rows, spaced from every drawing (crowded maps: anywhere free)."""
        b = self.board
        drawn: Sequence[A.Fish | A.Cat]
        if self.phase == FISH:
            home_open, far_open = self.fish_home[p] < FISH_PER_ROW, self.fish_far[p] < FISH_PER_ROW
            cells = b.fish_cells[p] if home_open and far_open else b.home_cells[p] if home_open else b.far_cells[p]
            drawn = b.fish_action
        else:
            cells = b.home_cells[p]
            drawn = b.cat_action
        drawable, crowded = b.drawable, self.crowded
        first = self.first_rules
        owed = [] if first else self._owed()
        out = [drawn[c] for c in cells if drawable[c] and not crowded[c] and (first or self.leaves_room(p, c, owed))]
        if out:
            return out
        # no space keeps the spacing for every drawing still to come (a cramped custom map; never a shipped
        # one, tests/washi/test_setup_rules.py proves it): any free space in the rows will do
        owner, fish = self.owner, self.fish
        free = [c for c in cells if drawable[c] and owner[c] < 0 and fish[c] < 0]
        free = free or [c for c in range(b.size) if drawable[c] and owner[c] < 0 and fish[c] < 0]
        return [drawn[c] for c in free]

    def _owed(self) -> list[int]:
        """How many drawings each of the board's rows is still owed (fish and cats not yet drawn)."""
        b = self.board
        owed = [0] * len(b.rows)
        for q in range(self.players):
            cats = int(self.ends[2 * q] >= 0) + int(self.ends[2 * q + 1] >= 0)
            owed[b.home_row[q]] += FISH_PER_ROW - self.fish_home[q] + CATS_PER_PLAYER - cats
            owed[b.far_row[q]] += FISH_PER_ROW - self.fish_far[q]
        return owed

    def leaves_room(self, p: int, cell: int, owed: list[int] | None = None) -> bool:
        """Whether seat ``p`` drawing at ``cell`` still lets every drawing to come keep the spacing
        (``owed``: ``_owed()``, when the caller has it)."""
        b = self.board
        owed = list(owed if owed is not None else self._owed())
        far = self.phase == FISH and not b.home[p][cell]
        owed[b.far_row[p] if far else b.home_row[p]] -= 1
        touched = b.rows_near(cell)  # the rows this drawing crowds: the others keep the room they had
        rows = [b.rows[k] for k in touched]
        return can_finish(rows, b.near, b.drawable, self.crowded, [owed[k] for k in touched], (cell,))

    def _draw(self, action: A.Fish | A.Cat) -> None:
        b = self.board
        p = self.turn
        cell = action.row * b.width + action.col
        self.drawings.append(cell)
        crowded = self.crowded
        for c in b.near[cell]:
            crowded[c] = True
        if action.kind == "fish":
            self.fish[cell] = p
            if b.home[p][cell] or self.fish_far[p] >= FISH_PER_ROW:
                self.fish_home[p] += 1
            else:
                self.fish_far[p] += 1
        else:
            k = 0 if self.ends[2 * p] < 0 else 1
            self.ends[2 * p + k] = cell
            self.owner[cell] = p
            self.paths[2 * p + k].append(cell)
        self.step += 1
        n = self.players
        if self.step < FISH_PER_PLAYER * n:
            self.turn = self.step % n
        elif self.step < (FISH_PER_PLAYER + CATS_PER_PLAYER) * n:
            self.phase = CATS
            self.turn = self.step % n
        else:
            self.phase = PLAY
            self.turn = n - 1
            self._after_turn(n - 1)

    # -- play ----------------------------------------------------------------------------------------
    def _play_actions(self, p: int) -> list[Action]:
        b = self.board
        owner, fish, far = self.owner, self.fish, b.far[p]
        out: list[Action] = []
        special = self.specials[p] > 0
        for k in (0, 1):
            i = 2 * p + k
            if self.done[i]:
                continue
            end = self.ends[i]
            carrying = self.carry[i]
            for target, a0, a1 in b.steps[end]:
                if owner[target] < 0 and (fish[target] < 0 or (not carrying and far[target])):
                    out.append(a1 if k else a0)
            if special:
                for cells, j0, j1 in b.rays[end]:
                    if self._landing(cells) >= 0:
                        out.append(j1 if k else j0)
                for entry, mate, p0, p1 in b.pops[end]:
                    if owner[entry] < 0 and owner[mate] < 0:
                        out.append(p1 if k else p0)
        return out

    def _landing(self, cells: tuple[int, ...]) -> int:
        """Where a jump along ``cells`` lands: the first blank space after one or more lined ones, or -1."""
        owner = self.owner
        if owner[cells[0]] < 0:
            return -1
        for c in cells:
            if owner[c] < 0:
                return c if self.fish[c] < 0 else -1
        return -1

    def _can_step(self, i: int, p: int) -> bool:
        """Whether cat ``i`` (of seat ``p``) has a normal move."""
        owner, fish = self.owner, self.fish
        for target in self.board.neighbours[self.ends[i]]:
            if owner[target] < 0 and (fish[target] < 0 or (not self.carry[i] and self.board.far[p][target])):
                return True
        return False

    def is_trapped(self, p: int) -> bool:
        """Lost at once: with no special move left, a cat that no route of normal moves can bring to a fish
        and home (``routes.can_deliver``); with special moves left, no legal action at all."""
        done = self.done
        i0 = 2 * p
        i1 = i0 + 1
        if self.specials[p]:
            if (not done[i0] and self._can_step(i0, p)) or (not done[i1] and self._can_step(i1, p)):
                return False
            return not self._play_actions(p)
        if self.first_rules:
            return not ((done[i0] or self._can_step(i0, p)) and (done[i1] or self._can_step(i1, p)))
        return not all(done[i] or self._has_route(i, p) for i in (i0, i1))

    def _has_route(self, i: int, p: int) -> bool:
        """Whether cat ``i`` can still deliver by normal moves. The route found is kept: a cat that walks
        along it keeps the rest, and a new search is made only when a line lands on it or the cat leaves it."""
        end, owner = self.ends[i], self.owner
        kept = self.routes[i]
        if kept is not None:
            (there, back), at = kept[1], kept[0]
            if at != end:
                if there and there[0] == end:
                    there = there[1:]
                elif not there and back and back[0] == end:
                    back = back[1:]
                else:
                    there, back = (), ()
                    kept = None
            if kept is not None and (there or back) and still_open((there, back), owner):
                self.routes[i] = (end, (there, back))
                return True
        found = route(self.board, owner, self.fish, p, end, self.carry[i])
        self.routes[i] = None if found is None else (end, found)
        return found is not None

    def _arrive(self, i: int, p: int, node: int, cell: int) -> None:
        self.owner[node] = p
        self.ends[i] = node
        self.paths[i].append(cell)
        if self.fish[node] >= 0:
            self.carry[i] = True
            self.fish_taken[p] += 1
        elif self.carry[i] and self.board.home[p][node]:
            self.done[i] = True

    def _move(self, action: A.Move) -> None:
        p = self.turn
        b = self.board
        cell = action.row * b.width + action.col
        node = b.node[cell]
        i = 2 * p + action.cat
        if node != cell:  # a building: the line fills it
            self.paths[i].extend(c for c in b.building_cells[node] if c != cell)
        self._arrive(i, p, node, cell)
        self._after_turn(p)

    def _jump(self, action: A.Jump) -> None:
        p = self.turn
        b = self.board
        i = 2 * p + action.cat
        for cells, j0, j1 in b.rays[self.ends[i]]:
            if j0 is action or j1 is action or j0 == action or j1 == action:
                land = self._landing(cells)
                self.specials[p] -= 1
                self._arrive(i, p, land, land)
                break
        self._after_turn(p)

    def _pop(self, action: A.Pop) -> None:
        p = self.turn
        b = self.board
        i = 2 * p + action.cat
        entry = action.row * b.width + action.col
        mate = b.sewer_pair[entry]
        self.specials[p] -= 1
        self.owner[entry] = p
        self.paths[i].append(entry)
        self._arrive(i, p, mate, mate)
        self._after_turn(p)

    def _after_turn(self, p: int) -> None:
        """Win, trap and turn order after seat ``p`` acted."""
        if self.done[2 * p] and self.done[2 * p + 1]:
            self.winners = (p,)
            self.phase = OVER
            return
        n = self.players
        alive = self.alive
        trapped: list[int] | None = None
        q = p
        for _ in range(n):  # every seat still in, from the next one round to the mover
            q = q + 1 if q + 1 < n else 0
            if alive[q] and self.is_trapped(q):
                trapped = [q] if trapped is None else [*trapped, q]
        if trapped is not None:
            if len(trapped) == alive.count(True):  # nobody can go on: a draw among those left
                self.phase = OVER
                return
            for q in trapped:
                alive[q] = False
                self.eliminated.append(q)
            if alive.count(True) == 1:
                self.winners = (alive.index(True),)
                self.phase = OVER
                return
        q = p
        for _ in range(n):
            q = q + 1 if q + 1 < n else 0
            if alive[q]:
                self.turn = q
                return

    # -- reasons ---------------------------------------------------------------------------------------
    def _why_illegal(self, action: Action) -> str:
        from .reasons import why_illegal

        return why_illegal(self, action)

    # -- outcome and views -------------------------------------------------------------------------
    def delivered(self, p: int) -> int:
        return int(self.done[2 * p]) + int(self.done[2 * p + 1])

    def _result(self) -> Result:
        n = self.players

        def key(p: int) -> tuple[int, int, int, int]:
            lost_at = self.eliminated.index(p) if p in self.eliminated else len(self.eliminated)
            return (int(p in self.winners), lost_at, self.delivered(p), self.fish_taken[p])

        groups = rank_by(range(n), key)
        return Result(
            winners=self.winners,
            ranking=tuple(tuple(g) for g in groups),
            scores=tuple(float(self.delivered(p)) for p in range(n)),
            details={
                "fish_picked_up": list(self.fish_taken),
                "trapped": list(self.eliminated),
                "draw": self.phase == OVER and not self.winners,
            },
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is on the table in this game: every seat sees the same, plus who it is."""
        b = self.board
        w = b.width

        def name(node: int) -> str | None:
            return None if node < 0 else cell_name(node // w, node % w)

        players = []
        for p in range(self.players):
            players.append(
                {
                    "colour": b.colours[p],
                    "edge": b.spec.strips[p].edge,
                    "home": [name(c) for c in b.home_cells[p]],
                    "far": [name(c) for c in b.far_cells[p]],
                    "specials_left": self.specials[p],
                    "fish_crossed_off": self.fish_taken[p],
                    "fish_drawn": [self.fish_home[p], self.fish_far[p]],
                    "in_game": self.alive[p],
                    "cats": [
                        {
                            "at": name(self.ends[2 * p + k]),
                            "fish": self.carry[2 * p + k],
                            "home": self.done[2 * p + k],
                            "path": list(self.paths[2 * p + k]),
                        }
                        for k in (0, 1)
                    ],
                }
            )
        return {
            "game": "washi",
            "seat": seat,
            "map": b.spec.to_json(),
            "width": w,
            "height": b.height,
            "phase": PHASE_NAMES[self.phase],
            "to_play": self.current_player,
            "lines": [self.owner[n] if n >= 0 else -1 for n in b.node],
            "fish": list(self.fish),
            "players": players,
            "winners": list(self.winners),
            "trapped": list(self.eliminated),
            "moves_played": len(self.history),
        }

    def _copy(self) -> WashiState:
        other = WashiState.__new__(WashiState)
        other.board = self.board
        other.owner = list(self.owner)
        other.fish = list(self.fish)
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
        other.first_rules = self.first_rules
        other.crowded = list(self.crowded)
        other.phase = self.phase
        other.step = self.step
        other.turn = self.turn
        other.winners = self.winners
        return other
