"""Running the app under uvicorn with a shutdown in the right order for a restart (SIGTERM, docs/PROTOCOL.md).

uvicorn on SIGTERM closes every WebSocket at once (code 1012, Service Restart) and only then runs the app's
shutdown, so clients would reconnect to a balancer while this process still held their tables' leases, and
be told another process serves them. Here the order is: stop listening, let the hub finish what it is
committing and release its leases (``Hub.drain``), then close the sockets with 1012: a client reconnecting
at once finds its table free for whichever process it reaches.
"""

from __future__ import annotations

import logging
import socket

import uvicorn
from fastapi import FastAPI

from cattable.server.hub import Hub

log = logging.getLogger("cattable.web")


class DrainingServer(uvicorn.Server):
    """uvicorn's server, draining the app's hub between closing its listeners and closing its sockets."""

    def __init__(self, config: uvicorn.Config, app: FastAPI, drain_seconds: float = 10.0) -> None:
        super().__init__(config)
        self.app = app
        self.drain_seconds = drain_seconds

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:  # no new connections from here on
            server.close()
        hub: Hub | None = getattr(self.app.state, "hub", None)
        if hub is not None:
            log.info("shutting down: draining the tables before closing the connections (1012)")
            try:
                await hub.drain(self.drain_seconds)
            except Exception:  # the leases expire by themselves; the sockets must still be closed
                log.exception("drain failed")
        await super().shutdown(sockets)
