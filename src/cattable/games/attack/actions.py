"""Cat Attack's actions: small NamedTuples with a leading kind tag, a typed text form, and a JSON form.

Spaces are board indices inside an action and board ids in text (``cat 3 n2``) and JSON. The JSON form
is an object with a ``kind`` and named, typed fields (``{"kind": "cat_card", "count": 3, "to": "n2"}``);
``schemas/action.schema.json`` describes every kind. The text forms:

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
        return {"kind": "cat_card", "count": self.value, "to": None if self.dest == NONE else _space(self.dest)}


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
        if self.src == NONE:
            return {"kind": f"{self.kind}_card", "count": self.value, "from": None, "to": None}
        src = f"larder{self.src - LARDER_BASE}" if self.src >= LARDER_BASE else _space(self.src)
        return {"kind": f"{self.kind}_card", "count": self.value, "from": src, "to": _space(self.dest)}


class Speedy(NamedTuple):
    kind: str

    def text(self) -> str:
        return "speedy"

    def to_json(self) -> Any:
        return {"kind": "speedy"}


class CatAttack(NamedTuple):
    kind: str
    target: int

    def text(self) -> str:
        return f"attack {'pass' if self.target == NONE else _space(self.target)}"

    def to_json(self) -> Any:
        return {"kind": "attack", "to": None if self.target == NONE else _space(self.target)}


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
        return {
            "kind": "burglar",
            "to": None if self.target == NONE else _space(self.target),
            "item": None if self.item == NONE else ITEMS[self.item],
        }


class SixCat(NamedTuple):
    kind: str
    suit: int
    """1 mouse, 2 bird."""
    house: int

    def text(self) -> str:
        return f"sixcat {SUITS[self.suit]} {self.house}"

    def to_json(self) -> Any:
        return {"kind": "six_cat", "suit": SUITS[self.suit], "house": self.house}


class Fight(NamedTuple):
    kind: str
    seat: int
    suit: int

    def text(self) -> str:
        return f"fight {self.seat} {SUITS[self.suit]}"

    def to_json(self) -> Any:
        return {"kind": "fight", "opponent": self.seat, "suit": SUITS[self.suit]}


class FightCard(NamedTuple):
    kind: str
    card: int

    def text(self) -> str:
        return f"fightcard {card_name(self.card)}"

    def to_json(self) -> Any:
        return {"kind": "fight_card", "card": card_name(self.card)}


class Move(NamedTuple):
    kind: str
    dest: int

    def text(self) -> str:
        return f"move {_space(self.dest)}"

    def to_json(self) -> Any:
        return {"kind": "move", "to": _space(self.dest)}


class Raid(NamedTuple):
    kind: str
    item: int

    def text(self) -> str:
        return f"raid {ITEMS[self.item]}"

    def to_json(self) -> Any:
        return {"kind": "raid", "item": ITEMS[self.item]}


class Swap(NamedTuple):
    kind: str
    take: int
    give: int

    def text(self) -> str:
        return f"swap {card_name(self.take)} {card_name(self.give)}"

    def to_json(self) -> Any:
        return {"kind": "swap", "take": card_name(self.take), "give": card_name(self.give)}


ACTION_TYPES = (CatCard, CreatureCard, Speedy, CatAttack, Burglar, SixCat, Fight, FightCard, Move, Raid, Swap)
AttackAction = CatCard | CreatureCard | Speedy | CatAttack | Burglar | SixCat | Fight | FightCard | Move | Raid | Swap


def _bad(text: str, why: str) -> InvalidAction:
    return InvalidAction(f"cannot read {text!r}: {why}")


def _int(word: str, text: str, low: int, high: int) -> int:
    if not (word.isascii() and word.isdigit()) or not low <= int(word) <= high:  # '²'.isdigit(), int('²') fails
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


_JSON_FIELDS: dict[str, tuple[str, ...]] = {
    "cat_card": ("count", "to"),
    "mouse_card": ("count", "from", "to"),
    "bird_card": ("count", "from", "to"),
    "speedy": (),
    "attack": ("to",),
    "burglar": ("to", "item"),
    "six_cat": ("suit", "house"),
    "fight": ("opponent", "suit"),
    "fight_card": ("card",),
    "move": ("to",),
    "raid": ("item",),
    "swap": ("take", "give"),
}
"""Each kind's JSON fields besides ``kind`` (every one required, no other allowed)."""


