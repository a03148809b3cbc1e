"""How Cat Cafe's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, SILENT, Message

from .actions import ACTIONS, Cat, Mark, Pass
from .phases import CHOOSING_CAT, OVER
from .sheet import ITEMS

ANNOUNCEMENTS = ACTIONS.announcements()
"""Each kind's template, declared with the kind (``actions.py``)."""
WORDS = (N_("house"), N_("yarn"), N_("butterfly"), N_("bowl"), N_("cushion"), N_("mouse"))
"""The items and cats, translated where they appear in a message."""
CHOSEN = N_("has chosen (revealed when everyone has)")
MARKED_CAT = N_("draws a {item} on tower {tower}, floor {floor} and scores the {cat} cat")
"""A cat house and the cat chosen for it, told together at the reveal."""


def announce(state: Any, action: Any, viewer: int | None) -> Message | None:
    """A mark, cat or pass stays secret from the other seats until the round resolves: they read "has
    chosen" once a seat per round (its cat, after a cat house, is not told again)."""
    if state.public_text(action, viewer) != action.text():
        return SILENT if type(action) is Cat else Message(CHOSEN)
    return None


def revealed(state: Any, action: Any) -> list[tuple[int, Message]]:
    """Once the last seat has chosen, the round's marks are public: one line per seat saying what it drew
    (and the cat it scored with a cat house), or that it passed."""
    if type(action) not in (Mark, Pass, Cat) or state.phase == CHOOSING_CAT:
        return []
    if state.turn != 0 and state.phase != OVER:
        return []  # the round is still being chosen
    lines: list[tuple[int, Message]] = []
    for seat, (act, _cost, cat) in enumerate(state.last):
        if type(act) is Pass:
            lines.append((seat, Message(ANNOUNCEMENTS["pass"])))
            continue
        args: dict[str, Any] = {"item": ITEMS[act.item - 1], "tower": act.tower, "floor": act.floor}
        if cat:
            lines.append((seat, Message(MARKED_CAT, {**args, "cat": ITEMS[cat - 1]})))
        else:
            lines.append((seat, Message(ANNOUNCEMENTS["mark"], args)))
    return lines
