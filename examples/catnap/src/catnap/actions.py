"""The two moves of Cat Nap as small immutable values: ``draw`` and ``nap COLOUR``.

Each is a ``NamedTuple`` with a leading kind tag (hashing and equality run in C, which keeps the legal
action set fast), a text form people type and a JSON form records keep; both read back to the same value.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cattable.core import InvalidAction

COLOURS = ("black", "ginger", "white")
"""The cats' colours, in the canonical (sorted) order every list of the game uses."""


class Draw(NamedTuple):
    """Draw one token from the bag into your lap."""

    kind: str = "draw"

    def text(self) -> str:
        return "draw"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "draw"}


class Nap(NamedTuple):
    """Stop drawing: the cats of ``colour`` in your lap curl up in your basket."""

    kind: str
    colour: str

    def text(self) -> str:
        return f"nap {self.colour}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "nap", "colour": self.colour}


DRAW = Draw()
NAPS = {c: Nap("nap", c) for c in COLOURS}
"""Every action value made once at import: parsing hands out these, never new copies."""


def nap(colour: str) -> Nap:
    """The nap action for ``colour``; ``InvalidAction`` for a colour the game does not have."""
    try:
        return NAPS[colour]
    except KeyError:
        raise InvalidAction(f"{colour!r} is not a cat colour; colours: {', '.join(COLOURS)}") from None


def parse_action(text: Any) -> Draw | Nap:
    """Read ``draw`` or ``nap COLOUR`` (case and extra spaces do not matter)."""
    words = text.lower().split() if isinstance(text, str) else []
    if words == ["draw"]:
        return DRAW
    if len(words) == 2 and words[0] == "nap":
        return nap(words[1])
    raise InvalidAction(f"Cat Nap moves are 'draw' and 'nap COLOUR' ({', '.join(COLOURS)}), not {text!r}")


def action_from_json(data: Any) -> Draw | Nap:
    """Read ``{"kind": "draw"}`` or ``{"kind": "nap", "colour": C}``; anything else is ``InvalidAction``."""
    if isinstance(data, dict):
        kind = data.get("kind")
        if kind == "draw" and set(data) == {"kind"}:
            return DRAW
        if kind == "nap" and set(data) == {"kind", "colour"} and isinstance(data["colour"], str):
            return nap(data["colour"])
    expected = "{'kind': 'draw'} or {'kind': 'nap', 'colour': C}"
    raise InvalidAction(f"not a Cat Nap action: {data!r} (expected {expected})")
