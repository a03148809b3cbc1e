"""Cat Attack's actions: small NamedTuples with a leading kind tag, each kind declared once in ``ACTIONS``
(its fields, their types and ranges, its text form, JSON Schema and announcement).

Spaces are board indices inside an action and board ids in text (``cat 3 n2``) and JSON. The JSON form
is an object with a ``kind`` and named, typed fields (``{"kind": "cat_card", "count": 3, "to": "n2"}``).
The text forms:

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
from cattable.core.declared import Declaration, Field, Kind
from cattable.core.fields import FieldType, Int, Nullable, Word
from cattable.core.i18n import N_, counted

from .board import standard_board
from .cards import CARD_CODES, ITEMS, SUITS

LARDER_BASE = 1000
"""A creature's source ``LARDER_BASE + house`` means it sits in that (retired) house's larder."""
NONE = -1


class CatCard(NamedTuple):
    kind: str
    value: int
    dest: int
    """Landing space, or NONE when the cat is cornered."""

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class CreatureCard(NamedTuple):
    kind: str
    """'mouse' or 'bird'."""
    value: int
    src: int
    """Space, or LARDER_BASE + house; NONE when no creature moves."""
    dest: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Speedy(NamedTuple):
    kind: str

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class CatAttack(NamedTuple):
    kind: str
    target: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Burglar(NamedTuple):
    kind: str
    target: int
    item: int
    """Item bit index when raiding a larder; NONE at a shop or with no target."""

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class SixCat(NamedTuple):
    kind: str
    suit: int
    """1 mouse, 2 bird."""
    house: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Fight(NamedTuple):
    kind: str
    seat: int
    suit: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class FightCard(NamedTuple):
    kind: str
    card: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Move(NamedTuple):
    kind: str
    dest: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Raid(NamedTuple):
    kind: str
    item: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Swap(NamedTuple):
    kind: str
    take: int
    give: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


SPACE = Word(
    standard_board().ids,
    values=range(len(standard_board().ids)),
    define="space",
    description="A space of the board, by its id: n1..w5 the streets; f*, d*, c*, v* the four shops' gardens (fb, db, "
    "cb, vb their Cat Burglar paw-prints); h0..h5 the houses' Home spaces and g<house><a-d> their gardens; ms, bs the "
    "mouse and bird spaces, mh, bh the mouse-hole and bird-house; q* Curiosity spaces; r<row>_<col> the other cat "
    "spaces.",
)
CARD = Word(
    tuple(CARD_CODES),
    values=tuple(CARD_CODES.values()),
    define="card",
    description="A Mog card: cat1..cat6, mouse1..mouse6, bird1..bird6 (suit and value), or a picture card: speedy, "
    "attack, burglar.",
)
ITEM = Word(
    ITEMS,
    values=range(len(ITEMS)),
    define="item",
    description="A larder item: the four shop foods (fish, milk, catfood, vitamins), a mouse or a bird.",
)
COUNT = Int(1, 6, define="count", description="The value of the card played: the number of spaces to move, 1 to 6.")


class Source(FieldType):
    """Where a mouse or bird comes from: a space, or ``larder<h>`` (``LARDER_BASE + h`` inside) for a
    retired house's larder."""

    def from_json(self, value: Any) -> int:
        if isinstance(value, str) and len(value) == 7 and value.startswith("larder") and value[6] in "012345":
            return LARDER_BASE + int(value[6])
        return int(SPACE.from_json(value))

    def to_json(self, value: Any) -> str:
        return f"larder{value - LARDER_BASE}" if value >= LARDER_BASE else SPACE.to_json(value)

    def expects(self) -> str:
        return "a board space id such as n2 or larder0..larder5"

    def body(self, description: str | None) -> dict[str, Any]:
        larder = {
            "type": "string",
            "description": "A retired house's larder: larder0..larder5.",
            "pattern": "^larder[0-5]$",
        }
        return {"oneOf": [SPACE.schema(None), larder]}

    def shared(self) -> list[FieldType]:
        return [SPACE]


def _creature(suit: str) -> Any:
    """The constructor of a mouse or bird card: both places, or neither (played without a move)."""

    def make(count: int, to: int, **fields: int) -> CreatureCard:
        src = fields["from"]
        if (src == NONE) != (to == NONE):
            raise InvalidAction(f"a {suit} card moves from a place to a place, or nothing (both null)")
        return CreatureCard(suit, count, src, to)

    return make


def _burglar(to: int, item: int) -> Burglar:
    if to == NONE and item != NONE:
        raise InvalidAction("a Cat Burglar with no target (to null) takes no item")
    return Burglar("burglar", to, item)


def _creature_kind(suit: str) -> Kind:
    moves = {"mouse": "Play a Mouse card: move one mouse", "bird": "Play a Bird card: move one bird"}[suit]
    return Kind(
        f"{suit}_card",
        CreatureCard,
        _creature(suit),
        f"{moves} exactly count spaces (or play it without a move when no {suit} can move).",
        (
            Field("count", COUNT, attr="value"),
            Field(
                "from",
                Nullable(Source(), word="pass"),
                "Where the creature is: a board space, or larder<h> for a retired cat's house h (its mouse or bird "
                "goes home); null with to null when the card is played without moving anything.",
                "src",
            ),
            Field("to", Nullable(SPACE), f"Where the {suit} lands; null when nothing moves.", "dest"),
        ),
        word=suit,
        tag=suit,
        announce={
            "mouse": N_("plays a mouse card of {count}: a mouse from {from} to {to}"),
            "bird": N_("plays a bird card of {count}: a bird from {from} to {to}"),
        }[suit],
    )


