"""Every golden transcript, played again and compared line by line (the first difference is shown)."""

from __future__ import annotations

import pytest

from .transcripts import CASES, Case, path_of, transcript


def _params() -> list[object]:
    marks = {"tower": [pytest.mark.physics]}
    return [pytest.param(case, id=case.name, marks=marks.get(case.game, [])) for case in CASES]


@pytest.mark.parametrize("case", _params())
def test_golden_transcript(case: Case) -> None:
    expected = path_of(case).read_text(encoding="utf-8").splitlines()
    got = transcript(case).splitlines()
    for number, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        assert have == want, f"{path_of(case).name} line {number} differs"
    assert len(got) == len(expected), f"{path_of(case).name}: {len(got)} lines, expected {len(expected)}"
