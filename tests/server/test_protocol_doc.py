"""docs/PROTOCOL.md names every error code the server can send and every route an operator calls: a code
added to the server without a line in the document fails here (the document had missed three)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")


def _codes_the_server_sends() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "src" / "cattable").rglob("*.py"):
        found |= set(re.findall(r'(?:Refusal|Unreadable)\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found | {"reassigned", "unready"}  # sent as messages of their own, not raised


def test_every_error_code_is_documented() -> None:
    codes = _codes_the_server_sends()
    assert {"binary", "too_large", "too_deep", "not_over", "bad_table", "bad_invite"} <= codes
    missing = sorted(code for code in codes if f"`{code}`" not in DOC)
    assert not missing, f"docs/PROTOCOL.md does not name these error codes: {missing}"


def test_the_operators_routes_and_limits_are_documented() -> None:
    for text in ("`GET /healthz`", "`GET /readyz`", "`GET /metrics`", "64 KiB", "32 deep", "1 MiB", "HTTP 403"):
        assert text in DOC, text