class _Fields:
    """Typed reads of one JSON action's fields; each wrong value is an ``InvalidAction`` naming the field."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def bad(self, key: str, wanted: str) -> InvalidAction:
        return InvalidAction(f"Cat Attack action {self.data!r}: {key} must be {wanted}, not {self.data[key]!r}")

    def whole(self, key: str, low: int, high: int) -> int:
        value = self.data[key]
        if type(value) is not int or not low <= value <= high:
            raise self.bad(key, f"a whole number from {low} to {high}")
        return int(value)

    def word(self, key: str, allowed: Any, wanted: str) -> str:
        value = self.data[key]
        if not isinstance(value, str) or value not in allowed:
            raise self.bad(key, wanted)
        return value

    def space(self, key: str, empty: bool = False) -> int:
        """A board space id (or null, meaning none, where ``empty`` allows it)."""
        if empty and self.data[key] is None:
            return NONE
        index = standard_board().index
        return index[self.word(key, index, "a board space id such as n2" + (" or null" if empty else ""))]

    def item(self, key: str, empty: bool = False) -> int:
        if empty and self.data[key] is None:
            return NONE
        return ITEMS.index(self.word(key, ITEMS, "one of " + ", ".join(ITEMS) + (" or null" if empty else "")))

    def card(self, key: str) -> int:
        return CARD_CODES[self.word(key, CARD_CODES, "a card name such as cat3, bird4 or speedy")]

    def source(self, key: str) -> int:
        """Where a mouse or bird comes from: a space id, or ``larder<h>`` for a retired house's larder."""
        value = self.data[key]
        if isinstance(value, str) and len(value) == 7 and value.startswith("larder") and value[6] in "012345":
            return LARDER_BASE + int(value[6])
        return self.space(key)


def action_from_json(data: Any) -> AttackAction:
    """Read the JSON form written by ``to_json`` (``{"kind": ..., fields}``) exactly: every field of the
    kind, no other, each of its type; anything else is an ``InvalidAction``."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise InvalidAction(f"a Cat Attack action in JSON is an object with a kind, not {data!r}")
    kind = data["kind"]
    fields = _JSON_FIELDS.get(kind)
    if fields is None:
        raise InvalidAction(f"unknown Cat Attack action kind {kind!r}; kinds: {', '.join(_JSON_FIELDS)}")
    if set(data) != {"kind", *fields}:
        raise InvalidAction(f"a Cat Attack {kind} has the fields {', '.join(('kind', *fields))}, not {data!r}")
    f = _Fields(data)
    if kind == "cat_card":
        return CatCard("cat", f.whole("count", 1, 6), f.space("to", empty=True))
    if kind in ("mouse_card", "bird_card"):
        suit, count = kind.removesuffix("_card"), f.whole("count", 1, 6)
        if data["from"] is None and data["to"] is None:
            return CreatureCard(suit, count, NONE, NONE)
        return CreatureCard(suit, count, f.source("from"), f.space("to"))
    if kind == "speedy":
        return Speedy("speedy")
    if kind == "attack":
        return CatAttack("attack", f.space("to", empty=True))
    if kind == "burglar":
        target, item = f.space("to", empty=True), f.item("item", empty=True)
        if target == NONE and item != NONE:
            raise InvalidAction(f"Cat Attack action {data!r}: a burglar with no target (to null) takes no item")
        return Burglar("burglar", target, item)
    if kind == "six_cat":
        return SixCat("sixcat", SUITS.index(f.word("suit", ("mouse", "bird"), "mouse or bird")), f.whole("house", 0, 5))
    if kind == "fight":
        return Fight("fight", f.whole("opponent", 0, 5), SUITS.index(f.word("suit", SUITS, "cat, mouse or bird")))
    if kind == "fight_card":
        return FightCard("fightcard", f.card("card"))
    if kind == "move":
        return Move("move", f.space("to"))
    if kind == "raid":
        return Raid("raid", f.item("item"))
    return Swap("swap", f.card("take"), f.card("give"))


from_json = action_from_json
"""The name the game module reads the JSON form by."""


def _is_whole(value: Any) -> bool:
    """A whole number: an int or one of the game's IntEnums (a suit), never a bool or a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: Any, low: int, high: int) -> bool:
    return _is_whole(value) and low <= value <= high


