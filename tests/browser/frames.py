"""The ``state`` frames a page was sent, each with its whole view: a ``delta`` (docs/PROTOCOL.md, "Deltas")
applied to the view of the version before it, as the page itself does, so a test reads what the page drew."""

from __future__ import annotations

import json
from typing import Any

from cattable.server import deltas


def states(frames: list[str]) -> list[dict[str, Any]]:
    """The state messages among ``frames`` (WebSocket texts, in order), each given its ``view``."""
    out: list[dict[str, Any]] = []
    held: tuple[int, Any] = (-1, None)
    for text in frames:
        if not text.startswith("{"):
            continue
        msg = json.loads(text)
        if msg.get("type") != "state":
            continue
        if "delta" in msg:
            assert msg["base"] == held[0], "a patch from a version the page did not hold"
            msg["view"] = deltas.apply(held[1], msg["delta"])
        held = (msg["version"], msg["view"])
        out.append(msg)
    return out
