"""``cattable backup`` copies a live server's SQLite database mid-game (people's moves and a bots' table
committing meanwhile); the copy, put in place of a lost database, starts a server whose tables go on from
the moves the copy holds. PostgreSQL is refused with the way to back it up (pg_dump)."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from cattable.core import game as get_game

from .harness import Server, get, open_table, post, random_choice


def _backup(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cattable.interfaces.cli.main", "backup", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def _move(server: Server, table: str, tokens: dict[int, str], rng: random.Random, tag: str) -> int:
    state = get(f"{server.base}/api/tables/{table}")
    seat = state["to_play"]
    mine = get(f"{server.base}/api/tables/{table}", token=tokens[seat])
    move = {"action": random_choice(rng, mine["legal"]), "id": tag}
    version: int = post(f"{server.base}/api/tables/{table}/actions", move, token=tokens[seat])["version"]
    return version


def test_a_backup_taken_mid_game_restores_and_the_tables_go_on(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    server = Server(db=f"sqlite:///{live}", log=tmp_path / "server.log")
    server.start()
    rng = random.Random(4)
    try:
        people = open_table(server, "washi", [None, None])
        bots = open_table(server, "cafe", ["random", "random", "random"])  # commits while the copy is taken
        for i in range(6):
            at_backup = _move(server, people["table"], people["tokens"], rng, f"m{i}")
        copy = tmp_path / "backup.db"
        done = _backup("--db", f"sqlite:///{live}", "--out", str(copy))
        assert done.returncode == 0, done.stderr
        assert "backed up 2 tables" in done.stdout
        for i in range(6, 9):  # moves after the backup: the restored database will not have them
            _move(server, people["table"], people["tokens"], rng, f"m{i}")
        assert _backup("--db", str(live), "--out", str(copy)).returncode == 2  # never overwrites a backup
    finally:
        server.kill()  # the server dies and its database is lost
    live.unlink()
    for leftover in tmp_path.glob("live.db-*"):
        leftover.unlink()
    shutil.copy(copy, live)  # the guide's restore: copy the backup into place, start the server
    server = Server(db=f"sqlite:///{live}", log=tmp_path / "restored.log")
    server.start()
    try:
        table, tokens = people["table"], people["tokens"]
        assert get(f"{server.base}/api/tables/{table}")["version"] == at_backup
        i = at_backup
        while not get(f"{server.base}/api/tables/{table}")["over"]:
            _move(server, table, tokens, rng, f"r{i}")
            i += 1
        state = get(f"{server.base}/api/tables/{table}")
        record = get(f"{server.base}/api/tables/{table}/record", token=tokens[0])
        assert get_game("washi").replay(record).result().to_json() == state["result"]
        deadline = time.monotonic() + 120  # the bots' table was restored mid-game too, and its bots play on
        while not (cafe := get(f"{server.base}/api/tables/{bots['table']}"))["over"]:
            assert time.monotonic() < deadline, "the restored bots' table did not go on"
            time.sleep(0.2)
        record = get(f"{server.base}/api/tables/{bots['table']}/record")
        assert get_game("cafe").replay(record).result().to_json() == cafe["result"]
    finally:
        server.stop()


def test_backup_refuses_postgresql_and_names_pg_dump(tmp_path: Path) -> None:
    done = _backup("--db", "postgresql://cattable@127.0.0.1:1/cattable", "--out", str(tmp_path / "x.db"))
    assert done.returncode == 2
    assert "pg_dump" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "x.db").exists()
    done = _backup("--db", str(tmp_path / "missing.db"), "--out", str(tmp_path / "y.db"))
    assert done.returncode == 2 and "there is no database" in done.stderr
