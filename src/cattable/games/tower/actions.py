"""The tower's actions: small tagged tuples whose text a person can type and the game reads back.

Continuous parameters (centimetres, degrees) are kept to one decimal place, so the text form, the JSON
form and the value itself round-trip exactly; ``parse_action`` rounds whatever it is given the same way.

The readers (``parse_action``, ``action_from_json``) refuse what the published action schema
(``schemas/action.schema.json``) refuses, as an ``InvalidAction``: its ranges (a card 1 to 3, a floor 1 to
24, a placement on the tile) and its piece names are read from that file, never written again here, and a
value is checked as given, before it is rounded. An action value built in code is judged by the rules
instead (``reasons.py``), whose ``IllegalAction`` says why.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from cattable.core import InvalidAction

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
COLOUR_ALIASES = {"jaune": "yellow", "bleu": "blue", "violet": "purple", "any": "any"}


def q(value: float) -> float:
    """One decimal place, and never a negative zero (so equal values print the same)."""
    return round(float(value), 1) + 0.0


def f(value: float) -> str:
    return f"{value:.1f}"


class Choose(NamedTuple):
    """Take face-up Action card ``card`` (1-based) and, for a two-sided card, its ``side``."""

    kind: str
    card: int
    side: str

    def text(self) -> str:
        return f"card {self.card}" + (f" {self.side}" if self.side else "")

    def to_json(self) -> dict[str, Any]:
        return {"kind": "choose", "card": self.card, "side": self.side}


class Wall(NamedTuple):
    """Stand a wall of ``type`` on the top floor: crease foot at (x, y) cm, bisector yaw, fold angle."""

    kind: str
    type: str
    x: float
    y: float
    yaw: float
    fold: float

    def text(self) -> str:
        return f"wall {self.type} x={f(self.x)} y={f(self.y)} yaw={f(self.yaw)} fold={f(self.fold)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "wall", "type": self.type, "x": self.x, "y": self.y, "yaw": self.yaw, "fold": self.fold}


class Floor(NamedTuple):
    """Lay the next floor tile on the top walls, centred at (x, y) cm from the floor below, turned yaw."""

    kind: str
    x: float
    y: float
    yaw: float

    def text(self) -> str:
        return f"floor x={f(self.x)} y={f(self.y)} yaw={f(self.yaw)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "floor", "x": self.x, "y": self.y, "yaw": self.yaw}


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
        out = f"cat {self.colour} floor={self.floor} x={f(self.x)} y={f(self.y)} yaw={f(self.yaw)}"
        if self.on:
            out += f" on={self.on}"
        if self.take:
            out += f" take={self.take}"
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "cat",
            "colour": self.colour,
            "floor": self.floor,
            "x": self.x,
            "y": self.y,
            "yaw": self.yaw,
            "on": self.on,
            "take": self.take,
        }


class Pet(NamedTuple):
    """Touch the cat placed this turn lightly: at ``angle`` around it, ``height`` cm up, with ``push``."""

    kind: str
    angle: float
    height: float
    push: float

    def text(self) -> str:
        return f"pet angle={f(self.angle)} height={f(self.height)} push={f(self.push)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "pet", "angle": self.angle, "height": self.height, "push": self.push}


class Move(NamedTuple):
    """Competitive: move Feline Friend ``cat`` from your Black Cat's floor up to floor ``floor``."""

    kind: str
    cat: str
    floor: int
    x: float
    y: float
    yaw: float

    def text(self) -> str:
        return f"move {self.cat} floor={self.floor} x={f(self.x)} y={f(self.y)} yaw={f(self.yaw)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "move", "cat": self.cat, "floor": self.floor, "x": self.x, "y": self.y, "yaw": self.yaw}


class Toto(NamedTuple):
    """Place Toto (Neko) at (``x``, ``y``), turned ``yaw``, on the floor the rules name: the one a goal
    sends him to, or the one he goes back on after a fall (the option ``toto=player``)."""

    kind: str
    x: float
    y: float
    yaw: float

    def text(self) -> str:
        return f"toto x={f(self.x)} y={f(self.y)} yaw={f(self.yaw)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "toto", "x": self.x, "y": self.y, "yaw": self.yaw}


class Goal(NamedTuple):
    """Complete Goal card ``card`` (1-based: face-up, or in your hand) and move up ``floors`` floors."""

    kind: str
    card: int
    floors: int

    def text(self) -> str:
        return f"goal {self.card} floors={self.floors}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "goal", "card": self.card, "floors": self.floors}


