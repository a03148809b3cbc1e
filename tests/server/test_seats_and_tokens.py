"""A seat acts only through its own token: the seat comes from the token, never from a message field;
tokens are per table; a reassigned seat's old tokens and connections stop; browsers' WebSockets must come
from the server's own origin."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .harness import Refused, Server, get, hello, open_table, post, recv, socket_to, until_state


def test_a_token_acts_only_for_its_own_seat_whatever_the_message_says(server: Server) -> None:
    made = open_table(server, "washi", [None, None])
    table, tokens = made["table"], made["tokens"]
    first = until_state(hello(server, table, tokens[0]))
    assert first["to_play"] == 0 and first["seat"] == 0
    ws1 = hello(server, table, tokens[1])
    state1 = until_state(ws1)
    assert state1["seat"] == 1 and state1["legal"] == []
    # seat 1 tries seat 0's move, naming seat 0 in every field it can think of
    move = first["legal"][0]
    ws1.send(json.dumps({"type": "act", "id": "m1", "action": move, "seat": 0, "token": tokens[0]}))
    reply = recv(ws1)
    assert reply["type"] == "error" and reply["error"] == "not_your_turn"
    assert get(f"{server.base}/api/tables/{table}", token=tokens[0])["version"] == 0
    with pytest.raises(Refused) as http:
        post(f"{server.base}/api/tables/{table}/actions", {"action": move, "id": "h1", "seat": 0}, token=tokens[1])
    assert http.value.body["error"] == "not_your_turn"
    played = post(f"{server.base}/api/tables/{table}/actions", {"action": move, "id": "a"}, token=tokens[0])
    assert played["version"] == 1


def test_a_token_of_one_table_is_refused_at_another(server: Server) -> None:
    one = open_table(server, "washi", [None, "random"])
    two = open_table(server, "washi", [None, "random"])
    ws = hello(server, two["table"], one["tokens"][0])
    reply = recv(ws)
    assert reply["type"] == "error" and reply["error"] == "bad_token"
    with pytest.raises(ConnectionClosed):
        recv(ws)
    with pytest.raises(Refused) as http:
        get(f"{server.base}/api/tables/{two['table']}", token=one["tokens"][0])
    assert http.value.status == 401
    with pytest.raises(Refused):
        get(f"{server.base}/api/tables/{two['table']}", token="made-up")


def test_an_invite_opens_the_seat_from_any_device_until_the_seat_is_reassigned(server: Server) -> None:
    made = open_table(server, "washi", [None, "random"])
    table, invite = made["table"], made["invites"]["0"]
    phone = post(server.base + "/api/join", {"invite": invite})["token"]
    laptop = made["tokens"][0]
    assert phone != laptop
    assert get(f"{server.base}/api/tables/{table}", token=phone)["seat"] == 0
    ws = hello(server, table, laptop)
    assert until_state(ws)["seat"] == 0
    with pytest.raises(Refused):  # only the host reassigns
        post(f"{server.base}/api/tables/{table}/seats/0", {"name": "Kiki"}, token=phone)
    given = post(f"{server.base}/api/tables/{table}/seats/0", {"name": "Kiki"}, token=made["host"])
    # the open connection of the old token is told and closed; old tokens and the old invite stop
    while True:
        msg = recv(ws)
        if msg["type"] == "error":
            break
    assert msg["error"] == "reassigned"
    for token in (phone, laptop):
        with pytest.raises(Refused) as old:
            get(f"{server.base}/api/tables/{table}", token=token)
        assert old.value.status == 401
    with pytest.raises(Refused):
        post(server.base + "/api/join", {"invite": invite})
    kiki = post(server.base + "/api/join", {"invite": given["invite"]})
    assert kiki["seat"] == 0 and get(f"{server.base}/api/tables/{table}", token=kiki["token"])["seat"] == 0


def test_a_browser_websocket_from_another_origin_is_refused(server: Server) -> None:
    made = open_table(server, "washi", [None, "random"])
    url = f"{server.ws_base}/ws/tables/{made['table']}"
    with pytest.raises(InvalidStatus) as refused:  # at the handshake: nothing is said over a socket
        socket_to(url, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    same = socket_to(url, origin=f"http://127.0.0.1:{server.port}")
    same.send(json.dumps({"type": "hello", "token": made["tokens"][0]}))
    assert until_state(same)["seat"] == 0


def test_spectators_see_what_the_table_allows(server: Server) -> None:
    public = open_table(server, "attack", [None, "random"], spectators="public")
    msg = until_state(hello(server, public["table"], None))
    assert msg["seat"] is None and msg["legal"] == []
    watcher = hello(server, public["table"], None)
    until_state(watcher)
    watcher.send(json.dumps({"type": "act", "id": "x", "action": {"kind": "pass"}}))
    assert recv(watcher)["error"] == "spectator"
    closed = open_table(server, "attack", [None, "random"], spectators="off")
    reply = recv(hello(server, closed["table"], None))
    assert reply["type"] == "error" and reply["error"] == "no_spectators"
    later = open_table(server, "attack", [None, "random"], spectators="after")
    assert recv(hello(server, later["table"], None))["error"] == "no_spectators"
    with pytest.raises(Refused) as early:
        get(f"{server.base}/api/tables/{later['table']}/record", token=later["tokens"][0])
    assert early.value.status == 403  # the record holds the seed: never before the end


def test_no_invite_code_or_token_reaches_the_servers_log(tmp_path: Path) -> None:
    server = Server(db=f"sqlite:///{tmp_path / 't.db'}", log=tmp_path / "access.log", extra=("--log-level", "info"))
    server.start()
    try:
        made = open_table(server, "washi", [None, None])
        code = made["invites"]["1"]
        with contextlib.suppress(Refused, ValueError):  # the page is HTML (or a JSON 404 without the client)
            get(f"{server.base}/join/{code}")  # a browser opening the seat's link
        for token in made["tokens"].values():
            state = get(f"{server.base}/api/tables/{made['table']}", token=token)
            ws = hello(server, made["table"], token)
            until_state(ws)
            if state["legal"]:
                move = {"action": state["legal"][0], "id": "m"}
                post(f"{server.base}/api/tables/{made['table']}/actions", move, token=token)
    finally:
        server.stop()
    log = (tmp_path / "access.log").read_text()
    assert "GET /join/" in log and "/api/tables" in log  # the access log is on
    secrets = [made["host"], *made["invites"].values(), *made["tokens"].values()]
    assert not [s for s in secrets if s in log]
