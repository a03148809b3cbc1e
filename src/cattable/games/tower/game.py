"""Cat and the Tower: the rules, on a MuJoCo world of cardboard floors, folded walls and wooden cats.

A turn is several actions: choose a face-up Action card (and a side), place its pieces one by one (two
walls then the next floor; or a Feline Friend, then perhaps pet it), in the competitive game perhaps move
a Feline Friend up, then the goal step. ``TowerState`` (``state.py``) holds a table; the rules of each
step are in their own modules. Decisions where the rulebooks are silent are in README.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattable.core import Game, IllegalAction, InvalidAction, Option, OptionError
from cattable.core.descriptor import Part, Parts
from cattable.core.i18n import N_

from .actions import ACTION_TYPES, ACTIONS
from .cards import DECKS
from .climb import MILESTONES
from .hands import check_hands, seat_hands
from .phases import Mode
from .physics import STEADINESS
from .state import TowerState
from .tunables import TUNABLES, table_for


class TowerGame(Game):
    name = "tower"
    title = "Cat and the Tower"
    parts = Parts(
        heuristic=Part("cattable.agents.tower.heuristic"),
        drawing=Part("cattable.interfaces.terminal.drawings.tower"),
        features=Part("cattable.analysis.features.tower"),
        encoding=Part("cattable.rl.encodings.tower:ENCODING"),
        box_env=Part("cattable.rl.tower_box:TowerBoxEnv"),
        settle_recorder=Part("cattable.games.tower.physics.settling:recording"),
    )
    """Named, not imported: the rules never import bots, screens, reports or learning code."""
    min_players = 1
    max_players = 5
    cooperative = True
    has_hidden_information = True
    snapshot_form = 2  # 2: events as translatable messages; the view holds each seat's steadiness

    def is_cooperative(self, options: Mapping[str, Any] | None = None) -> bool:
        """The competitive variant ranks the players; the base game is won or lost together."""
        return bool((options or {}).get("mode", Mode.COOP) != Mode.COMPETITIVE)

    default_agent = "heuristic"
    action_types = ACTION_TYPES
    declared = ACTIONS
    options = (
        Option(
            "edition",
            "en",
            N_("en (Arcane Wonders: Toto, story cards) or fr (Unfriendly Games: Neko, stickers)"),
            ("en", "fr"),
        ),
        Option("mode", "coop", N_("coop (help Toto up) or competitive (Black Cats race up)"), ("coop", "competitive")),
        Option("goal_floor", 10, N_("the floor Toto aims at (going higher: 13, 15, 17, 20)"), MILESTONES, int),
        Option("steadiness", "careful", N_("how steady the hands are"), tuple(STEADINESS), str),
        Option(
            "seat_steadiness",
            "",
            N_(
                "each seat's own steadiness, in seat order, comma separated (e.g. careful,steady,normal); "
                "empty: every seat has the steadiness above"
            ),
            None,
            str,
            check_hands,
        ),
        Option(
            "cards",
            "calibrated",
            N_("calibrated (the goal cards' floors of 25 Nov 2026) or first (as before)"),
            DECKS,
        ),
        Option(
            "toto",
            "player",
            N_(
                "player (Toto is placed by the player where a goal sends him, and back after a fall) or rules "
                "(the rules stand him at the roomiest spot, as before)"
            ),
            ("player", "rules"),
        ),
        Option(
            "revision",
            2,
            N_(
                "the rules' revision: 2 (28 Nov 2026: a French floor is judged by its own walls only; a floor "
                "given up leaves the top floor to the one below) or 1 (as played before)"
            ),
            (2, 1),
            int,
        ),
        Option(
            "turn_limit",
            120,
            N_("turns before the game stops (a digital safety stop; 0 = none)"),
            None,
            int,
            lambda v: None if 0 <= v <= 10000 else "between 0 and 10000",
        ),
    )
    tunables = TUNABLES

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        if options["mode"] == Mode.COMPETITIVE and players < 2:
            raise OptionError("tower: the competitive variant needs 2 to 5 players; allowed: players=2..5")
        hands = seat_hands(options.get("seat_steadiness", ""))
        if hands and len(hands) != players:
            given = options["seat_steadiness"]
            raise OptionError(
                f"option seat_steadiness={given!r}: {len(hands)} steadiness level{'s' * (len(hands) != 1)} for "
                f"{players} seats; give one per seat, or none"
            )

    def record_options(self, fmt: int, options: dict[str, Any]) -> dict[str, Any]:
        """A record saved before the ``cards`` option existed was played with the first deck's goal floors; one
        saved before the ``toto`` option existed had the rules stand Toto (issue #31); one saved before the
        ``revision`` option existed was played by revision 1."""
        return {
            **options,
            "cards": options.get("cards", "first"),
            "toto": options.get("toto", "rules"),
            "revision": options.get("revision", 1),
        }

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> TowerState:
        state = TowerState(self, players, seed, options, script)
        state.table = table_for(state.table, options)
        state.setup()
        return state


__all__ = ["IllegalAction", "InvalidAction", "TowerGame", "TowerState"]
