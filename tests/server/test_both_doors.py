"""HTTP and the WebSocket are two doors to the same protocol (issue #29): a malformed ``act`` gets the same
error code through either (one reader, messages.py), and a wrong token gets ``bad_token`` on every route
that takes one and at the ``hello`` (one check, deps.py). Before, an ``act`` nested 1,000 deep got FastAPI's
own ``{"detail"}`` body over HTTP and ``too_deep`` on the socket, and one 40 deep or over 64 KiB was read
over HTTP and passed on to the table."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from websockets.exceptions import ConnectionClosed

from cattable.interfaces.web.app import create_app
from cattable.interfaces.web.deps import host_token, viewer_of
from cattable.interfaces.web.frames import MAX_DEPTH, MAX_MESSAGE, Unreadable
from cattable.interfaces.web.messages import Act, Chat, Hello, Ping, Sync, Undo, read, read_act, read_hello

from .harness import Server, get, hello, open_table, recv, until_state

STATUS = {"invalid": 422, "too_deep": 400, "too_large": 413}
"""The HTTP status of each refusal of a body (docs/PROTOCOL.md)."""


def _call(method: str, url: str, body: str | None, authorization: str | None) -> tuple[int, dict[str, Any]]:
    """One HTTP request with a body sent as is: its status and JSON body, refused or not."""
    headers = {"Content-Type": "application/json"}
    if authorization is not None:
        headers["Authorization"] = authorization
    data = None if body is None else body.encode()
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _malformed(legal: str) -> dict[str, tuple[str, str]]:
    """Each malformed ``act``, by what is wrong: the fields after ``{`` (the socket's frame adds its type)
    and the code both doors must answer."""
    return {
        "id missing": (f'"action": {legal}}}', "invalid"),
        "id null": (f'"id": null, "action": {legal}}}', "invalid"),
        "id a number": (f'"id": 7, "action": {legal}}}', "invalid"),
        "id empty": (f'"id": "", "action": {legal}}}', "invalid"),
        "id too long": (f'"id": "{"i" * 65}", "action": {legal}}}', "invalid"),
        "action missing": ('"id": "m"}', "invalid"),
        "too deep": ('"id": "d", "action": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}", "too_deep"),
        "far too deep": ('"id": "d", "action": ' + "[" * 1000 + "]" * 1000 + "}", "too_deep"),
        "too large": (f'"id": "big", "action": {legal}, "pad": "{"x" * MAX_MESSAGE}"}}', "too_large"),
        "not JSON": ('"id": "j", "action": }', "invalid"),
    }


def test_a_malformed_act_gets_the_same_code_over_http_and_the_websocket(server: Server) -> None:
    made = open_table(server, "washi", [None, None])
    table = made["table"]
    first = get(f"{server.base}/api/tables/{table}")["to_play"]
    token = made["tokens"][first]
    ws = hello(server, table, token)
    legal = json.dumps(until_state(ws)["legal"][0])
    url = f"{server.base}/api/tables/{table}/actions"
    for what, (fields, code) in _malformed(legal).items():
        ws.send('{"type": "act", ' + fields)
        reply = recv(ws)
        status, body = _call("POST", url, "{" + fields, f"Bearer {token}")
        assert reply["type"] == "error" and reply["error"] == code, (what, reply)
        assert (status, body["error"]) == (STATUS[code], code), (what, status, body)
        assert body["reason"] == reply["reason"], what  # the same words too: one reader
    for outside in ("[]", '"act"', "null"):  # not an object at all
        ws.send(outside)
        assert recv(ws)["error"] == "invalid"
        assert _call("POST", url, outside, f"Bearer {token}")[1]["error"] == "invalid"
    assert get(f"{server.base}/api/tables/{table}")["version"] == 0
    status, body = _call("POST", url, '{"id": "real", "action": ' + legal + "}", f"Bearer {token}")
    assert status == 200 and body["version"] == 1, body  # the same reader lets a good move through


def _token_routes() -> set[tuple[str, str]]:
    """Every HTTP route that reads a token, found from the app itself: a route added later is in it."""

    def calls(dependant: Dependant) -> set[Callable[..., Any]]:
        found = {dependant.call} if dependant.call is not None else set()
        for sub in dependant.dependencies:
            found |= calls(sub)
        return found

    out = set()
    for route in create_app("sqlite://").routes:
        if not isinstance(route, APIRoute):
            continue
        assert "authorization" not in {p.name for p in route.dependant.header_params}, route.path  # deps.py reads it
        if calls(route.dependant) & {viewer_of, host_token}:
            out |= {(method, route.path) for method in route.methods or ()}
    return out


def test_a_wrong_token_is_bad_token_on_every_route_and_at_the_hello(server: Server) -> None:
    made = open_table(server, "washi", [None, None])
    other = open_table(server, "washi", [None, None])
    table = made["table"]
    bodies = {
        ("POST", "/api/tables/{table_id}/actions"): '{"id": "w", "action": {"kind": "pass"}}',
        ("PUT", "/api/tables/{table_id}/webhook"): '{"url": null}',
        ("POST", "/api/tables/{table_id}/seats/{seat}"): '{"name": "someone"}',
    }
    queries = {("GET", "/api/tables/{table_id}/replay"): "?at=0"}
    routes = _token_routes()
    assert len(routes) >= 11 and ("POST", "/api/tables/{table_id}/again") in routes, routes
    wrong = {
        "made up": "Bearer made-up",
        "another table's seat": f"Bearer {other['tokens'][0]}",
        "another table's host": f"Bearer {other['host']}",
        "a seat token as the host's": f"Bearer {made['tokens'][0]}",
        "not a Bearer token": f"Basic {made['tokens'][0]}",
        "Bearer without a token": "Bearer",
    }
    for method, path in sorted(routes):
        url = server.base + path.format(table_id=table, seat=1) + queries.get((method, path), "")
        host_only = path.endswith("/seats/{seat}")
        for what, authorization in wrong.items():
            if what == "a seat token as the host's" and not host_only:
                continue  # a seat's own token is right there
            status, body = _call(method, url, bodies.get((method, path), "{}"), authorization)
            assert (status, body["error"]) == (401, "bad_token"), (method, path, what, status, body)
    for token in ("made-up", other["tokens"][0], other["host"], made["host"]):
        ws = hello(server, table, token)
        assert recv(ws)["error"] == "bad_token", token
        with pytest.raises(ConnectionClosed):
            recv(ws)
    assert get(f"{server.base}/api/tables/{table}")["version"] == 0
    assert get(f"{server.base}/api/tables/{table}", token=made["tokens"][1])["seat"] == 1  # a right one still works


def test_the_act_route_still_publishes_its_body() -> None:
    """The route reads its body itself, so the OpenAPI document is told its shape (``ActionIn``)."""
    doc = create_app("sqlite://").openapi()
    body = doc["paths"]["/api/tables/{table_id}/actions"]["post"]["requestBody"]
    schema = body["content"]["application/json"]["schema"]
    assert body["required"] and set(schema["required"]) == {"action", "id"}, schema
    assert schema["properties"]["id"]["maxLength"] == 64


def test_the_reader_gives_typed_messages_and_keeps_an_id_for_the_refusal() -> None:
    assert read('{"type": "act", "id": "a", "action": {"kind": "pass"}}') == Act("a", {"kind": "pass"})
    assert read_act('{"type": "ignored", "id": "a", "action": null}') == Act("a", None)  # the route says act
    assert read('{"type": "undo", "id": 3}') == Undo(None)  # an id not a string is not echoed
    assert read('{"type": "ping", "id": "p"}') == Ping("p")
    assert read('{"type": "sync", "id": "s"}') == Sync("s", 0)
    assert read('{"type": "chat", "id": "c", "text": "hi"}') == Chat("c", "hi")
    assert read_hello('{"type": "hello", "token": "", "since": 4}') == Hello(None, 4)  # empty: a spectator
    refused = {
        '{"type": "hello", "token": "t"}': ("invalid", None),  # a hello after the hello
        '{"type": "chat", "id": "c", "text": 5}': ("invalid", "c"),
        '{"type": "sync", "id": "s", "since": "1"}': ("invalid", "s"),
        '{"type": "jump", "id": "j"}': ("invalid", "j"),
        '{"type": "act", "id": "x" , "action": ' + "[" * 40 + "]" * 40 + "}": ("too_deep", None),  # not read
        None: ("binary", None),
    }
    for frame, (code, msg_id) in refused.items():
        with pytest.raises(Unreadable) as exc:
            read(frame)
        assert (exc.value.code, exc.value.id) == (code, msg_id), frame
    for first in ('{"type": "act"}', '{"type": "hello", "token": 7}', '{"type": "hello", "since": -1}'):
        with pytest.raises(Unreadable) as exc:
            read_hello(first)
        assert exc.value.code == ("bad_token" if "7" in first else "invalid"), first
