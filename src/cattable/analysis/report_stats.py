"""The figures of a designer's report, from simulated games: rates with Wilson intervals, distributions,
the first player's advantage, and which features go with winning. Pure functions over ``GameSummary``s,
so they are tested on hand-made batches and reused on batches read back from Parquet.

A win shared by several seats counts as a win for each of them (as in ``simulate.summarise``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .features import plain_name, report_tables, score_rule
from .ratings import wilson
from .simulate import GameSummary

TOP_FEATURES = 15
"""Features shown per batch, by the size of their link with winning."""
COUNTED = ("kind:", "card:", "item:", "cat:", "raid:", "wall:")
"""Counts of things a seat did, compared as a share of its actions: a seat knocked out early plays few
cards of every kind, so raw counts would mostly say who stayed in longest."""
SHARE = "(% of actions)"
Z_CONFIDENCE, Z_POWER = 1.96, 0.8416
"""A two-sided 95% test with 80% power: the usual design of a comparison."""


@dataclass(frozen=True)
class Batch:
    """Games of one game at one player count and one set of options (one cell of a report's grid)."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any]
    results: Sequence[GameSummary] = field(repr=False)

    @property
    def label(self) -> str:
        varied = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.players} player{'' if self.players == 1 else 's'}" + (f", {varied}" if varied else "")

    @property
    def cooperative(self) -> bool:
        return any(r.team_win is not None for r in self.results)


def rate(successes: int, n: int) -> dict[str, Any]:
    """A proportion with its 95% Wilson interval (sound near 0 and 1, unlike the normal one)."""
    low, high = wilson(successes, n)
    return {"wins": successes, "n": n, "rate": successes / n if n else 0.0, "low": low, "high": high}


def describe(values: Sequence[float]) -> dict[str, float] | None:
    """Mean, spread and quantiles of a distribution (None when there is nothing to describe)."""
    if not values:
        return None
    ordered = sorted(values)

    def q(p: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(p * len(ordered)))])

    return {
        "n": len(ordered),
        "mean": statistics.fmean(ordered),
        "sd": statistics.pstdev(ordered) if len(ordered) > 1 else 0.0,
        "min": float(ordered[0]),
        "p5": q(0.05),
        "p25": q(0.25),
        "median": float(statistics.median(ordered)),
        "p75": q(0.75),
        "p95": q(0.95),
        "max": float(ordered[-1]),
    }


def fair_share(batch: Batch) -> float:
    """The win rate every seat would have if no seat were favoured: the wins handed out (a shared win
    counts for each winner) over the seat-games; one in ``players`` when no game is shared or drawn."""
    seat_games = len(batch.results) * batch.players
    return sum(len(r.winners) for r in batch.results) / seat_games if seat_games else 1 / batch.players


def seat_rates(batch: Batch) -> list[dict[str, Any]]:
    """Each seat's win rate with its interval, beside the fair share."""
    n = len(batch.results)
    fair = fair_share(batch)
    rows = []
    for seat in range(batch.players):
        wins = sum(seat in r.winners for r in batch.results)
        row = rate(wins, n)
        row.update(seat=seat, agent=batch.agents[seat % len(batch.agents)], fair=fair)
        rows.append(row)
    return rows


def first_player(batch: Batch) -> dict[str, Any] | None:
    """How often the seat that acted first won, against its fair share: the first-player advantage.

    ``ratio`` is the rate over the fair share (1: no advantage). None for a cooperative or solo game."""
    if batch.cooperative or batch.players < 2:
        return None
    known = [r for r in batch.results if r.features.get("first_player") is not None]
    wins = sum(r.features["first_player"] in r.winners for r in known)
    out = rate(wins, len(known))
    fair = fair_share(batch)
    out.update(fair=fair, ratio=out["rate"] / fair, ratio_low=out["low"] / fair, ratio_high=out["high"] / fair)
    seats = sorted({r.features["first_player"] for r in known})
    out["first_seats"] = seats  # [0] when seat 0 always starts: then this is seat 0's rate
    return out


def team(batch: Batch) -> dict[str, Any] | None:
    """The table's win rate in a cooperative game."""
    if not batch.cooperative:
        return None
    return rate(sum(bool(r.team_win) for r in batch.results), len(batch.results))


