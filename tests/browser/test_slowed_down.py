"""A page past the host's message limit (docs/PROTOCOL.md, "Limits"): the server refuses a message without
reading it (``rate_limited``, no id), and the page sends its unacknowledged move again after the pause it is
told, so a person's click is never lost to a limit."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

from tests.server.harness import Refused, Server, get, open_table

from .clicker import hold_seats

REFUSED = re.compile(r'^cattable_rate_limited_total\{limit="messages"\} (\d+)\.0$', re.M)


def _refused(server: Server) -> int:
    with urllib.request.urlopen(server.base + "/metrics", timeout=10) as resp:
        found = REFUSED.search(resp.read().decode())
    return int(found[1]) if found else 0


def test_a_move_refused_for_coming_too_fast_is_sent_again_and_played(context: Any, tmp_path: Path) -> None:
    limits = ("--messages-per-second", "1", "--message-burst", "4")
    server = Server(db=f"sqlite:///{tmp_path / 't.db'}", log=tmp_path / "server.log", extra=limits)
    server.start()
    try:
        made = open_table(server, "washi", [None, "heuristic"])
        table, token = made["table"], made["tokens"][0]
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        hold_seats(page, server.base, table, "washi", {0: token})
        page.goto(f"{server.base}/t/{table}?view=moves")
        page.locator("button.move.legal").first.wait_for()
        version = page.evaluate("() => document.getElementById('app').dataset.version")
        for _ in range(10):  # the seat's allowance spent from elsewhere: its HTTP requests share the bucket
            try:
                get(f"{server.base}/api/tables/{table}", token)
            except Refused as refused:
                assert refused.status == 429
                break
        else:
            raise AssertionError("ten requests at a burst of four, none refused")
        before = _refused(server)
        page.locator("button.move.legal").first.click()  # the token has no message left this second
        page.wait_for_function(
            "(v) => document.getElementById('app').dataset.version !== v", arg=version, timeout=15_000
        )
        assert _refused(server) > before  # the click's move was refused once, and played when sent again
        assert get(f"{server.base}/api/tables/{table}")["version"] >= 1
        assert "too many messages" not in page.inner_text("body")
        assert errors == []
    finally:
        server.stop()
