"""Undo by fair rules, the same for every game and decided from the event log: only one's own last move,
only while it drew no chance outcome, revealed nothing, and no other seat has acted since. Replays: a
past position from one's own seat while playing, any seat's once the game is over."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from cattable.core import game as get_game

from .harness import Refused, Server, get, hello, open_table, post, recv, until_state


def _act(server: Server, table: str, token: str, action: object, msg_id: str) -> dict[str, object]:
    reply: dict[str, object] = post(
        f"{server.base}/api/tables/{table}/actions", {"action": action, "id": msg_id}, token=token
    )
    return reply


def _settled(url: str, token: str) -> int:
    """The table's version once it stops moving by itself (a queued choice played after a move)."""
    version = -1
    for _ in range(50):
        now = int(get(url, token=token)["version"])
        if now == version:
            return now
        version = now
        time.sleep(0.1)
    return version


def test_a_public_move_that_drew_nothing_can_be_taken_back_by_its_player_only(server: Server) -> None:
    made = open_table(server, "cafe", [None, None])
    table, tokens = made["table"], made["tokens"]
    url = f"{server.base}/api/tables/{table}"
    first = get(url, token=tokens[0])
    seat = first["to_play"]
    other = 1 - seat
    _act(server, table, tokens[seat], first["legal"][0], "draft")  # taking a die: public, no chance
    with pytest.raises(Refused) as not_mine:
        post(f"{url}/undo", {}, token=tokens[other])
    assert "only the seat that played the last move" in not_mine.value.body["reason"]
    watcher = hello(server, table, tokens[other])
    assert until_state(watcher)["version"] == 1
    undone = post(f"{url}/undo", {}, token=tokens[seat])
    assert undone["undone"] is True and undone["version"] == 0
    again = get(url, token=tokens[seat])
    assert again["version"] == 0 and again["legal"] == first["legal"] and again["view"] == first["view"]
    update = until_state(watcher)
    assert update["version"] == 0 and update["reset"] is True  # the other seat redraws from the start
    record_check = get(url, token=tokens[other])
    assert record_check["log"] == []


def test_a_move_another_seat_answered_stands(server: Server) -> None:
    made = open_table(server, "cafe", [None, None])
    table, tokens = made["table"], made["tokens"]
    url = f"{server.base}/api/tables/{table}"
    for i in range(2):
        state = next(
            s for s in (get(url, token=t) for t in tokens.values()) if s["legal"] and s["seat"] == s["to_play"]
        )
        _act(server, table, tokens[state["seat"]], state["legal"][0], f"d{i}")
    first_drafter = 1 - state["seat"]
    with pytest.raises(Refused) as late:
        post(f"{url}/undo", {}, token=tokens[first_drafter])
    assert late.value.body["error"] == "no_undo"
    assert get(url, token=tokens[0])["version"] == 2


def test_a_move_that_drew_chance_stands(server: Server) -> None:
    # A mouse or bird card played is always replaced from the deck (a cat card may wait on a choice first).
    # Each table deals a random seed and about one deal in 240 holds no creature card: try another table.
    for _ in range(3):
        made = open_table(server, "attack", [None, None])
        table, tokens = made["table"], made["tokens"]
        url = f"{server.base}/api/tables/{table}"
        seat = get(url, token=tokens[0])["to_play"]
        mine = get(url, token=tokens[seat])
        card = next((a for a in mine["legal"] if a["kind"] in ("mouse_card", "bird_card")), None)
        if card is not None:
            break
    assert card is not None, "three deals in a row held no creature card"
    _act(server, table, tokens[seat], card, "card")
    with pytest.raises(Refused) as refused:
        post(f"{url}/undo", {}, token=tokens[seat])
    assert "chance" in refused.value.body["reason"]


def test_a_secret_mark_can_be_taken_back_but_the_mark_that_reveals_the_round_cannot(server: Server) -> None:
    made = open_table(server, "cafe", [None, None])
    table, tokens = made["table"], made["tokens"]
    url = f"{server.base}/api/tables/{table}"
    for i in range(2):  # the draft
        s = next(s for s in (get(url, token=t) for t in tokens.values()) if s["seat"] == s["to_play"])
        _act(server, table, tokens[s["seat"]], s["legal"][0], f"d{i}")
    s = next(s for s in (get(url, token=t) for t in tokens.values()) if s["seat"] == s["to_play"])
    first = s["seat"]
    _act(server, table, tokens[first], {"kind": "pass"}, "p1")  # secret until the round resolves
    assert post(f"{url}/undo", {}, token=tokens[first])["version"] == 2
    _act(server, table, tokens[first], {"kind": "pass"}, "p2")
    _act(server, table, tokens[1 - first], {"kind": "pass"}, "p3")  # the round resolves: marks are shown
    with pytest.raises(Refused) as shown:
        post(f"{url}/undo", {}, token=tokens[1 - first])
    assert shown.value.body["error"] == "no_undo"


