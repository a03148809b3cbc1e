"""The phases of a round of Cat Cafe: draft a die, mark the sheet, choose a cat for a cat house; then over."""

from __future__ import annotations

DRAFTING, MARKING, CHOOSING_CAT, OVER = 0, 1, 2, 3
PHASES = ("draft", "mark", "cat", "over")
"""The names views show for the phases."""
