"""Small pieces every command shares: options from the command line, records on disk, game drawings."""

from __future__ import annotations

import functools
import inspect
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty

from cattable.core import Game, State, replay
from cattable.core.registry import descriptor

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


def renderer(game: Game, lang: str = "en") -> Callable[[dict[str, Any], int | None], RenderableType]:
    """The game's own drawing (its descriptor's ``drawing``), or a plain dump of the view. A
    drawing that tells sentences of the view (Cat Attack's events) takes ``lang`` and is given it."""
    module = descriptor(game.name).drawing.load()
    if module is None:

        def plain(view: dict[str, Any], seat: int | None) -> RenderableType:
            return Pretty(view)

        return plain
    fn: Callable[..., RenderableType] = module.render
    if "lang" in inspect.signature(fn).parameters:
        return functools.partial(fn, lang=lang)
    return fn


def check_writable_file(path: Path, what: str, create_folder: bool = False, example: str = "out") -> None:
    """Refuse, before any work is done, a file that could not be written: a folder, a missing folder
    (unless ``create_folder``), or a folder that refuses new files. ``what`` names the flag, ``example``
    a file name to suggest."""
    if path.is_dir():
        raise ValueError(f"{what} {path} is a folder; give a file name in it, e.g. {path / example}")
    folder = path.parent
    blocked = next((f for f in (folder, *folder.parents) if f.exists() and not f.is_dir()), None)
    if blocked is not None:
        raise ValueError(f"{what} {path}: {blocked} is a file, not a folder")
    if create_folder:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"{what} {path}: cannot make the folder {folder}: {exc.strerror or exc}") from None
    elif not folder.is_dir():
        raise ValueError(f"{what} {path}: the folder {folder} does not exist")
    _probe(folder, f"{what} {path}")
    if path.exists() and not os.access(path, os.W_OK):
        raise ValueError(f"{what} {path}: the file cannot be written (no permission)")


def check_writable_folder(path: Path, what: str, create: bool = False) -> None:
    """Refuse a folder that could not take new files (made first when ``create``)."""
    if path.exists() and not path.is_dir():
        raise ValueError(f"{what} {path} is a file, not a folder")
    if create:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"{what} {path}: cannot make the folder: {exc.strerror or exc}") from None
    elif not path.is_dir():
        raise ValueError(f"{what} {path}: the folder does not exist")
    _probe(path, f"{what} {path}")


def _probe(folder: Path, label: str) -> None:
    """Write and drop a scratch file: the one test of writability that permissions, read-only disks and
    full disks all answer truthfully."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise ValueError(f"{label}: the folder {folder} cannot be written ({exc.strerror or exc})") from None


def save_record(record: dict[str, Any], path: str | Path) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return p


def save_record_somewhere(record: dict[str, Any], path: str | Path) -> tuple[Path, str | None]:
    """Save to ``path`` or, when that fails (the disk filled up during the game, say), to the temporary
    folder: a finished game is never lost. Returns where it went and the complaint, if any."""
    try:
        return save_record(record, path), None
    except OSError as exc:
        fd, spare = tempfile.mkstemp(prefix="cattable-", suffix=".json")
        os.close(fd)
        return save_record(record, spare), f"could not write {path} ({exc.strerror or exc})"


def load_record(path: str | Path) -> dict[str, Any]:
    """A record file read and parsed, or a ValueError that names the file and says what is wrong."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except IsADirectoryError:
        raise ValueError(f"cannot read record {path}: it is a folder, not a record file") from None
    except OSError as exc:
        raise ValueError(f"cannot read record {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"cannot read record {path}: it is not UTF-8 text (a record is a JSON file)") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"cannot read record {path}: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a cattable game record")
    return data


def replayable(record: dict[str, Any], path: str | Path) -> State:
    """The record's last position, replayed; a broken record is refused naming its file."""
    try:
        return replay(record)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"{path} is not a record that can be replayed: {exc}") from None


def describe_result(
    game: Game, result: dict[str, Any], names: Sequence[str], view: dict[str, Any] | None = None
) -> RenderableType:
    """Who won and why, with the score broken down: the game's drawing says it (``explain_result``, from
    the result's ``details`` and the final ``view``) or, for a game without one, the plain outcome."""
    module = descriptor(game.name).drawing.load()
    if module is not None and hasattr(module, "explain_result"):
        explained: RenderableType = module.explain_result(result, list(names), view)
        return explained
    return plain_result(result, names)


def plain_result(result: dict[str, Any], names: Sequence[str]) -> str:
    """One sentence about the outcome: winners and scores."""
    if result.get("team_win") is not None:
        verdict = "The table wins!" if result["team_win"] else "The table loses."
    elif result["winners"]:
        verdict = "Winner: " + ", ".join(names[w] for w in result["winners"])
    else:
        verdict = "A draw."
    if result.get("scores") is not None:
        verdict += "  Scores: " + ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(result["scores"]))
    return verdict


def wins(winners: Sequence[int], names: Sequence[str]) -> str:
    """ "Bot 1 wins", "You win", "You and Bot 2 win": the verb agreeing with who."""
    who = " and ".join(names[w] for w in winners)
    plural = len(winners) > 1 or who == "You" or who.startswith("You ")
    return f"{who} {'win' if plural else 'wins'}"
