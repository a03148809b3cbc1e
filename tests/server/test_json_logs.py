"""``serve --log-format json`` logs one JSON object a line, with time, level and message, and the table and
request ids where there are some; never a token, an invite or a host token (read from a real run's log)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from .harness import Refused, Server, get, hello, open_table, recv


def test_the_log_is_json_lines_with_ids_and_no_secrets(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server(db=f"sqlite:///{tmp_path / 't.db'}", log=log, extra=("--log-format", "json", "--log-level", "info"))
    server.start()
    try:
        made = open_table(server, "cafe", [None, None])
        ws = hello(server, made["table"], made["tokens"][0])
        assert recv(ws)["type"] == "state"
        get(f"{server.base}/api/tables/{made['table']}", made["tokens"][1])
        with contextlib.suppress(Refused, ValueError):  # a page with the invite in its path: the access log
            get(f"{server.base}/join/{made['invites']['0']}")
    finally:
        server.stop()
    lines = [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "message"} <= set(r) for r in records)
    opened = [r for r in records if r["message"].startswith("table opened")]
    assert opened and opened[0]["table"] == made["table"] and len(opened[0]["request"]) == 12
    text = log.read_text(encoding="utf-8")
    secrets = [made["host"], *made["tokens"].values(), *made["invites"].values()]
    assert not [s for s in secrets if s in text]
