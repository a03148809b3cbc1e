"""The end of the game: the competitive ranking (the highest floor each Black Cat reached during the game;
in English a tie goes to who got there first, in French ties stand; the toppler last) and the result of
either game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cattable.core import Result, rank_by

from .phases import Edition, Ending, Mode

if TYPE_CHECKING:
    from .state import TowerState


def ranking(s: TowerState) -> list[list[int]]:
    """Competitive: the Black Cat that climbed highest during the game first (not where it is after a
    fall); in English a tie goes to whoever got there first, in French ties stand; the toppler last."""
    seats = [seat for seat in range(s.players) if seat != s.toppler]
    first = s.edition is Edition.EN
    key = {seat: (-s.black_best[seat], s.arrival[seat] if first else 0) for seat in seats}
    groups = rank_by(seats, key.__getitem__, best="low")
    if s.toppler >= 0:
        groups.append([s.toppler])
    return groups


def result(s: TowerState) -> Result:
    """Won or lost together (coop), or the ranking with each Black Cat's highest floor as its score."""
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
    scores = tuple(float(s.black_best[seat]) for seat in everyone)
    return Result(tuple(groups[0]), tuple(tuple(g) for g in groups), scores, None, details)


__all__ = ["ranking", "result"]
