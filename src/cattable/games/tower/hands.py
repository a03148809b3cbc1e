"""Each seat's own hand: the option ``seat_steadiness`` gives one steadiness a seat (in seat order) over the table's
``steadiness``, so a careful grown-up and a shaky child, or a steady bot, can share one tower. Every
placement's noise is drawn at the steadiness of the seat that makes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .physics import STEADINESS


def seat_hands(text: str) -> list[str]:
    """The levels named in the option, one a seat ([] for an empty option)."""
    return [h.strip().lower() for h in text.split(",")] if text.strip() else []


def check_hands(text: str) -> str | None:
    """A complaint for a level that is not a steadiness (the option's check)."""
    unknown = [h for h in seat_hands(text) if h not in STEADINESS]
    if unknown:
        return f"unknown steadiness {', '.join(map(repr, unknown))}; give each seat one of {', '.join(STEADINESS)}"
    return None


def hands_of(options: Mapping[str, Any], players: int) -> list[str]:
    """Each seat's steadiness: its own where the option names one, else the table's."""
    return seat_hands(options.get("seat_steadiness", "")) or [str(options["steadiness"])] * players
