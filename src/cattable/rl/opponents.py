"""The bots in ``gym_env``'s other seats, from names or objects: a name as ``--bots`` takes it (built-in or
``module:attribute``), an ``Agent`` class or instance, an ``AgentMaker``, or a bare policy callable
(``observation, mask -> index``), which plays through the environment's own encoding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cattable.agents.base import Agent
from cattable.agents.named import AgentMaker, agent_from, import_named, is_import_name
from cattable.agents.registry import make_agent
from cattable.core import Game

from .encoding import Encoding
from .policy import PolicyAgent


def opponent_list(opponents: Any, others: int) -> list[Any]:
    """One opponent per other seat: a comma-separated string or a sequence, or one for every seat."""
    if isinstance(opponents, str):
        kinds: list[Any] = [k.strip() for k in opponents.split(",")]
    elif isinstance(opponents, Sequence):
        kinds = list(opponents)
    else:
        kinds = [opponents]
    if len(kinds) == 1:
        kinds = kinds * others
    if len(kinds) != others:
        raise ValueError(f"opponents names {len(kinds)} bots for {others} other seats: {opponents!r}")
    return kinds


def opponent(spec: Any, game: Game, enc: Encoding, seed: int) -> Agent:
    """The agent for one seat (see the module docstring); a ``ValueError`` says what is accepted."""
    if isinstance(spec, str):
        if not is_import_name(spec):
            return make_agent(spec, game, seed)
        spec = import_named(spec)
    if isinstance(spec, (Agent, AgentMaker)) or (isinstance(spec, type) and issubclass(spec, Agent)):
        return agent_from(spec, game, seed)
    if callable(spec):
        return PolicyAgent(spec, game.name, seed, encoding=enc)
    raise ValueError(f"an opponent is a bot's name, an Agent, an AgentMaker or a policy, not {spec!r}")
