"""Tables of every registered game played to the end by clients over WebSockets, with server-side bots in
some seats; the finished record replays offline to the same result, and holds every acknowledged move."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from cattable.core import game as get_game
from cattable.core import game_names

from .harness import Server, get, open_table
from .players import SeatPlayer

SEATS: dict[str, list[str | None]] = {
    "cafe": [None, None, None, "heuristic"],
    "washi": [None, "heuristic", None],
    "attack": [None, None, "heuristic"],
    "tower": [None, "heuristic"],
    "catnap": [None, "random"],
}


def play_table(server: Server, game: str, seed: int) -> tuple[dict[str, Any], list[SeatPlayer], dict[str, Any]]:
    seats = SEATS.get(game, [None, None])
    made = open_table(server, game, seats)
    players = [
        SeatPlayer(server.ws_base, made["table"], token, seat, random.Random(seed * 10 + seat))
        for seat, token in made["tokens"].items()
    ]

    async def everyone() -> None:
        await asyncio.wait_for(asyncio.gather(*(p.run() for p in players)), timeout=600)

    asyncio.run(everyone())
    record = get(f"{server.base}/api/tables/{made['table']}/record", token=made["tokens"][0])
    return made, players, record


@pytest.mark.slow
@pytest.mark.parametrize(
    "game",
    # the tower's physics game is the long tier's; make test plays the tower over the server in test_tower_replays
    [pytest.param(g, marks=[pytest.mark.long] if g == "tower" else []) for g in game_names()],
)
def test_a_table_of_every_game_is_played_to_the_end_over_websockets(server: Server, game: str) -> None:
    _made, players, record = play_table(server, game, seed=7)
    for p in players:
        assert p.refusals == [], p.refusals
        assert p.result is not None
    results = {str(p.result) for p in players}
    assert len(results) == 1  # every seat heard the same result
    offline = get_game(game).replay(record)
    assert offline.is_over
    assert offline.result().to_json() == players[0].result
    actions = record["actions"]
    for p in players:
        for played in p.acked.values():
            if not played.queued:
                assert actions[played.version - 1] == played.action
            else:
                assert played.action in actions
    assert len(actions) > sum(len(p.acked) for p in players), "the server's bots played their seats too"
