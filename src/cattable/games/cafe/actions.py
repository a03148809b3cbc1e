"""Cat Cafe's four actions, interned once at import: every legal action is one of these objects. Each
kind is declared once in ``ACTIONS`` (its fields, their types and ranges, its text form, schema and
announcement).

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
from cattable.core.declared import Declaration, Field, Kind
from cattable.core.fields import Int, Word
from cattable.core.i18n import N_

from .sheet import FLOORS, ITEMS, NSPACES, SPACE_AT, SPACES, TOWER_FLOORS, TOWERS, item_code


class Draft(NamedTuple):
    kind: str
    value: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


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
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Cat(NamedTuple):
    kind: str
    item: int

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


class Pass(NamedTuple):
    kind: str

    def text(self) -> str:
        return ACTIONS.text(self)

    def to_json(self) -> Any:
        return ACTIONS.to_json(self)


CafeAction = Draft | Mark | Cat | Pass

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


def check_value(action: CafeAction) -> None:
    """Refuse, as ``InvalidAction``, a value of an action type that is no Cat Cafe action (space 99, item
    0, a float or a bool for a number, a wrong kind tag): it is malformed, not forbidden by the rules,
    so the rules never see it and the position is unchanged."""
    try:
        known = (
            action in ALL_ACTIONS  # tuples compare by value: Cat("take", 4) == Draft("take", 4), so the tag too
            and action[0] == _TAGS.get(type(action))
            and all(type(v) in (str, int) for v in action)  # 0.0 == 0: the types too
        )
    except (TypeError, KeyError):  # a list or a dict in a field
        known = False
    if not known:
        kind = ACTIONS.kind_of(action)
        raise InvalidAction(f"{action!r} is not a Cat Cafe action: a {type(action).__name__} is {kind.usage!r}")


def _mark(tower: int, floor: int, item: int) -> Mark:
    """The mark of an item in a tower on a floor; a floor the tower skips is a scratching post."""
    space = SPACE_AT.get((tower - 1, floor))
    if space is None:
        floors = ", ".join(map(str, TOWER_FLOORS[tower - 1]))
        raise InvalidAction(f"tower {tower} floor {floor} is a scratching post; tower {tower} has floors {floors}")
    return MARK[space][item]


class ItemWord(Word):
    """An item: its name in JSON; in text also a synonym or its die face (``cathouse``, ``2``)."""

    def from_text(self, word: str) -> int:
        code = item_code(word)
        if not code:
            raise ValueError(word)
        return code


ITEM = ItemWord(
    ITEMS,
    values=range(1, 7),
    define="item",
    description="An item, by the die face that draws it: 1 house, 2 yarn, 3 butterfly, 4 bowl, 5 cushion, 6 mouse.",
)

ACTIONS = Declaration(
    "cafe",
    "Cat Cafe",
    (
        Kind(
            "take",
            Draft,
            lambda die: DRAFT[die],
            "Draft a die from the round's pool (the draft, in turn order from the first player).",
            (Field("die", Int(1, 6), "The value of the die taken.", "value"),),
            aliases=("draft",),
            announce=N_("takes the die showing {die}"),
        ),
        Kind(
            "mark",
            Mark,
            _mark,
            "Draw an item on your sheet: in a tower, on a floor. The footprints it costs are derived (the cheapest "
            "way to turn your die and the shared die into that floor and that item).",
            (
                Field("tower", Int(1, TOWERS), "The tower, 1 to 5 from the left of the sheet."),
                Field(
                    "floor",
                    Int(1, FLOORS),
                    "The floor of that tower, 1 (ground) to 6; some towers skip floors (scratching posts).",
                ),
                Field("item", ITEM, "The item drawn."),
            ),
            announce=N_("draws a {item} on tower {tower}, floor {floor}"),
        ),
        Kind(
            "cat",
            Cat,
            lambda cat: CAT[cat],
            "After drawing a cat house: choose the unscored cat whose favourite item is this one.",
            (Field("cat", ITEM, "The favourite item of the cat chosen.", "item"),),
            announce=N_("scores the {cat} cat"),
        ),
        Kind("pass", Pass, lambda: PASS, "Mark nothing this round and circle three footprints.", announce=N_("passes")),
    ),
    filler=frozenset({"tower", "floor", "die", "the"}),
)
ACTION_TYPES: tuple[type, ...] = ACTIONS.types
_TAGS: dict[type, str] = {k.cls: k.name for k in ACTIONS.kinds}
"""Each value class's own tag: a value of another class with an equal tuple is no such action."""
INTERNED: dict[int, Any] = {id(a): a for a in (*DRAFT[1:], *(m for row in MARK for m in row[1:]), *CAT[1:], PASS)}
"""The action objects the game hands out, by identity (the dict keeps them alive, so an id is never reused):
one of these is well formed by construction, so ``apply`` skips the value check that a stranger's value
needs (that check cost Cat Cafe a quarter of its playout speed)."""
