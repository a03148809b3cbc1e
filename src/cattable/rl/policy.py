"""A learned policy as a cattable agent: it plays in tournaments, simulations, the terminal and ``gym_env``.

A policy is any callable from an observation vector and its action mask to an action index, the shapes
of ``cattable.rl.env`` (``policy(obs["observation"], obs["action_mask"])``). The agent builds both from the
seat's view and legal actions, as every bot plays: it never sees the state. It learns the table's player
count and options (which fix the encoding) from one fair re-deal on its first move, since a runner builds
agents before it deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cattable.agents.base import Agent, InfoSet
from cattable.core import Action, Game

from .encoding import Encoding, EncodingError, Mask, Vector
from .encodings import encoding as encoding_of

Policy = Callable[[Vector, Mask], Any]
"""``policy(observation, mask) -> action index`` (an int, or anything ``int()`` takes)."""


class PolicyAgent(Agent):
    """Plays ``policy`` for game ``game_name``; ``encoding`` may be given when the table is known."""

    name = "policy"

    def __init__(self, policy: Policy, game_name: str, seed: int = 0, encoding: Encoding | None = None) -> None:
        super().__init__(seed)
        self.policy = policy
        self.game_name = game_name
        self.encoding = encoding

    def choose_with(self, view: Mapping[str, Any], legal: Sequence[Action], infoset: InfoSet) -> Action:
        if self.encoding is None:
            table = infoset.sample(random.Random(0))  # its size and options: what every seat knows
            self.encoding = encoding_of(self.game_name, table.players, table.options)
        return self.choose(view, legal)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if self.encoding is None:
            raise ValueError("a PolicyAgent learns its table on its first move through choose_with; give it encoding=")
        mask = self.encoding.mask(legal)
        index = int(self.policy(self.encoding.observe(view), mask))
        if not 0 <= index < len(mask) or not mask[index]:
            raise EncodingError(f"the policy chose action {index}, which the mask does not allow")
        return self.encoding.action_at(index, legal)


@dataclass(frozen=True)
class PolicyMaker:
    """An ``AgentMaker``: one ``PolicyAgent`` per seat, so ``module:attribute`` may name a policy."""

    policy: Policy

    def agent_for(self, game: Game, seed: int) -> Agent:
        return PolicyAgent(self.policy, game.name, seed)


def policy_agent(policy: Policy) -> PolicyMaker:
    """Wrap ``policy`` so that cattable's runners can seat it (``--agents random,mymodule:maker``)."""
    return PolicyMaker(policy)
