"""How Tokyo Washi's moves are announced, as templates the catalogues translate (see core.i18n)."""

from __future__ import annotations

from cattable.core.i18n import N_

from .actions import ACTIONS

ANNOUNCEMENTS = ACTIONS.announcements()
"""Each kind's template, declared with the kind (``actions.py``)."""
WORDS = (N_("north"), N_("south"), N_("east"), N_("west"))
"""The directions, translated where they appear in a message."""
