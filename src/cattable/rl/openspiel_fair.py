"""Fair play for OpenSpiel's bots: each is shown a re-deal from its own information state.

OpenSpiel's ``evaluate_bots`` hands every bot the true state, and a cattable state knows its hidden cards
and, through its seed, every future die: an ``MCTSBot`` evaluated that way searches a future it could not
know. ``FairBot`` wraps a bot so that every state it is given is ``resample_from_infostate`` of its own
seat (cattable's ``determinize``), which depends only on what that seat has seen; it is never told the
opening deal, nor a move its seat was not shown as it is (Cat Cafe's secret marks). ``fair_evaluate_bots``
is ``evaluate_bots`` with every bot so wrapped.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

CHANCE = int(pyspiel.PlayerId.CHANCE)


class FairBot(pyspiel.Bot):  # type: ignore[misc]
    """``bot`` playing ``player_id``, shown only re-deals of the positions it cannot tell apart; ``seed``
    seeds the re-deals, so a run replays."""

    def __init__(self, bot: Any, player_id: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.player_id = player_id
        self.rng = random.Random(seed)

    def redeal(self, state: Any) -> Any:
        """What the bot sees of ``state``: a sample of its information state, never the state itself."""
        return state.resample_from_infostate(self.player_id, self.rng.random)

    def step(self, state: Any) -> int:
        return int(self.bot.step(self.redeal(state)))

    def step_with_policy(self, state: Any) -> Any:
        return self.bot.step_with_policy(self.redeal(state))

    def restart_at(self, state: Any) -> None:
        self.bot.restart_at(self.redeal(state))

    def restart(self) -> None:
        self.bot.restart()

    def provides_policy(self) -> bool:
        return bool(self.bot.provides_policy())

    def provides_force_action(self) -> bool:
        return False  # forcing would hand the inner bot an action it may not have been shown

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Tell the bot of a move only if its seat was shown it as it is (never the deal)."""
        if player_id == CHANCE or (player_id != self.player_id and not _announced(state, action, self.player_id)):
            return
        self.bot.inform_action(self.redeal(state), player_id, action)


def _announced(state: Any, action: int, seat: int) -> bool:
    shown = getattr(state, "announced", None)
    return True if shown is None else bool(shown(action, seat))


def fair_bots(bots: Sequence[Any], rng: np.random.RandomState) -> list[FairBot]:
    """Every bot wrapped for its seat (seat i plays ``bots[i]``), each with a seed drawn from ``rng``."""
    return [FairBot(bot, seat, int(rng.randint(2**31 - 1))) for seat, bot in enumerate(bots)]


def fair_evaluate_bots(state: Any, bots: Sequence[Any], rng: np.random.RandomState) -> list[float]:
    """OpenSpiel's ``evaluate_bots`` (chance drawn with ``rng``) with each bot shown only re-deals from
    its own information state; the returns of the played game, one per seat."""
    return list(evaluate_bots(state, fair_bots(bots, rng), rng))
