"""A sweep gives every trial an interval and names a setting only after re-running the best few."""

from __future__ import annotations

from cattable.analysis.sweep import parse_param, parse_target, run_sweep


def test_the_best_trials_are_rerun_on_fresh_seeds_before_one_is_named() -> None:
    params = [parse_param("solo_target=80:140", "cafe")]
    result = run_sweep("cafe", params, parse_target("team=0.5"), trials=4, games=8, players=1, seed=2, confirm=2,
                       confirm_games=12)  # fmt: skip
    for row in result["trials"]:
        assert row["low"] <= row["distance"] <= row["high"], row
    confirmed = result["confirmed"]
    assert len(confirmed) == 2 and all(c["games"] == 12 and c["seeds"] == [10, 21] for c in confirmed)
    trial_order = sorted((r for r in result["trials"] if not r["repeat"]), key=lambda r: (r["distance"], r["trial"]))
    assert [c["trial"] for c in confirmed] == [r["trial"] for r in trial_order[:2]]
    best = result["best"]
    assert best["confirmed"] and best["distance"] == min(c["distance"] for c in confirmed)
    assert best["games"] == 12


def test_confirm_zero_names_the_best_trial() -> None:
    params = [parse_param("solo_target=80:140", "cafe")]
    result = run_sweep("cafe", params, parse_target("team=0.5"), trials=2, games=4, players=1, confirm=0)
    assert result["confirmed"] == [] and not result["best"]["confirmed"]
    assert result["best"]["distance"] == min(r["distance"] for r in result["trials"])
