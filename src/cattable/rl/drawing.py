"""``render()`` in ``ansi`` mode: the game's own terminal drawing, as text.

The learning interfaces may not import the terminal (``cattable.rl`` and ``cattable.interfaces`` are
independent, pyproject's import contracts), so the drawing is asked of the registry by the game's name,
the way the terminal finds it too (its descriptor's ``drawing``). A game without one is
printed as its view's JSON.
"""

from __future__ import annotations

import io
import json
from typing import Any

from rich.console import Console

from cattable.core import State
from cattable.core.registry import descriptor

WIDTH = 100


def ansi(state: State, seat: int | None) -> str:
    """The table as ``seat`` sees it (None: a spectator), drawn as plain text ``WIDTH`` columns wide."""
    view: dict[str, Any] = state.view(seat)
    module = descriptor(state.game.name).drawing.load()
    if module is None:
        return json.dumps(view, indent=1, sort_keys=True)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False, highlight=False)
    console.print(module.render(view, seat))
    return out.getvalue()
