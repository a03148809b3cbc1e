"""Each action kind declared once: its fields, their types and ranges, and what they mean.

A game lists its kinds in one ``Declaration``; the JSON reader and writer, the text form and its reader,
the checks with their ``InvalidAction``, the JSON Schema and the announcement templates all come from it,
so a field added to a kind appears everywhere at once. The value types stay the game's small
``NamedTuple``s (hashing and equality in C, interned where the rules want it); their ``text`` and
``to_json`` ask the declaration."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import textform
from .errors import InvalidAction
from .fields import FieldError, FieldType
from .i18n import Message

_NO_DEFAULT: Any = object()

JSON_DESCRIPTION = (
    "One action in its JSON form: an object with a kind and that kind's fields (Game.action_from_json reads it; "
    "IllegalAction if the rules forbid it now)."
)


@dataclass(frozen=True)
class Field:
    """One field: its JSON name (also its name in the announcement), its type, what it means, and the
    value's attribute holding it when that is named otherwise (``Draft.value`` is the JSON ``die``), or
    its attributes when it spans several (a cell ``at`` held as ``row`` and ``col``)."""

    name: str
    type: FieldType
    help: str | None = None
    attr: str | tuple[str, ...] | None = None
    named: bool = False
    """Written ``name=value`` in the text form (a measure), rather than as a bare word in its place."""
    default: Any = _NO_DEFAULT
    """The value the text form leaves out (an empty side, no cat to stand on); none: always written."""

    @property
    def has_default(self) -> bool:
        return self.default is not _NO_DEFAULT

    def read(self, action: Any) -> Any:
        if isinstance(self.attr, tuple):
            return tuple(getattr(action, a) for a in self.attr)
        return getattr(action, self.attr or self.name)


@dataclass(frozen=True)
class Kind:
    """One action kind: its JSON ``kind`` (and the word its text form starts with), its value class, the
    function that makes the (interned) value from its fields by name, and what it means."""

    name: str
    cls: type
    make: Callable[..., Any]
    help: str
    fields: tuple[Field, ...] = ()
    word: str | None = None
    """The text form's first word, when it is not ``name`` (``six_cat`` is typed ``sixcat``)."""
    aliases: tuple[str, ...] = ()
    """Other first words the text form accepts (``draft`` for ``take``)."""
    announce: str | None = None
    """The message telling the move, its fields as ``{name}`` (mark it with ``N_`` for the catalogues)."""
    tag: str | None = None
    """The value's leading tag, when it is not ``name``."""

    @property
    def usage(self) -> str:
        """The text form, its fields named: ``mark <tower> <floor> <item>``, ``floor x=<x> ...``."""
        words = [f"<{f.name}>" if not f.named else f"{f.name}=<{f.name}>" for f in self.fields]
        words = [f"[{w}]" if f.has_default else w for f, w in zip(self.fields, words, strict=True)]
        return " ".join([self.word or self.name, *words])

    def schema(self) -> dict[str, Any]:
        properties: dict[str, Any] = {"kind": {"const": self.name, "description": "The kind of action."}}
        properties.update({f.name: f.type.schema(f.help) for f in self.fields})
        return {
            "type": "object",
            "description": self.help,
            "properties": properties,
            "required": ["kind", *(f.name for f in self.fields)],
            "additionalProperties": False,
        }


