"""What a seat is paid when a game ends: ``win`` (the default), ``score`` or ``margin`` (docs/RL.md).

Every game's result carries its scores (Cat Cafe's points, Tokyo Washi's cats brought home, Cat Attack's
lives plus food, the competitive tower's highest floor), so the three are defined once for all of them.
A result without scores (the cooperative tower) pays ``win`` whatever is asked: there is nothing to count.
"""

from __future__ import annotations

from cattable.core import Result, State

REWARDS = ("win", "score", "margin")


def check_reward(reward: str) -> str:
    """``reward`` itself, or a ``ValueError`` that lists the choices."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


def win_rewards(result: Result, players: int) -> list[float]:
    """+1 for each winner and -1 for the others, 0 each when nobody wins; a cooperative table's all alike."""
    if result.team_win is not None:
        return [1.0 if result.team_win else -1.0] * players
    if not result.winners:
        return [0.0] * players
    return [1.0 if s in result.winners else -1.0 for s in range(players)]


def rewards_of(state: State, reward: str = "win") -> list[float]:
    """Each seat's final reward: ``score`` is the seat's own score, ``margin`` its score minus the best of
    the other seats' (ahead > 0, behind < 0; alone at the table, its score)."""
    result = state.result()
    scores = result.scores
    if reward == "win" or scores is None:
        return win_rewards(result, state.players)
    if reward == "score":
        return [float(s) for s in scores]
    return [
        float(scores[s]) - max((scores[o] for o in range(len(scores)) if o != s), default=0.0)
        for s in range(len(scores))
    ]
