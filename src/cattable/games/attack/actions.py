"""Cat Attack's actions: small NamedTuples with a leading kind tag, a typed text form, and a JSON form.

Spaces are board indices inside an action and board ids in text (``cat 3 n2``). The JSON form of an
action is its text form (a JSON string), so records read like a game transcript.

    cat 3 n2            play a Cat card 3 and land on n2     cat 3 cornered   play it with no way to go
    mouse 4 mh ms       play Mouse 4: move a mouse mh -> ms  mouse 4 pass     play it without a move
    mouse 2 larder3 mh  a retired cat's mouse goes home      speedy           play Speedy Cat
    attack r4_9         Cat Attack onto a piece              attack pass      play it without a target
    burglar fb          Cat Burglar to a shop's paw-print    burglar h2 fish  ... or raid house 2's fish
    sixcat mouse 2      Six Cat: house 2 loses its mouse     fight 1 bird     Cat Fight with cat 1 in birds
    fightcard bird4     put a card down in a Cat Fight       move n3          move after a roll
    raid milk           take an item when raiding            swap cat3 bird2  take cat3, give bird2
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cattable.core import InvalidAction

from .board import standard_board
from .cards import CARD_CODES, ITEMS, SUITS, card_name

LARDER_BASE = 1000
"""A creature's source ``LARDER_BASE + house`` means it sits in that (retired) house's larder."""
NONE = -1


def _space(s: int) -> str:
    return standard_board().ids[s]


class CatCard(NamedTuple):
    kind: str
    value: int
    dest: int
    """Landing space, or NONE when the cat is cornered."""

    def text(self) -> str:
        return f"cat {self.value} {'cornered' if self.dest == NONE else _space(self.dest)}"

    def to_json(self) -> Any:
        return self.text()


class CreatureCard(NamedTuple):
    kind: str
    """'mouse' or 'bird'."""
    value: int
    src: int
    """Space, or LARDER_BASE + house; NONE when no creature moves."""
    dest: int

    def text(self) -> str:
        if self.src == NONE:
            return f"{self.kind} {self.value} pass"
        src = f"larder{self.src - LARDER_BASE}" if self.src >= LARDER_BASE else _space(self.src)
        return f"{self.kind} {self.value} {src} {_space(self.dest)}"

    def to_json(self) -> Any:
        return self.text()


class Speedy(NamedTuple):
    kind: str

    def text(self) -> str:
        return "speedy"

    def to_json(self) -> Any:
        return self.text()


class CatAttack(NamedTuple):
    kind: str
    target: int

    def text(self) -> str:
        return f"attack {'pass' if self.target == NONE else _space(self.target)}"

    def to_json(self) -> Any:
        return self.text()


class Burglar(NamedTuple):
    kind: str
    target: int
    item: int
    """Item bit index when raiding a larder; NONE at a shop or with no target."""

    def text(self) -> str:
        if self.target == NONE:
            return "burglar pass"
        if self.item == NONE:
            return f"burglar {_space(self.target)}"
        return f"burglar {_space(self.target)} {ITEMS[self.item]}"

    def to_json(self) -> Any:
        return self.text()


class SixCat(NamedTuple):
    kind: str
    suit: int
    """1 mouse, 2 bird."""
    house: int

    def text(self) -> str:
        return f"sixcat {SUITS[self.suit]} {self.house}"

    def to_json(self) -> Any:
        return self.text()


class Fight(NamedTuple):
    kind: str
    seat: int
    suit: int

    def text(self) -> str:
        return f"fight {self.seat} {SUITS[self.suit]}"

    def to_json(self) -> Any:
        return self.text()


class FightCard(NamedTuple):
    kind: str
    card: int

    def text(self) -> str:
        return f"fightcard {card_name(self.card)}"

    def to_json(self) -> Any:
        return self.text()


class Move(NamedTuple):
    kind: str
    dest: int

    def text(self) -> str:
        return f"move {_space(self.dest)}"

    def to_json(self) -> Any:
        return self.text()


class Raid(NamedTuple):
    kind: str
    item: int

    def text(self) -> str:
        return f"raid {ITEMS[self.item]}"

    def to_json(self) -> Any:
        return self.text()


class Swap(NamedTuple):
    kind: str
    take: int
    give: int

    def text(self) -> str:
        return f"swap {card_name(self.take)} {card_name(self.give)}"

    def to_json(self) -> Any:
        return self.text()


ACTION_TYPES = (CatCard, CreatureCard, Speedy, CatAttack, Burglar, SixCat, Fight, FightCard, Move, Raid, Swap)
AttackAction = CatCard | CreatureCard | Speedy | CatAttack | Burglar | SixCat | Fight | FightCard | Move | Raid | Swap


def _bad(text: str, why: str) -> InvalidAction:
    return InvalidAction(f"cannot read {text!r}: {why}")


def _int(word: str, text: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise _bad(text, f"{word!r} is not a number from {low} to {high}")
    return int(word)


def _space_of(word: str, text: str) -> int:
    index = standard_board().index
    if word not in index:
        raise _bad(text, f"no space called {word!r}")
    return index[word]


def _card(word: str, text: str) -> int:
    if word not in CARD_CODES:
        raise _bad(text, f"no card called {word!r} (cards: cat1..cat6, mouse1.., bird1.., speedy, attack, burglar)")
    return CARD_CODES[word]


def _item(word: str, text: str) -> int:
    if word not in ITEMS:
        raise _bad(text, f"no item called {word!r} (items: {', '.join(ITEMS)})")
    return ITEMS.index(word)


def _suit(word: str, text: str, allowed: tuple[int, ...]) -> int:
    if word not in SUITS or SUITS.index(word) not in allowed:
        raise _bad(text, f"{word!r} is not a suit allowed here")
    return SUITS.index(word)


def parse(text: str) -> AttackAction:
    """Read the text form (case and spacing forgiven); ``InvalidAction`` for anything else."""
    if not isinstance(text, str):
        raise InvalidAction(f"an action is text, not {type(text).__name__}")
    w = text.strip().lower().split()
    if not w:
        raise _bad(text, "empty")
    head, n = w[0], len(w)
    if head == "cat" and n == 3:
        v = _int(w[1], text, 1, 6)
        return CatCard("cat", v, NONE if w[2] == "cornered" else _space_of(w[2], text))
    if head in ("mouse", "bird") and n in (3, 4):
        v = _int(w[1], text, 1, 6)
        if n == 3:
            if w[2] != "pass":
                raise _bad(text, "expected 'pass' or a source and a destination")
            return CreatureCard(head, v, NONE, NONE)
        larder = w[2].startswith("larder")
        src = LARDER_BASE + _int(w[2][6:], text, 0, 5) if larder else _space_of(w[2], text)
        return CreatureCard(head, v, src, _space_of(w[3], text))
    if head == "speedy" and n == 1:
        return Speedy("speedy")
    if head == "attack" and n == 2:
        return CatAttack("attack", NONE if w[1] == "pass" else _space_of(w[1], text))
    if head == "burglar" and n in (2, 3):
        if w[1] == "pass":
            if n != 2:
                raise _bad(text, "nothing may follow 'burglar pass'")
            return Burglar("burglar", NONE, NONE)
        return Burglar("burglar", _space_of(w[1], text), _item(w[2], text) if n == 3 else NONE)
    if head == "sixcat" and n == 3:
        return SixCat("sixcat", _suit(w[1], text, (1, 2)), _int(w[2], text, 0, 5))
    if head == "fight" and n == 3:
        return Fight("fight", _int(w[1], text, 0, 5), _suit(w[2], text, (0, 1, 2)))
    if head == "fightcard" and n == 2:
        return FightCard("fightcard", _card(w[1], text))
    if head == "move" and n == 2:
        return Move("move", _space_of(w[1], text))
    if head == "raid" and n == 2:
        return Raid("raid", _item(w[1], text))
    if head == "swap" and n == 3:
        return Swap("swap", _card(w[1], text), _card(w[2], text))
    raise _bad(
        text, "expected one of: cat, mouse, bird, speedy, attack, burglar, sixcat, fight, fightcard, move, raid, swap"
    )


def from_json(data: Any) -> AttackAction:
    if not isinstance(data, str):
        raise InvalidAction(f"a Cat Attack action in JSON is its text, not {data!r}")
    return parse(data)
