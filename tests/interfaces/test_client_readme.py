"""client/README.md tells the client's files as they are: every table module in ``client/src/tables`` is
named there, every game registered in ``tables/index.ts`` has its module named, and every ``src/...`` path
the README names exists (issue #30: it still said the Washi and Attack tables were "to come")."""

from __future__ import annotations

import re
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "client"
README = (CLIENT / "README.md").read_text(encoding="utf-8")


def test_every_table_module_is_named_in_the_readme() -> None:
    modules = sorted(p.name for p in (CLIENT / "src" / "tables").glob("*.ts"))
    assert "cafe.ts" in modules and "washi.ts" in modules and "attack.ts" in modules
    named = set(re.findall(r"`(?:[\w/]+/)?([\w-]+\.ts)`", README))
    missing = [m for m in modules if m not in named]
    assert not missing, f"client/README.md does not name {missing}"


def test_every_registered_game_has_its_table_named() -> None:
    index = (CLIENT / "src" / "tables" / "index.ts").read_text(encoding="utf-8")
    block = index.partition("const MODULES")[2].partition("};")[0]
    games = re.findall(r"^\s*(\w+):", block, re.MULTILINE)
    assert sorted(games) == ["attack", "cafe", "tower", "washi"]
    for game in games:
        assert f"`{game}.ts`" in README, game


def test_nothing_named_is_missing_or_still_to_come() -> None:
    paths = [p for p in re.findall(r"`(src/[\w/.-]+\.(?:ts|css))`", README) if "GAME" not in p]
    assert len(paths) >= 8
    for path in paths:
        if not path.startswith("src/generated/"):  # made by the build
            assert (CLIENT / path).exists(), path
    assert "to come" not in README
