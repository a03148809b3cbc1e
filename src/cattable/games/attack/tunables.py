"""The data a Cat Attack game may be played with changed (option ``data``): the decks' card counts.

The publisher's counts are not published (``decks.json`` holds cattable's guess), so they are exactly
what a designer would tune: ``deck.cat3`` (Mog cards: ``cat1``..``bird6``, ``speedy``, ``attack``,
``burglar``) and ``curiosity.car2`` (Curiosity cards: ``shop0``..``shop3``, ``car0``..``car3``,
``another``, ``extra``; the one Shuffle card stays). Lives are an option already (``lives``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cattable.core import OptionError
from cattable.core.tuning import Tunable, overrides_of, tuned

from .cards import SHIPPED
from .position import HAND

MOG = "deck."
CURIOSITY = "curiosity."
MAX_COPIES = 12
"""At most this many copies of one card: four times the shipped three, enough to tip any balance."""

TUNABLES: tuple[Tunable, ...] = (
    *(
        Tunable(MOG + name, count, 0, MAX_COPIES, f"Mog cards {name} in the deck")
        for name, count in SHIPPED["mog"].items()
    ),
    *(
        Tunable(CURIOSITY + name, count, 0, MAX_COPIES, f"Curiosity cards {name} in the deck")
        for name, count in SHIPPED["curiosity"].items()
        if name != "shuffle"
    ),
)


def mog_counts(options: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """The Mog card counts a game's options change, as the (name, count) pairs ``mog_deck`` caches on."""
    return tuple(sorted(tuned(overrides_of(options), MOG).items()))


def curiosity_counts(options: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """The Curiosity card counts a game's options change, as pairs for ``curiosity_deck``."""
    return tuple(sorted(tuned(overrides_of(options), CURIOSITY).items()))


def check_deck(players: int, options: Mapping[str, Any]) -> None:
    """A Mog deck too small to deal every seat its hand is refused before the game starts."""
    counts = {**SHIPPED["mog"], **dict(mog_counts(options))}
    total = sum(counts.values())
    if total < HAND * players:
        raise OptionError(
            f"attack: the Mog deck has {total} cards with these data overrides; {players} players need at least "
            f"{HAND * players} (a hand of {HAND} each)"
        )
