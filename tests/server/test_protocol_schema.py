"""The protocol's schema (client/schemas/protocol.json, from cattable.server.protocol) is the one the
browser's types are generated from: the committed file is current, and what a real server sends over the
WebSocket and HTTP fits it, field for field (no field the schema does not name)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from cattable.interfaces.web.schemas import protocol_text

from .harness import Server, get, hello, open_table, post, recv, until_state

COMMITTED = Path(__file__).resolve().parents[2] / "client" / "schemas" / "protocol.json"


def test_the_committed_protocol_schema_is_the_servers_own() -> None:
    assert json.loads(COMMITTED.read_text(encoding="utf-8")) == json.loads(protocol_text()), (
        "run python -m cattable.interfaces.web.schemas"
    )


def _fits(schema: dict[str, Any], name: str, value: Any) -> None:
    """``value`` (or each of a list of them) is a valid ``name`` and carries only the fields it names."""
    for item in value if isinstance(value, list) else [value]:
        jsonschema.Draft202012Validator({**schema, "$ref": f"#/$defs/{name}"}).validate(item)
        named = set(schema["$defs"][name].get("properties", {}))
        assert set(item) <= named, (name, set(item) - named)


def test_what_a_real_server_sends_fits_the_schema(server: Server) -> None:
    schema = json.loads(COMMITTED.read_text(encoding="utf-8"))
    made = open_table(server, "cafe", [None, "heuristic"])
    table, token = made["table"], made["tokens"][0]
    ws = hello(server, table, token)
    state = until_state(ws)
    _fits(schema, "StateMessage", state)
    for seat in state["seats"]:
        _fits(schema, "SeatInfo", seat)
    take = next(a for a in state["legal"] if a["kind"] == "take")
    ws.send(json.dumps({"type": "act", "id": "m1", "action": take}))
    while (msg := recv(ws))["type"] != "ack":
        _fits(schema, "StateMessage", msg)
    _fits(schema, "AckMessage", msg)
    ws.send(json.dumps({"type": "act", "id": "m2", "action": {"kind": "nonsense"}}))
    while (msg := recv(ws))["type"] != "error":
        pass
    _fits(schema, "ErrorMessage", msg)
    ws.send(json.dumps({"type": "ping", "id": "p"}))
    while (msg := recv(ws))["type"] != "pong":
        pass
    _fits(schema, "PongMessage", msg)

    http = get(f"{server.base}/api/tables/{table}", token)
    _fits(schema, "StateMessage", http)
    for line in http["log"]:
        _fits(schema, "LogLine", line)
    _fits(schema, "GameInfo", get(f"{server.base}/api/games"))
    _fits(schema, "Catalogue", get(f"{server.base}/api/i18n/fr"))
    _fits(schema, "MyTable", post(f"{server.base}/api/my-tables", {"tokens": [token]}))
    _fits(schema, "Presence", get(f"{server.base}/api/tables/{table}/presence", token))
    _fits(schema, "PastView", get(f"{server.base}/api/tables/{table}/replay?at=0", token))
    opened = post(f"{server.base}/api/tables", {"game": "cafe", "players": 2, "seats": [{"name": "A"}, {"name": "B"}]})
    _fits(schema, "Opened", opened)
    _fits(schema, "Joined", post(f"{server.base}/api/join", {"invite": opened["invites"]["1"]}))
