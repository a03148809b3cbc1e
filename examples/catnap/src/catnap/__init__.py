"""Cat Nap: a small push-your-luck game, packaged apart from cattable to show how a fifth game plugs in.

The package declares one entry point (``cattable.games: catnap = "catnap.game:CatNapGame"``) and two
optional companions (its heuristic bot and its terminal drawing); cattable itself names no game.
"""

from .actions import COLOURS, DRAW, Draw, Nap, nap
from .game import CatNapGame, CatNapState

__all__ = ["COLOURS", "DRAW", "CatNapGame", "CatNapState", "Draw", "Nap", "nap"]
