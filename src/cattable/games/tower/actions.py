"""The tower's actions: small tagged tuples whose text a person can type and the game reads back, each
kind declared once in ``ACTIONS`` (its fields, their types and ranges, its text form, JSON Schema and
announcement).

Continuous parameters (centimetres, degrees) are kept to one decimal place, so the text form, the JSON
form and the value itself round-trip exactly; the readers round whatever they are given the same way,
after checking it as given against the field's range. An action value built in code is judged by the
rules instead (``reasons.py``), whose ``IllegalAction`` says why.
"""

from __future__ import annotations

import math
import re
from typing import Any, NamedTuple

from cattable.core.declared import Declaration, Field, Kind
from cattable.core.fields import FieldError, FieldType, Int, Number, Word, described
from cattable.core.i18n import N_

WALL_TYPES = ("bricks", "windows", "arches", "angels", "pillars")
COLOURS = ("yellow", "blue", "purple", "orange")
SIDES = ("", "left", "right")

# French and a few forgiving aliases, read by parse_action (the text printed is always the canonical one).
WALL_ALIASES = {
    "brick": "bricks",
    "brique": "bricks",
    "briques": "bricks",
    "window": "windows",
    "petite-fenetre": "windows",
    "petite_fenetre": "windows",
    "arch": "arches",
    "grande-fenetre": "arches",
    "grande_fenetre": "arches",
    "angel": "angels",
    "ange": "angels",
    "anges": "angels",
    "pillar": "pillars",
    "colonne": "pillars",
    "colonnes": "pillars",
}
COLOUR_ALIASES = {"jaune": "yellow", "bleu": "blue", "violet": "purple"}


def q(value: float) -> float:
    """One decimal place, and never a negative zero (so equal values print the same)."""
    return round(float(value), 1) + 0.0


class Choose(NamedTuple):
    """Take face-up Action card ``card`` (1-based) and, for a two-sided card, its ``side``."""

    kind: str
    card: int
    side: str

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Wall(NamedTuple):
    """Stand a wall of ``type`` on the top floor: crease foot at (x, y) cm, bisector yaw, fold angle."""

    kind: str
    type: str
    x: float
    y: float
    yaw: float
    fold: float

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Floor(NamedTuple):
    """Lay the next floor tile on the top walls, centred at (x, y) cm from the floor below, turned yaw."""

    kind: str
    x: float
    y: float
    yaw: float

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Cat(NamedTuple):
    """Stand a Feline Friend of ``colour`` on floor ``floor`` (its number) at (x, y), or on cat ``on``.

    ``take`` names a cat already on the tower to re-place (the FAQ, when the colour is out of stock);
    empty means a cat from the stock.
    """

    kind: str
    colour: str
    floor: int
    x: float
    y: float
    yaw: float
    on: str
    take: str

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Pet(NamedTuple):
    """Touch the cat placed this turn lightly: at ``angle`` around it, ``height`` cm up, with ``push``."""

    kind: str
    angle: float
    height: float
    push: float

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Move(NamedTuple):
    """Competitive: move Feline Friend ``cat`` from your Black Cat's floor up to floor ``floor``."""

    kind: str
    cat: str
    floor: int
    x: float
    y: float
    yaw: float

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Toto(NamedTuple):
    """Place Toto (Neko) at (``x``, ``y``), turned ``yaw``, on the floor the rules name: the one a goal
    sends him to, or the one he goes back on after a fall (the option ``toto=player``)."""

    kind: str
    x: float
    y: float
    yaw: float

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Goal(NamedTuple):
    """Complete Goal card ``card`` (1-based: face-up, or in your hand) and move up ``floors`` floors."""

    kind: str
    card: int
    floors: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Refresh(NamedTuple):
    """Competitive, French edition: discard Goal card ``card`` from your hand and draw another."""

    kind: str
    card: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


class Skip(NamedTuple):
    """Pass an optional step (the goal step, or moving a Feline Friend in the competitive game)."""

    kind: str

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> dict[str, Any]:
        return ACTIONS.to_json(self)


