"""axe-core, the accessibility checker, run inside a Playwright page: its ``axe.min.js`` from the client's
node_modules (a dev dependency in client/package.json), or from ``CATTABLE_AXE_JS``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

NODE_MODULES = Path(__file__).resolve().parents[2] / "client" / "node_modules"
BLOCKING = ("serious", "critical")
"""The findings a page must not have (axe's impacts are minor, moderate, serious and critical)."""


def axe_script() -> Path:
    """Where axe.min.js is; skips the test when it is nowhere (``cd client && npm ci`` installs it)."""
    for path in (os.environ.get("CATTABLE_AXE_JS"), NODE_MODULES / "axe-core" / "axe.min.js"):
        if path and Path(path).exists():
            return Path(path)
    pytest.skip("no axe-core: cd client && npm ci (it is a dev dependency), or set CATTABLE_AXE_JS")


def findings(page: Any, impacts: tuple[str, ...] = BLOCKING) -> list[str]:
    """axe's violations on the page as it stands, one line each (rule, impact, the first elements), of the
    given impacts only. The page is judged at rest: a card gliding to its pile or a mark popping in is half
    transparent for a moment (motion.ts), so a run during which the table moved on (a bot's move) or an
    animation started is run again, up to three times."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script()))
    found: list[dict[str, Any]] = []
    for _ in range(3):
        page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
        before = page.evaluate(VERSION)
        found = page.evaluate(
            """async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map((v) => ({
                 id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))"""
        )
        if page.evaluate(VERSION) == before and not page.evaluate(MOVING):
            break
    return [f"{v['impact']} {v['id']}: {v['help']} at {v['nodes']}" for v in found if v["impact"] in impacts]


VERSION = "() => document.getElementById('app')?.dataset.version ?? ''"
"""The position the table page has drawn (a replay's or a lobby's page: always the same)."""
MOVING = "() => document.getAnimations().some((a) => a.playState === 'running')"


def assert_clean(page: Any, where: str) -> None:
    """No serious or critical finding on the page; the message lists each one."""
    bad = findings(page)
    assert not bad, f"axe on {where}:\n" + "\n".join(bad)