def test_undo_over_the_websocket(server: Server) -> None:
    made = open_table(server, "cafe", [None, None])
    table, tokens = made["table"], made["tokens"]
    url = f"{server.base}/api/tables/{table}"
    s = next(s for s in (get(url, token=t) for t in tokens.values()) if s["seat"] == s["to_play"])
    ws = hello(server, table, tokens[s["seat"]])
    until_state(ws)
    ws.send(json.dumps({"type": "act", "id": "a", "action": s["legal"][0]}))
    ws.send(json.dumps({"type": "undo", "id": "u"}))
    replies: list[dict[str, Any]] = []
    while len(replies) < 2:
        msg = recv(ws)
        if msg["type"] != "state":
            replies.append(msg)
    assert replies[0]["type"] == "ack" and replies[1] == {"type": "ack", "id": "u", "version": 0, "undone": True}


def test_replays_show_ones_own_past_views_while_playing_and_everything_after(server: Server) -> None:
    made = open_table(server, "washi", [None, "random"], spectators="after")
    table, token = made["table"], made["tokens"][0]
    url = f"{server.base}/api/tables/{table}"
    state = get(url, token=token)
    _act(server, table, token, state["legal"][0], "m0")
    mine = get(f"{url}/replay?at=0", token=token)
    assert mine["seat"] == 0 and mine["view"] == state["view"]
    with pytest.raises(Refused) as theirs:  # another seat's point of view waits for the end
        get(f"{url}/replay?at=1&seat=1", token=token)
    assert theirs.value.status == 403
    with pytest.raises(Refused):  # and so does a spectator at a table that reveals only after the end
        get(f"{url}/replay?at=1")
    with pytest.raises(Refused):
        get(f"{url}/replay?at=999999", token=token)
    for i in range(1, 2000):
        state = get(url, token=token)
        if state["over"]:
            break
        if state["legal"]:
            _act(server, table, token, state["legal"][0], f"m{i}")
    assert state["over"]
    record = get(f"{url}/record", token=token)
    game = get_game("washi")
    assert get(f"{url}/replay?at=1&seat=1", token=token)["view"] == game.replay(record, 1).view(1)
    assert get(f"{url}/replay?at=2&seat=spectator")["view"] == game.replay(record, 2).view(None)


@pytest.mark.parametrize("game", ["cafe", "attack"])
def test_may_undo_says_exactly_when_the_server_takes_the_move_back(server: Server, game: str) -> None:
    """Each state tells its seat whether an undo would be accepted (the browser offers its button only
    then): at every step the mover's ``may_undo`` is what its undo gets, and every other seat's is false."""
    made = open_table(server, game, [None, None])
    table, tokens = made["table"], made["tokens"]
    url = f"{server.base}/api/tables/{table}"
    said = {True: 0, False: 0}
    chosen: dict[int, object] = {}  # a choice queued ahead of its seat's turn, played when the turn comes
    for step in range(14):
        states = {seat: get(url, token=token) for seat, token in tokens.items()}
        if any(s["over"] for s in states.values()):
            break
        seat, state = next((seat, s) for seat, s in states.items() if s["legal"])
        action = state["legal"][step * 7 % len(state["legal"])]
        reply = _act(server, table, tokens[seat], action, f"m{step}")
        if reply.get("queued"):
            chosen[seat] = action
        # the move may let another seat's queued choice be played right after it: that seat moved last then
        version = _settled(url, tokens[seat])
        mover = seat if version == reply["version"] or reply.get("queued") else 1 - seat
        after = {s: get(url, token=token) for s, token in tokens.items()}
        assert get(url)["may_undo"] is False  # a spectator never may
        assert not any(after[s]["may_undo"] for s in after if s != mover)
        may = after[mover]["may_undo"]
        said[may] += 1
        try:
            post(f"{url}/undo", {}, token=tokens[mover])
            took_back = True
        except Refused as refused:
            assert refused.body["error"] == "no_undo"
            took_back = False
        assert took_back is may, (step, action, after[mover]["log"][-1:])
        if took_back:  # play it again (it drew nothing, so it plays the same)
            _act(server, table, tokens[mover], action if mover == seat else chosen[mover], f"again{step}")
            _settled(url, tokens[mover])
    assert said[True] and said[False], said
