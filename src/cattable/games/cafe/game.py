"""Cat Cafe: roll, draft, mark at once, complete towers, score the sheet.

A round: roll players+1 dice (through ``state.chance``); each player drafts one die in turn order from
the round's first player; the undrafted die is shared; then every player marks a space (or passes).
Marking is simultaneous in the rules; here each seat chooses in turn, and no view shows another seat's
choice until everyone has chosen and the round resolves. Then marks are drawn, towers are checked,
bonuses given, the end checked, and the first player moves on. Solo (one player) is cattable's own
mode: two dice, no draft, a ghost rival for the yarn, and a target score (see README.md).

``CafeState`` is a ``Position`` (``position.py``: the fields, as data) with the API's methods; each
belongs to the module that holds that part of the rules:

- ``start.py``: the empty sheets and the first round;
- ``choices.py``: the legal actions of each phase (drafting, marking, choosing a cat), and the rules
  asked directly, with why an action is not legal;
- ``flow.py``: carrying out an action, resolving a round once everyone has chosen, the next round's dice;
- ``rules.py`` and ``scoring.py``: what a mark costs, and what a sheet scores;
- ``views.py``: views, the breakdown and result, and the re-deal of the choices a seat has not seen.

The hot methods (``_legal``, ``_rule_check``, ``_apply``) are those modules' functions themselves, not
methods calling them: a call fewer on every move of every playout.
"""

from __future__ import annotations

import random
from typing import Any

from cattable.core import Game, Option, Result
from cattable.core.descriptor import Part, Parts
from cattable.core.i18n import N_

from . import choices, flow, scoring, start, views
from .actions import ACTION_TYPES, ACTIONS, INTERNED, Cat, Draft, Mark, Pass, check_value
from .phases import CHOOSING_CAT, MARKING, OVER
from .position import Position
from .tunables import TUNABLES


def _positive(limit: int) -> Any:
    def check(value: Any) -> str | None:
        return None if 1 <= value <= limit else f"must be 1 to {limit}"

    return check


OPTIONS: tuple[Option, ...] = (
    Option(
        "solo_target",
        100,
        N_("solo only: the score the single player must reach to win (cattable's own solo mode)"),
        kind=int,
        check=_positive(500),
    ),
    Option(
        "mice",
        "cap",
        N_("a group of more than four mouse toys: 'cap' scores 20, 'repeat' scores 20 per four plus the rest"),
        choices=scoring.MICE_RULES,
    ),
    Option(
        "max_rounds",
        100,
        N_("a safety stop (not in the rulebook): the game also ends after this many rounds"),
        kind=int,
        check=_positive(1000),
    ),
)


class CafeState(Position):
    """One position of Cat Cafe, played through the game API."""

    __slots__ = ()

    # -- the API ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._cp

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    _legal = choices.legal
    _rule_check = choices.rule_check
    _apply = flow.apply_action

    def apply(self, action: Any) -> None:
        """A malformed value of an action type (space 99, item 0.0) is an ``InvalidAction``, not a move the
        rules forbid: it is refused before the rules look, changing nothing."""
        if INTERNED.get(id(action)) is not action and isinstance(action, Draft | Mark | Cat | Pass):
            check_value(action)
        super().apply(action)

    def public_text(self, action: Any, viewer: int | None) -> str:
        """How ``action``, about to be played by the current seat, may be announced to ``viewer``.

        Marks, cats and passes stay secret from the other seats until the round resolves (the view's
        ``last`` then shows them, and a table's log says them: ``messages.revealed``), so a table should
        print this rather than ``action.text()``. The others hear that a seat has chosen once a round: the
        cat it picks after drawing a cat house is not told at all (empty).
        """
        seat = self._cp
        if seat is None or seat == viewer or type(action) is Draft:
            return str(action.text())
        return "" if type(action) is Cat else "has chosen (revealed when everyone has)"

    def early_choices(self, seat: int) -> list[Any] | None:
        """Marking is simultaneous (each seat marks its own sheet with its die and "the die not chosen"):
        a seat whose turn in this round has not come may choose now, since its marks depend only on its own
        sheet and dice."""
        # a seat choosing a cat for its cat house is still "marking" to the others: no tell here either
        if self.phase not in (MARKING, CHOOSING_CAT) or self._cp is None or seat == self._cp or not 0 <= seat < self.n:
            return None
        if (seat - self.first) % self.n <= self.turn:
            return None
        return list(choices.marks(self, seat))

    # -- results and views -------------------------------------------------------------------------
    def breakdown(self) -> list[dict[str, Any]]:
        """Each seat's points item by item, as the sheet would be scored if the game ended now."""
        return views.public_info(self)[1]

    def _breakdown(self) -> list[dict[str, Any]]:
        """The breakdown computed afresh (the heuristic scores positions it changed by hand)."""
        return views.breakdown(self)

    def _result(self) -> Result:
        return views.result(self)

    def view(self, seat: int | None, _everything: bool = False) -> dict[str, Any]:
        return views.view(self, seat, _everything)

    def snapshot(self) -> dict[str, Any]:
        return self.view(None, _everything=True)

    # -- copies and determinization ----------------------------------------------------------------
    def _forget(self) -> None:
        self._public = None

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        views.redeal(self, seat, rng)


class CafeGame(Game):
    """Cat Cafe (Alley Cat Games / Mandoo Games, 2019): a roll-and-write of cat towers, 1 to 4 players."""

    name = "cafe"
    title = "Cat Cafe"
    parts = Parts(
        heuristic=Part("cattable.agents.cafe.heuristic"),
        drawing=Part("cattable.interfaces.terminal.drawings.cafe"),
        features=Part("cattable.analysis.features.cafe"),
        encoding=Part("cattable.rl.encodings.cafe:ENCODING"),
        fast_writer=Part("cattable.rl.fast.cafe:WRITER"),
    )
    """Named, not imported: the rules never import bots, screens, reports or learning code."""
    min_players = 1
    max_players = 4
    options = OPTIONS
    cooperative = False
    default_agent = "heuristic"
    has_hidden_information = True
    """Only this: a seat's mark of the current round, until everyone has marked."""
    action_types = ACTION_TYPES
    declared = ACTIONS
    tunables = TUNABLES

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> CafeState:
        state = CafeState(self, players, seed, options, script)
        start.set_up(state)
        return state
