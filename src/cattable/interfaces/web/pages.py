"""The browser client's door: the built bundle (``client/``, built into ``static/``) served beside /api and /ws.

Every page route answers with the same ``index.html`` (the client routes itself: the lobby at ``/``, a table
at ``/t/<table>``, an invite at ``/join/<code>``); its scripts and styles are under ``/assets``. Without a
built bundle, ``/`` says how to build it instead of failing.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"
"""Where ``npm run build`` in ``client/`` writes the bundle (gitignored; carried by an installed cattable)."""

BUILD_HINT = (
    "The browser client is not built. From the checkout, run <code>make serve</code> (it builds the client "
    "with Node 20 and npm), or build it by hand: <code>cd client &amp;&amp; npm ci &amp;&amp; npm run build</code>; "
    "then reload this page. The table server itself is running: its API is at <a href='/docs'>/docs</a>."
)


def missing_page(static: Path) -> str:
    """The page ``/`` shows when no bundle is there: what to run, never a traceback."""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>cattable: client not built</title>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'></head><body>"
        f"<h1>cattable</h1><p>{BUILD_HINT}</p><p>(looked for <code>{escape(str(static / 'index.html'))}</code>)</p>"
        "</body></html>"
    )


def mount_client(app: FastAPI, static: Path = STATIC) -> None:
    """Serve the bundle in ``static``: ``/assets/...`` as files, and the client's page on its routes."""
    app.mount("/assets", StaticFiles(directory=static / "assets", check_dir=False), name="assets")

    async def page() -> HTMLResponse:
        index = static / "index.html"
        try:
            html = index.read_text(encoding="utf-8")
        except OSError:
            return HTMLResponse(missing_page(static), status_code=503)
        return HTMLResponse(html, headers={"Cache-Control": "no-cache"})

    for route in ("/", "/t/{table}", "/join/{code}", "/replay/{table}"):
        app.add_api_route(route, page, methods=["GET"], include_in_schema=False, response_class=HTMLResponse)