class Refresh(NamedTuple):
    """Competitive, French edition: discard Goal card ``card`` from your hand and draw another."""

    kind: str
    card: int

    def text(self) -> str:
        return f"refresh {self.card}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "refresh", "card": self.card}


class Skip(NamedTuple):
    """Pass an optional step (the goal step, or moving a Feline Friend in the competitive game)."""

    kind: str

    def text(self) -> str:
        return "skip"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "skip"}


TowerAction = Choose | Wall | Floor | Cat | Pet | Move | Toto | Goal | Refresh | Skip
ACTION_TYPES: tuple[type, ...] = (Choose, Wall, Floor, Cat, Pet, Move, Toto, Goal, Refresh, Skip)
SKIP = Skip("skip")

_PIECE = re.compile(r"^(c-(yellow|blue|purple|orange)-[1-4]|b-(red|orange|blue|purple|yellow)|toto)$")


@cache
def schema_limits() -> dict[str, dict[str, dict[str, Any]]]:
    """Each action kind's fields as the published action schema bounds them: ``minimum``, ``maximum`` and
    ``pattern`` by kind and field name (a ``$ref`` to the schema's ``$defs`` followed; a field that may also
    be empty, ``anyOf`` with ``const: ""``, keeps its pattern)."""
    text = (resources.files(__package__ or "cattable.games.tower") / "schemas" / "action.schema.json").read_text(
        encoding="utf-8"
    )
    schema = json.loads(text)
    defs: dict[str, dict[str, Any]] = schema["$defs"]

    def resolved(field: dict[str, Any]) -> dict[str, Any]:
        if "anyOf" in field:
            return next((resolved(f) for f in field["anyOf"] if "const" not in f), {})
        if "$ref" in field:
            return {**defs[field["$ref"].rpartition("/")[2]], **{k: v for k, v in field.items() if k != "$ref"}}
        return field

    out: dict[str, dict[str, dict[str, Any]]] = {}
    for kind in schema["oneOf"]:
        fields = {name: resolved(field) for name, field in kind["properties"].items() if name != "kind"}
        out[kind["properties"]["kind"]["const"]] = {
            name: {k: v for k, v in field.items() if k in ("minimum", "maximum", "pattern")}
            for name, field in fields.items()
        }
    return out


def _within(value: float, kind: str, name: str) -> None:
    """Refuse a number outside the schema's range for ``kind``'s field ``name`` (checked before rounding)."""
    limits = schema_limits().get(kind, {}).get(name, {})
    low, high = limits.get("minimum", -math.inf), limits.get("maximum", math.inf)
    if not low <= value <= high:
        raise InvalidAction(f"{kind}: {name}={value:g} is out of range, {low:g} to {high:g}")


def _num(raw: Any, name: str, kind: str = "") -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise InvalidAction(f"{name} must be a number, not {raw!r}")
    try:
        value = float(raw)
    except ValueError as exc:
        raise InvalidAction(f"{name}={raw!r} is not a number") from exc
    if not math.isfinite(value):
        raise InvalidAction(f"{name}={raw!r} is not a finite number")
    _within(value, kind, name)
    return q(value)


def _int(raw: Any, name: str, kind: str = "") -> int:
    if isinstance(raw, bool):
        raise InvalidAction(f"{name} must be a whole number, not {raw!r}")
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and re.fullmatch(r"[+-]?\d{1,4}", raw.strip()):
        value = int(raw)
    else:
        raise InvalidAction(f"{name} must be a whole number, not {raw!r}")
    _within(value, kind, name)
    return value


def _piece(raw: Any, name: str, allow_empty: bool = True) -> str:
    if not isinstance(raw, str):
        raise InvalidAction(f"{name} must be a piece name, not {raw!r}")
    text = raw.strip()
    if not text and allow_empty:
        return ""
    low = text.lower()
    if not _PIECE.match(low):
        raise InvalidAction(f"{name}={raw!r} is not a cat's name (like C-blue-2)")
    if low == "toto":
        return "toto"
    parts = low.split("-")
    return "-".join([parts[0].upper(), *parts[1:]])


def _wall_type(raw: Any) -> str:
    if not isinstance(raw, str):
        raise InvalidAction(f"wall type must be a word, not {raw!r}")
    low = raw.strip().lower()
    low = WALL_ALIASES.get(low, low)
    if low not in WALL_TYPES:
        raise InvalidAction(f"unknown wall type {raw!r}; known: {', '.join(WALL_TYPES)}")
    return low


