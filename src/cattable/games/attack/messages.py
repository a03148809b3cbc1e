"""How Cat Attack's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, Message

ANNOUNCEMENTS = {
    "move": N_("moves to {to}"),
    "cat_card": N_("plays a cat card of {count} to {to}"),
    "mouse_card": N_("plays a mouse card of {count}: a mouse from {from} to {to}"),
    "bird_card": N_("plays a bird card of {count}: a bird from {from} to {to}"),
    "fight": N_("fights cat {opponent} with the {suit} suit"),
    "fight_card": N_("plays the fight card {card}"),
    "swap": N_("takes {take} and gives {give}"),
    "attack": N_("attacks at {to}"),
    "burglar": N_("sends the Cat Burglar to {to}"),
    "speedy": N_("plays Speedy"),
    "raid": N_("raids the {item}"),
    "six_cat": N_("plays six cats of the {suit} suit on house {house}"),
}
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
EXCHANGE = N_("exchanges a card with cat {other}")


def announce(state: Any, action: Any, viewer: int | None) -> Message | None:
    """A card exchange is told in full only to the two cats in it ("Make sure none of the other players
    sneaks a peek"); everyone else hears that one happened, and with whom."""
    if action.to_json().get("kind") == "swap" and state.public_text(action, viewer) != action.text():
        return Message(EXCHANGE, {"other": state.swaps[0][1]})
    return None
