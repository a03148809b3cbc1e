"""The outcome of a finished game, in one shape for every game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """Winners, ranking and scores; for cooperative games ``team_win`` says whether the table won.

    ``ranking`` lists groups of seats from first to last; seats in one group are tied.
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...] | None = None
    team_win: bool | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return not self.winners and self.team_win is None

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": [list(g) for g in self.ranking],
            "scores": list(self.scores) if self.scores is not None else None,
            "team_win": self.team_win,
            "details": self.details,
        }


def rank_by(seats: Iterable[int], key: Callable[[int], Any], best: str = "high") -> list[list[int]]:
    """Seats grouped from first to last by ``key`` (``best="high"``: the largest key first, or ``"low"``);
    seats with equal keys share a group. The one ranking loop every game uses."""
    order = sorted(seats, key=key, reverse=best == "high")
    groups: list[list[int]] = []
    for s in order:
        if groups and key(groups[-1][0]) == key(s):
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def ranking_from_scores(scores: list[float] | tuple[float, ...], keys: list[Any] | None = None) -> Result:
    """Rank seats by score (then by ``keys`` as tie-breaks); everyone tied at the top wins."""
    n = len(scores)
    sort_keys = [(scores[s], keys[s] if keys is not None else 0) for s in range(n)]
    groups = rank_by(range(n), sort_keys.__getitem__)
    return Result(
        winners=tuple(groups[0]) if groups else (),
        ranking=tuple(tuple(g) for g in groups),
        scores=tuple(float(x) for x in scores),
    )