def _colour(raw: Any) -> str:
    if not isinstance(raw, str):
        raise InvalidAction(f"colour must be a word, not {raw!r}")
    low = raw.strip().lower()
    low = COLOUR_ALIASES.get(low, low)
    if low not in COLOURS:
        raise InvalidAction(f"unknown colour {raw!r}; known: {', '.join(COLOURS)}")
    return low


def _build(kind: str, fields: dict[str, Any], words: list[str]) -> TowerAction:
    """One constructor for both forms: ``fields`` holds named values, ``words`` the bare ones. What the
    action schema refuses is refused here: numbers out of its ranges as read, names its patterns do not
    match once written canonically."""
    action = _read(kind, fields, words)
    written = action.to_json()
    for name, limits in schema_limits()[action.kind].items():
        value = written[name]
        pattern = limits.get("pattern")
        if pattern is not None and value != "" and not re.search(pattern, value):
            raise InvalidAction(f"{kind}: {name}={value!r} is no Feline Friend's name (like C-blue-2)")
    return action


def _read(kind: str, fields: dict[str, Any], words: list[str]) -> TowerAction:
    def need(name: str) -> Any:
        if name not in fields:
            raise InvalidAction(f"{kind}: missing {name}=")
        return fields[name]

    def num(name: str) -> float:
        return _num(need(name), name, kind)

    def whole(name: str) -> int:
        return _int(need(name), name, kind)

    def extra(allowed: set[str], bare: int) -> None:
        unknown = set(fields) - allowed
        if unknown:
            raise InvalidAction(f"{kind}: unknown field(s) {', '.join(sorted(unknown))}")
        if len(words) != bare:
            raise InvalidAction(f"{kind}: expected {bare} word(s) after {kind!r}, got {words!r}")

    if kind == "choose":
        extra({"card", "side"}, 0)
        side = fields.get("side", "")
        if not isinstance(side, str) or side.strip().lower() not in SIDES:
            raise InvalidAction(f"side must be left or right, not {side!r}")
        return Choose("choose", whole("card"), side.strip().lower())
    if kind == "wall":
        extra({"type", "x", "y", "yaw", "fold"}, 0)
        return Wall(
            "wall",
            _wall_type(need("type")),
            num("x"),
            num("y"),
            num("yaw"),
            num("fold"),
        )
    if kind == "floor":
        extra({"x", "y", "yaw"}, 0)
        return Floor("floor", num("x"), num("y"), num("yaw"))
    if kind == "cat":
        extra({"colour", "floor", "x", "y", "yaw", "on", "take"}, 0)
        return Cat(
            "cat",
            _colour(need("colour")),
            whole("floor"),
            num("x"),
            num("y"),
            num("yaw"),
            _piece(fields.get("on", ""), "on"),
            _piece(fields.get("take", ""), "take"),
        )
    if kind == "pet":
        extra({"angle", "height", "push"}, 0)
        return Pet("pet", num("angle"), num("height"), num("push"))
    if kind == "move":
        extra({"cat", "floor", "x", "y", "yaw"}, 0)
        cat = _piece(need("cat"), "cat", allow_empty=False)
        return Move(
            "move",
            cat,
            whole("floor"),
            num("x"),
            num("y"),
            num("yaw"),
        )
    if kind == "toto":
        extra({"x", "y", "yaw"}, 0)
        return Toto("toto", num("x"), num("y"), num("yaw"))
    if kind == "goal":
        extra({"card", "floors"}, 0)
        return Goal("goal", whole("card"), whole("floors"))
    if kind == "refresh":
        extra({"card"}, 0)
        return Refresh("refresh", whole("card"))
    if kind == "skip":
        extra(set(), 0)
        return SKIP
    raise InvalidAction(f"unknown action kind {kind!r}")


