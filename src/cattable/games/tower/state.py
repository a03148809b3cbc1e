"""``TowerState``: one table of Cat and the Tower behind the game API, a front over ``position.py`` (its
fields, their copy and the helpers every rule uses: the physical table, levels, the event log) and the
modules named for each step of the rules: ``turn`` (the turn and the card choice), ``placements``,
``debris``, ``climb`` (Toto, Neko and the Black Cats going up), ``legal``, ``reasons``, ``ranking`` and
``views``.

Every placement draws hand noise through ``state.chance``, runs the world to rest, and records what
happened (``table.py``), so a replay never simulates.
"""

from __future__ import annotations

import random
from typing import Any

from cattable.core import Action, Result

from . import climb, legal, placements, ranking, reasons, turn, views
from .actions import Cat, Choose, Floor, Goal, Move, Pet, Refresh, Skip, Toto, Wall
from .cards import cards
from .climb import MILESTONES
from .phases import Mode, Phase
from .pieces import TOTO
from .position import Position


class TowerState(Position):
    """A table of Cat and the Tower, played through the game API."""

    def setup(self) -> None:
        """Starting paw cards face up (coop), decks shuffled, Toto on the 1st floor; or the competitive deal."""
        deck = cards()
        self.physics(lambda w: w.settle())
        if self.mode is Mode.COOP:
            self.action_faceup = sorted(c.id for c in deck.actions.values() if c.paw)
            self.goal_faceup = sorted(g.id for g in deck.goals.values() if g.paw)
            self.action_deck = sorted(c.id for c in deck.actions.values() if not c.paw)
            self.goal_deck = sorted(g.id for g in deck.goals.values() if not g.paw)
            self.chance.shuffle(self.action_deck)
            self.chance.shuffle(self.goal_deck)
            self.stand(TOTO, "F1")
            self.toto = self.toto_start = "F1"
        else:
            self.action_deck = sorted(deck.actions)
            self.goal_deck = sorted(deck.goals)
            self.chance.shuffle(self.action_deck)
            self.chance.shuffle(self.goal_deck)
            self.action_faceup = [self.action_deck.pop() for _ in range(3)]
            for hand in self.hands:
                hand.extend(self.goal_deck.pop() for _ in range(2))
        turn.start(self)

    # -- what the core asks of a state ---------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase is Phase.OVER else self.seat

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def _legal(self) -> list[Action]:
        return legal.actions(self)

    def _rule_check(self, action: Any) -> str | None:
        """Placements are judged by range (the rules asked), not by membership in the menu."""
        return reasons.why_not(self, action)

    def _apply(self, action: Any) -> None:
        if isinstance(action, Choose):
            turn.choose(self, action)
        elif isinstance(action, Wall):
            placements.place_wall(self, action)
        elif isinstance(action, Floor):
            placements.place_floor(self, action)
        elif isinstance(action, Cat):
            placements.place_cat(self, action)
        elif isinstance(action, Pet):
            placements.pet(self, action)
        elif isinstance(action, Move):
            placements.move(self, action)
        elif isinstance(action, Toto):
            placements.place_toto(self, action)
        elif isinstance(action, Goal):
            climb.complete_goal(self, action)
        elif isinstance(action, Refresh):
            climb.refresh(self, action)
        elif isinstance(action, Skip):
            turn.skip(self)

    def _result(self) -> Result:
        return ranking.result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        return views.snapshot(self)

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        views.redeal(self, seat, rng)


__all__ = ["MILESTONES", "TowerState"]
