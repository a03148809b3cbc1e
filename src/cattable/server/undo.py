"""Undo by fair rules, decided once for every game from the event log: a seat may take back its own last
move only while that move drew no chance outcome, revealed nothing to anyone, did not end the game, and no
other seat has acted since (a choice queued ahead of its turn counts as acting)."""

from __future__ import annotations

import random
from collections.abc import Collection

from cattable.core import Action, State

SAMPLES = 8
"""Re-deals tried per viewer when checking that a move revealed nothing."""


def revealed_something(before: State, action: Action, after: State, rng: random.Random) -> bool:
    """Whether playing ``action`` told any viewer something it could not know: for each viewer, re-deal
    what it could not see before the move, play the same move, and compare what it sees afterwards. If the
    move is not even legal in some re-deal, or any view differs, the move depended on (and so showed) a
    secret. A game with no hidden information has nothing to reveal (and the check costs milliseconds a
    move, which ``Table.may_undo`` would pay after every person's move)."""
    if not before.game.has_hidden_information:
        return False
    for viewer in [*range(before.players), None]:
        seen = after.view(viewer)
        for _ in range(SAMPLES):
            other = before.determinize(viewer, rng)
            if not other.is_legal(action):
                return True
            drawn = len(other.chance.log)
            other.apply(action)
            if len(other.chance.log) != drawn or other.view(viewer) != seen:
                return True
    return False


def undo_refusal(
    before: State, action: Action, after: State, *, seat: int, mover: int, drew: bool, queued: Collection[int]
) -> str | None:
    """Why the last move may not be taken back by ``seat``, or None if it may (``queued``: the seats whose
    choice waits for their turn)."""
    if mover != seat:
        return "only the seat that played the last move may take it back"
    if drew:
        return "the last move drew a chance outcome (dice, cards or physics), so it stands"
    if after.is_over:
        return "the last move ended the game"
    if any(s != seat for s in queued):
        return "another seat has chosen since"
    if seat in queued:
        return "your choice for your next turn is already made, so the last move stands"
    if revealed_something(before, action, after, random.Random(len(before.history))):
        return "the last move revealed something to a player, so it stands"
    return None
