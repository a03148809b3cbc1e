"""How Tokyo Washi's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from cattable.core.i18n import N_

ANNOUNCEMENTS = {
    "fish": N_("places a fish at {at}"),
    "cat": N_("places a cat at {at}"),
    "move": N_("moves cat {cat} to {to}"),
    "jump": N_("jumps cat {cat} to the {direction}"),
    "pop": N_("pops cat {cat} out of the sewer at {at}"),
}
WORDS = (N_("north"), N_("south"), N_("east"), N_("west"))
"""The directions, translated where they appear in a message."""
