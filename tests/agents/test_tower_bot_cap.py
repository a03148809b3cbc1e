"""The tower heuristic's caps: a placement runs a counted number of physics trials (fewer on a taller tower),
so a busy machine plays the same move; the CPU-time guard outside it still stops a runaway decision, and a
candidate either cuts short never wins on its still hand alone."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cattable.agents.tower.heuristic import HeuristicAgent
from cattable.games.tower.actions import Choose, Wall
from tests.tower.helpers import new, set_actions, tower


def _wall_decision() -> tuple[dict[str, Any], list[Any]]:
    s = new(players=3, steadiness="normal")
    tower(s, 1)  # low enough that the trial cap lets every sampled candidate try both hands
    set_actions(s, "A07", "A19")
    s.apply(Choose("choose", 1, "left"))
    legal = s.legal_actions()
    assert len(legal) > 2 and all(isinstance(a, Wall) for a in legal)
    return s.view(0), legal


def _rigged(monkeypatch: pytest.MonkeyPatch, bot: HeuristicAgent, clock: list[float], cost: float = 0.4) -> list[Any]:
    """Every trial costs ``cost`` CPU seconds; the second candidate tried scores best, the others nothing."""
    seen: list[Any] = []

    def fake_try(base: object, view: object, a: object, hand: object) -> float:
        clock[0] += cost
        if a not in seen:
            seen.append(a)
        return 100.0 if len(seen) > 1 and a == seen[1] else 0.0

    monkeypatch.setattr(time, "process_time", lambda: clock[0])
    monkeypatch.setattr(bot, "_try", fake_try)
    return seen


def test_the_cap_stops_the_trials_and_a_candidate_cut_short_counts_for_none(monkeypatch: pytest.MonkeyPatch) -> None:
    view, legal = _wall_decision()
    clock = [0.0]
    bot = HeuristicAgent(seed=1, max_seconds=1.5)
    seen = _rigged(monkeypatch, bot, clock)
    choice = bot.choose(view, legal)
    # still + shaky of the first wall (0.8 s), the second's still try (1.2 s); its shaky try would end at
    # 1.6 s, past the cap, so the second wall (rigged to look best) is dropped, and the first is played.
    assert clock[0] == pytest.approx(1.2) and bot.timed_out
    assert choice == seen[0] and len(seen) == 2


def test_without_the_cap_every_sampled_candidate_is_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    view, legal = _wall_decision()
    clock = [0.0]
    bot = HeuristicAgent(seed=1, max_seconds=None)
    seen = _rigged(monkeypatch, bot, clock)
    choice = bot.choose(view, legal)
    assert len(seen) == min(len(legal), bot.samples) and not bot.timed_out
    assert clock[0] == pytest.approx(0.8 * len(seen))  # two hands each: still and shaky
    assert choice == seen[1]


def test_the_trial_cap_counts_trials_and_a_candidate_cut_short_counts_for_none(monkeypatch: pytest.MonkeyPatch) -> None:
    view, legal = _wall_decision()
    clock = [0.0]
    bot = HeuristicAgent(seed=1, max_trials=3, max_seconds=None)
    seen = _rigged(monkeypatch, bot, clock)
    choice = bot.choose(view, legal)
    # still + shaky of the first wall, the second's still try: its shaky one would be the fourth trial
    assert bot.trials == 3 and bot.capped and not bot.timed_out
    assert choice == seen[0] and len(seen) == 2


@pytest.mark.parametrize("cost", [0.05, 2.0])
def test_a_busy_machine_plays_the_same_move(monkeypatch: pytest.MonkeyPatch, cost: float) -> None:
    """Trials 40 times slower (a loaded machine) leave the move, and the trials run, as they were: only the
    count caps them, and the guard (``GUARD_SECONDS``) is far above a placement's cost."""
    view, legal = _wall_decision()
    clock = [0.0]
    bot = HeuristicAgent(seed=1)
    seen = _rigged(monkeypatch, bot, clock, cost)
    choice = bot.choose(view, legal)
    assert (choice, bot.trials, bot.timed_out) == (seen[1], 2 * len(seen), False)
    assert len(seen) == min(len(legal), bot.samples)


@pytest.mark.parametrize(("storeys", "trials"), [(1, 10), (2, 10), (4, 6), (8, 3), (9, 2), (25, 2)])
def test_a_taller_tower_gets_fewer_trials(storeys: int, trials: int) -> None:
    view = {"tower": {"reading": {"floor_levels": {f"F{k}": k for k in range(1, storeys + 1)}}}}
    assert HeuristicAgent(seed=1).trial_cap(view) == trials
    assert HeuristicAgent(seed=1, max_trials=7).trial_cap(view) == 7
