"""Agents by name: ``random``, ``heuristic`` (the game's own heuristic module, by entry point), ``mcts:<level>``."""

from __future__ import annotations

from cattable.core import Game
from cattable.core.registry import HEURISTIC_GROUP, companion

from .base import Agent, RandomAgent

AGENT_KINDS = ("random", "heuristic", "mcts:easy", "mcts:medium", "mcts:hard", "mcts:iters=N", "mcts:ms=N")


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """Build the agent named ``spec`` for ``game``; a ValueError lists the known names."""
    kind = spec.strip().lower()
    if kind == "random":
        return RandomAgent(seed)
    if kind in ("heuristic", "greedy", "easy"):
        module = companion(HEURISTIC_GROUP, game.name)
        if module is None:
            raise ValueError(f"{game.name} has no heuristic agent")
        cls = module.HeuristicAgent
        agent = cls(seed)
        assert isinstance(agent, Agent)
        return agent
    if kind == "mcts" or kind.startswith("mcts:"):
        from .mcts import make_mcts

        return make_mcts(kind, game, seed)
    raise ValueError(f"unknown agent {spec!r}; known agents: {', '.join(AGENT_KINDS)}")
