"""The outcome of a finished game, in one shape for every game."""

from __future__ import annotations

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


def ranking_from_scores(scores: list[float] | tuple[float, ...], keys: list[Any] | None = None) -> Result:
    """Rank seats by score (then by ``keys`` as tie-breaks); everyone tied at the top wins."""
    n = len(scores)
    sort_keys = [(scores[s], keys[s] if keys is not None else 0) for s in range(n)]
    order = sorted(range(n), key=lambda s: sort_keys[s], reverse=True)
    groups: list[list[int]] = []
    for s in order:
        if groups and sort_keys[groups[-1][0]] == sort_keys[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return Result(
        winners=tuple(groups[0]) if groups else (),
        ranking=tuple(tuple(g) for g in groups),
        scores=tuple(float(x) for x in scores),
    )
