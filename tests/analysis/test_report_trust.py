"""What makes a report trustworthy to a designer: plain names with a glossary, identical features once,
heuristic players by default (a banner for random ones), the score explained, and noise said plainly."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest

from cattable.analysis.features import plain_name, score_rule
from cattable.analysis.report import report_agent, run_batches, write_report
from cattable.analysis.report_stats import Units, games_to_show, numeric_links, paired_gap, units_for_r


def test_plain_names_hide_raw_keys() -> None:
    assert plain_name("cafe", "kind:pass") == ("passes", "rounds the seat drew nothing and circled footprints instead")
    assert plain_name("cafe", "cat:butterfly")[0] == "cat for butterfly toys chosen"
    assert plain_name("attack", "card:speedy (% of actions)")[0] == "Speedy Cat cards played (% of the seat's actions)"
    assert plain_name("tower", "wall:arches")[0] == "walls placed: arches"  # a prefix rule where a game names none
    assert ":" not in plain_name("washi", "cats_home")[0]
    assert "cat house" in (score_rule("cafe") or "") and "lives" in (score_rule("attack") or "")


def test_identical_features_are_listed_once() -> None:
    won = np.array([True, False, True, False, True, False])
    houses = np.array([3.0, 1, 2, 0, 4, 1])
    units = Units(won, {"item:house": houses, "kind:cat": houses.copy(), "kind:pass": np.array([1.0, 5, 2, 6, 0, 4])})
    rows = {r["feature"]: r for r in numeric_links(units)}
    assert set(rows) == {"item:house", "kind:pass"}
    assert rows["item:house"]["same_as"] == ["kind:cat"]


def test_power_calculations_match_the_formula() -> None:
    assert games_to_show(0.5, 0.1) == math.ceil((2.8016 * 0.5 / 0.1) ** 2)  # 197 games
    assert games_to_show(1.0, 0.0) is None
    assert units_for_r(0.1) == math.ceil((2.8016 / math.atanh(0.1)) ** 2 + 3)
    g = paired_gap([1.0, 1, 1, 0] * 50, [0.0, 0, 1, 1] * 50, 0.05)
    assert g["gap"] == 0.25 and g["beyond_noise"] and g["games"] == 200
    assert g["z_needed"] == pytest.approx(1.96, abs=1e-3)
    assert paired_gap([1.0, 0] * 5, [0.0] * 10, 0.05, comparisons=3)["z_needed"] == pytest.approx(2.394, abs=1e-3)
    even = paired_gap([1.0, 0] * 10, [0.0, 1] * 10, 0.05)
    assert even["gap"] == 0 and not even["beyond_noise"] and even["games_for_gap"] is None


def test_reports_play_the_heuristic_by_default_and_warn_about_random_players(tmp_path: Path) -> None:
    assert report_agent("attack") == "heuristic"  # Cat Attack's own default agent is random
    batches = run_batches("cafe", 24, [3], seed=5)
    assert batches[0].agents == ("heuristic",)
    stats = write_report(batches, tmp_path / "h")
    page = (tmp_path / "h" / "index.html").read_text(encoding="utf-8")
    assert "Random players" not in page
    assert "How a score is made: A seat&#x27;s score is the points on its sheet" in page
    for section in ("seats", "first_player", "scores", "length", "features"):
        assert section in stats["batches"][0]["noise"], section
    assert page.count('class="noise"') == 5 and "games to show" in page and "noise at 24 games" in page
    assert "2.39 needed, the widest of 3 pairs" in page  # the best and worst of three seats: Bonferroni's bar
    table = page.split("<h2>What goes with winning</h2>")[1].split("<h2>Glossary</h2>")[0]
    assert not re.search(r"\b(kind|cat|item|score):", table)  # no raw keys where the designer reads
    glossary = page.split("<h2>Glossary</h2>")[1]
    assert "<code>kind:pass (% of actions)</code>" in glossary and "passes (% of the seat" in glossary
    if any(f["same_as"] for f in stats["batches"][0]["features"]):  # a cat house brings a cat: one feature
        assert "(= cats chosen" in table
    random_page = write_report(run_batches("cafe", 4, [2], ["random"]), tmp_path / "r")
    assert random_page["batches"][0]["agents"] == ["random"]
    assert "Random players" in (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
