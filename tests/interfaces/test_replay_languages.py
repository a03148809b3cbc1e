"""``cattable replay --lang fr``: a saved game's moves told from the French catalogue, as ``play --lang fr``
tells them (in English a move is shown as the command that plays it)."""

from __future__ import annotations

import pytest

import cattable
from cattable.agents import RandomAgent
from cattable.interfaces.terminal import replay


def _washi_record() -> dict[str, object]:
    state = cattable.game("washi").new(players=2, seed=4)
    agent = RandomAgent(3)
    for _ in range(6):  # the setup: each player's fish and cats
        state.apply(agent.choose({}, state.legal_actions()))
    return state.record()


def test_a_replay_in_french_tells_each_move_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    replay.run(_washi_record(), step=False, lang="fr")
    out = capsys.readouterr().out
    assert "place un poisson en" in out
    assert "fish" not in out.split("1.", 1)[1].split("\n", 1)[0]


def test_a_replay_in_english_shows_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    record = _washi_record()
    replay.run(record, step=False)
    out = capsys.readouterr().out
    first = cattable.replay(record).history[0].text()
    assert f"1. {first}" in out
