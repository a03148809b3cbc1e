"""The data a Cat Cafe game may be played with changed (option ``data``): footprints and tower bonuses.

Footprints are what a designer turns to loosen or tighten the dice (each one spent changes a die by 1):
``footprints.start`` (circled at the start), ``footprints.pass`` (circled for passing) and
``footprints.butterfly`` (for drawing a butterfly toy). The completion bonuses decide games (the report
on 2,000 games: r = +0.53 with winning): ``bonus.tower1.larger`` .. ``bonus.tower5.smaller``. All live in
``data/sheet.json``; the track's length and the scoring of items stay as printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from cattable.core.tuning import Overrides, Tunable, overrides_of

from .sheet import BONUS_LARGE, BONUS_SMALL, BUTTERFLY_FOOTPRINTS, PASS_FOOTPRINTS, START_FOOTPRINTS, TOWERS, TRACK

SIZES = ("larger", "smaller")

TUNABLES: tuple[Tunable, ...] = (
    Tunable("footprints.start", START_FOOTPRINTS, 0, 6, "footprints circled at the start"),
    Tunable("footprints.pass", PASS_FOOTPRINTS, 0, 6, "footprints circled for passing"),
    Tunable("footprints.butterfly", BUTTERFLY_FOOTPRINTS, 0, 6, "footprints circled for a butterfly toy"),
    *(
        Tunable(f"bonus.tower{t + 1}.{size}", bonus[t], 0, 20, f"tower {t + 1}'s {size} completion bonus")
        for t in range(TOWERS)
        for size, bonus in zip(SIZES, (BONUS_LARGE, BONUS_SMALL), strict=True)
    ),
)


@dataclass(frozen=True)
class SheetNumbers:
    """The sheet's tunable numbers as one game plays them."""

    start: int
    passing: int
    butterfly: int
    larger: tuple[int, ...]
    smaller: tuple[int, ...]


@cache
def _numbers(overrides: Overrides) -> SheetNumbers:
    data = dict(overrides)

    def bonus(t: int, size: str, shipped: tuple[int, ...]) -> int:
        return int(data.get(f"bonus.tower{t + 1}.{size}", shipped[t]))

    return SheetNumbers(
        start=min(TRACK, int(data.get("footprints.start", START_FOOTPRINTS))),
        passing=int(data.get("footprints.pass", PASS_FOOTPRINTS)),
        butterfly=int(data.get("footprints.butterfly", BUTTERFLY_FOOTPRINTS)),
        larger=tuple(bonus(t, "larger", BONUS_LARGE) for t in range(TOWERS)),
        smaller=tuple(bonus(t, "smaller", BONUS_SMALL) for t in range(TOWERS)),
    )


def sheet_numbers(options: Mapping[str, Any]) -> SheetNumbers:
    """The numbers a game with these options plays with (the shipped sheet's without overrides); cached
    per override set, so one game's numbers never reach another's."""
    return _numbers(overrides_of(options))
