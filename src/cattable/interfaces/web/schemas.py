"""Writes every game's JSON Schemas (``cattable schema GAME``) and the server's protocol (its WebSocket
messages and HTTP bodies, ``protocol.json``) into the browser client's ``schemas/``.

The client's TypeScript types for actions, views and the protocol's messages are generated from these
files at build time, so they are never written twice by hand; a test checks the committed files still match
the games and the server. Run: ``python -m cattable.interfaces.web.schemas [client/schemas]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from cattable.core import game as get_game
from cattable.core import game_names
from cattable.server import protocol

PROTOCOL_TYPES = (
    # server to client, and the pieces they hold
    "ServerMessage",
    "StateMessage",
    "AckMessage",
    "ErrorMessage",
    "PongMessage",
    "SettleMessage",
    "SeatInfo",
    "LogLine",
    "Message",
    "GameResult",
    # client to server
    "ClientMessage",
    "HelloMessage",
    "ActMessage",
    "UndoMessage",
    "ReclaimMessage",
    "SyncMessage",
    "PingMessage",
    # HTTP replies
    "Opened",
    "Joined",
    "MyTable",
    "Hint",
    "Presence",
    "Catalogue",
    "PastView",
    "GameInfo",
    "OpenTable",
    "OpenSeat",
    "SeatTaken",
)
"""The types of server/protocol.py the schema names (each with the types it refers to)."""


def schema_text(name: str) -> str:
    """The file a game's schemas are kept in: both parts, as ``cattable schema GAME`` prints them."""
    return json.dumps(get_game(name).schemas(), indent=2, ensure_ascii=False) + "\n"


def _untitled(node: Any, keep: bool = True) -> Any:
    """The schema without Pydantic's per-field titles ("Id", "Type"...), which a type generator would turn
    into types of their own; each definition keeps its title (its type's name)."""
    if isinstance(node, list):
        return [_untitled(n, False) for n in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "$defs":
            out[key] = {name: _untitled(d, True) for name, d in value.items()}
        elif key == "properties":  # field names (a field may be called "title")
            out[key] = {name: _untitled(d, False) for name, d in value.items()}
        elif key != "title" or keep:
            out[key] = _untitled(value, False)
    return out


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of the server's messages and HTTP bodies, one definition per type: made
    from server/protocol.py (the types the server's code builds its messages as) and the web app's request
    models (the bodies FastAPI validates)."""
    from cattable.interfaces.web import bodies as b

    adapters: list[tuple[str, Any]] = [(name, getattr(protocol, name)) for name in PROTOCOL_TYPES]
    bodies = [b.TableIn, b.SeatIn, b.JoinIn, b.ActionIn, b.TokensIn, b.WebhookIn, b.TakeIn, b.QuickIn]
    adapters += [(model.__name__, model) for model in bodies]
    found, defs = TypeAdapter.json_schemas(
        [(name, "validation", TypeAdapter(kind)) for name, kind in adapters], ref_template="#/$defs/{model}"
    )
    every = dict(defs.get("$defs", {}))
    for (name, _mode), schema in found.items():
        if schema.get("$ref") != f"#/$defs/{name}":  # a union: named here, as its own definition
            every[name] = {**schema, "title": name}
    described: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "cattable table server protocol",
        "description": "The WebSocket messages and HTTP bodies of docs/PROTOCOL.md; written by "
        "`python -m cattable.interfaces.web.schemas` from cattable.server.protocol: do not edit.",
        "version": protocol.PROTOCOL_VERSION,
        "$defs": dict(sorted(every.items())),
    }
    untitled: dict[str, Any] = _untitled(described)
    return untitled


def protocol_text() -> str:
    return json.dumps(protocol_schema(), indent=2, ensure_ascii=False) + "\n"


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
    """One ``GAME.json`` per game that publishes schemas, and ``protocol.json``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in published():
        path = folder / f"{name}.json"
        path.write_text(schema_text(name), encoding="utf-8")
        written.append(path)
    path = folder / "protocol.json"
    path.write_text(protocol_text(), encoding="utf-8")
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
