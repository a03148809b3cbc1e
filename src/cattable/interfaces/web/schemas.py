"""Writes every game's JSON Schemas (``cattable schema GAME``) into the browser client's ``schemas/``.

The client's TypeScript types for actions and views are generated from these files at build time, so they
are never written twice by hand; a test checks the committed files still match the games.
Run: ``python -m cattable.interfaces.web.schemas [client/schemas]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cattable.core import game as get_game
from cattable.core import game_names


def schema_text(name: str) -> str:
    """The file a game's schemas are kept in: both parts, as ``cattable schema GAME`` prints them."""
    return json.dumps(get_game(name).schemas(), indent=2, ensure_ascii=False) + "\n"


def published() -> list[str]:
    """The games that publish schemas (a game may not yet: its table in the browser is then generic)."""
    out = []
    for name in game_names():
        try:
            get_game(name).schemas()
        except ValueError:
            continue
        out.append(name)
    return out


def write_schemas(folder: Path) -> list[Path]:
    """One ``GAME.json`` per game that publishes schemas; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in published():
        path = folder / f"{name}.json"
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else Path("client/schemas")
    for path in write_schemas(folder):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
