"""The settle stream: while a move is applied, the frames of the pieces moving as a placement settles are
recorded (for the games whose physics can record them), and sent to the table's watchers just before the
new state, for the browsers to animate. The frames live in memory for the last move only: they never enter
the event, the record or the state hash, and the simulation runs the same with or without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cattable.core import Action
from cattable.core.registry import descriptor

if TYPE_CHECKING:
    from .store import EventRow
    from .table import Table


def apply_recording(
    table: Table, seat: int, action: Action, msg_id: str | None
) -> tuple[EventRow, dict[str, Any] | None]:
    """``table.apply``, and the settle message of the move (None when nothing moved)."""
    recording = descriptor(table.row.game).settle_recorder.load()
    if recording is None:
        return table.apply(seat, action, msg_id), None
    with recording() as rec:
        event = table.apply(seat, action, msg_id)
    if not rec.frames:
        return event, None
    return event, settle_message(table, seat, rec.frames, rec.seconds)


def settle_message(table: Table, seat: int, frames: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """{type: "settle", table, version, seconds, pieces, frames}: the recorded frames, and a last frame with
    the pose the view records for every piece that moved (so the animation ends exactly on the view).
    ``pieces`` gives the facts (kind, type, fold, colour) of the pieces in the frames still on the table."""
    tower = table.view(seat).get("tower", {})
    poses: dict[str, list[float]] = tower.get("poses", {})
    facts: dict[str, Any] = tower.get("pieces", {})
    moved = sorted({p for f in frames for p in f["poses"]})
    last = {p: list(poses[p]) for p in moved if p in poses}
    return {
        "type": "settle",
        "table": table.row.id,
        "version": table.version,
        "seconds": round(seconds, 3),
        "pieces": {p: facts[p] for p in moved if p in facts},
        "frames": [*frames, {"t": round(seconds, 3), "poses": last}],
    }


def rests_between(game: str, record: dict[str, Any], drawn_before: int, drawn_after: int) -> list[dict[str, Any]]:
    """The poses at rest after each physical event of one move, from the record's chance outcomes
    ``drawn_before:drawn_after`` (the outcomes that move drew): ``[{"pieces", "poses"}, ...]``, pieces that
    fell included where they came to rest, before the rules set them aside. A replay tweens through them.
    They are the table everyone sees (the settle stream sends the same poses live), never a hidden card;
    empty for a game without physics."""
    if not descriptor(game).settle_recorder.declared:
        return []
    chance: list[Any] = record.get("chance", [])
    return [
        {"pieces": dict(out.get("pieces", {})), "poses": {k: list(v) for k, v in out["poses"].items()}}
        for out in chance[drawn_before:drawn_after]
        if isinstance(out, dict) and isinstance(out.get("poses"), dict)
    ]
