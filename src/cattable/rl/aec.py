"""Every cattable game as a PettingZoo AEC environment (``cattable.rl.env(name, **options)``).

The state is turn-based already, so the AEC loop follows ``State.current_player``. Cat Cafe's
simultaneous marking is played the way PettingZoo plays simultaneous moves in an AEC game (rock paper
scissors): the seats mark one after another, and each observation is built from that seat's view, which
shows whether another seat has chosen but never what, until the round reveals every mark at once.
Observations and masks are written straight from the state into reused arrays by the game's fast
writer (``fast/``, checked equal to the view-based encoding) and handed out as copies.
Rewards come at the end only (``reward="win"``, ``"score"`` or ``"margin"``: ``rewards.py``);
``max_steps`` truncates a game that runs longer. A seat with nothing to do is shown a mask with index 0
alone, never an empty one, which would make a masked softmax divide by zero.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cattable
from cattable.core import Action, IllegalAction, State
from cattable.core.registry import descriptor, game_names

from .drawing import ansi
from .encoding import Encoding, EncodingError, Mask, Vector
from .encodings import encoding
from .fast import MaskWriter, writer
from .rewards import check_reward, rewards_of


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def step_limit(max_steps: int | None, max_cycles: int | None, players: int) -> int | None:
    """The steps after which a game is truncated: ``max_steps``, or PettingZoo's ``max_cycles`` rounds of
    one step per agent (``max_cycles * players``); None for no limit."""
    if max_steps is not None and max_cycles is not None:
        raise ValueError("give max_steps or max_cycles, not both")
    for label, value in (("max_steps", max_steps), ("max_cycles", max_cycles)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise ValueError(f"{label} must be a whole number of at least 1, not {value!r}")
    return max_cycles * players if max_cycles is not None else max_steps


def placeholder_mask(size: int) -> Mask:
    """What a seat with nothing to do is shown: index 0 alone (an empty mask breaks a masked softmax)."""
    mask = np.zeros(size, np.int8)
    mask[0] = 1
    return mask


class CattableEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # PettingZoo ships no types
    """One cattable game for ``players`` agents named ``player_0``...; options as ``Game.new`` takes them.

    ``state()`` is PettingZoo's global state for centralised critics: every seat's observation, stacked.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "cattable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str,
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.reward = check_reward(reward)
        self.max_steps = step_limit(max_steps, max_cycles, players)
        self.game = cattable.game(name)
        self.game.new(players=players, seed=0, **options)  # checks players and options, with the game's errors
        self.num_players = players
        self.game_options = self.game.validated_options(players, options)
        self.encoding: Encoding = encoding(name, players, self.game_options)
        self.writer = writer(self.encoding)
        self.masks = MaskWriter(self.encoding)
        self._obs = np.zeros(self.encoding.observation_size, np.float32)
        self._mask = np.zeros(self.encoding.num_actions, np.int8)
        self._mask_fresh = False
        """Whether ``_mask`` holds the current legal actions' mask (it changes only with them)."""
        self._placeholder = placeholder_mask(self.encoding.num_actions)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        obs_space: spaces.Space[Any] = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoding.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8),
            }
        )
        self.observation_spaces: dict[str, spaces.Space[Any]] = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space() for a in self.possible_agents}
        size = players * self.encoding.observation_size
        self.state_space: spaces.Box = spaces.Box(0.0, 1.0, (size,), np.float32)
        self._seeds = random.Random()  # from the system's entropy: fresh environments deal different games
        self.game_state: State | None = None
        self.steps = 0

    def _action_space(self) -> spaces.Space[Any]:
        return spaces.Discrete(self.encoding.num_actions)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the loop ------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: ``seed`` fixes it (and every later deal), None takes the next from the env's own."""
        if seed is not None:
            self._seeds = random.Random(seed)
        state = self.game.new(players=self.num_players, seed=self._seeds.getrandbits(62), **self.game_options)
        self.game_state = state
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: list[Action] = state.legal_actions()
        self._mask_fresh = False
        self.agent_selection = agent_name(self._seat())

    def _seat(self) -> int:
        assert self.game_state is not None
        seat = self.game_state.current_player
        return 0 if seat is None else seat

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation from its own view; the mask is its legal actions when it is to act, else
        the placeholder (index 0 alone)."""
        assert self.game_state is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        self.writer.write(self.game_state, seat, self._obs)
        acting = bool(self._legal) and self.game_state.current_player == seat
        if not acting:
            return {"observation": self._obs.copy(), "action_mask": self._placeholder.copy()}
        if not self._mask_fresh:
            self.masks.write(self._legal, self._mask)
            self._mask_fresh = True
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def state(self) -> Vector:
        """Every seat's observation, seat 0 first: all that any seat knows, never the hidden rest."""
        assert self.game_state is not None, "call reset() first"
        out = np.zeros((self.num_players, self.encoding.observation_size), np.float32)
        for seat in range(self.num_players):
            self.writer.write(self.game_state, seat, out[seat])
        return out.reshape(-1)

    def decode(self, action: Any) -> Action:
        """The game action for an index (or, in a Box variant, a vector); a ``ValueError`` if it is not legal."""
        index = int(action)
        chosen = self.encoding.action_at(index, self._legal)
        return chosen

    def play(self, action: Any) -> None:
        """Apply the game action for ``action``; an ``EncodingError`` (the state unchanged) if it is not legal."""
        assert self.game_state is not None, "call reset() first"
        chosen = self.decode(action)
        try:
            self.game_state.apply(chosen)
        except IllegalAction as exc:
            raise EncodingError(f"action {action} ({chosen.text()}) is not legal now; use the action mask") from exc

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None, "call reset() first"
        if action is None:
            raise ValueError(f"{self.agent_selection} must act: None is only for a finished agent")
        self.play(action)
        self._mask_fresh = False
        self.steps += 1
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_over:
            for a, r in zip(self.possible_agents, rewards_of(state, self.reward), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._legal = []
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}  # no reward: the game has no result yet
            self._legal = []
        else:
            self._legal = state.legal_actions()
            self.agent_selection = agent_name(self._seat())
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the game's terminal drawing of the table as a spectator sees it."""
        if self.render_mode == "ansi" and self.game_state is not None:
            return ansi(self.game_state, None)
        return None

    def close(self) -> None:
        pass

    def action_json(self, index: int) -> Any:
        """The JSON form of the action with this index now (for docs and debugging)."""
        return self.encoding.action_at(index, self._legal).to_json()

    def sync(self) -> None:
        """Re-read the legal actions after the state was moved on outside ``step`` (bots, in ``gym_env``)."""
        assert self.game_state is not None, "call reset() first"
        self._legal = self.game_state.legal_actions()
        self._mask_fresh = False


def env(name: str, players: int = 2, **options: Any) -> CattableEnv:
    """The PettingZoo AEC environment of game ``name`` (``box=True``: the continuous variant of a game
    whose descriptor names one, the tower's)."""
    if name in game_names() and descriptor(name).box_env.declared and options.pop("box", False):
        box = descriptor(name).box_env.load()
        assert box is not None
        made = box(players=players, **options)
        assert isinstance(made, CattableEnv)
        return made
    return CattableEnv(name, players=players, **options)
