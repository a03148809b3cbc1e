"""Invite codes and seat tokens: random secrets handed out once and stored only as their SHA-256."""

from __future__ import annotations

import hashlib
import secrets


def new_secret() -> str:
    """A fresh secret, safe in a URL (192 bits)."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    """What the store keeps of a secret: enough to recognise it, never enough to use it."""
    return hashlib.sha256(secret.encode()).hexdigest()
