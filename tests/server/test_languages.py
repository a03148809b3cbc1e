"""Two players with different languages share a table: the server sends each move as a message id with
its arguments (beside the English text), and publishes each language's catalogue for the browser."""

from __future__ import annotations

import json

import pytest

from cattable.core.i18n import render

from .harness import Refused, Server, get, hello, open_table, recv, until_state


def test_log_lines_carry_messages_that_each_language_renders(server: Server) -> None:
    made = open_table(server, "cafe", [None, "heuristic"])
    ws = hello(server, made["table"], made["tokens"][0])
    state = until_state(ws)
    take = next(a for a in state["legal"] if a["kind"] == "take")
    ws.send(json.dumps({"type": "act", "id": "m1", "action": take}))
    while recv(ws)["type"] != "ack":
        pass
    first = get(server.base + f"/api/tables/{made['table']}", made["tokens"][0])["log"][0]
    assert first["msg"] == {"msgid": "takes the die showing {die}", "args": {"die": take["die"]}}
    french = get(server.base + "/api/i18n/fr")["messages"]
    assert french[first["msg"]["msgid"]] == "prend le dé qui montre {die}"
    assert render(first["msg"]["msgid"], first["msg"]["args"], "fr") == f"prend le dé qui montre {take['die']}"
    assert first["text"] == f"take {take['die']}"


def test_an_unknown_language_is_a_clear_404(server: Server) -> None:
    with pytest.raises(Refused) as refused:
        get(server.base + "/api/i18n/de")
    assert refused.value.status == 404
    assert refused.value.body == {"error": "no_language", "reason": "unknown language 'de'; cattable speaks en, fr"}
