"""Tokyo Washi Game: Cat -- the rules engine.

Setup is part of play: seats draw fish one at a time (four each), then cats (two each), then take turns
extending one cat's line by a single space or making a special move. Every action draws on at least one
space that held no line before, so a game always ends (see README.md for the decisions this makes where
the rulebook is silent).

The rules live in layers: `position.py` (what a position holds), `setup_phase.py` (the setup draws) and
`play_phase.py` (moves, special moves, traps and turn order); `WashiState` puts them behind the game API.
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from cattable.core import Game, Option, OptionError, Result, rank_by
from cattable.core.action import Action
from cattable.core.descriptor import Part, Parts
from cattable.core.i18n import N_

from . import actions as A
from .board import board_for
from .mapfile import MapError, load_map, shipped_maps
from .play_phase import PlayPhase
from .position import CATS, CATS_PER_PLAYER, FISH, FISH_PER_PLAYER, FISH_PER_ROW, OVER, PHASE_NAMES, PLAY, SPECIAL_MOVES
from .setup_phase import SetupPhase

__all__ = [
    "AUTO_MAPS",
    "CATS",
    "CATS_PER_PLAYER",
    "FISH",
    "FISH_PER_PLAYER",
    "FISH_PER_ROW",
    "OVER",
    "PHASE_NAMES",
    "PLAY",
    "SPECIAL_MOVES",
    "WashiGame",
    "WashiState",
]

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
    parts = Parts(
        heuristic=Part("cattable.agents.washi.heuristic"),
        drawing=Part("cattable.interfaces.terminal.drawings.washi"),
        features=Part("cattable.analysis.features.washi"),
        encoding=Part("cattable.rl.encodings.washi:ENCODING"),
        fast_writer=Part("cattable.rl.fast.washi:WRITER"),
    )
    """Named, not imported: the rules never import bots, screens, reports or learning code."""
    min_players = 2
    max_players = 6
    options = (
        Option(
            "map",
            "",
            N_("a shipped map (standard, long, city6) or a map file path; empty picks one for the player count"),
            check=_check_map,
        ),
        Option(
            "rules",
            "revised",
            N_(
                "revised: the rules as read since the audit (spaced setups on every map, trapped means no route "
                "home); first: cattable 0.1's reading and maps, which games saved before then were played under"
            ),
            ("revised", "first"),
        ),
    )
    action_types = A.ACTION_TYPES
    declared = A.ACTIONS
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


class WashiState(SetupPhase, PlayPhase):
    """One position of Tokyo Washi behind the game API: the setup and play rules, the result and the view."""

    __slots__ = ()

    # -- the API -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def is_legal(self, action: Action) -> bool:
        """Membership in the (short) legal list: faster than building a set for every action. The list holds
        the interned actions, so one of them found by identity is exact; anything else is checked."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = [] if self.phase == OVER else self._legal()
        return any(map(is_, cache, repeat(action))) or (action in cache and A.ACTIONS.exact(action))

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

    # -- reasons ---------------------------------------------------------------------------------------
    def _why_illegal(self, action: Action) -> str:
        from .reasons import why_illegal

        return why_illegal(self, action)

    # -- outcome and views -------------------------------------------------------------------------
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
        names = b.names

        def name(node: int) -> str | None:
            return None if node < 0 else names[node]

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
