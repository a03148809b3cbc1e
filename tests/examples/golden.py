"""Golden transcripts of Cat Nap, written by the project's own ``tests/golden/transcripts.py``.

Inside cattable these would be two more entries in its ``CASES``; the example keeps its own. After a
deliberate change, rewrite them with ``python -m tests.examples.golden`` and read the diff.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

from cattable.core import registry
from tests.golden.transcripts import Case

from . import EXAMPLE

DATA = Path(__file__).parent / "data"
CASES = (
    Case("catnap", 2, 1),
    Case("catnap", 3, 2, "heuristic", {"dogs": 3}),
)


def path_of(case: Case) -> Path:
    return DATA / f"{case.name}.txt"


def with_companions(entries: Callable[[str], dict[str, str]]) -> Callable[[str], dict[str, str]]:
    """``registry._entries`` plus the example's own entry points (read from its pyproject.toml)."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    ours: dict[str, dict[str, str]] = project["entry-points"]

    def both(group: str) -> dict[str, str]:
        return {**entries(group), **ours.get(group, {})}

    return both


if __name__ == "__main__":
    from tests.golden.transcripts import transcript

    registry.GAMES["catnap"] = "catnap.game:CatNapGame"
    registry._entries = with_companions(registry._entries)  # type: ignore[assignment]
    DATA.mkdir(exist_ok=True)
    for case in CASES:
        path_of(case).write_text(transcript(case), encoding="utf-8")
        print("wrote", path_of(case).relative_to(Path.cwd()), path_of(case).stat().st_size, "bytes")
