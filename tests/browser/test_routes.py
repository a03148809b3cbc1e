"""The web door's own routes beside the protocol's: a hint for a seat, and who is connected."""

from __future__ import annotations

import pytest

from tests.server.harness import Refused, Server, get, hello, open_table, post, until_state

pytestmark = [pytest.mark.server, pytest.mark.slow]


def test_a_hint_is_one_of_the_seats_legal_moves_and_only_for_a_seat(server: Server) -> None:
    made = open_table(server, "cafe", [None, "heuristic"])
    table, token = made["table"], made["tokens"][0]
    legal = get(f"{server.base}/api/tables/{table}", token=token)["legal"]
    hint = post(f"{server.base}/api/tables/{table}/hint", {}, token=token)
    assert hint["action"] in legal and hint["text"].startswith("take ")
    with pytest.raises(Refused) as refused:
        post(f"{server.base}/api/tables/{table}/hint", {})
    assert refused.value.status == 401


def test_presence_names_the_connected_seats_and_respects_the_spectators_setting(server: Server) -> None:
    made = open_table(server, "washi", [None, None])
    table = made["table"]
    assert get(f"{server.base}/api/tables/{table}/presence")["connected"] == []
    ws = hello(server, table, made["tokens"][1])
    until_state(ws)
    assert get(f"{server.base}/api/tables/{table}/presence") == {"connected": [1], "spectators": 0}
    closed = open_table(server, "washi", [None, None], spectators="off")
    with pytest.raises(Refused) as refused:
        get(f"{server.base}/api/tables/{closed['table']}/presence")
    assert refused.value.status == 403
    seat = get(f"{server.base}/api/tables/{closed['table']}/presence", token=closed["tokens"][0])
    assert seat == {"connected": [], "spectators": 0}
