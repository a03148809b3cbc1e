"""Clocks: a time bank with an increment for live tables, days per move for asynchronous ones. Deadlines
are absolute times (seconds since the epoch) so a restarted server re-arms them as they were."""

from __future__ import annotations

from typing import Any

DAY = 86400.0
GRACE = 30.0
"""Seconds a person who takes their seat back from the autopilot has at least, unless the host chose
otherwise (``"grace"`` in a live clock): without it they would keep only what the autopilot left of the
bank and be taken over again within seconds."""
MAX_GRACE = 3600.0


def check_clock(clock: Any) -> dict[str, Any] | None:
    """The clock setting, checked: None, {"mode": "live", "bank": s, "increment": s, "grace": s} or
    {"mode": "async", "days": d}; a ValueError says what is allowed."""
    if clock is None:
        return None
    if not isinstance(clock, dict):
        raise ValueError(
            'clock must be null, {"mode": "live", "bank": seconds, "increment": seconds} '
            'or {"mode": "async", "days": d}'
        )
    mode = clock.get("mode")
    if mode == "live":
        bank, inc = _number(clock.get("bank")), _number(clock.get("increment", 0))
        grace = _number(clock.get("grace", GRACE))
        if bank is None or not 0 < bank <= 7 * DAY or inc is None or not 0 <= inc <= DAY:
            raise ValueError(
                "a live clock needs a bank of more than 0 and at most 604800 seconds, and an increment of 0 to 86400"
            )
        if grace is None or not 0 <= grace <= MAX_GRACE:
            raise ValueError(f"a live clock's grace after reclaiming a seat is 0 to {MAX_GRACE:.0f} seconds")
        return {"mode": "live", "bank": bank, "increment": inc, "grace": grace}
    if mode == "async":
        days = _number(clock.get("days"))
        if days is None or not 0 < days <= 30:
            raise ValueError("an asynchronous clock needs 'days' per move, more than 0 and at most 30")
        return {"mode": "async", "days": days}
    raise ValueError("clock mode must be 'live' or 'async'")


def check_on_timeout(value: Any) -> str:
    if value == "wait" or (isinstance(value, str) and value.startswith("autopilot:") and len(value) <= 32):
        return str(value)
    raise ValueError("on_timeout must be 'wait' or 'autopilot:<bot level>' (e.g. autopilot:heuristic)")


def _number(x: Any) -> float | None:
    """A finite number as a float, or None for anything else (booleans included)."""
    if type(x) not in (int, float) or x != x or x in (float("inf"), float("-inf")):
        return None
    return float(x)


def start_bank(clock: dict[str, Any] | None) -> float | None:
    return float(clock["bank"]) if clock is not None and clock["mode"] == "live" else None


def deadline_for(clock: dict[str, Any] | None, bank: float | None, now: float) -> float | None:
    """When a seat that starts thinking at ``now`` runs out of time."""
    if clock is None:
        return None
    if clock["mode"] == "async":
        return now + float(clock["days"]) * DAY
    return now + (bank or 0.0)


def bank_after_move(
    clock: dict[str, Any] | None, bank: float | None, deadline: float | None, now: float
) -> float | None:
    """A live seat keeps what it did not use, plus the increment."""
    if clock is None or clock["mode"] != "live":
        return None
    left = max(0.0, deadline - now) if deadline is not None else (bank or 0.0)
    return left + float(clock["increment"])


def after_reclaim(
    clock: dict[str, Any] | None, bank: float | None, deadline: float | None, *, on_turn: bool, now: float
) -> tuple[float | None, float | None]:
    """The bank and deadline of a seat its person takes back from the autopilot: a live seat has at least
    the grace period (on its bank, and now if it is its move); an asynchronous one a whole move's days."""
    if clock is None:
        return bank, deadline
    if clock["mode"] == "async":
        return bank, (max(deadline or 0.0, now + float(clock["days"]) * DAY) if on_turn else deadline)
    grace = float(clock.get("grace", GRACE))  # tables opened before the grace was a setting have the default
    return max(bank or 0.0, grace), (max(deadline or 0.0, now + grace) if on_turn else deadline)
