"""The search bot's weights (what a climb, a fallen wall or a gift to the others is worth), its time
shares, and the ``Plan`` that turns a budget's iterations into trials per decision."""

from __future__ import annotations

import math
from dataclasses import dataclass

from cattable.agents.budget import Budget

EASE = {
    "three_placed": 0.6,
    "different_colours_touching": 0.6,
    "same_colour_touching": 0.45,
    "one_on_another": 0.4,
    "purple_orange_yellow": 0.35,
    "two_yellow_touching": 0.3,
    "blue_on_blue": 0.25,
    "touching_and_one_on_top": 0.2,
}
"""A rough chance that a goal condition gets met before long (what keeping the card is worth)."""
CLIMB = 15.0
"""Score per floor a goal lets Toto (or one's Black Cat) climb: the heuristic's scale."""
WALL_FALL = 60.0
"""Score lost per wall that falls (five lose the cooperative game, or rank the toppler last)."""
GIFT = 0.4
"""Competitive: how much the others' expected climb counts against a placement (their goals unseen)."""
DUEL_CLIMB = 0.1
"""Competitive, two players: the toppler is ranked last, so the other player wins whatever the climb (the
rulebook's END OF GAME). Climbing only breaks the rare tie of a tower that never falls: it counts this much."""
DUEL_LOSS = -2000.0
"""Competitive, two players: the fifth wall to fall loses the game outright."""
DISASTER = -400.0
"""A card side scored this low brings the tower down (or cannot be carried out): any untried side is better."""
STILL_SHARE = 0.5
"""Share of a placement's trials left that the still-hand look at every candidate may take."""
SAFETY = 0.92
"""Share of ``budget.max_seconds`` the search once used before it stopped early (a CPU clock); the level's
seconds now only size its count of trials (``TRIAL_SECOND_STOREYS``)."""
TRIAL_SECOND_STOREYS = 24.0
"""Trials a decision may run per second of its level's ``max_seconds`` (times ``SAFETY``), times the storeys
standing: ``round(TRIAL_SECOND_STOREYS * SAFETY * max_seconds) // storeys``, at least ``MIN_TRIALS``. A trial
costs about 0.04 CPU s a storey on the 2-core machine where the levels' seconds were set, so the count
gives each level about the trials its clock gave there (hard 40 // storeys, the heuristic's own cap; medium
22, easy 9), and a seed replays the same game on any machine, busy or not (issue #31)."""
FEW_CANDIDATES = 5
"""With ``candidates`` set to this (an experiment, off by default), a decision tries what the heuristic tries
(5 placements), each with the plan's shaky hands. Picked from 16 by their still tries, the best may fall more
often under shaky hands (the optimiser's curse): in a cooperative ablation 5 won 3 of 12 games where 16 won
none, and in 12 duels hard's storeys brought down the fifth wall 8 times in 110 (the heuristic's: 1 in 98).
In duels against the heuristic it does no better than the default (BOTS.md)."""
LIVE_STOREYS = 3
"""With ``live_storeys`` set (an experiment, off by default), the storeys a trial simulates below the top; the
ones beneath are held still (``SearchAgent._base``). On a duel's tall towers (10-21 storeys) 3 made a trial 4.3 times
cheaper and judged no candidate's fall differently in 96 (``experiments/tower_freeze.py``), but the bot
then won 19 of 45 duels against the heuristic where the whole-tower bot won 23 of the same 45 (BOTS.md)."""


@dataclass(frozen=True)
class Plan:
    """How many simulations each kind of decision gets, from the budget's iterations."""

    cap: int
    """Candidate placements tried with a still hand."""
    keep: int
    """Of those, how many get noisy trials."""
    trials: int
    """Noisy trials per kept candidate (and per card side)."""
    lookahead: bool
    """Whether cards, goals and moves are chosen by simulation (else the heuristic's rules of thumb)."""
    storeys: int
    """Wall plans (corner pairs and orders) built per wall side of a card."""

    @staticmethod
    def of(budget: Budget, candidates: int | None = None) -> Plan:
        """The plan for ``budget``; ``candidates`` caps the placements tried (and all of them get shaky hands)."""
        n = max(1, budget.iterations)
        if candidates is not None:
            few = max(1, candidates)
            cap, keep = (
                max(min(3, few), min(few, round(0.42 * math.sqrt(n)))),
                min(few, max(2, round(0.13 * math.sqrt(n)))),
            )
        else:
            cap, keep = max(3, min(40, round(0.42 * math.sqrt(n)))), max(2, min(8, round(0.1 * math.sqrt(n))))
        return Plan(
            cap=cap,
            keep=keep,
            trials=max(1, min(12, math.ceil(n / 300))),
            lookahead=n >= 150,
            storeys=2 if n < 1000 else 3,
        )


__all__ = [
    "CLIMB",
    "DISASTER",
    "DUEL_CLIMB",
    "DUEL_LOSS",
    "EASE",
    "FEW_CANDIDATES",
    "GIFT",
    "LIVE_STOREYS",
    "SAFETY",
    "STILL_SHARE",
    "TRIAL_SECOND_STOREYS",
    "WALL_FALL",
    "Plan",
]
