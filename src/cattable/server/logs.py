"""Log lines a machine can read: one JSON object a line, carrying the table and the request they are about.

The ids travel in context variables, set where a request or a table's task begins, so no function has to
pass them on and every line logged beneath (ours, or a library's) carries them. Nothing secret is ever
logged: no token or invite (they travel in bodies and messages, never in what is logged), no action (a
secret choice), no view; the access log's paths are stripped of invite codes by the ``serve`` command.
"""

from __future__ import annotations

import json
import logging
import time
from contextvars import ContextVar

table_id: ContextVar[str | None] = ContextVar("cattable_table_id", default=None)
"""The table the current request or task is about."""
request_id: ContextVar[str | None] = ContextVar("cattable_request_id", default=None)
"""The HTTP request or WebSocket connection being served (also sent back as ``X-Request-ID``)."""


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", "table", "request"}``; ``error`` holds a traceback's last line
    (the full traceback is for a text log on a developer's machine, not for a log store)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        table, request = table_id.get(), request_id.get()
        if table is not None:
            line["table"] = table
        if request is not None:
            line["request"] = request
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            line["error"] = f"{type(exc).__name__}: {exc}"
        return json.dumps(line, ensure_ascii=False, default=str)
