"""How Cat Attack's moves are announced, as templates the catalogues translate (see core.i18n).

Places are told in the board's words (``places.py``: "wall 3", "the bird-house"), never by the ids the
actions use; seats and houses are numbered from 1 in what people read (``counted``)."""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, Message, counted

from .actions import ACTIONS
from .places import place_json

ANNOUNCEMENTS = ACTIONS.announcements()
"""Each kind's template, declared with the kind (``actions.py``)."""
NOWHERE = {
    "cat_card": N_("plays a cat card of {count} and is cornered"),
    "mouse_card": N_("plays a mouse card of {count} without moving a mouse"),
    "bird_card": N_("plays a bird card of {count} without moving a bird"),
    "attack": N_("plays Cat Attack without a target"),
    "burglar": N_("plays Cat Burglar without a target"),
}
"""The cards played with no place to go."""
BURGLAR_RAID = N_("sends the Cat Burglar to {to} for the {item}")
WORDS = (
    N_("cat"),
    N_("mouse"),
    N_("bird"),
    N_("fish"),
    N_("milk"),
    N_("catfood"),
    N_("vitamins"),
)
"""The suits and larder items, translated where they appear in a message."""
EXCHANGE = counted(N_("exchanges a card with cat {other}"), "other")
PLACE_FIELDS = ("to", "from")
CARD_FIELDS = ("card", "take", "give")
CARDS = {
    "cat": N_("Cat {n}"),
    "mouse": N_("Mouse {n}"),
    "bird": N_("Bird {n}"),
    "speedy": N_("Speedy Cat"),
    "attack": N_("Cat Attack"),
    "burglar": N_("Cat Burglar"),
}
"""The Mog cards by the names printed on them (``bird4`` is Bird 4)."""


def card_json(card: Any) -> Any:
    """A card's name (``bird4``, ``speedy``) as a message argument in words."""
    if not isinstance(card, str):
        return card
    suit, value = card.rstrip("0123456789"), card[len(card.rstrip("0123456789")) :]
    if suit in CARDS:
        return Message(CARDS[suit], {"n": int(value)} if value else {}).to_json()
    return card


def _arg(key: str, value: Any) -> Any:
    if key in PLACE_FIELDS:
        return place_json(value)
    if key in CARD_FIELDS:
        return card_json(value)
    return value


def announce(state: Any, action: Any, viewer: int | None) -> Message | None:
    """A card exchange is told in full only to the two cats in it ("Make sure none of the other players
    sneaks a peek"); everyone else hears that one happened, and with whom. Every other move is told with
    its places in words."""
    data = action.to_json()
    kind = data.get("kind")
    if kind == "swap" and state.public_text(action, viewer) != action.text():
        return Message(EXCHANGE, {"other": state.swaps[0][1]})
    if kind not in ANNOUNCEMENTS:
        return None
    args = {k: _arg(k, v) for k, v in data.items() if k != "kind"}
    if kind in NOWHERE and data.get("to") is None:
        return Message(NOWHERE[kind], {"count": data["count"]} if "count" in data else {})
    if kind == "burglar" and data.get("item") is not None:
        return Message(BURGLAR_RAID, args)
    return Message(ANNOUNCEMENTS[kind], args)
