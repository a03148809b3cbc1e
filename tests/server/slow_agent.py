"""A seat player for ``cattable join --bot tests.server.slow_agent:SlowRandom``: random, but a fifth of a
second per move, so that a game outlasts a server restart in the middle of it."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from cattable.agents.base import RandomAgent
from cattable.core import Action


class SlowRandom(RandomAgent):
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        time.sleep(0.2)
        return super().choose(view, legal)
