"""Agents of your own, named ``module:attribute`` wherever a bot name is taken (``--agents``, ``--bots``).

The attribute may be an ``Agent`` subclass (built with the seat's seed), an ``Agent`` instance (copied for
each seat and reseeded, so a batch replays the same on any number of workers) or an ``AgentMaker``, such
as ``cattable.rl.policy_agent(policy)``, which turns a learned policy into an agent. Importing a module runs
its code, so only trusted callers ask for it (``make_agent(..., imports=True)``): a server never
imports what a network client names.
"""

from __future__ import annotations

import copy
import importlib
import os
import random
import sys
from typing import Protocol, runtime_checkable

from cattable.core import Game

from .base import Agent


@runtime_checkable
class AgentMaker(Protocol):
    """Something that makes one agent per seat for a game (a policy wrapped for cattable, say)."""

    def agent_for(self, game: Game, seed: int) -> Agent: ...


def is_import_name(spec: str) -> bool:
    """``package.module:attribute``; ``mcts:hard`` and the other built-in names are not."""
    module, sep, attribute = spec.strip().partition(":")
    return bool(sep and attribute) and module.strip().lower() != "mcts"


def import_named(spec: str) -> object:
    """The object ``module:attribute`` names (dotted attributes allowed). The working folder is searched
    too, as ``python -m`` would, so ``tests.rl.policies:first`` works from the project's root."""
    module_name, _, attribute = spec.strip().partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if os.getcwd() in sys.path or exc.name != module_name.split(".")[0]:
            raise ValueError(f"agent {spec!r}: cannot import {module_name!r} ({exc})") from None
        sys.path.append(os.getcwd())
        return import_named(spec)
    obj: object = module
    for part in attribute.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"agent {spec!r}: {module_name} has no attribute {attribute!r}")
        obj = getattr(obj, part)
    return obj


def agent_from(obj: object, game: Game, seed: int, name: str = "") -> Agent:
    """The agent for one seat from an ``Agent`` class, instance or ``AgentMaker``; anything else is refused
    with what is accepted (a bare policy function needs ``cattable.rl.policy_agent``)."""
    if isinstance(obj, type) and issubclass(obj, Agent):
        return obj(seed)
    if isinstance(obj, Agent):
        agent = copy.deepcopy(obj)
        agent.rng = random.Random(seed)
        return agent
    if isinstance(obj, AgentMaker):
        made = obj.agent_for(game, seed)
        if not isinstance(made, Agent):
            raise ValueError(f"agent {name or obj!r}: agent_for gave {type(made).__name__}, not an Agent")
        return made
    raise ValueError(
        f"agent {name or obj!r} is a {type(obj).__name__}: name an Agent class, an Agent instance or an object "
        "with agent_for(game, seed); wrap a policy (observation, mask -> index) with cattable.rl.policy_agent"
    )
