"""A picture of a recorded game's tower as it stands at the end, drawn by MuJoCo's offscreen renderer.

The record is replayed (physics outcomes come from the record, nothing is simulated) and the last
recorded poses are drawn by ``physics/picture.py``.
"""

from __future__ import annotations

from typing import Any

import cattable


def render_record(record: dict[str, Any], out_path: str) -> None:
    """Replay ``record`` and write a PNG of the tower to ``out_path``."""
    from .physics.picture import render_png

    state = cattable.replay(record)
    outcome = state.table.outcome  # type: ignore[attr-defined]
    render_png((outcome["pieces"], outcome["poses"]), out_path)


def render_state(state: Any, out_path: str) -> None:
    """Write a PNG of a live state's tower (the terminal game can save one after every turn)."""
    from .physics.picture import render_png

    outcome = state.table.outcome
    render_png((outcome["pieces"], outcome["poses"]), out_path)
