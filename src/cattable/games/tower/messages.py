"""How Cat and the Tower's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, Message

ANNOUNCEMENTS = {
    "choose": N_("takes Action card {card}"),
    "wall": N_("stands a wall ({type}) at ({x}, {y}), turned {yaw} degrees, folded {fold} degrees"),
    "floor": N_("lays a floor at ({x}, {y}), turned {yaw} degrees"),
    "cat": N_("stands a {colour} cat on floor {floor} at ({x}, {y})"),
    "pet": N_("pets the cat"),
    "move": N_("moves cat {cat} up to floor {floor}"),
    "toto": N_("places the black cat at ({x}, {y}), turned {yaw} degrees"),
    "goal": N_("completes Goal card {card} and climbs {floors} floors"),
    "refresh": N_("discards Goal card {card} and draws another"),
    "skip": N_("passes"),
}
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