TowerAction = Choose | Wall | Floor | Cat | Pet | Move | Toto | Goal | Refresh | Skip
SKIP = Skip("skip")

_PIECE = re.compile(r"^(c-(yellow|blue|purple|orange)-[1-4]|b-(red|orange|blue|purple|yellow)|toto)$")
_FRIEND = re.compile(r"^C-(yellow|blue|purple|orange)-[1-4]$")


class Friend(FieldType):
    """A Feline Friend's piece name, ``C-blue-2`` exactly in JSON and in any case in text; ``empty`` lets
    the field hold ``""`` instead (no cat named)."""

    define = "cat"
    description = "A Feline Friend's piece name: C-<colour>-<1..4>."

    def __init__(self, *, empty: bool = False) -> None:
        self.empty = empty

    def from_json(self, value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(value)
        if (self.empty and value == "") or _FRIEND.match(value):
            return value
        raise FieldError("is no Feline Friend's name (like C-blue-2)")

    def to_json(self, value: Any) -> str:
        return str(value)

    def from_text(self, word: str) -> str:
        colour = word.split("-")
        return self.from_json("-".join([colour[0].upper(), *colour[1:]]) if len(colour) == 3 else word)

    def expects(self) -> str:
        return "a Feline Friend's name such as C-blue-2" + (" or empty" if self.empty else "")

    def body(self, description: str | None) -> dict[str, Any]:
        return described({"type": "string"}, description, {"pattern": _FRIEND.pattern})

    def schema(self, description: str | None) -> dict[str, Any]:
        ref = super().schema(None if self.empty else description)
        return described({"anyOf": [{"const": ""}, ref]}, description, {}) if self.empty else ref


XY = Number(
    -4.5,
    4.5,
    define="xy",
    description="Centimetres from the centre of the floor tile, in that floor's frame: on the tile means within "
    "4.5 cm.",
)
YAW = Number(-360, 360, define="yaw", description="Degrees, counter-clockwise, in the floor's frame.")
FLOOR = Int(1, 24, define="floor", description="A floor by its number (F1 is the ground floor, F24 the last).")
_X, _Y = Field("x", XY, named=True), Field("y", XY, named=True)
_YAW = Field("yaw", YAW, named=True)

ACTIONS = Declaration(
    "tower",
    "Cat and the Tower",
    (
        Kind(
            "choose",
            Choose,
            lambda card, side: Choose("choose", card, side),
            "Take a face-up Action card and, for a two-sided card, one of its sides (text: card 2 left).",
            (
                Field(
                    "card",
                    Int(1, 3),
                    "The face-up Action card, 1-based (two face up in the cooperative game, three in the competitive).",
                ),
                Field("side", Word(SIDES), "The side of a two-sided card; empty for a card with one side.", default=""),
            ),
            word="card",
            aliases=("choose",),
            announce=N_("takes Action card {card}"),
        ),
        Kind(
            "wall",
            Wall,
            lambda type, x, y, yaw, fold: Wall("wall", type, x, y, yaw, fold),
            "Stand a wall on the top floor: the foot of its crease at (x, y), its bisector turned yaw, folded to "
            "fold (text: wall bricks x=3.0 y=3.0 yaw=-135.0 fold=90.0).",
            (
                Field(
                    "type",
                    Word(WALL_TYPES, aliases=WALL_ALIASES),
                    "The wall type (the card's; another in stock when the card's has run out).",
                ),
                _X,
                _Y,
                Field("yaw", YAW, "Where the wall's bisector points, degrees.", named=True),
                Field(
                    "fold",
                    Number(30, 180),
                    "The angle between the two panels: 30 (tightly folded) to 180 (flat), 90 square.",
                    named=True,
                ),
            ),
            announce=N_("stands a wall ({type}) at ({x}, {y}), turned {yaw} degrees, folded {fold} degrees"),
        ),
        Kind(
            "floor",
            Floor,
            lambda x, y, yaw: Floor("floor", x, y, yaw),
            "Lay the next floor tile on the top-most walls, centred at (x, y) from the floor below, turned yaw "
            "(text: floor x=0.0 y=0.0 yaw=0.0).",
            (_X, _Y, _YAW),
            announce=N_("lays a floor at ({x}, {y}), turned {yaw} degrees"),
        ),
        Kind(
            "cat",
            Cat,
            lambda colour, floor, x, y, yaw, on, take: Cat("cat", colour, floor, x, y, yaw, on, take),
            "Stand a Feline Friend on a standing floor, or on top of a Feline Friend there (text: cat blue floor=2 "
            "x=0.8 y=-1.6 yaw=0.0).",
            (
                Field(
                    "colour",
                    Word(COLOURS, aliases=COLOUR_ALIASES),
                    "The Feline Friend's colour (the card's, or any for an any-colour card).",
                ),
                Field("floor", FLOOR, "The floor it stands on (one standing in the tower).", named=True),
                _X,
                _Y,
                _YAW,
                Field(
                    "on",
                    Friend(empty=True),
                    "The Feline Friend on that floor it is stood on top of; empty to stand it on the floor.",
                    named=True,
                    default="",
                ),
                Field(
                    "take",
                    Friend(empty=True),
                    "A Feline Friend of that colour already on the tower, re-placed when the colour is out of stock "
                    "(the FAQ); empty for one from the stock.",
                    named=True,
                    default="",
                ),
            ),
            announce=N_("stands a {colour} cat on floor {floor} at ({x}, {y})"),
        ),
        Kind(
            "pet",
            Pet,
            lambda angle, height, push: Pet("pet", angle, height, push),
            "Touch the Feline Friend placed this turn lightly (the pet cards; text: pet angle=90.0 height=1.0 "
            "push=6.0).",
            (
                Field("angle", YAW, "Where around the cat the touch comes from, degrees.", named=True),
                Field("height", Number(0, 2), "How high up the cat, centimetres.", named=True),
                Field(
                    "push",
                    Number(0.5, 20),
                    "How hard, g cm/s: 5 to 10 is light for a 1.8 g cat, 20 a shove.",
                    named=True,
                ),
            ),
            announce=N_("pets the cat"),
        ),
        Kind(
            "move",
            Move,
            lambda cat, floor, x, y, yaw: Move("move", cat, floor, x, y, yaw),
            "Competitive game: move a Feline Friend from your Black Cat's floor up to a floor above it (text: move "
            "C-blue-2 floor=4 x=0.0 y=0.0 yaw=0.0).",
            (
                Field("cat", Friend(), "The Feline Friend moved (one on your Black Cat's floor)."),
                Field("floor", FLOOR, "The floor it goes up to (above your Black Cat).", named=True),
                _X,
                _Y,
                _YAW,
            ),
            announce=N_("moves cat {cat} up to floor {floor}"),
        ),
        Kind(
            "toto",
            Toto,
            lambda x, y, yaw: Toto("toto", x, y, yaw),
            "Place Toto (Neko) on the floor the rules name (a goal's climb, or back after a fall; the view's "
            "pending item), at (x, y) turned yaw, with the hand's slip (text: toto x=0.0 y=0.0 yaw=0.0). Only in "
            "games with the option toto=player.",
            (_X, _Y, _YAW),
            announce=N_("places the black cat at ({x}, {y}), turned {yaw} degrees"),
        ),
        Kind(
            "goal",
            Goal,
            lambda card, floors: Goal("goal", card, floors),
            "Complete a Goal card whose condition is met and move up (Toto, or your Black Cat) that many floors "
            "(text: goal 1 floors=2).",
            (
                Field(
                    "card", Int(1, 2), "The Goal card, 1-based: face up (cooperative) or in your hand (competitive)."
                ),
                Field("floors", Int(1, 3), "Floors to move up: 1 up to the card's number.", named=True),
            ),
            announce=N_("completes Goal card {card} and climbs {floors} floors"),
        ),
        Kind(
            "refresh",
            Refresh,
            lambda card: Refresh("refresh", card),
            "Competitive game, French edition: discard a Goal card from your hand and draw another (text: refresh 1).",
            (Field("card", Int(1, 2), "The Goal card in your hand, 1-based."),),
            announce=N_("discards Goal card {card} and draws another"),
        ),
        Kind(
            "skip",
            Skip,
            lambda: SKIP,
            "Pass an optional step: the goal step, or moving a Feline Friend in the competitive game.",
            announce=N_("passes"),
        ),
    ),
    filler=frozenset({"goal", "move"}),  # "skip goal", "skip move"
    description="One action in its JSON form: an object with a kind and every one of that kind's fields "
    "(Game.action_from_json reads it; IllegalAction if the rules forbid it now). Measures are in centimetres and "
    "degrees and are rounded to one decimal place when read. The ranges are the rules' (reasons.py): a placement "
    "outside them is never legal. A placement's x and y are in the frame of the floor it goes on, from the tile's "
    "centre.",
)
ACTION_TYPES: tuple[type, ...] = ACTIONS.types


def parse_action(text: Any) -> TowerAction:
    """Read a typed action; forgiving about case, spaces and ``name = value`` spacing."""
    return ACTIONS.parse(text)  # type: ignore[no-any-return]


def action_from_json(data: Any) -> TowerAction:
    """Read an action's JSON form exactly as ``to_json`` writes it."""
    return ACTIONS.from_json(data)  # type: ignore[no-any-return]


_KIND_OF: dict[type, str] = {k.cls: k.name for k in ACTIONS.kinds}
_LIMIT = 10**6
"""No whole number or measure in a real action comes near this: beyond it a field is nonsense."""


def _measure(value: Any) -> bool:
    return (type(value) is float and math.isfinite(value) and abs(value) < _LIMIT) or _count(value)


def _count(value: Any) -> bool:
    return type(value) is int and abs(value) < _LIMIT


def _index(value: Any) -> bool:
    """A card or floor number: a count, never below zero (no position has card -1 or floor -1)."""
    return _count(value) and value >= 0


def _name(value: Any, empty: bool) -> bool:
    return isinstance(value, str) and ((empty and value == "") or bool(_PIECE.match(value.lower())))


def malformed(action: Any) -> str | None:
    """Why an action value built in code is no tower action at all (a field of the wrong type, a word
    that is no wall type, colour or piece, a measure that is not a finite number), or None. Checked
    before any rule compares or measures it."""
    a = action
    cls = type(a)
    if _KIND_OF.get(cls) != a.kind:
        ok = False
    elif cls is Choose:
        ok = _index(a.card) and isinstance(a.side, str) and a.side in SIDES
    elif cls is Wall:
        ok = isinstance(a.type, str) and a.type in WALL_TYPES and all(map(_measure, (a.x, a.y, a.yaw, a.fold)))
    elif cls is Floor:
        ok = all(map(_measure, (a.x, a.y, a.yaw)))
    elif cls is Cat:
        ok = (
            isinstance(a.colour, str)
            and a.colour in COLOURS
            and _index(a.floor)
            and all(map(_measure, (a.x, a.y, a.yaw)))
            and _name(a.on, True)
            and _name(a.take, True)
        )
    elif cls is Pet:
        ok = all(map(_measure, (a.angle, a.height, a.push)))
    elif cls is Move:
        ok = _name(a.cat, False) and _index(a.floor) and all(map(_measure, (a.x, a.y, a.yaw)))
    elif cls is Toto:
        ok = all(map(_measure, (a.x, a.y, a.yaw)))
    elif cls is Goal:
        ok = _index(a.card) and _index(a.floors)
    else:
        ok = cls is Skip or (cls is Refresh and _index(a.card))
    return None if ok else f"not a tower action (a field of the wrong type or out of range): {action!r}"
