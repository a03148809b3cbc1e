"""Cat Cafe's four actions, interned once at import: every legal action is one of these objects.

- ``take 4``: draft a die of that value (the round's draft, in turn order).
- ``mark 2 3 yarn``: draw an item in tower 2 on floor 3. The footprints it costs are derived: the
  cheapest way to turn the two dice (your own and the shared one) into that floor and that item.
- ``cat yarn``: after drawing a cat house, choose the (unscored) cat whose favourite item is yarn.
- ``pass``: mark nothing this round and circle three footprints.

Actions are ``NamedTuple``s with a leading kind tag, so hashing and equality run in C.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cattable.core import InvalidAction

from .sheet import FLOORS, ITEMS, NSPACES, SPACE_AT, SPACES, TOWER_FLOORS, TOWERS, item_code


class Draft(NamedTuple):
    kind: str
    value: int

    def text(self) -> str:
        return f"take {self.value}"

    def to_json(self) -> Any:
        return {"kind": "take", "die": self.value}


class Mark(NamedTuple):
    kind: str
    space: int
    item: int

    @property
    def tower(self) -> int:
        """Tower number 1..5."""
        return SPACES[self.space][0] + 1

    @property
    def floor(self) -> int:
        return SPACES[self.space][1]

    def text(self) -> str:
        return f"mark {self.tower} {self.floor} {ITEMS[self.item - 1]}"

    def to_json(self) -> Any:
        return {"kind": "mark", "tower": self.tower, "floor": self.floor, "item": ITEMS[self.item - 1]}


class Cat(NamedTuple):
    kind: str
    item: int

    def text(self) -> str:
        return f"cat {ITEMS[self.item - 1]}"

    def to_json(self) -> Any:
        return {"kind": "cat", "cat": ITEMS[self.item - 1]}


class Pass(NamedTuple):
    kind: str

    def text(self) -> str:
        return "pass"

    def to_json(self) -> Any:
        return {"kind": "pass"}


CafeAction = Draft | Mark | Cat | Pass
ACTION_TYPES: tuple[type, ...] = (Draft, Mark, Cat, Pass)

DRAFT: tuple[Draft, ...] = tuple(Draft("take", v) for v in range(7))
"""DRAFT[v] takes a die showing v (index 0 unused)."""
MARK: tuple[tuple[Mark, ...], ...] = tuple(tuple(Mark("mark", s, i) for i in range(7)) for s in range(NSPACES))
"""MARK[space][item] (item 0 unused)."""
CAT: tuple[Cat, ...] = tuple(Cat("cat", i) for i in range(7))
PASS = Pass("pass")

MARKS_BY_MASK: tuple[tuple[tuple[Mark, ...], ...], ...] = tuple(
    tuple(tuple(MARK[s][i] for i in range(1, 7) if mask >> i & 1) for mask in range(128)) for s in range(NSPACES)
)
"""MARKS_BY_MASK[space][mask]: the marks of that space for the items whose bits (1 << item) are set."""
ALL_ACTIONS: frozenset[CafeAction] = frozenset(
    [*DRAFT[1:], *(m for row in MARKS_BY_MASK for m in row[127]), *CAT[1:], PASS]
)
"""Every Cat Cafe action there is; a value of an action type outside this set is no action at all."""
_KINDS: dict[type, str] = {Draft: "take", Mark: "mark", Cat: "cat", Pass: "pass"}
_SHAPES: dict[type, str] = {
    Draft: "its kind 'take' and a die value from 1 to 6",
    Mark: f"its kind 'mark', a space from 0 to {NSPACES - 1} and an item from 1 to 6",
    Cat: "its kind 'cat' and an item from 1 to 6",
    Pass: "its kind 'pass' only",
}


def check_value(action: CafeAction) -> None:
    """Refuse, as ``InvalidAction``, a value of an action type that is no Cat Cafe action (space 99, item
    0, a float or a bool for a number, a wrong kind tag): it is malformed, not forbidden by the rules,
    so the rules never see it and the position is unchanged."""
    try:
        known = (
            action in ALL_ACTIONS  # tuples compare by value: Cat("take", 4) == Draft("take", 4), so the tag too
            and action[0] == _KINDS.get(type(action))
            and all(type(v) in (str, int) for v in action)  # 0.0 == 0: the types too
        )
    except TypeError:  # a list or a dict in a field
        known = False
    if not known:
        kind = type(action)
        shape = _SHAPES.get(kind, "one of the sheet's values")
        raise InvalidAction(f"{action!r} is not a Cat Cafe action: a {kind.__name__} holds {shape}")


def _tower_floor(tower: int, floor: int) -> int:
    if not 1 <= tower <= TOWERS:
        raise InvalidAction(f"there is no tower {tower}; towers are 1 to {TOWERS}")
    if not 1 <= floor <= FLOORS:
        raise InvalidAction(f"there is no floor {floor}; floors are 1 to {FLOORS}")
    space = SPACE_AT.get((tower - 1, floor))
    if space is None:
        floors = ", ".join(map(str, TOWER_FLOORS[tower - 1]))
        raise InvalidAction(f"tower {tower} floor {floor} is a scratching post; tower {tower} has floors {floors}")
    return space


def _item(word: Any) -> int:
    code = item_code(str(word)) if isinstance(word, (str, int)) and not isinstance(word, bool) else 0
    if not code:
        raise InvalidAction(f"unknown item {word!r}; items: {', '.join(ITEMS)} (or 1 to 6)")
    return code


def _int(word: Any, what: str) -> int:
    if isinstance(word, bool):
        raise InvalidAction(f"{what} must be a number, not {word!r}")
    if isinstance(word, int):
        return word
    if isinstance(word, str) and word.strip().isascii() and word.strip().isdigit():  # '²'.isdigit(), int('²') fails
        return int(word)
    raise InvalidAction(f"{what} must be a number, not {word!r}")


def parse_action(text: str) -> CafeAction:
    """Read ``take 4``, ``mark 2 3 yarn`` (also ``mark tower 2 floor 3 yarn``), ``cat yarn``, ``pass``."""
    if not isinstance(text, str):
        raise InvalidAction(f"not an action: {text!r}")
    words = [w for w in text.strip().lower().replace(",", " ").split() if w not in ("tower", "floor", "die", "the")]
    if not words:
        raise InvalidAction("empty action; try: take 4, mark 2 3 yarn, cat yarn, pass")
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return PASS
    if head in ("take", "draft") and len(rest) == 1:
        value = _int(rest[0], "a die")
        if not 1 <= value <= 6:
            raise InvalidAction(f"a die shows 1 to 6, not {value}")
        return DRAFT[value]
    if head == "mark" and len(rest) == 3:
        return MARK[_tower_floor(_int(rest[0], "the tower"), _int(rest[1], "the floor"))][_item(rest[2])]
    if head == "cat" and len(rest) == 1:
        return CAT[_item(rest[0])]
    raise InvalidAction(f"cannot read {text!r}; try: take 4, mark 2 3 yarn, cat yarn, pass")


_JSON_FIELDS: dict[str, frozenset[str]] = {
    "take": frozenset({"kind", "die"}),
    "mark": frozenset({"kind", "tower", "floor", "item"}),
    "cat": frozenset({"kind", "cat"}),
    "pass": frozenset({"kind"}),
}


def _json_int(data: dict[str, Any], key: str) -> int:
    """A whole number field of the JSON form: a JSON integer, never a bool, a float or a text."""
    value = data[key]
    if type(value) is not int:
        raise InvalidAction(f"Cat Cafe action {data!r}: {key} must be a whole number, not {value!r}")
    return value


def _json_item(data: dict[str, Any], key: str) -> int:
    """An item field of the JSON form: one of the item names exactly (the text form forgives more)."""
    value = data[key]
    if not isinstance(value, str) or value not in ITEMS:
        raise InvalidAction(f"Cat Cafe action {data!r}: {key} must be one of {', '.join(ITEMS)}, not {value!r}")
    return ITEMS.index(value) + 1


def action_from_json(data: Any) -> CafeAction:
    """Read the JSON form written by ``to_json`` (``{"kind": ..., ...}``), exactly: no missing, extra or
    mistyped field; anything else is an ``InvalidAction``."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise InvalidAction(f"not a Cat Cafe action (an object with a kind): {data!r}")
    kind = data["kind"]
    fields = _JSON_FIELDS.get(kind)
    if fields is None:
        raise InvalidAction(f"unknown Cat Cafe action kind {kind!r}; kinds: {', '.join(_JSON_FIELDS)}")
    if set(data) != fields:
        raise InvalidAction(f"Cat Cafe action {kind!r} has the fields {', '.join(sorted(fields))}, not {data!r}")
    if kind == "pass":
        return PASS
    if kind == "take":
        value = _json_int(data, "die")
        if not 1 <= value <= 6:
            raise InvalidAction(f"a die shows 1 to 6, not {value}")
        return DRAFT[value]
    if kind == "mark":
        space = _tower_floor(_json_int(data, "tower"), _json_int(data, "floor"))
        return MARK[space][_json_item(data, "item")]
    return CAT[_json_item(data, "cat")]
