"""A bot's move, computed in a worker process: the server's event loop never runs a search.

The worker gets the table's record (it never leaves the server) and gives the agent only what the seat
may know: its view, the legal actions and fair re-deals (``InfoSet``), as every bot in cattable plays.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from typing import Any

from cattable.agents.base import InfoSet
from cattable.agents.registry import make_agent
from cattable.core import game as get_game


def worker_started(server_pid: int) -> None:
    """Run in each bot worker as it starts: the worker dies with the server, even one killed with SIGKILL
    (which runs no clean-up), instead of lingering with its memory."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != server_pid:  # the server died before the line above took effect
        os._exit(0)


PR_SET_PDEATHSIG = 1


def check_bot(spec: str, game_name: str) -> None:
    """A ``ValueError`` naming the known agents if ``spec`` is not one for this game."""
    make_agent(spec, get_game(game_name), 0)


def bot_move(game_name: str, record: dict[str, Any], seat: int, spec: str, seed: int) -> Any:
    """The JSON form of the move the agent ``spec`` chooses for ``seat`` in the recorded position."""
    game = get_game(game_name)
    state = game.replay(record)
    agent = make_agent(spec, game, seed)
    legal = state.legal_actions()
    view = state.view(seat) if agent.needs_view else {}
    return agent.choose_with(view, legal, InfoSet(state, seat)).to_json()
