"""Rows for offline learning from simulated games: one row per action, ``(observation, mask, action
index, reward)`` in the learning encoding's shapes (docs/RL.md, "Offline rows from simulate").

The games are replayed from their seeds and recorded actions (``simulate(..., with_actions=True)``), so
a row's observation is exactly what ``cattable.rl.env`` shows the acting seat at that step, and the rows
replay the games: from ``game.new(players, seed, **options)``, applying ``encoding.actions[action]`` row
after row gives the same game (tested).

``cattable.analysis`` sits below ``cattable.rl`` in the import layers, so the encoding and the reward
rule are handed in (the CLI looks them up at run time, as it seats a ``module:attribute`` agent).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from cattable.core import Action, State
from cattable.core import game as get_game

from .simulate import GameSummary


class RowEncoding(Protocol):
    """What the export needs of ``cattable.rl``'s encoding (``cattable.rl.encodings.encoding``)."""

    actions: tuple[Action, ...]
    observation_size: int

    @property
    def num_actions(self) -> int: ...

    def observe(self, view: Mapping[str, Any]) -> Any: ...

    def mask(self, legal: Sequence[Action]) -> Any: ...

    def index_of(self, action: Action, legal: Sequence[Action]) -> int: ...


Rewards = Callable[[State], list[float]]
"""Each seat's final reward (``cattable.rl.rewards.rewards_of(state, reward)``)."""


def export_rows(
    name: str,
    players: int,
    options: Mapping[str, Any],
    results: Sequence[GameSummary],
    encoding: RowEncoding,
    rewards: Rewards,
) -> dict[str, np.ndarray[Any, Any]]:
    """The rows of every game in ``results`` (each needs its ``moves``), as arrays:

    ``observation`` (N, D) float32 and ``mask`` (N, A) int8 of the acting seat; ``action`` (N,) the index
    it chose; ``reward`` (N,) the seat's final reward on its last row of the game, 0 elsewhere;
    ``return`` (N,) that final reward on every row of the seat; ``done`` (N,) true on the seat's last row;
    ``game`` (N,) the game's position in the batch, ``seed``, ``seat`` and ``step`` (the action's
    place in the game's history)."""
    game = get_game(name)
    obs: list[Any] = []
    masks: list[Any] = []
    acts: list[int] = []
    seats: list[int] = []
    steps: list[int] = []
    games: list[int] = []
    seeds: list[int] = []
    rewards_out: list[float] = []
    returns: list[float] = []
    done: list[bool] = []
    for g, summary in enumerate(results):
        if summary.moves is None:
            raise ValueError("rows need each game's actions: simulate with with_actions=True")
        state = game.new(players=players, seed=summary.seed, **options)
        first = len(acts)
        last_row: dict[int, int] = {}
        for step, (seat, text) in enumerate(summary.moves):
            if state.current_player != seat:
                raise ValueError(f"seed {summary.seed}, action {step}: seat {seat} acted, the game asked seat "
                                 f"{state.current_player}")  # fmt: skip
            legal = state.legal_actions()
            action = game.parse_action(text)
            obs.append(encoding.observe(state.view(seat)))
            masks.append(encoding.mask(legal))
            acts.append(encoding.index_of(action, legal))
            seats.append(seat)
            steps.append(step)
            games.append(g)
            seeds.append(summary.seed)
            last_row[seat] = len(acts) - 1
            state.apply(action)
        if not state.is_over or tuple(state.result().winners) != tuple(summary.winners):
            raise ValueError(f"seed {summary.seed}: the replayed game did not end as it was played")
        final = rewards(state)
        ends = set(last_row.values())
        for row in range(first, len(acts)):
            returns.append(final[seats[row]])
            rewards_out.append(final[seats[row]] if row in ends else 0.0)
            done.append(row in ends)
    n, d, a = len(acts), encoding.observation_size, encoding.num_actions
    return {
        "observation": np.asarray(obs, dtype=np.float32).reshape(n, d),
        "mask": np.asarray(masks, dtype=np.int8).reshape(n, a),
        "action": np.asarray(acts, dtype=np.int32),
        "reward": np.asarray(rewards_out, dtype=np.float32),
        "return": np.asarray(returns, dtype=np.float32),
        "done": np.asarray(done, dtype=bool),
        "game": np.asarray(games, dtype=np.int32),
        "seed": np.asarray(seeds, dtype=np.int64),
        "seat": np.asarray(seats, dtype=np.int16),
        "step": np.asarray(steps, dtype=np.int32),
    }


def save_rows(
    path: str | Path,
    rows: Mapping[str, np.ndarray[Any, Any]],
    name: str,
    players: int,
    options: Mapping[str, Any],
    agents: Sequence[str],
    reward: str,
    encoding: RowEncoding,
) -> Path:
    """Write ``rows`` to a compressed ``.npz`` with what a reader needs to use them: ``meta`` (JSON text:
    the game, players, options, agents, reward rule, sizes) and ``action_text`` (index -> the action's
    text form). ``np.load(path)`` reads it without pickles."""
    out = Path(path)
    meta = {
        "game": name,
        "players": players,
        "options": dict(options),
        "agents": list(agents),
        "reward": reward,
        "rows": len(rows["action"]),
        "games": int(rows["game"].max() + 1) if len(rows["game"]) else 0,
        "observation_size": encoding.observation_size,
        "actions": encoding.num_actions,
    }
    texts = np.asarray([a.text() for a in encoding.actions], dtype=str)
    arrays: dict[str, Any] = {**rows, "meta": np.asarray(json.dumps(meta, default=str)), "action_text": texts}
    np.savez_compressed(out, **arrays)
    return out if out.suffix == ".npz" else out.with_name(out.name + ".npz")
