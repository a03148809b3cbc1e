"""Time to the first table on the loopback: a fresh browser context loads the lobby, opens a table with a
bot, and waits until the table has drawn its first position. Measured with Debian's chromium against a
real ``cattable serve``; the anchor, measured in the same run, is loading a static page from the same
server (the ratio says what the client and the table cost above a bare page load).

    PYTHONPATH=src:. python benchmarks/bench_first_table.py [--runs 5] [--game cafe]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from tests.browser.clicker import open_from_lobby
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP
from tests.server.harness import Server

from cattable.interfaces.web.pages import STATIC


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measurements (default: 5)")
    parser.add_argument("--game", default="cafe", help="the game of the table (default: cafe)")
    args = parser.parse_args()
    sizes = {p.name: p.stat().st_size for p in (STATIC / "assets").iterdir()}
    print("bundle:", ", ".join(f"{name} {size / 1024:.1f} KiB" for name, size in sorted(sizes.items())))
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(db=f"sqlite:///{Path(tmp) / 't.db'}", log=Path(tmp) / "server.log")
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                anchor, first = [], []
                for _ in range(args.runs):
                    ctx = browser.new_context(viewport=DESKTOP)
                    page = ctx.new_page()
                    start = time.perf_counter()
                    page.goto(server.base + "/openapi.json")
                    anchor.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    open_from_lobby(page, server.base, args.game, ["heuristic"])
                    page.wait_for_function("() => document.getElementById('app').dataset.version !== undefined")
                    first.append(time.perf_counter() - start)
                    ctx.close()
                browser.close()
        finally:
            server.stop()
    a, f = statistics.median(anchor), statistics.median(first)
    print(f"anchor (a JSON page): median {a * 1000:.0f} ms")
    print(f"lobby -> table drawn ({args.game}, includes filling the lobby's form): median {f * 1000:.0f} ms,")
    print(f"  min {min(first) * 1000:.0f} ms, max {max(first) * 1000:.0f} ms; ratio to the anchor {f / a:.1f}x")


if __name__ == "__main__":
    main()
