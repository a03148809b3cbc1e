"""A Gymnasium single-agent environment: one seat learns, bots play the others (``cattable.rl.gym_env``).

Observations are the AEC environment's (a dict of the seat's observation vector and its action mask).
An action outside the mask does not change the game: by default (``illegal="lose"``) it ends the episode
with reward -1 and says why in ``info["illegal"]``, the usual convention for masked action spaces (and
what lets Gymnasium's ``check_env`` step with unmasked samples); ``illegal="raise"`` raises instead.
``max_steps`` counts this environment's steps (the learner's moves) and truncates the episode there, as
Gymnasium's ``TimeLimit`` would; ``reward`` is the AEC environment's (``rewards.py``).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from cattable.agents.base import Agent, InfoSet
from cattable.core import State

from .aec import CattableEnv, step_limit
from .aec import env as aec_env
from .drawing import ansi
from .opponents import opponent, opponent_list
from .rewards import rewards_of

ILLEGAL = ("lose", "raise")


class SingleSeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """Game ``name`` from ``seat``'s chair; ``opponents``: one for every other seat, or one each, as a
    comma-separated string (``"heuristic,random"``, as ``cattable play --bots`` reads it) or a list; each
    a bot's name, ``module:attribute``, an ``Agent`` class or instance, or a policy (``opponents.py``)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (Gymnasium declares it so)

    def __init__(
        self,
        name: str,
        seat: int = 0,
        opponents: Any = "heuristic",
        players: int = 2,
        illegal: str = "lose",
        render_mode: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        self.aec: CattableEnv = aec_env(name, players=players, reward=reward, **options)  # box=True: the tower's Box
        self.max_steps = step_limit(max_steps, None, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        kinds = opponent_list(opponents, players - 1)
        for k in kinds:
            opponent(k, self.aec.game, self.aec.encoding, 0)  # a bad name fails here, with the registry's list
        self.seat = seat
        self.kinds = kinds
        self.illegal = illegal
        self.render_mode = render_mode
        agent = self.aec.possible_agents[seat]
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)
        self.bots: dict[int, Agent] = {}
        self.steps = 0

    @property
    def state(self) -> State:
        assert self.aec.game_state is not None, "call reset() first"
        return self.aec.game_state

    def _bots_play(self) -> None:
        state = self.state
        while not state.is_over and state.current_player != self.seat:
            p = state.current_player
            assert p is not None
            bot = self.bots[p]
            legal = state.legal_actions()
            view = state.view(p) if bot.needs_view else {}
            state.apply(bot.choose_with(view, legal, InfoSet(state, p)))
        self.aec.sync()

    def _obs(self) -> dict[str, Any]:
        return self.aec.observe(self.aec.possible_agents[self.seat])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**62))
        self.aec.reset(seed=deal)
        rng = random.Random(deal)
        others = [s for s in range(self.aec.num_players) if s != self.seat]
        game, enc = self.aec.game, self.aec.encoding
        self.bots = {s: opponent(k, game, enc, rng.getrandbits(32)) for s, k in zip(others, self.kinds, strict=True)}
        self.steps = 0
        self._bots_play()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            self.aec.play(action)  # an error changes nothing (IllegalAction and EncodingError alike)
        except ValueError as exc:
            if self.illegal == "raise":
                raise
            return self._obs(), -1.0, True, False, {"illegal": f"action {action!r}: {exc}"}
        self._bots_play()
        self.steps += 1
        if self.state.is_over:  # after the bots' moves
            reward = rewards_of(state, self.aec.reward)[self.seat]
            return self._obs(), reward, True, False, {"result": state.result().to_json()}
        if self.max_steps is not None and self.steps >= self.max_steps:
            return self._obs(), 0.0, False, True, {"truncated": f"{self.steps} steps, the limit"}
        return self._obs(), 0.0, False, False, {}

    def render(self) -> str | None:
        """``ansi``: the game's terminal drawing, as the learner's seat sees the table."""
        if self.render_mode != "ansi" or self.aec.game_state is None:
            return None
        return ansi(self.aec.game_state, self.seat)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The current mask (the name sb3-contrib's MaskablePPO looks for)."""
        mask: np.ndarray[Any, np.dtype[np.int8]] = self._obs()["action_mask"]
        return mask
