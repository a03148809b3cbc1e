"""A hint on request: the game's heuristic bot asked what it would play in the seat's place.

The bot gets exactly what a bot seat gets (the seat's view, the seat's legal choices, fair re-deals of
what the seat cannot see), so a hint never tells a secret. It runs on a copy of the position in a thread:
the table's actor goes on meanwhile.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from cattable.agents.base import InfoSet
from cattable.agents.registry import make_agent
from cattable.core import Action, State
from cattable.server.table import Table

HINT_BOT = "heuristic"


def _choose(state: State, seat: int, view: dict[str, Any], legal: list[Action]) -> Action:
    agent = make_agent(HINT_BOT, state.game, random.randrange(2**31))
    return agent.choose_with(view if agent.needs_view else {}, legal, InfoSet(state, seat))


async def hint_for(table: Table, seat: int) -> dict[str, Any]:
    """``{"action": JSON or None, "text": its text form}``: None when the seat has nothing to choose."""
    legal = table.choices(seat)
    if not legal:
        return {"action": None, "text": ""}
    if len(legal) == 1:
        return {"action": legal[0].to_json(), "text": legal[0].text()}
    state, view = table.state.clone(), table.view(seat)
    action = await asyncio.to_thread(_choose, state, seat, view, list(legal))
    return {"action": action.to_json(), "text": action.text()}
