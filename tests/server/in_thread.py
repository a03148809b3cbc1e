"""The table server run inside the test's own process (uvicorn in a thread): the test can then read the
same hub the requests reach, and still talks to it only over real HTTP and WebSockets on the loopback."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI

from cattable.interfaces.web.app import create_app
from cattable.interfaces.web.frames import MAX_FRAME
from cattable.server.hub import Hub

from .harness import Server, free_port


@contextmanager
def serving(db: str, trusted_proxy: str | None = None, **options: Any) -> Iterator[tuple[Server, FastAPI]]:
    """A server over ``db`` in this process: the harness's ``Server`` (for its helpers) and the app;
    ``options`` go to ``create_app``, and ``X-Forwarded-For`` is believed only from ``trusted_proxy``."""
    app = create_app(db, **options)
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME,
        log_level="warning",
        proxy_headers=trusted_proxy is not None,
        forwarded_allow_ips=trusted_proxy,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="cattable-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the in-process server did not start")
        time.sleep(0.02)
    try:
        yield Server(db=db, port=port), app
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def hub_of(app: FastAPI) -> Hub:
    hub: Hub = app.state.hub
    return hub
