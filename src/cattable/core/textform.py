"""The text form of a declared action, the one people type: the kind's word, then its positional fields'
words in order, then its named fields as ``name=value`` (``wall bricks x=3.0 y=3.0 yaw=-135.0 fold=90.0``).

A field left at its default is not written, and may be left out (``card 2``; ``cat ... on=C-blue-1`` only
when it stands on one); the empty fields ending the positional ones are written as the first one's word
(``cat 3 cornered``, ``mouse 4 pass``) or not at all. A positional field may also be given by name."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .fields import Nullable

if TYPE_CHECKING:
    from .declared import Field, Kind

_EQUALS = re.compile(r"\s*=\s*")
EMPTY = object()
"""The word read for an empty ``Nullable`` field: its ``none`` inside."""
DEFAULT = object()
"""The word read for a field left out: its default."""


def _empty(f: Field, value: Any) -> bool:
    return isinstance(f.type, Nullable) and value == f.type.none


def _at_default(f: Field, value: Any) -> bool:
    return f.has_default and type(value) is type(f.default) and value == f.default


def write(kind: Kind, action: Any) -> str:
    """The text form of ``action``, a value of ``kind``."""
    positional = [(f, f.read(action)) for f in kind.fields if not f.named]
    end = len(positional)
    while end and (_empty(*positional[end - 1]) or _at_default(*positional[end - 1])):
        end -= 1
    words = [f.type.to_text(v) for f, v in positional[:end]]
    null = positional[end][0].type if end < len(positional) else None
    if isinstance(null, Nullable) and null.word is not None:
        words.append(null.word)
    for f in kind.fields:
        value = f.read(action) if f.named else None
        if f.named and not _at_default(f, value):
            words.append(f"{f.name}={f.type.to_text(value)}")
    return " ".join([kind.word or kind.name, *words])


def split(text: str, filler: frozenset[str]) -> tuple[str, list[str], dict[str, str]] | None:
    """The first word, the bare words after it (filler left out) and the ``name=value`` ones; None if
    empty or a name is missing or repeated."""
    words = _EQUALS.sub("=", text.strip().lower().replace(",", " ")).split()
    if not words:
        return None
    bare: list[str] = []
    named: dict[str, str] = {}
    for word in words[1:]:
        name, equals, value = word.partition("=")
        if not equals:
            if word not in filler:
                bare.append(word)
        elif not name or name in named:
            return None
        else:
            named[name] = value
    return words[0], bare, named


def read(kind: Kind, bare: list[str], named: dict[str, str]) -> list[tuple[Field, Any]] | None:
    """Each field of ``kind`` with its word (or ``EMPTY``, or ``DEFAULT``); None if the words do not fit."""
    if set(named) - {f.name for f in kind.fields}:
        return None
    slots = [f for f in kind.fields if not f.named and f.name not in named]
    out = _positional(slots, bare)
    if out is None:
        return None
    given = dict(out)
    pairs: list[tuple[Field, Any]] = []
    for f in kind.fields:
        if f.name in named:
            pairs.append((f, named[f.name]))
        elif f in given:
            pairs.append((f, given[f]))
        elif f.has_default:
            pairs.append((f, DEFAULT))
        else:
            return None
    return pairs


def _positional(slots: list[Field], words: list[str]) -> list[tuple[Field, Any]] | None:
    out: list[tuple[Field, Any]] = []
    for i, f in enumerate(slots):
        rest = slots[i:]
        nullable = all(isinstance(g.type, Nullable) for g in rest)
        if i == len(words):
            if nullable and all(g.type.word is None for g in rest):  # type: ignore[attr-defined]
                return [*out, *((g, EMPTY) for g in rest)]
            return out if all(g.has_default for g in rest) else None
        if nullable and words[i] == getattr(f.type, "word", None):
            return [*out, *((g, EMPTY) for g in rest)] if i + 1 == len(words) else None
        out.append((f, words[i]))
    return out if len(words) == len(slots) else None