ACTIONS = Declaration(
    "attack",
    "Cat Attack",
    (
        Kind(
            "cat_card",
            CatCard,
            lambda count, to: CatCard("cat", count, to),
            "Play a Cat card: move your cat exactly count spaces, without back-tracking.",
            (
                Field("count", COUNT, attr="value"),
                Field(
                    "to",
                    Nullable(SPACE, word="cornered"),
                    "The space your cat lands on; null when it is cornered (no way to go: it loses lives and goes "
                    "home).",
                    "dest",
                ),
            ),
            word="cat",
            tag="cat",
            announce=N_("plays a cat card of {count} to {to}"),
        ),
        _creature_kind("mouse"),
        _creature_kind("bird"),
        Kind(
            "speedy",
            Speedy,
            lambda: Speedy("speedy"),
            "Play Speedy Cat: roll the die and move.",
            announce=N_("plays Speedy Cat"),
        ),
        Kind(
            "attack",
            CatAttack,
            lambda to: CatAttack("attack", to),
            "Play Cat Attack: jump to a piece within six spaces and take it, or play it for nothing.",
            (
                Field(
                    "to",
                    Nullable(SPACE, word="pass"),
                    "The space of the cat, mouse or bird attacked; null to play the card with no target.",
                    "target",
                ),
            ),
            announce=N_("attacks at {to}"),
        ),
        Kind(
            "burglar",
            Burglar,
            _burglar,
            "Play Cat Burglar: jump to a shop's Cat Burglar paw-print (taking its item) or raid another house's "
            "larder.",
            (
                Field(
                    "to",
                    Nullable(SPACE, word="pass"),
                    "A shop's paw-print (fb, db, cb, vb) or another house's Home space (h0..h5); null to play the card "
                    "with no target.",
                    "target",
                ),
                Field(
                    "item",
                    Nullable(ITEM),
                    "The item taken from the larder when raiding a house; null at a shop or with no target.",
                ),
            ),
            announce=N_("sends the Cat Burglar to {to}"),
        ),
        Kind(
            "six_cat",
            SixCat,
            lambda suit, house: SixCat("sixcat", suit, house),
            "Play Six Cat (six cards of one suit): a house loses its mouse or bird, which goes home.",
            (
                Field(
                    "suit",
                    Word(SUITS[1:], values=range(1, len(SUITS))),
                    "The suit of the six cards, and so the creature the house loses.",
                ),
                Field("house", Int(0, 5), "The house (0 to 5) that loses it."),
            ),
            word="sixcat",
            tag="sixcat",
            announce=counted(N_("plays Six Cat with six {suit} cards against house {house}"), "house"),
        ),
        Kind(
            "fight",
            Fight,
            lambda opponent, suit: Fight("fight", opponent, suit),
            "Start a Cat Fight (instead of a Mog card) with a cat within reach, in one suit.",
            (
                Field("opponent", Int(0, 5), "The seat of the cat fought.", "seat"),
                Field("suit", Word(SUITS, values=range(len(SUITS))), "The suit the fight is played in."),
            ),
            announce=counted(N_("starts a Cat Fight against cat {opponent} with {suit} cards"), "opponent"),
        ),
        Kind(
            "fight_card",
            FightCard,
            lambda card: FightCard("fightcard", card),
            "Put a card down in a Cat Fight.",
            (Field("card", CARD, "The card put down."),),
            word="fightcard",
            tag="fightcard",
            announce=N_("puts down {card} in the Cat Fight"),
        ),
        Kind(
            "move",
            Move,
            lambda to: Move("move", to),
            "Move your cat after a die roll.",
            (Field("to", SPACE, "The space your cat lands on.", "dest"),),
            announce=N_("moves to {to}"),
        ),
        Kind(
            "raid",
            Raid,
            lambda item: Raid("raid", item),
            "Take an item from the larder being raided.",
            (Field("item", ITEM, "The item taken."),),
            announce=N_("raids the larder and takes {item}"),
        ),
        Kind(
            "swap",
            Swap,
            lambda take, give: Swap("swap", take, give),
            "Choose an exchange of cards: take one of theirs, give one of yours.",
            (
                Field("take", CARD, "The card taken from the other cat's hand."),
                Field("give", CARD, "The card given from your hand."),
            ),
            announce=N_("takes {take} and gives {give}"),
        ),
    ),
)
ACTION_TYPES = ACTIONS.types
AttackAction = CatCard | CreatureCard | Speedy | CatAttack | Burglar | SixCat | Fight | FightCard | Move | Raid | Swap


def parse(text: str) -> AttackAction:
    """Read the text form (case and spacing forgiven); ``InvalidAction`` for anything else."""
    return ACTIONS.parse(text)  # type: ignore[no-any-return]


def from_json(data: Any) -> AttackAction:
    """Read the JSON form exactly; ``InvalidAction`` for anything else."""
    return ACTIONS.from_json(data)  # type: ignore[no-any-return]


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
