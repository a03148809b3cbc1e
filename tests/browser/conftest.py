"""Browser tests: Playwright drives Debian's chromium (never a downloaded browser) against a real
``cattable serve`` on the loopback (tests/server/harness.py). Every test that opens the browser is marked
``browser``, ``server`` and ``slow``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from cattable.interfaces.web.pages import STATIC
from tests.server.harness import Server, close_sockets

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

CHROMIUM = os.environ.get("CATTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath) and "browser" in getattr(item, "fixturenames", ()):
            for mark in ("browser", "server", "slow"):
                item.add_marker(getattr(pytest.mark, mark))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One chromium per test module: Playwright's sync API holds an event loop on the main thread while it
    runs, which would break any later test that calls ``asyncio.run`` (the server's tests do)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install chromium; .ci/run installs it)")
    playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the dev extra)")
    assert (STATIC / "index.html").exists(), (
        "the browser client is not built: run `make setup` (or `cd client && npm ci && npm run build`)"
    )
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    # Some tests open tables until a deal shows what they need (a roll with a pair, a pet): from one address
    # that can pass the ten tables a minute a host allows, so that limit is off here (test_limits.py tries it).
    srv = Server(
        db=f"sqlite:///{tmp_path / 'tables.db'}", log=tmp_path / "server.log", extra=("--tables-per-minute", "0")
    )
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


@pytest.fixture(autouse=True)
def _close_sockets() -> Iterator[None]:
    yield
    close_sockets()
