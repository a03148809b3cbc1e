"""The core every game stands on: the game API, errors, seeded chance, records and the registry."""

from .action import Action
from .chance import Chance
from .descriptor import GameDescriptor, Part, Parts
from .errors import GameNotOver, IllegalAction, InvalidAction, OptionError, RecordError
from .game import Game, State
from .options import Option
from .registry import descriptor, game, game_names, replay
from .result import Result, rank_by, ranking_from_scores

__all__ = [
    "Action",
    "Chance",
    "Game",
    "GameDescriptor",
    "GameNotOver",
    "IllegalAction",
    "InvalidAction",
    "Option",
    "OptionError",
    "Part",
    "Parts",
    "RecordError",
    "Result",
    "State",
    "descriptor",
    "game",
    "game_names",
    "rank_by",
    "ranking_from_scores",
    "replay",
]
