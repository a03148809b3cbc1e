"""Cat Nap's golden transcripts, played again and compared line by line."""

from __future__ import annotations

import pytest

from tests.golden.transcripts import Case, transcript

from .golden import CASES, path_of


@pytest.mark.usefixtures("companions")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_golden_transcript(case: Case) -> None:
    expected = path_of(case).read_text(encoding="utf-8").splitlines()
    got = transcript(case).splitlines()
    for number, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        assert have == want, f"{path_of(case).name} line {number} differs"
    assert len(got) == len(expected)
