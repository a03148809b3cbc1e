"""The "your turn" signal for people who want a message elsewhere: a POST to the seat's webhook URL.

The body says only what the seat's lobby would show (table, game, seat, version): nothing hidden. A
webhook that fails is not retried; the lobby still lists the table as the seat's move."""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from typing import Any

log = logging.getLogger("cattable.server.webhooks")
MAX_URL = 500


def check_webhook(url: Any) -> str | None:
    """A webhook URL (http or https), None to remove it; a ValueError otherwise."""
    if url is None:
        return None
    if not isinstance(url, str) or len(url) > MAX_URL or not url.startswith(("http://", "https://")):
        raise ValueError(f"a webhook is an http:// or https:// URL of at most {MAX_URL} characters")
    return url


def post_webhook(url: str, body: dict[str, Any]) -> bool:
    """Send one signal; True if the receiver answered 2xx."""
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return bool(200 <= resp.status < 300)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        log.warning("webhook for table %s seat %s failed: %s", body.get("table"), body.get("seat"), exc)
        return False