def malformed(action: Any) -> str | None:
    """Why an action value built in code is no Cat Attack action at all (a field of the wrong type or out
    of range, a kind of another class), or None. Checked before any rule reads it, so a reason is never
    sought for, say, a cat card of -1 or 5.5 moves (which no walk can answer)."""
    cls, kind = type(action), action[0]
    spaces = len(standard_board().ids) - 1
    cards = set(CARD_CODES.values())

    def space(v: Any, empty: bool = False) -> bool:
        return _whole(v, 0, spaces) or (empty and v == NONE and type(v) is int)

    if cls is CatCard:
        ok = kind == "cat" and _whole(action.value, 1, 6) and space(action.dest, empty=True)
    elif cls is CreatureCard:
        passing = action.src == NONE and action.dest == NONE and type(action.src) is type(action.dest) is int
        source = space(action.src) or _whole(action.src, LARDER_BASE, LARDER_BASE + 5)
        ok = kind in ("mouse", "bird") and _whole(action.value, 1, 6) and (passing or (source and space(action.dest)))
    elif cls is Speedy:
        ok = kind == "speedy"
    elif cls is CatAttack:
        ok = kind == "attack" and space(action.target, empty=True)
    elif cls is Burglar:
        item = _whole(action.item, 0, len(ITEMS) - 1) or (action.item == NONE and type(action.item) is int)
        ok = kind == "burglar" and space(action.target, empty=True) and item
    elif cls is SixCat:
        ok = kind == "sixcat" and _whole(action.suit, 1, 2) and _whole(action.house, 0, 5)
    elif cls is Fight:
        ok = kind == "fight" and _whole(action.seat, 0, 5) and _whole(action.suit, 0, 2)
    elif cls is FightCard:
        ok = kind == "fightcard" and type(action.card) is int and action.card in cards
    elif cls is Move:
        ok = kind == "move" and space(action.dest)
    elif cls is Raid:
        ok = kind == "raid" and _whole(action.item, 0, len(ITEMS) - 1)
    elif cls is Swap:
        ok = kind == "swap" and all(type(c) is int and c in cards for c in (action.take, action.give))
    else:
        ok = False
    return None if ok else f"not a Cat Attack action (a field of the wrong type or out of range): {action!r}"


_CLASS_OF_KIND: dict[Any, type] = {
    "cat": CatCard,
    "mouse": CreatureCard,
    "bird": CreatureCard,
    "speedy": Speedy,
    "attack": CatAttack,
    "burglar": Burglar,
    "sixcat": SixCat,
    "fight": Fight,
    "fightcard": FightCard,
    "move": Move,
    "raid": Raid,
    "swap": Swap,
}


def exact(action: Any) -> bool:
    """Whether an action equal to a legal one is really that action: of the class its kind names, every
    field a plain whole number or word. Tuples compare by value, so ``CatCard('fight', 1, 2)`` equals
    ``Fight('fight', 1, 2)`` and ``Move('move', 5.0)`` equals ``Move('move', 5)``; neither can be carried out."""
    named: Any = _CLASS_OF_KIND.get(action[0])
    return type(action) is named and all(_is_whole(v) or type(v) is str for v in action)
