"""Mog and Curiosity cards as small integers, with names, read from ``decks.json``.

Cards are ints so that hands are lists of ints (cheap to copy and compare): a Cat card of value v is v,
a Mouse card 10+v, a Bird card 20+v; the picture cards are 31 (Speedy Cat), 32 (Cat Attack) and 33
(Cat Burglar). ``suit(card)`` is 0 (cat), 1 (mouse), 2 (bird) or 3 (picture).
"""

from __future__ import annotations

import json
from enum import IntEnum
from functools import cache
from pathlib import Path

DECKS_FILE = Path(__file__).with_name("decks.json")


class Suit(IntEnum):
    CAT = 0
    MOUSE = 1
    BIRD = 2
    PICTURE = 3


CAT, MOUSE, BIRD, PICTURE = Suit
SUITS = ("cat", "mouse", "bird")
SUIT_STEP = 10
"""A card's suit is ``card // SUIT_STEP`` and its value ``card % SUIT_STEP``."""
SPEEDY, ATTACK, BURGLAR = 31, 32, 33
PICTURES = {"speedy": SPEEDY, "attack": ATTACK, "burglar": BURGLAR}

# larder items as bits: the four shop foods in shop order, then the mouse and the bird
ITEMS = ("fish", "milk", "catfood", "vitamins", "mouse", "bird")
MOUSE_BIT = 1 << 4
BIRD_BIT = 1 << 5
FULL_LARDER = (1 << len(ITEMS)) - 1

# Curiosity cards: 0-3 open/close shop k, 4-7 send the car to street k, then these
SHOP_SIGNS = range(0, 4)
"""Curiosity card ``SHOP_SIGNS[k]`` opens shop k if closed, or closes it."""
CAR_CARDS = range(4, 8)
"""Curiosity card ``CAR_CARDS[k]`` drives the car to street k."""
CUR_ANOTHER, CUR_EXTRA, CUR_SHUFFLE = 8, 9, 10


def suit(card: int) -> int:
    return card // SUIT_STEP


def value(card: int) -> int:
    return card % SUIT_STEP


def _name(card: int) -> str:
    if card >= SPEEDY:
        return ("speedy", "attack", "burglar")[card - SPEEDY]
    if card % 10 == 0 or card % 10 > 6:
        return f"card{card}"
    return f"{SUITS[card // 10]}{card % 10}"


_NAMES = [_name(c) for c in range(BURGLAR + 1)]


def card_name(card: int) -> str:
    return _NAMES[card]


CARD_CODES: dict[str, int] = {
    **{f"{s}{v}": i * 10 + v for i, s in enumerate(SUITS) for v in range(1, 7)},
    **PICTURES,
}


def curiosity_name(card: int) -> str:
    if card in SHOP_SIGNS:
        return f"shop{card - SHOP_SIGNS.start}"
    if card in CAR_CARDS:
        return f"car{card - CAR_CARDS.start}"
    return ("another", "extra", "shuffle")[card - CUR_ANOTHER]


CURIOSITY_CODES = {curiosity_name(c): c for c in range(11)}


def item_names(bits: int) -> list[str]:
    return [name for i, name in enumerate(ITEMS) if bits >> i & 1]


def _counts() -> dict[str, dict[str, int]]:
    """The shipped counts: Mog cards by name (``cat3``, ``speedy``) and Curiosity cards (``car2``)."""
    data = json.loads(DECKS_FILE.read_text(encoding="utf-8"))
    mog: dict[str, int] = {}
    for s, counts in data["mog"]["suits"].items():
        if s not in SUITS or len(counts) != 6:
            raise ValueError(f"decks.json: bad suit {s!r}")
        mog.update({f"{s}{v}": int(k) for v, k in enumerate(counts, start=1)})
    for name, k in data["mog"]["pictures"].items():
        if name not in PICTURES:
            raise ValueError(f"decks.json: unknown picture card {name!r}")
        mog[name] = int(k)
    curiosity = {str(name): int(k) for name, k in data["curiosity"]["cards"].items()}
    if curiosity.get("shuffle") != 1:
        raise ValueError("decks.json: the Curiosity deck has exactly one Shuffle card")
    unknown = set(curiosity) - set(CURIOSITY_CODES)
    if unknown:
        raise ValueError(f"decks.json: unknown Curiosity card {sorted(unknown)[0]!r}")
    return {"mog": mog, "curiosity": curiosity}


SHIPPED = _counts()
"""decks.json as read at import: the defaults the tunable counts (``tunables.py``) start from."""


@cache
def mog_deck(overrides: tuple[tuple[str, int], ...] = ()) -> tuple[int, ...]:
    """Every Mog card in the box (not shuffled), with ``overrides`` ((name, count) pairs) applied.
    Cached per override set, so one game's changed deck never reaches another's."""
    counts = {**SHIPPED["mog"], **dict(overrides)}
    cards: list[int] = []
    for name, k in counts.items():
        cards += [CARD_CODES[name]] * k
    if len(cards) < 12:
        raise ValueError("decks.json: too few Mog cards to deal")
    return tuple(cards)


@cache
def curiosity_deck(overrides: tuple[tuple[str, int], ...] = ()) -> tuple[int, ...]:
    """Every Curiosity card except the Shuffle card (which always starts at the bottom), with
    ``overrides`` ((name, count) pairs) applied; cached per override set."""
    counts = {**SHIPPED["curiosity"], **dict(overrides)}
    cards: list[int] = []
    for name, k in counts.items():
        if name != "shuffle":
            cards += [CURIOSITY_CODES[name]] * k
    return tuple(cards)
