"""The tower heuristic's time cap: a move on a tall tower stays under two seconds, and a candidate the cap
cuts short never wins on its still hand alone."""

from __future__ import annotations

import time
from typing import Any

import pytest

from cattable.agents.tower.heuristic import HeuristicAgent
from cattable.games.tower.actions import Choose, Wall
from tests.tower.helpers import new, set_actions, tower


def _wall_decision() -> tuple[dict[str, Any], list[Any]]:
    s = new(players=3, steadiness="normal")
    tower(s, 2)
    set_actions(s, "A07", "A19")
    s.apply(Choose("choose", 1, "left"))
    legal = s.legal_actions()
    assert len(legal) > 2 and all(isinstance(a, Wall) for a in legal)
    return s.view(0), legal


def _rigged(monkeypatch: pytest.MonkeyPatch, bot: HeuristicAgent, clock: list[float]) -> list[Any]:
    """Every trial costs 0.4 CPU seconds; the second candidate tried scores best, the others nothing."""
    seen: list[Any] = []

    def fake_try(base: object, view: object, a: object, hand: object) -> float:
        clock[0] += 0.4
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