def lengths(batch: Batch) -> dict[str, Any]:
    """Game length in actions, and in rounds or turns where the game reports them."""
    out: dict[str, Any] = {"actions": describe([float(r.actions) for r in batch.results])}
    for key in ("rounds", "turns"):
        values = [float(r.details[key]) for r in batch.results if isinstance(r.details.get(key), int | float)]
        if values:
            out[key] = describe(values)
    return out


def scores(batch: Batch) -> dict[str, Any] | None:
    """Scores: each seat's, the winner's, and the margin from the winner to the runner-up."""
    scored = [r for r in batch.results if r.scores]
    if not scored:
        return None
    by_seat = [describe([r.scores[s] for r in scored if r.scores and len(r.scores) > s]) for s in range(batch.players)]
    top = [max(r.scores) for r in scored if r.scores]
    margins = [sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in scored if r.scores and len(r.scores) > 1]
    tied = sum(1 for m in margins if m == 0)
    return {
        "by_seat": by_seat,
        "winner": describe(top),
        "margin": describe(margins),
        "tied_top": rate(tied, len(margins)),
    }


@dataclass(frozen=True)
class Units:
    """The units of play as columns: per seat-game in a competitive game (the seat's features with the
    table's), per game in a cooperative one (the table's, with the team's counts summed over seats).
    Counts of what was done (``COUNTED``) become percentages of the unit's actions. Columns, not a dict
    per unit, so that 100,000 games of three seats fit in memory twice over."""

    won: np.ndarray[Any, Any]
    numbers: dict[str, np.ndarray[Any, Any]]
    """A missing count is a zero (a card never played)."""


def outcomes(batch: Batch) -> Units:
    coop = batch.cooperative
    rows = [(r, seat) for r in batch.results for seat in ([None] if coop else range(len(r.features.get("seats", []))))]
    won = np.zeros(len(rows), dtype=bool)
    acted = np.zeros(len(rows))
    numbers: dict[str, np.ndarray[Any, Any]] = {}

    def put(i: int, key: str, value: Any, add: bool) -> None:
        if _is_number(value):  # text features are compared per game (``category_rates``)
            column = numbers.setdefault(key, np.zeros(len(rows)))
            column[i] = column[i] + value if add else value

    for i, (r, seat) in enumerate(rows):
        seats: list[dict[str, Any]] = r.features.get("seats", [])
        won[i] = bool(r.team_win) if seat is None else seat in r.winners
        for row in seats if seat is None else [seats[seat]]:
            for key, value in row.items():
                put(i, key, value, add=True)  # the team's counts: the seats' summed
                if key.startswith("kind:"):
                    acted[i] += value
        for key, value in r.features.get("game", {}).items():
            put(i, key, value, add=False)  # the table's own figure (the team's walls) over the sum
    for key in [k for k in numbers if k.startswith(COUNTED)]:
        numbers[f"{key} {SHARE}"] = 100 * numbers.pop(key) / np.maximum(acted, 1)
    return Units(won, numbers)


def numeric_links(units: Units, top: int = TOP_FEATURES) -> list[dict[str, Any]]:
    """For each numeric feature: its mean among winners and others, the point-biserial correlation with
    winning, and the win rate above and at-or-below its median (with intervals); strongest links first.

    These are associations, not causes: a winner plays more cards partly because winning games are long."""
    won = units.won
    out: list[dict[str, Any]] = []
    first_of: dict[bytes, str] = {}
    same: dict[str, list[str]] = {}
    for key, values in sorted(units.numbers.items()):  # identical columns are one feature under two keys
        twin = first_of.setdefault(values.tobytes(), key)
        if twin != key:
            same.setdefault(twin, []).append(key)
    for key, values in sorted(units.numbers.items()):
        if first_of[values.tobytes()] != key:
            continue
        r = _correlation(values, won)
        if r is None:
            continue
        median = float(np.median(values))
        high, low = won[values > median], won[values <= median]
        if not high.size or not low.size:  # no split at the median (a feature almost always the same)
            continue
        out.append(
            {
                "feature": key,
                "same_as": same.get(key, []),
                "r": r,
                "mean_won": float(values[won].mean()) if won.any() else None,
                "mean_lost": float(values[~won].mean()) if (~won).any() else None,
                "median": median,
                "above": rate(int(high.sum()), int(high.size)),
                "at_or_below": rate(int(low.sum()), int(low.size)),
            }
        )
    out.sort(key=lambda row: -abs(row["r"]))
    return out[:top]


