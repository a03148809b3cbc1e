"""How Cat Cafe's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, Message

ANNOUNCEMENTS = {
    "take": N_("takes the die showing {die}"),
    "mark": N_("draws a {item} on tower {tower}, floor {floor}"),
    "cat": N_("scores the {cat} cat"),
    "pass": N_("passes"),
}
WORDS = (N_("house"), N_("yarn"), N_("butterfly"), N_("bowl"), N_("cushion"), N_("mouse"))
"""The items and cats, translated where they appear in a message."""
CHOSEN = N_("has chosen (revealed when everyone has)")


def announce(state: Any, action: Any, viewer: int | None) -> Message | None:
    """A mark, cat or pass stays secret from the other seats until the round resolves."""
    if state.public_text(action, viewer) != action.text():
        return Message(CHOSEN)
    return None
