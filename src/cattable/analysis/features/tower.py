"""Cat and the Tower: the steadiness and goal, the walls placed by type, and how high Toto got."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cattable.core import State


def features(state: State, actors: Sequence[int]) -> dict[str, Any]:
    walls = [Counter[str]() for _ in range(state.players)]
    for action, seat in zip(state.history, actors, strict=True):
        data = action.to_json()
        if data["kind"] == "wall":
            walls[seat][f"wall:{data['type']}"] += 1
    details = state.result().details
    options = state.options
    game: dict[str, Any] = {
        "steadiness": options["steadiness"],
        "goal_floor": float(options["goal_floor"]),
        "mode": options["mode"],
        "outcome": details["outcome"],
        "floors": float(details["floors"]),
        "turns": float(details["turns"]),
        "wall_debris": float(details["wall_debris"]),
    }
    if "toto_floor" in details:  # the cooperative game
        game["toto_floor"] = float(details["toto_floor"])
        game["toto_best"] = float(details["toto_best"])
    team = sum(walls, Counter[str]())
    game.update({k: float(v) for k, v in sorted(team.items())})  # the team's walls: coop is won or lost together
    return {"game": game, "seats": [{k: float(v) for k, v in sorted(w.items())} for w in walls]}


def report(batches: Sequence[Any]) -> dict[str, Any]:
    """The report's table of the team's win rate and Toto's floor at each steadiness."""
    from cattable.analysis.report_stats import tower_by_steadiness

    return {"tower_by_steadiness": tower_by_steadiness(batches)}
