"""The types an action's field may have. Each says, once, how a value reads and writes as JSON and as
text, which JSON Schema describes it and what it expects, so a game's declaration (``declared.py``) names
only the fields and their types, never a reader, writer or schema of its own."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

_WHOLE = re.compile(r"[+-]?[0-9]+")


class FieldError(ValueError):
    """A value of the right sort that is still no good, and why (``is out of range, 1 to 3``); any other
    ``ValueError`` from a field type means the value is not even of the right sort."""


class FieldType:
    """How one kind of value is read, written and described. A type named by ``define`` is described
    once under ``$defs`` and referred to by every field that has it."""

    define: str | None = None
    """The name of its ``$defs`` entry, for a type many fields share; None: described inline."""
    description: str | None = None
    """What the shared ``$defs`` entry says of the type (fields add their own meaning)."""

    def from_json(self, value: Any) -> Any:
        """The value inside the action, from its JSON form exactly; a ``ValueError`` if it is none."""
        raise NotImplementedError

    def to_json(self, value: Any) -> Any:
        """The JSON form of a value inside the action."""
        raise NotImplementedError

    def from_text(self, word: str) -> Any:
        """The value from a word people typed (lower case); forgiving where the JSON form is exact."""
        return self.from_json(word)

    def to_text(self, value: Any) -> str:
        """The word the text form shows."""
        return str(self.to_json(value))

    def expects(self) -> str:
        """What a good value is, for errors: ``a whole number from 1 to 6``."""
        raise NotImplementedError

    def body(self, description: str | None) -> dict[str, Any]:
        """The type's own schema, its description after the type and before the constraints."""
        raise NotImplementedError

    def shared(self) -> list[FieldType]:
        """The types under ``$defs`` this one's schema refers to (itself, if it is one of them)."""
        return [] if self.define is None else [self]

    def schema(self, description: str | None) -> dict[str, Any]:
        """The schema of a field of this type: a reference to the shared entry, or the type inline."""
        if self.define is None:
            return self.body(description)
        ref: dict[str, Any] = {"$ref": f"#/$defs/{self.define}"}
        return ref if description is None else {**ref, "description": description}


def described(head: dict[str, Any], description: str | None, tail: dict[str, Any]) -> dict[str, Any]:
    """A schema in the order people read it: the type, what it means, then its constraints."""
    return {**head, **({} if description is None else {"description": description}), **tail}


class Int(FieldType):
    """A whole number from ``low`` to ``high`` (a JSON integer: never a bool, a float or a text), kept
    inside the action as ``value - offset`` (a cat numbered 1 and 2 for people, 0 and 1 inside)."""

    def __init__(
        self, low: int, high: int, *, offset: int = 0, define: str | None = None, description: str | None = None
    ) -> None:
        self.low, self.high, self.offset = low, high, offset
        self.define, self.description = define, description

    def from_json(self, value: Any) -> int:
        if type(value) is not int:
            raise ValueError(value)
        if not self.low <= value <= self.high:
            raise FieldError(f"is out of range, {self.low} to {self.high}")
        return value - self.offset

    def to_json(self, value: Any) -> int:
        return int(value) + self.offset

    def from_text(self, word: str) -> int:
        if not _WHOLE.fullmatch(word):  # ASCII digits only: '²'.isdigit(), but int('²') fails
            raise ValueError(word)
        return self.from_json(int(word))

    def expects(self) -> str:
        return f"a whole number from {self.low} to {self.high}"

    def body(self, description: str | None) -> dict[str, Any]:
        return described({"type": "integer"}, description, {"minimum": self.low, "maximum": self.high})


class Word(FieldType):
    """One of a few words; kept inside the action as the word itself or as ``values[i]`` for the i-th
    word (an item's die face). ``aliases`` are other words the text form accepts, each for one of
    ``words`` (``n`` for ``north``)."""

    def __init__(
        self,
        words: Sequence[str],
        *,
        values: Sequence[Any] | None = None,
        aliases: Mapping[str, Any] | None = None,
        define: str | None = None,
        description: str | None = None,
    ) -> None:
        self.words = tuple(words)
        self.values = tuple(values) if values is not None else self.words
        self._by_word = dict(zip(self.words, self.values, strict=True))
        self._by_value: dict[Any, str] = dict(zip(self.values, self.words, strict=True))
        self.aliases = dict(aliases or {})
        self.define, self.description = define, description

    def from_json(self, value: Any) -> Any:
        if not isinstance(value, str) or value not in self._by_word:
            raise ValueError(value)
        return self._by_word[value]

    def to_json(self, value: Any) -> str:
        return str(self._by_value[value])

    def from_text(self, word: str) -> Any:
        return self.from_json(self.aliases.get(word, word))

    def expects(self) -> str:
        return f"one of {', '.join(self.words)}"

    def body(self, description: str | None) -> dict[str, Any]:
        return described({"enum": list(self.words)}, description, {})


class Number(FieldType):
    """A measure from ``low`` to ``high`` (a finite JSON number, checked as given), kept rounded to
    ``places`` decimals so the text form, the JSON form and the value round-trip exactly."""

    def __init__(
        self, low: float, high: float, *, places: int = 1, define: str | None = None, description: str | None = None
    ) -> None:
        self.low, self.high, self.places = low, high, places
        self.define, self.description = define, description

    def from_json(self, value: Any) -> float:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise ValueError(value)
        if not self.low <= value <= self.high:
            raise FieldError(f"is out of range, {self.low:g} to {self.high:g}")
        return round(float(value), self.places) + 0.0  # never a negative zero: equal values print the same

    def to_json(self, value: Any) -> Any:
        return value

    def from_text(self, word: str) -> float:
        return self.from_json(float(word))

    def to_text(self, value: Any) -> str:
        return f"{value:.{self.places}f}"

    def expects(self) -> str:
        return f"a number from {self.low:g} to {self.high:g}"

    def body(self, description: str | None) -> dict[str, Any]:
        return described({"type": "number"}, description, {"minimum": self.low, "maximum": self.high})


class Nullable(FieldType):
    """A field that may hold nothing: JSON ``null``, ``none`` inside the action (a sentinel such as -1, so
    the value stays a plain tuple of numbers). In the text form a run of empty fields at the end is
    written as the first one's ``word`` (``cat 3 cornered``, ``burglar pass``), or left out where
    ``word`` is None (``burglar h2``)."""

    def __init__(self, inner: FieldType, *, none: Any = -1, word: str | None = None) -> None:
        self.inner, self.none, self.word = inner, none, word

    def from_json(self, value: Any) -> Any:
        return self.none if value is None else self.inner.from_json(value)

    def to_json(self, value: Any) -> Any:
        return None if value == self.none else self.inner.to_json(value)

    def from_text(self, word: str) -> Any:
        return self.inner.from_text(word)

    def to_text(self, value: Any) -> str:
        return self.inner.to_text(value)

    def expects(self) -> str:
        return f"{self.inner.expects()} or null"

    def body(self, description: str | None) -> dict[str, Any]:
        inner = self.inner.schema(None)
        options = inner["oneOf"] if list(inner) == ["oneOf"] else [inner]
        return described({"oneOf": [*options, {"type": "null"}]}, description, {})

    def shared(self) -> list[FieldType]:
        return self.inner.shared()