def category_rates(batch: Batch) -> dict[str, list[dict[str, Any]]]:
    """For every text feature of the table (the map, the steadiness, how the game ended), per value: the
    games, and how often the team won (cooperative) or the first player won (competitive: per seat, every
    value has one winner in ``players``, so what can differ by map is who it favours)."""
    groups: dict[str, dict[str, list[bool]]] = {}
    for r in batch.results:
        won = bool(r.team_win) if batch.cooperative else r.features.get("first_player") in r.winners
        for key, value in r.features.get("game", {}).items():
            if isinstance(value, str):
                groups.setdefault(key, {}).setdefault(value, []).append(won)
    n = len(batch.results)
    return {
        key: [{"value": v, "share": len(ws) / n, **rate(sum(ws), len(ws))} for v, ws in sorted(values.items())]
        for key, values in sorted(groups.items())
    }


def tower_by_steadiness(batches: Sequence[Batch]) -> list[dict[str, Any]]:
    """The tower: the team's win rate and Toto's floor at each steadiness (over every batch given)."""
    groups: dict[str, list[GameSummary]] = {}
    for b in batches:
        for r in b.results:
            level = r.features.get("game", {}).get("steadiness")
            if level is not None and r.team_win is not None:
                groups.setdefault(str(level), []).append(r)
    order = ["steady", "careful", "normal", "shaky", "wobbly"]
    rows = []
    for level in sorted(groups, key=lambda s: order.index(s) if s in order else len(order)):
        games = groups[level]
        floors = [float(r.features["game"]["toto_floor"]) for r in games if "toto_floor" in r.features["game"]]
        best = [float(r.features["game"]["toto_best"]) for r in games if "toto_best" in r.features["game"]]
        rows.append(
            {
                "steadiness": level,
                "team": rate(sum(bool(r.team_win) for r in games), len(games)),
                "toto_floor": describe(floors),
                "toto_best": describe(best),
            }
        )
    return rows


def batch_stats(batch: Batch) -> dict[str, Any]:
    """Every figure of one batch, JSON-ready (stats.json holds one of these per batch)."""
    units = outcomes(batch)
    return {
        "label": batch.label,
        "players": batch.players,
        "options": batch.options,
        "agents": list(batch.agents),
        "games": len(batch.results),
        "seeds": [min(r.seed for r in batch.results), max(r.seed for r in batch.results)] if batch.results else [],
        "seats": seat_rates(batch),
        "first_player": first_player(batch),
        "team": team(batch),
        "draws": sum(1 for r in batch.results if not r.winners and r.team_win is None),
        "length": lengths(batch),
        "scores": scores(batch),
        "features": name_features(batch.game, numeric_links(units)),
        "categories": category_rates(batch),
        "noise": noise(batch, units),
    }


