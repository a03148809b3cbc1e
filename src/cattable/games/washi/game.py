"""Tokyo Washi Game: Cat -- the rules engine.

Setup is part of play: seats draw fish one at a time (four each), then cats (two each), then take turns
extending one cat's line by a single space or making a special move. Every action draws on at least one
space that held no line before, so a game always ends (see README.md for the decisions this makes where
the rulebook is silent).

The rules live in layers: `position.py` (what a position holds, and its copy), `setup_phase.py` (the setup
draws), `play_phase.py` (moves, special moves, traps and turn order), `reasons.py` (why an action is not
legal) and `views.py` (the view and the result); `WashiState` puts them behind the game API.
"""

from __future__ import annotations

from typing import Any

from cattable.core import Game, Option, OptionError, Result
from cattable.core.action import Action
from cattable.core.descriptor import Part, Parts
from cattable.core.i18n import N_

from . import actions as A
from . import views
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
        return views.result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is on the table in this game: every seat sees the same, plus who it is."""
        return views.view(self, seat)
