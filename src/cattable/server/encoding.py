"""JSON out of the server, fast: orjson for what is sent, and for the position's hash only where its bytes
are provably those of the standard library's encoder (the stored hashes must keep replaying).

A move's views were encoded twice with ``json``: once sorted for the hash stored with the event, once per
watcher for its frame; together they were the largest part of the server's CPU per move (docs/SCALING.md,
"Cost of a move"). orjson encodes the same objects about twenty times faster.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_FRAME = orjson.OPT_NON_STR_KEYS
"""Frames as ``json.dumps`` makes them: a dict's int keys become strings (orjson refuses them otherwise)."""
_CANONICAL = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
)
"""Sorted keys; anything but plain JSON types (a subclass, a dataclass, a date) raises, so the caller falls
back to ``json`` and its ``default=repr``."""
_DIGITS = bytes.maketrans(b"123456789", b"000000000")
"""Every digit read as 0, so that one ``in`` finds a digit before an exponent's letter (a regular
expression scanning for it cost as much as the encoding saved)."""


def frame(message: Any) -> str:
    """A message as one compact JSON text, as ``json.dumps(message, separators=(",", ":"))`` reads back:
    the same values, non-ASCII characters left as UTF-8 rather than escaped."""
    try:
        return orjson.dumps(message, option=_FRAME).decode()
    except TypeError:  # an integer beyond 64 bits: the standard encoder writes it
        return json.dumps(message, separators=(",", ":"))


def canonical(obj: Any) -> bytes:
    """``json.dumps(obj, sort_keys=True, separators=(",", ":"), default=repr).encode()``, byte for byte.

    orjson's bytes are used only where they are provably the same: all ASCII (the standard encoder escapes
    every other character, and DEL), no float written in a form ``repr`` would not use, and nothing that
    needs ``default`` (a subclass, a dataclass, a date). Meant for views, which are plain JSON since every
    one is sent to a browser: orjson would write an Enum or a UUID by value (``json`` by ``repr``), and a NaN
    or an infinity as ``null`` (``NaN``), which no view may hold."""
    try:
        fast = orjson.dumps(obj, option=_CANONICAL)
    except TypeError:
        fast = b"\x7f"
    if fast.isascii() and b"\x7f" not in fast and not _unlike_repr(fast):
        return fast
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), default=repr).encode()


def _unlike_repr(text: bytes) -> bool:
    """Whether orjson may have written a float differently from ``repr``: in exponent form (``1.5e-7``, not
    ``1.5e-07``), or between 1e-5 and 1e-4 (``0.00001``, not ``1e-05``). The same text inside a string
    (``"x1e5"``) only costs the slow path; a board's ``"e3"`` has no digit before its letter."""
    if b".0000" in text:
        return True
    zeroed = text.translate(_DIGITS)
    return b"0e" in zeroed or b"0E" in zeroed