@dataclass(frozen=True)
class Declaration:
    """A game's action kinds, and everything read, written or published about its actions."""

    game: str
    title: str
    kinds: tuple[Kind, ...]
    filler: frozenset[str] = frozenset()
    """Words the text form skips after the kind's word (``mark tower 2 floor 3 yarn``)."""
    description: str = JSON_DESCRIPTION
    """What the schema says of every action (a game may say more: units, frames)."""
    _by_class: dict[type, Kind] = field(init=False, repr=False, compare=False)
    _by_tag: dict[tuple[type, Any], Kind] = field(init=False, repr=False, compare=False)
    _by_name: dict[str, Kind] = field(init=False, repr=False, compare=False)
    _by_word: dict[str, Kind] = field(init=False, repr=False, compare=False)
    _keys: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words = {w: k for k in self.kinds for w in (k.word or k.name, *k.aliases)}
        object.__setattr__(self, "_by_class", {k.cls: k for k in reversed(self.kinds)})
        object.__setattr__(self, "_by_tag", {(k.cls, k.tag or k.name): k for k in self.kinds})
        object.__setattr__(self, "_by_name", {k.name: k for k in self.kinds})
        object.__setattr__(self, "_by_word", words)
        object.__setattr__(
            self, "_keys", {k.name: frozenset(["kind", *(f.name for f in k.fields)]) for k in self.kinds}
        )

    @property
    def types(self) -> tuple[type, ...]:
        """The value classes (``Game.action_types``)."""
        return tuple(self._by_class)

    def kind_of(self, action: Any) -> Kind:
        """The kind of a value: by its class and tag (two kinds may share a class, as Cat Attack's mouse and
        bird cards do), else the first kind of its class."""
        try:
            return self._by_tag[type(action), action[0]]
        except (KeyError, TypeError, IndexError):  # a wrong tag, or a value that is no tuple
            return self._by_class[type(action)]

    # -- writing -------------------------------------------------------------------------------
    def to_json(self, action: Any) -> dict[str, Any]:
        kind = self.kind_of(action)
        return {"kind": kind.name, **{f.name: f.type.to_json(f.read(action)) for f in kind.fields}}

    def text(self, action: Any) -> str:
        return textform.write(self.kind_of(action), action)

    # -- reading -------------------------------------------------------------------------------
    def from_json(self, data: Any) -> Any:
        """The action of a JSON form exactly as ``to_json`` writes it; anything else (a missing, extra or
        mistyped field, a value out of range) is an ``InvalidAction`` saying what was expected."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InvalidAction(f"not a {self.title} action (an object with a kind): {data!r}")
        kind = self._by_name.get(data["kind"])
        if kind is None:
            raise InvalidAction(f"unknown {self.title} action kind {data['kind']!r}; kinds: {', '.join(self._by_name)}")
        if data.keys() != self._keys[kind.name]:
            names = ["kind", *(f.name for f in kind.fields)]
            raise InvalidAction(f"{self.title} action {kind.name!r} has the fields {', '.join(names)}, not {data!r}")
        values: dict[str, Any] = {}
        for f in kind.fields:
            try:
                values[f.name] = f.type.from_json(data[f.name])
            except (ValueError, TypeError, LookupError) as exc:
                raise InvalidAction(f"{self.title} action {data!r}: {_why(f, data[f.name], exc)}") from None
        return kind.make(**values)

    def parse(self, text: Any) -> Any:
        """The action of a text form (``textform.py``), forgiving case, spacing, commas and filler words."""
        if not isinstance(text, str):
            raise InvalidAction(f"not a {self.title} action text: {text!r}")
        split = textform.split(text, self.filler)
        kind = self._by_word.get(split[0]) if split is not None else None
        fields = textform.read(kind, split[1], split[2]) if kind is not None and split is not None else None
        if kind is None or fields is None:
            wanted = kind.usage if kind is not None else ", ".join(k.usage for k in self.kinds)
            raise InvalidAction(f"cannot read {text!r} as a {self.title} action; try: {wanted}")
        values: dict[str, Any] = {}
        for f, word in fields:
            try:
                values[f.name] = (
                    f.default
                    if word is textform.DEFAULT
                    else f.type.none  # type: ignore[attr-defined]
                    if word is textform.EMPTY
                    else f.type.from_text(word)
                )
            except (ValueError, TypeError, LookupError) as exc:
                raise InvalidAction(f"{text!r}: the {_why(f, word, exc)}") from None
        return kind.make(**values)

    def exact(self, action: Any) -> bool:
        """Whether a value is one of the game's actions exactly: of a declared class with its own tag, every
        slot a plain whole number or word, and read back as itself from its JSON form. Tuples compare by
        value, so ``Cat("take", 4)`` equals ``Draft("take", 4)`` and ``Draft("take", 3.0)`` equals
        ``Draft("take", 3)``: neither can be carried out."""
        kind = self._by_class.get(type(action))
        if kind is None or not isinstance(action, tuple) or action[0] != (kind.tag or kind.name):
            return False
        if not all(type(v) is int or type(v) is str for v in action):
            return False
        try:
            return bool(self.from_json(self.to_json(action)) == action)
        except (InvalidAction, ValueError, TypeError, LookupError):
            return False

    # -- publishing ----------------------------------------------------------------------------
    def schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of every kind's JSON form: what ``Game.schema("action")`` gives."""
        defs: dict[str, Any] = {}
        for t in (t for f in self.fields() for t in f.type.shared()):
            if t.define is not None and t.define not in defs:
                defs[t.define] = t.body(t.description)
        out: dict[str, Any] = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"https://cattable.invalid/schemas/{self.game}/action.schema.json",
            "title": f"{self.title} action",
            "description": self.description,
        }
        if defs:
            out["$defs"] = defs
        out["oneOf"] = [k.schema() for k in self.kinds]
        return out

    def announcements(self) -> dict[str, str]:
        """Each kind's announcement template, by kind (a game's ``messages.ANNOUNCEMENTS``)."""
        return {k.name: k.announce for k in self.kinds if k.announce is not None}

    def message(self, action: Any) -> Message | None:
        """The announcement of a move, its fields filled from the JSON form (None: its kind has none)."""
        kind = self.kind_of(action)
        if kind.announce is None:
            return None
        return Message(kind.announce, {k: v for k, v in self.to_json(action).items() if k != "kind"})

    def fields(self) -> Iterable[Field]:
        return (f for k in self.kinds for f in k.fields)


def _why(f: Field, value: Any, exc: Exception) -> str:
    """What is wrong with a field's value: the type's reason (``card=7 is out of range, 1 to 3``), or what
    it expects."""
    if isinstance(exc, FieldError):
        return f"{f.name}={value!r} {exc}"
    return f"{f.name} must be {f.type.expects()}, not {value!r}"
