"""n games of one kind stepped together, with array observations: ``cattable.rl.vector_env(name, n)``.

The learner's loop for self-play at scale, in pgx's shape: each row is one game, its observation and mask
are those of the seat to act (``seats``), an action per row moves every game one step, and the rewards
come per row and seat (``n x players``, at a game's end only, as ``reward=`` asks). A game that ends (or
reaches ``max_steps``) is reset in the same step: its row shows the new game, and ``info`` holds every
seat's final observation (``final_observation``, ``players x obs`` per ended row, else None), with
``_final_observation`` marking the rows, as Gymnasium's vector environments did before 1.0.

Observations and masks are written by the games' fast writers (``fast/``) straight into preallocated
``n x obs`` and ``n x actions`` arrays; ``copy=False`` hands out those arrays themselves, overwritten by
the next step. Row i deals the games that ``env.reset(seed=vec.seeds[i])`` and then ``env.reset()``
deal in a single AEC environment, so a row can be replayed alone.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

import cattable
from cattable.core import Action, State

from .encoding import Encoding, EncodingError, Mask, Vector
from .encodings import encoding
from .fast import MaskWriter, ViewWriter, writer
from .rewards import check_reward, rewards_of

Step = tuple[Vector, Mask, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]
"""observations, masks, rewards (n x players), terminations, truncations, info."""


class VectorEnv:
    """``n`` games of ``name`` for ``players`` seats each; options as ``Game.new`` takes them."""

    def __init__(
        self,
        name: str,
        n: int,
        players: int = 2,
        seed: int | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        copy: bool = True,
        **options: Any,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of at least 1, not {n!r}")
        self.game = cattable.game(name)
        self.game.new(players=players, seed=0, **options)  # checks players and options, with the game's errors
        self.n, self.players = n, players
        self.reward = check_reward(reward)
        self.max_steps = max_steps
        self.copy = copy
        self.options = self.game.validated_options(players, options)
        self.encoding: Encoding = encoding(name, players, self.options)
        self.writers: list[ViewWriter] = [writer(self.encoding) for _ in range(n)]
        """One per row: a writer may keep what its game has not changed (Cat Cafe's sheets)."""
        self.masks = MaskWriter(self.encoding)
        self.observations = np.zeros((n, self.encoding.observation_size), np.float32)
        self.action_masks = np.zeros((n, self.encoding.num_actions), np.int8)
        self.rewards = np.zeros((n, players), np.float32)
        self.terminations = np.zeros(n, np.bool_)
        self.truncations = np.zeros(n, np.bool_)
        self.seats = np.zeros(n, np.intp)
        """The seat to act in each row: whose observation and mask the row holds."""
        self.seeds: list[int] = []
        self._deals: list[random.Random] = []
        self.states: list[State] = []
        self._legal: list[list[Action]] = []
        self.steps = np.zeros(n, np.int64)
        self.reset(seed)

    # -- the loop ------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[Vector, Mask, dict[str, Any]]:
        """New games in every row: ``seed`` fixes them (and every later deal), None draws fresh seeds."""
        master = random.Random(seed)
        self.seeds = [master.getrandbits(62) for _ in range(self.n)]
        self._deals = [random.Random(s) for s in self.seeds]
        self.states = [self._deal(i) for i in range(self.n)]
        self._legal = [[] for _ in range(self.n)]
        for i in range(self.n):
            self._show(i)
        return self._out(self.observations), self._out(self.action_masks), {}

    def _deal(self, i: int) -> State:
        self.steps[i] = 0
        return self.game.new(players=self.players, seed=self._deals[i].getrandbits(62), **self.options)

    def _show(self, i: int) -> None:
        """Row i's legal actions, seat, observation and mask, written in place."""
        state = self.states[i]
        seat = state.current_player
        seat = 0 if seat is None else seat
        self.seats[i] = seat
        self._legal[i] = legal = state.legal_actions()
        self.writers[i].write(state, seat, self.observations[i])
        self.masks.write(legal, self.action_masks[i])

    def step(self, actions: Any) -> Step:
        """One action index per row for its seat to act; an ``EncodingError`` names the first row whose
        index is outside its mask (the rows before it have moved)."""
        chosen = np.asarray(actions, np.intp).reshape(-1)
        if chosen.shape != (self.n,):
            raise ValueError(f"give one action per game: {self.n}, not {chosen.shape[0]}")
        self.rewards.fill(0.0)
        self.terminations.fill(False)
        self.truncations.fill(False)
        finals: list[Any] | None = None
        table, masks = self.encoding.actions, self.action_masks
        for i in range(self.n):
            index = int(chosen[i])
            if not (0 <= index < len(masks[i]) and masks[i, index]) or not self._legal[i]:
                raise EncodingError(f"row {i}: action {index} is not legal now; use the action mask")
            state = self.states[i]
            action = table[index] if index < len(table) else self.encoding.action_at(index, self._legal[i])
            state.apply(action)
            self.steps[i] += 1
            ended = state.is_over
            if ended or (self.max_steps is not None and self.steps[i] >= self.max_steps):
                if ended:
                    self.rewards[i] = rewards_of(state, self.reward)
                    self.terminations[i] = True
                else:
                    self.truncations[i] = True
                if finals is None:
                    finals = [None] * self.n
                finals[i] = self._every_seat(state, i)
                self.states[i] = self._deal(i)
            self._show(i)
        info: dict[str, Any] = {}
        if finals is not None:
            info["final_observation"] = np.array([*finals, None], dtype=object)[:-1]  # [:-1]: one object per row
            info["_final_observation"] = np.array([f is not None for f in finals])
        return (
            self._out(self.observations),
            self._out(self.action_masks),
            self._out(self.rewards),
            self._out(self.terminations),
            self._out(self.truncations),
            info,
        )

    def _every_seat(self, state: State, i: int) -> Vector:
        out = np.zeros((self.players, self.encoding.observation_size), np.float32)
        for seat in range(self.players):
            self.writers[i].write(state, seat, out[seat])
        return out

    def _out(self, array: npt.NDArray[Any]) -> Any:
        return array.copy() if self.copy else array

    def legal_actions(self, i: int) -> list[Action]:
        """Row i's legal game actions now."""
        return list(self._legal[i])


def vector_env(name: str, n: int, players: int = 2, **options: Any) -> VectorEnv:
    """``n`` games of ``name`` stepped together (``seed=``, ``reward=``, ``max_steps=``, ``copy=``)."""
    return VectorEnv(name, n, players=players, **options)
