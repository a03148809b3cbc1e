"""Cat Cafe's marking is accepted from every seat at once, in any order: a seat whose turn in the round has
not come may mark ahead; its choice is acknowledged once stored, hidden from the others, and played when
its turn comes."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import ClientConnection

from .harness import Server, get, hello, open_table, recv, until_state


def _state_after_draft(server: Server) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    made = open_table(server, "cafe", [None, None, None])
    table, tokens = made["table"], made["tokens"]
    for _ in range(3):  # the draft is in turn: each seat takes a die
        states = [get(f"{server.base}/api/tables/{table}", token=t) for t in tokens.values()]
        seat = next(s for s in states if s["legal"])
        take = seat["legal"][0]
        ws = hello(server, table, tokens[seat["seat"]])
        until_state(ws)
        ws.send(json.dumps({"type": "act", "id": "d", "action": take}))
        assert recv_until(ws, "ack")["type"] == "ack"
    states = [get(f"{server.base}/api/tables/{table}", token=t) for t in tokens.values()]
    return made, states


def recv_until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg = recv(ws)
        if msg["type"] in (kind, "error"):
            return msg


def test_every_seat_may_mark_at_once_and_the_last_to_play_first(server: Server) -> None:
    made, states = _state_after_draft(server)
    table, tokens = made["table"], made["tokens"]
    assert all(s["view"]["phase"] == "mark" for s in states)
    assert all(s["legal"] for s in states), "every seat may mark now, not only the one whose turn it is"
    to_play = states[0]["to_play"]
    order = sorted(range(3), key=lambda s: -((s - to_play) % 3))
    version = states[0]["version"]
    sockets = {s: hello(server, table, tokens[s]) for s in range(3)}
    for ws in sockets.values():
        until_state(ws)
    passes = {"kind": "pass"}
    for seat in order[:2]:  # the two seats whose turn comes later choose first
        sockets[seat].send(json.dumps({"type": "act", "id": f"p{seat}", "action": passes}))
        ack = recv_until(sockets[seat], "ack")
        assert ack["type"] == "ack" and ack["queued"] is True and ack["version"] == version
        again = get(f"{server.base}/api/tables/{table}", token=tokens[seat])
        assert again["legal"] == [] and again["queued"] == passes
        other = get(f"{server.base}/api/tables/{table}", token=tokens[order[2]])
        assert other["queued"] is None  # nobody else is told what was chosen
        sockets[seat].send(json.dumps({"type": "act", "id": f"q{seat}", "action": passes}))
        assert recv_until(sockets[seat], "error")["error"] == "already_chosen"
    last = order[2]
    sockets[last].send(json.dumps({"type": "act", "id": "last", "action": passes}))
    assert recv_until(sockets[last], "ack")["type"] == "ack"
    for _ in range(50):
        now = get(f"{server.base}/api/tables/{table}", token=tokens[0])
        if now["version"] == version + 3:
            break
        time.sleep(0.05)
    assert now["version"] == version + 3
    assert now["view"]["phase"] == "draft" and now["view"]["round"] == 2
