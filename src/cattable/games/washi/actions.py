"""The five actions, as small tuples with a leading kind tag (C-level hash and equality).

Cats are numbered 1 and 2 in text and JSON (0 and 1 inside). Cells are named like ``c5``. Forms:

    fish c5        draw a fish (setup)
    cat c5         draw a cat (setup)
    move 1 c6      extend cat 1's line one space (into a building: name the door's inside cell)
    jump 1 north   super cat jump (over any line: the super amazing cat jump) -- a special move
    pop 1 e4       super sewer popper: dive into the sewer at e4, come out of its pair -- a special move
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from cattable.core import InvalidAction

from .coords import cell_name, parse_cell

DIRECTIONS = ("north", "east", "south", "west")
DIR_ALIASES = {
    "n": "north",
    "e": "east",
    "s": "south",
    "w": "west",
    "up": "north",
    "down": "south",
    "right": "east",
    "left": "west",
}


class Fish(NamedTuple):
    kind: str
    row: int
    col: int

    def text(self) -> str:
        return f"fish {cell_name(self.row, self.col)}"

    def to_json(self) -> Any:
        return {"kind": "fish", "at": cell_name(self.row, self.col)}


class Cat(NamedTuple):
    kind: str
    row: int
    col: int

    def text(self) -> str:
        return f"cat {cell_name(self.row, self.col)}"

    def to_json(self) -> Any:
        return {"kind": "cat", "at": cell_name(self.row, self.col)}


class Move(NamedTuple):
    kind: str
    cat: int
    row: int
    col: int

    def text(self) -> str:
        return f"move {self.cat + 1} {cell_name(self.row, self.col)}"

    def to_json(self) -> Any:
        return {"kind": "move", "cat": self.cat + 1, "to": cell_name(self.row, self.col)}


class Jump(NamedTuple):
    kind: str
    cat: int
    direction: str

    def text(self) -> str:
        return f"jump {self.cat + 1} {self.direction}"

    def to_json(self) -> Any:
        return {"kind": "jump", "cat": self.cat + 1, "direction": self.direction}


class Pop(NamedTuple):
    kind: str
    cat: int
    row: int
    col: int

    def text(self) -> str:
        return f"pop {self.cat + 1} {cell_name(self.row, self.col)}"

    def to_json(self) -> Any:
        return {"kind": "pop", "cat": self.cat + 1, "at": cell_name(self.row, self.col)}


WashiAction = Fish | Cat | Move | Jump | Pop
ACTION_TYPES = (Fish, Cat, Move, Jump, Pop)


# interned constructors: the same tuple object every time, so legal lists are built without allocation
@cache
def fish(row: int, col: int) -> Fish:
    return Fish("fish", row, col)


@cache
def cat(row: int, col: int) -> Cat:
    return Cat("cat", row, col)


@cache
def move(cat: int, row: int, col: int) -> Move:
    return Move("move", cat, row, col)


@cache
def jump(cat: int, direction: str) -> Jump:
    return Jump("jump", cat, direction)


@cache
def pop(cat: int, row: int, col: int) -> Pop:
    return Pop("pop", cat, row, col)


_USAGE = "expected e.g. 'fish c5', 'cat c5', 'move 1 c6', 'jump 1 north' or 'pop 1 e4'"


def _cell(text: str, whole: str) -> tuple[int, int]:
    pos = parse_cell(text)
    if pos is None:
        raise InvalidAction(f"{whole!r}: {text!r} is not a cell name like c5; {_USAGE}")
    return pos


def _cat_number(text: str, whole: str) -> int:
    if text not in ("1", "2"):
        raise InvalidAction(f"{whole!r}: the cat must be 1 or 2, not {text!r}")
    return int(text) - 1


def parse_action(text: Any) -> WashiAction:
    """Read the text form, forgiving case and spacing."""
    if not isinstance(text, str):
        raise InvalidAction(f"not an action text: {text!r}")
    words = text.strip().lower().split()
    if not words:
        raise InvalidAction(f"empty action; {_USAGE}")
    kind, args = words[0], words[1:]
    if kind in ("fish", "cat") and len(args) == 1:
        r, c = _cell(args[0], text)
        return fish(r, c) if kind == "fish" else cat(r, c)
    if kind in ("move", "pop") and len(args) == 2:
        k = _cat_number(args[0], text)
        r, c = _cell(args[1], text)
        return move(k, r, c) if kind == "move" else pop(k, r, c)
    if kind == "jump" and len(args) == 2:
        k = _cat_number(args[0], text)
        d = DIR_ALIASES.get(args[1], args[1])
        if d not in DIRECTIONS:
            raise InvalidAction(f"{text!r}: the direction must be north, east, south or west")
        return jump(k, d)
    raise InvalidAction(f"cannot read {text!r}; {_USAGE}")


_JSON_FIELDS: dict[str, tuple[str, ...]] = {
    "fish": ("kind", "at"),
    "cat": ("kind", "at"),
    "move": ("kind", "cat", "to"),
    "jump": ("kind", "cat", "direction"),
    "pop": ("kind", "cat", "at"),
}


def _json_cell(data: dict[str, Any], key: str) -> tuple[int, int]:
    """A cell field of the JSON form: its canonical name (lower case, like ``c5``), nothing looser."""
    value = data[key]
    pos = parse_cell(value) if isinstance(value, str) else None
    if pos is None or cell_name(*pos) != value:
        raise InvalidAction(f"malformed action {data!r}: {key} must be a cell name like c5, not {value!r}")
    return pos


def _json_cat(data: dict[str, Any]) -> int:
    value = data["cat"]
    if type(value) is not int or value not in (1, 2):
        raise InvalidAction(f"malformed action {data!r}: cat must be 1 or 2, not {value!r}")
    return value - 1


def action_from_json(data: Any) -> WashiAction:
    """Read the JSON form written by ``to_json`` exactly (no missing, extra or mistyped field); anything
    else is an InvalidAction."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise InvalidAction(f"not an action object with a kind: {data!r}")
    kind = data["kind"]
    fields = _JSON_FIELDS.get(kind)
    if fields is None:
        raise InvalidAction(f"unknown action kind {kind!r}; kinds: {', '.join(_JSON_FIELDS)}")
    if set(data) != set(fields):
        raise InvalidAction(f"malformed action {data!r}: a {kind} has the fields {', '.join(fields)}")
    if kind == "fish":
        return fish(*_json_cell(data, "at"))
    if kind == "cat":
        return cat(*_json_cell(data, "at"))
    k = _json_cat(data)
    if kind == "jump":
        direction = data["direction"]
        if direction not in DIRECTIONS:
            raise InvalidAction(f"malformed action {data!r}: direction must be one of {', '.join(DIRECTIONS)}")
        return jump(k, direction)
    if kind == "move":
        return move(k, *_json_cell(data, "to"))
    return pop(k, *_json_cell(data, "at"))


_CLASS_OF_KIND: dict[Any, type] = {"fish": Fish, "cat": Cat, "move": Move, "jump": Jump, "pop": Pop}


def exact(action: Any) -> bool:
    """Whether an action equal to a legal one is really that action: of the class its kind names, every
    field a plain whole number or word. Tuples compare by value, so ``Jump('fish', 0, 0)`` equals
    ``fish(0, 0)`` and ``Fish('fish', 0.0, 1)`` equals ``fish(0, 1)``; neither can be carried out."""
    named: Any = _CLASS_OF_KIND.get(action[0])
    return type(action) is named and all(type(v) is int or type(v) is str for v in action)
