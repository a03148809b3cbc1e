"""How Cat and the Tower's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, Message

from .actions import ACTIONS

ANNOUNCEMENTS = ACTIONS.announcements()
"""Each kind's template, declared with the kind (``actions.py``)."""
WORDS = (
    N_("bricks"),
    N_("windows"),
    N_("arches"),
    N_("angels"),
    N_("pillars"),
    N_("yellow"),
    N_("blue"),
    N_("purple"),
    N_("orange"),
    N_("left"),
    N_("right"),
)
"""The wall types and cat colours, translated where they appear in a message."""
CHOOSE_SIDE = N_("takes Action card {card}, {side} side")
CLIMB_ONE = N_("completes Goal card {card} and climbs 1 floor")
"""A goal worth one floor, in the singular ("climbs 1 floors" read wrong)."""


def announce(state: Any, action: Any, viewer: int | None) -> Message | None:
    """A two-sided Action card is announced with the side taken; a one-floor goal in the singular."""
    data = action.to_json()
    if data.get("kind") == "choose" and data.get("side"):
        return Message(CHOOSE_SIDE, {"card": data["card"], "side": data["side"]})
    if data.get("kind") == "goal" and data.get("floors") == 1:
        return Message(CLIMB_ONE, {"card": data["card"]})
    return None
