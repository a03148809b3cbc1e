"""The report's figures on hand-made batches, where the right answer is known without simulating."""

from __future__ import annotations

from typing import Any

import pytest

from cattable.analysis.report_stats import (
    Batch,
    category_rates,
    describe,
    fair_share,
    first_player,
    numeric_links,
    outcomes,
    rate,
    report_stats,
    scores,
    seat_rates,
    tower_by_steadiness,
)
from cattable.analysis.simulate import GameSummary


def game(seed: int, winners: tuple[int, ...], first: int = 0, **seat_features: list[float]) -> GameSummary:
    """A 2-seat game whose seats carry the given features (``cards=[3, 1]``: 3 for seat 0, 1 for seat 1)."""
    seats: list[dict[str, Any]] = [{}, {}]
    for key, values in seat_features.items():
        for s, v in enumerate(values):
            seats[s][key] = v
    features = {"first_player": first, "game": {"map": "long" if seed % 2 else "short"}, "seats": seats}
    scores = tuple(10.0 if s in winners else 5.0 + s for s in range(2))
    return GameSummary(seed, winners, scores, None, 50 + seed, {"rounds": 10 + seed % 3}, features)


def test_wilson_interval_known_values() -> None:
    half = rate(5, 10)
    assert half["rate"] == 0.5
    assert half["low"] == pytest.approx(0.2366, abs=1e-4) and half["high"] == pytest.approx(0.7634, abs=1e-4)
    none = rate(0, 10)
    assert none["low"] == 0.0 and none["high"] == pytest.approx(0.2775, abs=1e-4)


def test_seat_rates_and_first_player_advantage() -> None:
    # seat 0 wins 30 of 40 (all but seeds 0, 4, 8, ...); seat 0 starts the even seeds, seat 1 the odd ones:
    # the first player wins only seeds 2, 6, 10, ... (10 of 40), half its fair share
    results = [game(i, (0,) if i % 4 else (1,), first=i % 2) for i in range(40)]
    batch = Batch("x", 2, ("a", "b"), {}, results)
    rows = seat_rates(batch)
    assert [r["wins"] for r in rows] == [30, 10]
    assert rows[0]["fair"] == 0.5 and rows[0]["low"] > 0.5  # an imbalance beyond chance
    fp = first_player(batch)
    assert fp is not None
    assert fp["wins"] == 10 and fp["ratio"] == pytest.approx(0.5) and fp["first_seats"] == [0, 1]
    assert fp["ratio_high"] < 1.0


def test_a_feature_that_decides_the_game_links_perfectly() -> None:
    # the seat with more cards always wins; "noise" is the same for both seats
    results = [game(i, (i % 2,), cards=[3.0, 1.0] if i % 2 == 0 else [1.0, 3.0], noise=[2.0, 2.0]) for i in range(20)]
    links = numeric_links(outcomes(Batch("x", 2, ("a",), {}, results)))
    assert [link["feature"] for link in links] == ["cards"]  # a constant feature has no link
    cards = links[0]
    assert cards["r"] == pytest.approx(1.0)
    assert cards["above"]["rate"] == 1.0 and cards["at_or_below"]["rate"] == 0.0
    assert cards["mean_won"] == 3.0 and cards["mean_lost"] == 1.0


def test_win_rate_by_map_and_describe() -> None:
    # seat 0 starts every game and wins on the long map (odd seeds); seat 1 wins on the short one
    results = [game(i, (0,) if i % 2 else (1,)) for i in range(10)]
    maps = category_rates(Batch("x", 2, ("a",), {}, results))["map"]
    assert [(m["value"], m["n"], m["wins"], m["share"]) for m in maps] == [("long", 5, 5, 0.5), ("short", 5, 0, 0.5)]
    d = describe([float(v) for v in range(1, 101)])
    assert d is not None and d["median"] == 50.5 and d["p5"] == 6 and d["max"] == 100
    assert describe([]) is None


def test_scores_margin_and_ties() -> None:
    results = [game(i, (0, 1) if i < 2 else (0,)) for i in range(8)]
    s = scores(Batch("x", 2, ("a",), {}, results))
    assert s is not None
    assert s["tied_top"]["wins"] == 2  # two shared wins: a margin of 0
    assert s["winner"]["mean"] == 10.0 and s["margin"]["max"] == 4.0


def test_cooperative_games_report_the_team_and_the_tower_by_steadiness() -> None:
    def tower(seed: int, level: str, won: bool, floor: float) -> GameSummary:
        features = {"first_player": 0, "game": {"steadiness": level, "toto_floor": floor, "toto_best": floor}}
        return GameSummary(seed, (0, 1) if won else (), None, won, 80, {}, {**features, "seats": [{}, {}]})

    results = [tower(i, "steady", i < 6, 10.0 if i < 6 else 4.0) for i in range(8)]
    results += [tower(i, "shaky", i == 8, 2.0) for i in range(8, 12)]
    batch = Batch("tower", 2, ("heuristic",), {}, results)
    stats = report_stats([batch])
    assert stats["batches"][0]["team"]["wins"] == 7 and stats["batches"][0]["first_player"] is None
    rows = tower_by_steadiness([batch])
    assert [r["steadiness"] for r in rows] == ["steady", "shaky"]  # steadiest first
    assert rows[0]["team"]["wins"] == 6 and rows[0]["toto_floor"]["mean"] == 8.5
    assert rows[1]["team"]["n"] == 4 and rows[1]["toto_floor"]["max"] == 2.0


def test_a_report_needs_games() -> None:
    with pytest.raises(ValueError, match="at least one batch"):
        report_stats([])


def test_the_fair_share_counts_shared_wins_and_draws() -> None:
    # 10 games of 2 seats: 4 shared wins (2 wins each), 4 won by seat 0, 2 drawn: 12 wins in 20 seat-games
    results = [game(i, (0, 1)) for i in range(4)] + [game(i, (0,)) for i in range(4, 8)]
    results += [game(i, ()) for i in range(8, 10)]
    batch = Batch("x", 2, ("a",), {}, results)
    assert fair_share(batch) == pytest.approx(0.6)
    rows = seat_rates(batch)
    assert [r["rate"] for r in rows] == [0.8, 0.4] and rows[0]["fair"] == pytest.approx(0.6)


def test_counts_of_what_was_done_are_shares_of_the_seats_actions() -> None:
    # seat 0 acts 10 times and plays 5 attack cards (50%); seat 1 acts 40 times and plays 10 (25%)
    counts: dict[str, list[float]] = {"kind:move": [10.0, 40.0], "card:attack": [5.0, 10.0]}
    results = [game(i, (0,), 0, **counts) for i in range(4)]
    units = outcomes(Batch("x", 2, ("a",), {}, results))
    assert "card:attack" not in units.numbers
    assert units.numbers["card:attack (% of actions)"].tolist() == [50.0, 25.0] * 4
    assert units.numbers["kind:move (% of actions)"].tolist() == [100.0, 100.0] * 4
