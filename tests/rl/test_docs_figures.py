"""docs/RL.md's MCTS table says what its figures say: each ratio in brackets is that column's simulations
per second over OpenSpiel's on the same row, as shown (issue #30: Tokyo Washi's ratio was left from an older
run when its figures changed)."""

from __future__ import annotations

import re
from pathlib import Path

RL_DOC = Path(__file__).resolve().parents[2] / "docs" / "RL.md"
ROW = re.compile(
    r"^\| (Tokyo Washi|Cat Cafe|Cat Attack[^|]*) \| ([\d,]+) \(([\d.]+)x\) \| ([\d,]+) \(([\d.]+)x\) \| ([\d,]+) \|$"
)


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _shown(ratio: float, text: str) -> bool:
    """``text`` is ``ratio`` as the table rounds it (one decimal below 10, whole numbers above)."""
    decimals = len(text.partition(".")[2])
    return abs(ratio - float(text)) <= 0.5 * 10.0**-decimals + 1e-9


def test_every_mcts_ratio_is_its_rows_figures() -> None:
    rows = [m.groups() for line in RL_DOC.read_text(encoding="utf-8").splitlines() if (m := ROW.match(line))]
    assert {r[0].split(" (")[0] for r in rows} == {"Tokyo Washi", "Cat Cafe", "Cat Attack"}
    for game, ours, ours_x, plain, plain_x, spiel in rows:
        assert _shown(_number(ours) / _number(spiel), ours_x), (game, ours, ours_x, spiel)
        assert _shown(_number(plain) / _number(spiel), plain_x), (game, plain, plain_x, spiel)


def test_the_check_sees_a_stale_ratio() -> None:
    assert _shown(970 / 532, "1.8") and not _shown(970 / 532, "1.4")
    assert _shown(10_478 / 516, "20") and not _shown(10_478 / 516, "25")
