"""A guided table (``guided: true``, issue #32) is dealt from its game's fixed seed: two guided tables of a
game start from the same position for the person in seat 0, while ordinary tables are dealt at random; a
guided table of two people, or open to strangers, is refused (its deal is no secret)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .harness import Refused, Server, get, post

BODY: dict[str, Any] = {"players": 2, "spectators": "off", "on_timeout": "wait"}


def first_view(server: Server, game: str, guided: bool) -> Any:
    """Seat 0's view when first asked to move (the bot in seat 1 may have moved before)."""
    seats = [{"name": "Me"}, {"name": "Guide bot", "bot": "heuristic"}]
    made = post(server.base + "/api/tables", {**BODY, "game": game, "seats": seats, "guided": guided})
    token = post(server.base + "/api/join", {"invite": made["invites"]["0"]})["token"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = get(f"{server.base}/api/tables/{made['table']}", token)
        if state["legal"]:
            return state["version"], state["view"]
        time.sleep(0.1)
    raise AssertionError(f"{game}: seat 0 never had a move")


@pytest.mark.parametrize("game", ["cafe", "washi", "attack", "tower"])
def test_two_guided_tables_of_a_game_start_from_the_same_position(server: Server, game: str) -> None:
    assert first_view(server, game, True) == first_view(server, game, True)


def test_ordinary_tables_are_dealt_at_random(server: Server) -> None:
    views = {repr(first_view(server, "cafe", False)) for _ in range(3)}
    assert len(views) > 1


def test_a_guided_table_is_one_person_against_bots_and_not_open(server: Server) -> None:
    two = [{"name": "A"}, {"name": "B"}]
    with pytest.raises(Refused) as refused:
        post(server.base + "/api/tables", {**BODY, "game": "cafe", "seats": two, "guided": True})
    assert refused.value.status == 400 and refused.value.body["error"] == "bad_table"
    one = [{"name": "A"}, {"name": "bot", "bot": "heuristic"}]
    with pytest.raises(Refused) as refused:
        post(server.base + "/api/tables", {**BODY, "game": "cafe", "seats": one, "guided": True, "open": True})
    assert refused.value.status == 400 and refused.value.body["error"] == "bad_table"
