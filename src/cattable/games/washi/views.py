"""What a seat of Tokyo Washi sees (everything is on the table, so every seat the same) and the result."""

from __future__ import annotations

from typing import Any

from cattable.core import Result, rank_by

from .position import OVER, PHASE_NAMES, Position


def result(s: Position) -> Result:
    n = s.players

    def key(p: int) -> tuple[int, int, int, int]:
        lost_at = s.eliminated.index(p) if p in s.eliminated else len(s.eliminated)
        return (int(p in s.winners), lost_at, s.delivered(p), s.fish_taken[p])

    groups = rank_by(range(n), key)
    return Result(
        winners=s.winners,
        ranking=tuple(tuple(g) for g in groups),
        scores=tuple(float(s.delivered(p)) for p in range(n)),
        details={
            "fish_picked_up": list(s.fish_taken),
            "trapped": list(s.eliminated),
            "draw": s.phase == OVER and not s.winners,
        },
    )


def view(s: Position, seat: int | None) -> dict[str, Any]:
    """Everything is on the table in this game: every seat sees the same, plus who it is."""
    b = s.board
    w = b.width
    names = b.names

    def name(node: int) -> str | None:
        return None if node < 0 else names[node]

    players = []
    for p in range(s.players):
        players.append(
            {
                "colour": b.colours[p],
                "edge": b.spec.strips[p].edge,
                "home": [name(c) for c in b.home_cells[p]],
                "far": [name(c) for c in b.far_cells[p]],
                "specials_left": s.specials[p],
                "fish_crossed_off": s.fish_taken[p],
                "fish_drawn": [s.fish_home[p], s.fish_far[p]],
                "in_game": s.alive[p],
                "cats": [
                    {
                        "at": name(s.ends[2 * p + k]),
                        "fish": s.carry[2 * p + k],
                        "home": s.done[2 * p + k],
                        "path": list(s.paths[2 * p + k]),
                    }
                    for k in (0, 1)
                ],
            }
        )
    return {
        "game": "washi",
        "seat": seat,
        "map": b.spec.to_json(),
        "width": w,
        "height": b.height,
        "phase": PHASE_NAMES[s.phase],
        "to_play": (None if s.phase == OVER else s.turn),
        "lines": [s.owner[n] if n >= 0 else -1 for n in b.node],
        "fish": list(s.fish),
        "players": players,
        "winners": list(s.winners),
        "trapped": list(s.eliminated),
        "moves_played": len(s.history),
    }
