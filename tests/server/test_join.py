"""``cattable join LINK`` plays a seat from a terminal at a server's table of bots: the terminal is one
more client of the same table."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from cattable.core import game as get_game
from cattable.interfaces.terminal import join as join_module

from .ghost import lease_to_ghost
from .harness import Server, get, post


def _join(server: Server, game: str, *args: str, stdin: str = "") -> tuple[subprocess.CompletedProcess[str], Any]:
    made = post(
        server.base + "/api/tables",
        {"game": game, "players": 2, "seats": [{"name": "terminal"}, {"name": "cat", "bot": "heuristic"}]},
    )
    link = f"{server.base}/join/{made['invites']['0']}"
    cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "join", link, *args]
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=300)
    return done, made


def test_join_plays_a_seat_to_the_end_against_the_servers_bots(server: Server) -> None:
    done, made = _join(server, "washi", "--bot", "heuristic")
    assert done.returncode == 0, done.stderr
    assert "Seat 1 at table" in done.stdout
    state = get(f"{server.base}/api/tables/{made['table']}")
    assert state["over"]
    if state["result"]["winners"]:
        assert "wins" in done.stdout or "won" in done.stdout
    else:  # both players trapped at once: about one game in 230 between the heuristic bots
        assert "A draw" in done.stdout
    record = get(f"{server.base}/api/tables/{made['table']}/record")
    assert get_game("washi").replay(record).result().to_json() == state["result"]


@pytest.mark.long  # a whole game at a few messages a second
def test_join_waits_when_the_server_asks_for_fewer_messages_and_plays_on(tmp_path: Path) -> None:
    """A bot's seat in the terminal moves faster than a host's message limit allows: each refusal
    (``rate_limited``, the move not read) is waited out and the move sent again, and the game ends with
    every move played once."""
    limits = ("--messages-per-second", "6", "--message-burst", "2")
    server = Server(db=f"sqlite:///{tmp_path / 't.db'}", log=tmp_path / "server.log", extra=limits)
    server.start()
    try:
        done, made = _join(server, "washi", "--bot", "heuristic")
    finally:
        server.stop()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the server asks for fewer messages" in done.stdout
    assert "refused" not in done.stdout and "Traceback" not in done.stdout + done.stderr
    server.start()
    try:
        state = get(f"{server.base}/api/tables/{made['table']}")
        record = get(f"{server.base}/api/tables/{made['table']}/record")
    finally:
        server.stop()
    assert state["over"]
    assert get_game("washi").replay(record).result().to_json() == state["result"]


def test_join_shows_a_typed_mistake_and_leaves_the_seat_waiting(server: Server) -> None:
    done, made = _join(server, "attack", stdin="help\nfly to the moon\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Legal moves:" in done.stdout
    assert "not a move" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert get(f"{server.base}/api/tables/{made['table']}")["over"] is False


def test_join_with_a_broken_link_says_what_a_link_looks_like(server: Server) -> None:
    cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "join", f"{server.base}/tables/nothing"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "http://HOST:PORT/join/CODE" in done.stderr and "Traceback" not in done.stderr
    cmd[-1] = f"{server.base}/join/not-a-real-code"
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "invite link is not valid" in done.stderr


def test_join_in_french_tells_the_tables_moves_in_french(server: Server) -> None:
    """``--lang fr``: the server's log lines are messages, so a terminal seat reads them from the French
    catalogue (a French player and an English one can share the table)."""
    done, _ = _join(server, "washi", "--bot", "heuristic", "--lang", "fr")
    assert done.returncode == 0, done.stderr
    assert "place un poisson en" in done.stdout
    assert "places a fish" not in done.stdout


def test_join_refuses_a_language_it_does_not_speak(server: Server) -> None:
    done, made = _join(server, "washi", "--lang", "xx")
    assert done.returncode == 2
    assert "invalid choice: 'xx'" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert get(f"{server.base}/api/tables/{made['table']}")["version"] == 0


@pytest.mark.long  # the fast tier keeps one smoke of this file (make test under 8 minutes)
def test_join_tries_again_while_another_process_still_has_the_table(tmp_path: Path) -> None:
    """Behind a balancer, a process may say ``elsewhere`` until the table's lease comes free: the terminal
    tries again after a pause and plays on, without the person doing anything."""
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(db=db, log=tmp_path / "server.log", extra=("--lease-seconds", "1"))
    server.start()
    try:
        made = post(
            server.base + "/api/tables",
            {"game": "washi", "players": 2, "seats": [{"name": "terminal"}, {"name": "cat", "bot": "heuristic"}]},
        )
        server.stop()
        lease_to_ghost(db, made["table"], 600)  # another process has the table, and keeps it
        server.start()
        link = f"{server.base}/join/{made['invites']['0']}"
        cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "join", link, "--bot", "heuristic"]
        join = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert join.stdout is not None
        told = ""
        while "trying again in" not in told:  # the seat, its link, the server's refusal
            line = join.stdout.readline()
            if not line:
                break
            told += line.replace("\n", " ")
        assert "another server process serves this table" in told, told
        lease_to_ghost(db, made["table"], 0)  # the other process lets go of it
        out, _ = join.communicate(timeout=300)
        assert join.returncode == 0, told + out
        assert get(f"{server.base}/api/tables/{made['table']}")["over"]
    finally:
        server.stop()


def test_join_waits_before_coming_back_after_a_flood_close(monkeypatch: pytest.MonkeyPatch) -> None:
    """A socket closed with 4029 (too many messages) is reopened only after a pause, never at once: the
    server bars the address meanwhile, and a loop of instant reconnects would be one more flood."""
    monkeypatch.setattr(join_module, "FLOODED_PAUSE", 0.5)
    opened: list[float] = []
    closed: list[float] = []

    def handler(ws: ServerConnection) -> None:
        hello = json.loads(ws.recv())
        opened.append(time.monotonic())
        if len(opened) == 1:
            closed.append(time.monotonic())
            ws.close(4029, "too many messages")
            return
        ws.send(json.dumps({"type": "state", "version": 3, "since": hello["since"]}))
        with contextlib.suppress(ConnectionClosed):
            ws.recv()

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        link = join_module._Link(f"ws://127.0.0.1:{server.socket.getsockname()[1]}/ws/tables/t", "token")
        link.open()
        try:
            assert link.recv()["version"] == 3
        finally:
            link.close()
            server.shutdown()
    assert len(opened) == 2 and opened[1] - closed[0] >= 0.5


def test_join_gives_up_on_a_close_it_cannot_mend() -> None:
    """Any other close code (here 1008, refused) still ends the session instead of reconnecting."""
    opened: list[float] = []

    def handler(ws: ServerConnection) -> None:
        ws.recv()
        opened.append(time.monotonic())
        ws.close(1008, "refused")

    with serve(handler, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        link = join_module._Link(f"ws://127.0.0.1:{server.socket.getsockname()[1]}/ws/tables/t", "token")
        link.open()
        try:
            with pytest.raises(ConnectionClosed):
                link.recv()
        finally:
            link.close()
            server.shutdown()
    assert len(opened) == 1


def test_join_applies_a_patch_to_the_view_it_holds_and_asks_for_the_whole_on_any_other() -> None:
    """``cattable join`` keeps the view it was last sent: a ``delta`` from that version is applied; one from
    another version is dropped (never drawn) and the whole position asked for with ``sync``."""
    link = join_module._Link("ws://127.0.0.1:9/ws/tables/t", "token")
    asked: list[dict[str, Any]] = []
    link.send = asked.append  # type: ignore[method-assign,assignment]
    first = {"type": "state", "version": 3, "view": {"hand": [1, 2, 3], "turn": 0}}
    assert link._whole(first)
    assert link.held == (3, first["view"])
    patch = [{"op": "remove", "path": "/hand/1"}, {"op": "replace", "path": "/turn", "value": 1}]
    moved: dict[str, Any] = {"type": "state", "version": 4, "base": 3, "delta": patch}
    assert link._whole(moved) and moved["view"] == {"hand": [1, 3], "turn": 1} and asked == []
    assert first["view"] == {"hand": [1, 2, 3], "turn": 0}  # the view held before is left as it was
    stray: dict[str, Any] = {"type": "state", "version": 6, "base": 5, "delta": patch}
    assert not link._whole(stray) and "view" not in stray
    assert asked == [{"type": "sync", "since": 4}]
    assert link.held == (4, moved["view"])
    unfit: dict[str, Any] = {"type": "state", "version": 5, "base": 4, "delta": [{"op": "remove", "path": "/x"}]}
    assert not link._whole(unfit) and asked[-1] == {"type": "sync", "since": 4}
