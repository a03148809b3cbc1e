"""Cat Attack (Boardroom Productions): the game, its options, and the state the API plays.

``AttackState`` is a ``Position`` (``position.py``: the fields, as data) with the API's methods; each
delegates to the module that holds that part of the rules:

- ``start.py``: the board, houses, decks and first cat;
- ``flow.py``: carrying out an action, and the turn's flow (rolls, cornered cats, turn ends) until a
  seat must decide;
- ``plays.py`` and ``choices.py``: the legal actions of each phase, and why others are not;
- ``movement.py`` over ``tables.py``: where cats and creatures can land;
- ``landing.py``, ``lives.py``, ``curiosity.py``, ``hands.py``: what landing does, lives lost, the
  Curiosity cards, the Mog cards moving between hands;
- ``views.py``: views, the result, the snapshot and the re-deal of hidden cards.

Where the rulebook is silent the choices are in README.md; the board and decks are data files.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from cattable.core import Action, Game, Option, OptionError, Result
from cattable.core.descriptor import Part, Parts
from cattable.core.i18n import N_

from . import actions as A
from . import choices, curiosity, flow, movement, start, views
from .actions import ACTION_TYPES
from .position import Phase, Position
from .tunables import TUNABLES, check_deck

PLAY, MOVE, RAID, SWAP, FIGHT, OVER = Phase
"""The phases by their short names."""


def _check_lives(v: Any) -> str | None:
    return None if 1 <= v <= 9 else "lives run from 1 to 9"


def _check_limit(v: Any) -> str | None:
    return None if v >= 0 else "the time limit is a number of rounds, 0 for none"


class AttackGame(Game):
    name = "attack"
    title = "Cat Attack"
    parts = Parts(
        heuristic=Part("cattable.agents.attack.heuristic"),
        drawing=Part("cattable.interfaces.terminal.drawings.attack"),
        features=Part("cattable.analysis.features.attack"),
        encoding=Part("cattable.rl.encodings.attack:ENCODING"),
        fast_writer=Part("cattable.rl.fast.attack:WRITER"),
    )
    """Named, not imported: the rules never import bots, screens, reports or learning code."""
    min_players = 2
    max_players = 6
    has_hidden_information = True
    snapshot_form = 2  # 2: events are translatable messages ({msgid, args}), no longer English lines
    cooperative = False
    default_agent = "random"
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    declared = A.ACTIONS
    options = (
        Option("lives", 9, N_("lives per cat (a shorter game: fewer than nine)"), kind=int, check=_check_lives),
        Option(
            "time_limit",
            0,
            N_("rounds to play, then score lives + food (0: play to the end)"),
            kind=int,
            check=_check_limit,
        ),
        Option("younger", False, N_("younger players: no raiding, trespassing, Cat Fight or Six Cat"), kind=bool),
        Option(
            "claws",
            "none",
            N_(
                "opt-out claws: 'creatures' one bird and one mouse fewer than players;"
                " 'items' also one item fewer per shop"
            ),
            choices=("none", "creatures", "items"),
        ),
        Option("teams", 0, N_("gang warfare: 0 none, 2 pairs, 3 teams of three"), kind=int, choices=(0, 2, 3)),
        Option("shared_house", False, N_("gang warfare, shorter form: each team shares one house"), kind=bool),
    )
    tunables = TUNABLES

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        check_deck(players, options)
        size = options["teams"]
        if size and (players % size or players // size < 2):
            raise OptionError(f"attack: teams of {size} need a multiple of {size} players, two teams at least")
        if options["shared_house"] and not size:
            raise OptionError("attack: shared_house needs teams=2 or teams=3")

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> AttackState:
        return AttackState.start(self, players, seed, options, script)


class AttackState(Position):
    """One position of Cat Attack, played through the game API."""

    @classmethod
    def start(
        cls, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None
    ) -> AttackState:
        s = cls(game, players, seed, options, script)
        start.set_up(s, options)
        return s

    # -- the API -----------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.actor

    @property
    def is_over(self) -> bool:
        return self.over

    def _copy(self) -> AttackState:
        o = AttackState.__new__(AttackState)
        self.copy_fields_to(o)
        return o

    def _legal(self) -> list[Action]:
        return choices.legal(self)

    def _apply(self, action: Action) -> None:
        flow.apply_action(self, action)

    def _why_illegal(self, action: Action) -> str:
        return choices.why_illegal(self, action)

    def _result(self) -> Result:
        return views.result(self)

    def public_text(self, action: Action, viewer: int | None) -> str:
        """A card exchange is told in full only to the two cats in it ("Make sure none of the other
        players sneaks a peek"); everyone else hears that one happened. Every other action is public."""
        if isinstance(action, A.Swap) and self.phase == SWAP and self.swaps:
            chooser, other = self.swaps[0]
            if viewer not in (chooser, other):
                return f"exchange a card with cat {other}"
        return action.text()

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        views.redeal(self, seat, rng)

    # -- questions the bots and tests ask ----------------------------------------------------------
    def scores(self) -> list[float]:
        """Lives left plus items in the larder (the time-limit score)."""
        return flow.scores(self)

    def cat_moves(self, seat: int, start: int, steps: int) -> tuple[Sequence[int], int]:
        """Where ``seat`` can land with exactly ``steps`` moves from ``start``, and the reasons it is
        cornered (R_* bits) when nowhere."""
        return movement.cat_moves(self, seat, start, steps)

    def creature_moves(self, kind: int, start: int, steps: int) -> list[int]:
        """Where a mouse (kind MOUSE) or bird (BIRD) on ``start`` can land."""
        return movement.creature_moves(self, kind, start, steps)

    def car_route(self, street: int) -> list[int]:
        """The spaces the car drives over to rest on ``street``'s middle space (clockwise)."""
        return curiosity.car_route(self, street)
