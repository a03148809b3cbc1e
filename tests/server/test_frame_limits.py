"""What a client may put in a frame (docs/PROTOCOL.md): a binary frame, a message over 64 KiB, JSON nested
deeper than 32 and a move without its message id are each refused with their own error code, the table is
unchanged and the connection stays open (a ping still gets its pong); only a frame over 1 MiB closes it
(1009). Before, the binary frame and the nested JSON dropped the socket and the move without an id was
played, unprotected against a resend."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from cattable.interfaces.web.frames import MAX_DEPTH, MAX_FRAME, MAX_MESSAGE, too_deep

from .harness import Refused, Server, get, hello, open_table, post, recv, socket_to, until_state


def _seat_to_play(server: Server) -> tuple[str, str, ClientConnection, dict[str, Any]]:
    """A table of two people; the socket of the seat to play, and its first state."""
    made = open_table(server, "washi", [None, None])
    table = made["table"]
    first = get(f"{server.base}/api/tables/{table}")["to_play"]
    ws = hello(server, table, made["tokens"][first])
    return table, made["tokens"][first], ws, until_state(ws)


def _refused(ws: ClientConnection, frame: str | bytes) -> dict[str, Any]:
    """Send ``frame``; its refusal, checked to leave the connection open."""
    ws.send(frame)
    reply = recv(ws)
    assert reply["type"] == "error" and reply["reason"], reply
    ws.send(json.dumps({"type": "ping", "id": "still-there"}))
    assert recv(ws) == {"type": "pong", "id": "still-there"}
    return reply


def _no_traceback(tmp_path: Path) -> None:
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "KeyError" not in log, log[-2000:]


def test_a_binary_frame_is_refused_and_the_connection_kept(server: Server, tmp_path: Path) -> None:
    table, _token, ws, state = _seat_to_play(server)
    assert _refused(ws, b"\x00\x01binary")["error"] == "binary"
    assert _refused(ws, json.dumps({"type": "act", "id": "b", "action": state["legal"][0]}).encode())["error"] == (
        "binary"
    )
    assert get(f"{server.base}/api/tables/{table}")["version"] == 0
    _no_traceback(tmp_path)


def test_a_binary_hello_is_refused_with_a_close(server: Server, tmp_path: Path) -> None:
    made = open_table(server, "washi", [None, None])
    ws = socket_to(f"{server.ws_base}/ws/tables/{made['table']}")
    ws.send(json.dumps({"type": "hello", "token": made["tokens"][0], "since": 0}).encode())
    assert recv(ws)["error"] == "binary"
    with pytest.raises(ConnectionClosed):
        recv(ws)
    _no_traceback(tmp_path)


def test_json_nested_too_deep_is_refused_and_nothing_changes(server: Server, tmp_path: Path) -> None:
    table, _token, ws, state = _seat_to_play(server)
    deep = '{"type": "act", "id": "deep", "action": ' + "[" * 1000 + "]" * 1000 + "}"
    assert len(deep) < 2100
    assert _refused(ws, deep)["error"] == "too_deep"
    objects = '{"type": "act", "id": "deep2", "action": ' + '{"a":' * 40 + "1" + "}" * 40 + "}"
    assert _refused(ws, objects)["error"] == "too_deep"
    just = '{"type": "act", "id": "deep3", "action": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    assert _refused(ws, just)["error"] == "invalid"  # within the limit: read, and refused as no action
    brackets_in_a_string = json.dumps({"type": "act", "id": "s", "action": {"kind": "[" * 500}})
    assert _refused(ws, brackets_in_a_string)["error"] == "invalid"
    assert get(f"{server.base}/api/tables/{table}")["version"] == 0
    ws.send(json.dumps({"type": "act", "id": "real", "action": state["legal"][0]}))
    while (msg := recv(ws))["type"] != "ack":
        pass
    assert msg["version"] == 1
    _no_traceback(tmp_path)


def test_a_message_over_64_kib_is_refused_and_one_over_1_mib_closes(server: Server, tmp_path: Path) -> None:
    table, _token, ws, state = _seat_to_play(server)
    padded = json.dumps({"type": "act", "id": "big", "action": state["legal"][0], "pad": "x" * MAX_MESSAGE})
    assert _refused(ws, padded)["error"] == "too_large"
    cats = json.dumps({"type": "ping", "id": "cats", "pad": "🐈" * (MAX_MESSAGE // 3)}, ensure_ascii=False)
    assert len(cats) < MAX_MESSAGE < len(cats.encode())  # the limit is in bytes, not characters
    assert _refused(ws, cats)["error"] == "too_large"
    assert get(f"{server.base}/api/tables/{table}")["version"] == 0
    with pytest.raises(ConnectionClosed) as closed:  # the server may close while the frame is still going out
        ws.send("x" * (MAX_FRAME + 1))
        recv(ws)
    # closed by the server with 1009; while the client is still writing the frame, the close can instead
    # reach it as a reset with the close frame lost (seen in CI): closed all the same, and not by the client
    rcvd, sent = closed.value.rcvd, closed.value.sent
    assert (rcvd is not None and rcvd.code == 1009) or (rcvd is None and sent is None), (rcvd, sent)
    _no_traceback(tmp_path)


@pytest.mark.parametrize("missing", ["absent", "null", "empty", "number"])
def test_a_move_without_its_id_is_refused_and_not_played(server: Server, tmp_path: Path, missing: str) -> None:
    table, token, ws, state = _seat_to_play(server)
    msg: dict[str, Any] = {"type": "act", "action": state["legal"][0]}
    if missing != "absent":
        msg["id"] = {"null": None, "empty": "", "number": 7}[missing]
    reply = _refused(ws, json.dumps(msg))
    assert reply["error"] == "invalid" and "'id'" in reply["reason"]
    with pytest.raises(Refused) as http:
        post(f"{server.base}/api/tables/{table}/actions", {k: v for k, v in msg.items() if k != "type"}, token)
    assert http.value.status == 422 and http.value.body["error"] == "invalid", http.value.body
    assert get(f"{server.base}/api/tables/{table}")["version"] == 0
    _no_traceback(tmp_path)


def test_the_depth_check_counts_only_brackets_outside_strings() -> None:
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert not too_deep(json.dumps(["[{" * 100, {"a": "]]]\\"}]))
    assert too_deep('{"a": "\\"' + '", "b": ' + "[" * 40 + "]" * 40 + "}")
    assert not too_deep("[[]]" * 100)  # many brackets, shallow