def parse_action(text: Any) -> TowerAction:
    """Read a typed action; forgiving about case, spaces and ``name = value`` spacing."""
    if not isinstance(text, str):
        raise InvalidAction(f"an action is text, not {text!r}")
    cleaned = re.sub(r"\s*=\s*", "=", text.strip().lower())
    words = cleaned.split()
    if not words:
        raise InvalidAction("empty action; try 'card 1', 'wall bricks x=0 y=2.5 yaw=90 fold=90', 'skip'")
    head, rest = words[0], words[1:]
    fields: dict[str, Any] = {}
    bare: list[str] = []
    for word in rest:
        if "=" in word:
            name, _, value = word.partition("=")
            if not name or name in fields:
                raise InvalidAction(f"bad or repeated field in {text!r}")
            fields[name] = value
        else:
            bare.append(word)
    # Positional words some actions take: "card 2 left", "wall bricks ...", "cat blue ...", "goal 1 ...".
    if head == "card" and bare:
        fields["card"], bare = bare[0], bare[1:]
        if bare:
            fields["side"], bare = bare[0], bare[1:]
        head = "choose"
    elif head == "wall" and bare:
        fields["type"], bare = bare[0], bare[1:]
    elif head == "cat" and bare:
        fields["colour"], bare = bare[0], bare[1:]
    elif head == "move" and bare:
        fields["cat"], bare = bare[0], bare[1:]
    elif head in ("goal", "refresh") and bare:
        fields["card"], bare = bare[0], bare[1:]
    elif head == "skip" and bare in (["goal"], ["move"]):
        bare = []
    return _build(head, fields, bare)


_NUMBER, _WHOLE, _TEXT = "number", "whole", "text"
_JSON_FIELDS: dict[str, dict[str, str]] = {
    "choose": {"card": _WHOLE, "side": _TEXT},
    "wall": {"type": _TEXT, "x": _NUMBER, "y": _NUMBER, "yaw": _NUMBER, "fold": _NUMBER},
    "floor": {"x": _NUMBER, "y": _NUMBER, "yaw": _NUMBER},
    "cat": {"colour": _TEXT, "floor": _WHOLE, "x": _NUMBER, "y": _NUMBER, "yaw": _NUMBER, "on": _TEXT, "take": _TEXT},
    "pet": {"angle": _NUMBER, "height": _NUMBER, "push": _NUMBER},
    "move": {"cat": _TEXT, "floor": _WHOLE, "x": _NUMBER, "y": _NUMBER, "yaw": _NUMBER},
    "toto": {"x": _NUMBER, "y": _NUMBER, "yaw": _NUMBER},
    "goal": {"card": _WHOLE, "floors": _WHOLE},
    "refresh": {"card": _WHOLE},
    "skip": {},
}
"""Each kind's JSON fields and their JSON types (the text form is looser: it reads words and aliases)."""


def _json_typed(kind: str, name: str, value: Any, want: str) -> None:
    if want == _WHOLE:
        ok = type(value) is int
    elif want == _NUMBER:
        ok = type(value) in (int, float) and math.isfinite(value)
    else:
        ok = isinstance(value, str)
    if not ok:
        wanted = {_WHOLE: "a whole number", _NUMBER: "a finite number", _TEXT: "a text"}[want]
        raise InvalidAction(f"{kind}: {name} must be {wanted}, not {value!r}")


def action_from_json(data: Any) -> TowerAction:
    """Read an action's JSON form (``{"kind": ..., fields}``) exactly as ``to_json`` writes it: every field,
    no other, each of its JSON type, names and words in their canonical spelling. Numbers are rounded to
    one decimal place, as every action's are."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise InvalidAction(f"not a tower action (an object with a kind): {data!r}")
    kind = data["kind"]
    spec = _JSON_FIELDS.get(kind)
    if spec is None:
        raise InvalidAction(f"unknown action kind {kind!r}; kinds: {', '.join(_JSON_FIELDS)}")
    fields = {k: v for k, v in data.items() if k != "kind"}
    if set(fields) != set(spec):
        raise InvalidAction(f"{kind}: the fields are {', '.join(spec) or 'none'}, not {', '.join(fields) or 'none'}")
    for name, want in spec.items():
        _json_typed(kind, name, fields[name], want)
    action = _build(kind, fields, [])
    canonical = action.to_json()
    for name, want in spec.items():
        if want == _TEXT and canonical[name] != fields[name]:
            raise InvalidAction(f"{kind}: {name}={fields[name]!r} is written {canonical[name]!r} in JSON")
    return action


_KIND_OF: dict[type, str] = {
    Choose: "choose",
    Wall: "wall",
    Floor: "floor",
    Cat: "cat",
    Pet: "pet",
    Move: "move",
    Toto: "toto",
    Goal: "goal",
    Refresh: "refresh",
    Skip: "skip",
}
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
