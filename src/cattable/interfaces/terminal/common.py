"""Small pieces every command shares: options from the command line, records on disk, game drawings."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty

from cattable.core import Game
from cattable.core.registry import DRAWING_GROUP, companion

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["edition=fr", "mode=coop"]`` -> ``{"edition": "fr", "mode": "coop"}``; the game checks the values."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option wants KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def renderer(game: Game) -> Callable[[dict[str, Any], int | None], RenderableType]:
    """The game's own drawing (entry point group ``cattable.drawings``), or a plain dump of the view."""
    module = companion(DRAWING_GROUP, game.name)
    if module is None:

        def plain(view: dict[str, Any], seat: int | None) -> RenderableType:
            return Pretty(view)

        return plain
    fn: Callable[[dict[str, Any], int | None], RenderableType] = module.render
    return fn


def save_record(record: dict[str, Any], path: str | Path) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return p


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read record {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a cattable game record")
    return data


def describe_result(game: Game, result: dict[str, Any], names: Sequence[str]) -> str:
    """One sentence about the outcome, for people."""
    if result.get("team_win") is not None:
        verdict = "The table wins!" if result["team_win"] else "The table loses."
    elif result["winners"]:
        verdict = "Winner: " + ", ".join(names[w] for w in result["winners"])
    else:
        verdict = "A draw."
    if result.get("scores") is not None:
        verdict += "  Scores: " + ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(result["scores"]))
    return verdict
