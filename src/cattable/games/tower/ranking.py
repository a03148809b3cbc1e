"""The end of the game: the competitive ranking (height, then who got there first, the toppler last)
and the result of either game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cattable.core import Result, rank_by

from .phases import Ending, Mode

if TYPE_CHECKING:
    from .state import TowerState


def ranking(s: TowerState) -> list[list[int]]:
    """Competitive: highest Black Cat first; a tie goes to whoever got there first; the toppler last."""
    seats = [seat for seat in range(s.players) if seat != s.toppler]
    key = {seat: (-s.black_level(seat), s.arrival[seat]) for seat in seats}
    groups = rank_by(seats, key.__getitem__, best="low")
    if s.toppler >= 0:
        groups.append([s.toppler])
    return groups


def result(s: TowerState) -> Result:
    """Won or lost together (coop), or the ranking with each Black Cat's floor as its score."""
    everyone = tuple(range(s.players))
    details: dict[str, Any] = {
        "outcome": s.outcome.value,
        "cleared": list(s.cleared),
        "wall_debris": len(s.wall_debris),
        "floors": s.top_level(),
        "turns": s.turns,
    }
    if s.mode is Mode.COOP:
        win = s.outcome is Ending.VICTORY
        details["toto_floor"] = s.level(s.toto)
        details["toto_best"] = s.toto_best
        return Result(everyone if win else (), (everyone,), None, win, details)
    groups = ranking(s)
    scores = tuple(float(s.black_level(seat)) for seat in everyone)
    return Result(tuple(groups[0]), tuple(tuple(g) for g in groups), scores, None, details)


__all__ = ["ranking", "result"]