def name_features(game: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give each feature row its plain name and meaning, and those of the keys it is identical to."""
    for row in rows:
        row["name"], row["meaning"] = plain_name(game, row["feature"])
        names = dict.fromkeys(plain_name(game, k)[0] for k in row["same_as"])  # card:x and kind:x: one name
        row["same_names"] = [n for n in names if n != row["name"]]
    return rows


def games_to_show(sd: float, gap: float, z_confidence: float = Z_CONFIDENCE) -> int | None:
    """About how many games (paired observations of spread ``sd``) show a mean gap of ``gap`` at 95%
    confidence with 80% power: ``((z_a + z_b) sd / gap)^2``. None for no gap."""
    if gap == 0 or not math.isfinite(sd):
        return None
    return max(2, math.ceil(((z_confidence + Z_POWER) * sd / abs(gap)) ** 2))


def paired_gap(a: Sequence[float], b: Sequence[float], reference: float, comparisons: int = 1) -> dict[str, Any]:
    """The mean of ``a - b`` over the same games, whether it is beyond noise, and the games that would
    show this gap, and a gap of ``reference``, given the observed spread of the differences.

    ``comparisons``: how many pairs the two were picked from (the best and worst of three seats: three),
    so the bar is Bonferroni's, 1.96 for one pair and 2.39 for three: the widest of several gaps is
    wider than one gap chosen in advance."""
    crit = statistics.NormalDist().inv_cdf(1 - 0.025 / max(1, comparisons))
    d = np.asarray(a, float) - np.asarray(b, float)
    n = len(d)
    gap = float(d.mean()) if n else 0.0
    sd = float(d.std(ddof=1)) if n > 1 else float("nan")
    se = sd / math.sqrt(n) if n > 1 else float("nan")
    z = gap / se if se and math.isfinite(se) else 0.0
    return {
        "gap": gap, "sd": sd, "se": se, "z": z, "games": n, "z_needed": crit, "beyond_noise": abs(z) >= crit,
        "comparisons": comparisons, "games_for_gap": games_to_show(sd, gap, crit), "reference": reference,
        "games_for_reference": games_to_show(sd, reference, crit),
    }  # fmt: skip


def noise(batch: Batch, units: Units) -> dict[str, Any]:
    """Per section, whether the differences seen are within noise, from the observed variance."""
    out: dict[str, Any] = {}
    results = batch.results
    if batch.players > 1 and not batch.cooperative and results:
        won = [[float(s in r.winners) for r in results] for s in range(batch.players)]
        rates = [statistics.fmean(w) for w in won]
        hi, lo = rates.index(max(rates)), rates.index(min(rates))
        pairs = batch.players * (batch.players - 1) // 2
        out["seats"] = {"high": hi, "low": lo, **paired_gap(won[hi], won[lo], 0.05, pairs)}
        known = [r for r in results if r.features.get("first_player") is not None]
        if known:
            fair = fair_share(batch)
            firsts = [float(r.features["first_player"] in r.winners) for r in known]
            out["first_player"] = {"fair": fair, **paired_gap(firsts, [fair] * len(firsts), 0.05)}
        scored = [r for r in results if r.scores and len(r.scores) == batch.players]
        if scored:
            means = [statistics.fmean(r.scores[s] for r in scored if r.scores) for s in range(batch.players)]
            hi, lo = means.index(max(means)), means.index(min(means))
            a = [float(r.scores[hi]) for r in scored if r.scores]
            b = [float(r.scores[lo]) for r in scored if r.scores]
            out["scores"] = {"high": hi, "low": lo, **paired_gap(a, b, 2.0, pairs)}
    actions = [float(r.actions) for r in results]
    if len(actions) > 1:
        mean, sd = statistics.fmean(actions), statistics.stdev(actions)
        out["length"] = {
            "mean": mean, "half_width": Z_CONFIDENCE * sd / math.sqrt(len(actions)), "sd": sd,
            "games_for_5pct": games_to_show(sd * math.sqrt(2), 0.05 * mean),  # two independent batches
        }  # fmt: skip
    n = len(units.won)
    if n > 3:
        out["features"] = {"units": n, "r_noise": Z_CONFIDENCE / math.sqrt(n - 3)}
    return out


def units_for_r(r: float) -> int | None:
    """About how many units (seat-games) show a correlation of ``r`` (Fisher's z, 95%, 80% power)."""
    if r == 0 or abs(r) >= 1:
        return None
    return math.ceil(((Z_CONFIDENCE + Z_POWER) / math.atanh(abs(r))) ** 2 + 3)


def report_stats(batches: Sequence[Batch]) -> dict[str, Any]:
    """The whole report's figures: each batch, and the tower's steadiness table where it applies."""
    if not batches:
        raise ValueError("a report needs at least one batch of games")
    out: dict[str, Any] = {
        "game": batches[0].game,
        "score_rule": score_rule(batches[0].game),
        "games": sum(len(b.results) for b in batches),
        "batches": [batch_stats(b) for b in batches],
    }
    out.update(report_tables(batches[0].game, batches))
    return out


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _correlation(values: np.ndarray[Any, Any], won: np.ndarray[Any, Any]) -> float | None:
    """Pearson's r between a feature and winning (0/1); None when either never varies."""
    if values.size < 2:
        return None
    x = values - values.mean()
    y = won.astype(float) - won.mean()
    sxx, syy = float(x @ x), float(y @ y)
    if sxx == 0 or syy == 0:
        return None
    return float(x @ y) / math.sqrt(sxx * syy)
