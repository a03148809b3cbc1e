"""Agents by name: ``random``, ``heuristic`` (the game's own heuristic module, from its descriptor), ``hand``
(that module's ``hand_agent``: a bot that aims without trials, the tower's), ``mcts:<level>``,
and, for trusted callers, an agent of your own as ``module:attribute`` (``agents.named``)."""

from __future__ import annotations

from cattable.core import Game
from cattable.core.registry import descriptor

from .base import Agent, RandomAgent
from .named import agent_from, import_named, is_import_name

AGENT_KINDS = ("random", "heuristic", "hand", "mcts:easy", "mcts:medium", "mcts:hard", "mcts:iters=N", "mcts:ms=N")


def agent_kinds(game: Game) -> tuple[str, ...]:
    """The agent names ``game`` takes: ``hand`` only where its heuristic module makes one (the tower)."""
    module = descriptor(game.name).heuristic.load()
    has_hand = module is not None and hasattr(module, "hand_agent")
    return tuple(k for k in AGENT_KINDS if k != "hand" or has_hand)


def make_agent(spec: str, game: Game, seed: int = 0, imports: bool = False) -> Agent:
    """Build the agent named ``spec`` for ``game``; a ValueError lists the known names.

    ``imports=True`` also takes ``module:attribute`` (an ``Agent`` class or instance, or an ``AgentMaker``);
    it is off by default because importing runs code, and a server builds bots that clients name."""
    if is_import_name(spec):
        if not imports:
            raise ValueError(f"agent {spec!r}: module:attribute agents are taken only where the code is trusted")
        return agent_from(import_named(spec), game, seed, spec)
    kind = spec.strip().lower()
    if kind == "random":
        return RandomAgent(seed)
    if kind in ("heuristic", "greedy", "easy"):
        module = descriptor(game.name).heuristic.load()
        if module is None:
            raise ValueError(f"{game.name} has no heuristic agent")
        cls = module.HeuristicAgent
        agent = cls(seed)
        assert isinstance(agent, Agent)
        return agent
    if kind == "hand":  # a game's bot that aims as a person does, without trying moves (the tower's)
        module = descriptor(game.name).heuristic.load()
        maker = getattr(module, "hand_agent", None) if module is not None else None
        if maker is None:
            raise ValueError(f"{game.name} has no hand agent; known agents: {', '.join(AGENT_KINDS)}")
        agent = maker(seed)
        assert isinstance(agent, Agent)
        return agent
    if kind == "mcts" or kind.startswith("mcts:"):
        from .mcts import make_mcts

        return make_mcts(kind, game, seed)
    own = ", or module:attribute for your own" if imports else ""
    raise ValueError(f"unknown agent {spec!r}; known agents: {', '.join(AGENT_KINDS)}{own}")
