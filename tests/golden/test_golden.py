"""Whole seeded games must play out exactly as their stored transcripts."""

from __future__ import annotations

import pytest

from .transcripts import CASES, path_for, transcript

PARAMS = [pytest.param(n, p, s, id=f"{n}-p{p}-s{s}") for n, cases in CASES.items() for p, s in cases]


@pytest.mark.parametrize(("name", "players", "seed"), PARAMS)
def test_the_game_plays_out_as_its_transcript(name: str, players: int, seed: int) -> None:
    stored = path_for(name, players, seed)
    assert stored.exists(), f"no transcript {stored.name}: write it with python -m tests.golden.transcripts {name}"
    expected = stored.read_text(encoding="utf-8").splitlines()
    actual = transcript(name, players, seed).splitlines()
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"{stored.name} line {i + 1} differs"
    assert len(actual) == len(expected)
