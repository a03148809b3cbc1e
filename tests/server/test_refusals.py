"""Bad input gets a clear refusal and changes nothing: 10,000 malformed and illegal WebSocket messages
(2,700 a game, less any that happen to be legal) sent by a seat whose turn it is and by one whose turn it
is not; each is answered with an error naming its cause, the table stays at the same version with the
same view, and the server never logs a traceback."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cattable.core import game as get_game

from .harness import Server, get, hello, open_table, recv, until_state

GAMES = ("cafe", "washi", "attack", "tower")
PER_GAME = 2700
REFUSALS = {"invalid", "illegal", "not_your_turn", "already_chosen", "too_large"}


def _legal_samples() -> dict[str, list[Any]]:
    """Real action JSON of every game (from a few random moves), to mutate and to send to the wrong game."""
    out: dict[str, list[Any]] = {}
    for name in GAMES:
        state = get_game(name).new(2 if name != "tower" else 1, 3)
        rng = random.Random(3)
        found: list[Any] = []
        for _ in range(12 if name != "tower" else 2):
            legal = state.legal_actions()
            found += [a.to_json() for a in legal[:20]]
            state.apply(legal[rng.randrange(len(legal))])
        out[name] = found
    return out


def _junk(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(9 if depth < 2 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 1, 2**63, -(2**70), 7, 99])
    if pick == 3:
        return rng.choice([0.5, -0.0, 1e308, 3.0])
    if pick == 4:
        return rng.choice(["", "move", "pass", "take", "mark", "\u0000", "x" * 300, "é🐈", "1", "c8"])
    if pick == 5:
        return rng.choice(["kind", "cat", "space", "item", "value", "to", "card"])
    if pick == 6:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {str(_junk(rng, depth + 1))[:12]: _junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def _mutate(rng: random.Random, action: Any) -> Any:
    if not isinstance(action, dict) or not action:
        return _junk(rng)
    out = dict(action)
    key = rng.choice(list(out))
    how = rng.randrange(4)
    if how == 0:
        out[key] = _junk(rng)
    elif how == 1:
        del out[key]
    elif how == 2:
        out[str(_junk(rng))[:8] or "extra"] = _junk(rng)
    else:
        out[key] = [out[key]]
    return out


def _messages(rng: random.Random, game: str, samples: dict[str, list[Any]]) -> list[str]:
    out: list[str] = []
    mine = samples[game]
    others = [a for g, acts in samples.items() if g != game for a in acts]
    while len(out) < PER_GAME:
        pick = rng.randrange(8)
        if pick == 0:
            out.append(rng.choice(["", "{", "null", "[]", "42", '"act"', "{'type': 'act'}", "\x00\x01", "x" * 70000]))
        elif pick == 1:
            out.append(json.dumps(_junk(rng)))
        elif pick == 2:
            out.append(json.dumps({"type": _junk(rng), "id": "j", "action": rng.choice(mine)}))
        elif pick == 3:
            out.append(json.dumps({"type": "act", "id": _junk(rng), "action": _junk(rng)}))
        elif pick == 4:
            out.append(json.dumps({"type": "act", "id": f"o{len(out)}", "action": rng.choice(others)}))
        elif pick == 5:
            out.append(json.dumps({"type": "act", "id": f"m{len(out)}", "action": _mutate(rng, rng.choice(mine))}))
        elif pick == 6:
            out.append(json.dumps({"type": "act", "id": f"t{len(out)}", "action": rng.choice(mine)["kind"]}))
        else:
            out.append(json.dumps({"type": "act", "id": f"n{len(out)}"}))
    return out


def _position(server: Server, table: str, token: str) -> dict[str, Any]:
    """The table as a seat sees it, without the server's clock reading."""
    msg: dict[str, Any] = get(f"{server.base}/api/tables/{table}", token=token)
    msg.pop("now")
    return msg


@pytest.fixture
def unlimited_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose message rate limit is out of the way: this test is about what each message does, and
    sends them as fast as it can (test_limits.py tries the limit itself)."""
    extra = ("--messages-per-second", "0")  # 0: no limit
    srv = Server(db=f"sqlite:///{tmp_path / 'tables.db'}", log=tmp_path / "server.log", extra=extra)
    srv.start()
    yield srv
    srv.stop()


@pytest.mark.slow
def test_ten_thousand_bad_messages_are_refused_and_change_nothing(unlimited_server: Server, tmp_path: Path) -> None:
    server = unlimited_server
    samples = _legal_samples()
    rng = random.Random(20)
    refused = 0
    for game in GAMES:
        made = open_table(server, game, [None, None] if game != "tower" else [None, None, None])
        table, tokens = made["table"], made["tokens"]
        before = [_position(server, table, t) for t in tokens.values()]
        to_play = before[0]["to_play"]
        legal = {json.dumps(a, sort_keys=True) for a in before[to_play]["legal"]}
        sockets = {seat: hello(server, table, token) for seat, token in tokens.items()}
        for ws in sockets.values():
            until_state(ws)
        for i, text in enumerate(_messages(rng, game, samples)):
            try:
                if json.dumps(json.loads(text)["action"], sort_keys=True) in legal:
                    continue  # a legal move by chance: not a bad message
            except (ValueError, TypeError, KeyError, IndexError):
                pass
            seat = to_play if i % 4 else (to_play + 1) % len(tokens)
            sockets[seat].send(text)
            reply = recv(sockets[seat])
            assert reply["type"] == "error", (game, text[:200], reply)
            assert reply["reason"] and reply["error"] in REFUSALS
            refused += 1
        after = [_position(server, table, t) for t in tokens.values()]
        assert after == before, f"{game}: a refused message changed the table"
    assert refused >= 10_000
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log
