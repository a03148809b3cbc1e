"""Cat Nap's rules: a bag of cats and dogs, a lap that a dog empties, baskets, and a secret favourite each.

The rulebook is ``rulebook.txt`` beside this package; ``README.md`` says what it leaves out and how this
program settles it. The game imports only ``cattable.core``: no screens, no bots.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import replace
from typing import Any

from cattable.core import Action, Game, Option, Result, State, ranking_from_scores

from . import actions
from .actions import COLOURS, DRAW, NAPS, Draw, Nap

DOG = "dog"
CATS_PER_COLOUR = 4
CARDS_PER_COLOUR = 2


class CatNapGame(Game):
    """The rulebook: 2 to 4 players, one option (how many dogs are in the bag)."""

    name = "catnap"
    title = "Cat Nap"
    min_players = 2
    max_players = 4
    options = (
        Option("dogs", 2, "dogs in the bag: 1 for careful players, 3 for brave ones", choices=(1, 2, 3), kind=int),
    )
    has_hidden_information = True
    action_types = (Draw, Nap)

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> State:
        return CatNapState(self, players, seed, options, script)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    def action_from_json(self, data: Any) -> Action:
        return actions.action_from_json(data)


class CatNapState(State):
    """One position. The bag and every box are kept sorted, so their order never carries information."""

    bag: list[str]
    lap: list[str]
    baskets: list[dict[str, int]]
    favourites: list[str]
    box: list[str]
    turn: int
    over: bool
    ran_away: int
    previous: dict[str, Any] | None
    """The last finished turn as the table saw it: ``{"seat", "drew": [tokens], "napped": colour or None}``."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None):
        super().__init__(game, players, seed, options, script)
        self.bag = sorted([c for c in COLOURS for _ in range(CATS_PER_COLOUR)] + [DOG] * options["dogs"])
        cards = [c for c in COLOURS for _ in range(CARDS_PER_COLOUR)]
        self.chance.shuffle(cards)
        self.favourites = [cards.pop() for _ in range(players)]
        self.box = sorted(cards)
        self.lap = []
        self.baskets = [dict.fromkeys(COLOURS, 0) for _ in range(players)]
        self.turn = 0
        self.over = False
        self.ran_away = 0
        self.previous = None

    # -- whose turn, and what may be done ------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    def _legal(self) -> list[Action]:
        if not self.lap:  # the first draw of a turn is compulsory
            return [DRAW]
        return [DRAW, *(NAPS[c] for c in COLOURS if c in self.lap)]

    def _why_illegal(self, action: Action) -> str:
        if isinstance(action, Nap) and not self.lap:
            return "you must draw at least once each turn before you stop"
        if isinstance(action, Nap):
            held = ", ".join(c for c in COLOURS if c in self.lap)
            return f"your lap holds no {action.colour} cat; you may nap: {held}"
        return super()._why_illegal(action)

    # -- the moves -----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.turn
        if isinstance(action, Draw):
            token = self.bag.pop(self.chance.randbelow(len(self.bag)))
            if token != DOG:
                self.lap.append(token)
                return
            self.previous = {"seat": seat, "drew": [*self.lap, DOG], "napped": None}
            self.ran_away += len(self.lap)  # the dog barks: the lap runs away and leaves the game
            self.lap.clear()
            bisect.insort(self.bag, DOG)
        else:
            assert isinstance(action, Nap)
            self.previous = {"seat": seat, "drew": list(self.lap), "napped": action.colour}
            self.baskets[seat][action.colour] += self.lap.count(action.colour)
            for token in self.lap:
                if token != action.colour:
                    bisect.insort(self.bag, token)
            self.lap.clear()
        self._end_turn()

    def _end_turn(self) -> None:
        if all(token == DOG for token in self.bag):
            self.over = True
        else:
            self.turn = (self.turn + 1) % self.players

    # -- the end -------------------------------------------------------------------------------
    def points(self, seat: int) -> int:
        """1 point a cat, 2 for each cat of the seat's favourite colour."""
        basket, favourite = self.baskets[seat], self.favourites[seat]
        return sum(n * (2 if c == favourite else 1) for c, n in basket.items())

    def _result(self) -> Result:
        favourite_cats = [self.baskets[s][self.favourites[s]] for s in range(self.players)]
        result = ranking_from_scores([self.points(s) for s in range(self.players)], favourite_cats)
        return replace(result, details={"favourites": list(self.favourites), "favourite_cats": favourite_cats})

    # -- what each seat sees -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """The bag's contents (anyone can count them), the lap, the baskets and the last finished turn (what
        a person at the table saw); a seat's own favourite card, and everyone's once the game is over. The
        box of unused cards is never shown."""
        return {
            "players": self.players,
            "turn": self.current_player,
            "bag": {token: self.bag.count(token) for token in (*COLOURS, DOG)},
            "lap": list(self.lap),
            "baskets": [dict(b) for b in self.baskets],
            "ran_away": self.ran_away,
            "previous": _copy_turn(self.previous),
            "favourite": self.favourites[seat] if seat is not None else None,
            "favourites": list(self.favourites) if self.over else None,
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "seats": [self.view(s) for s in range(self.players)],
            "spectator": self.view(None),
            "favourites": list(self.favourites),
            "box": list(self.box),
        }

    # -- copies and re-deals -------------------------------------------------------------------
    def _copy(self) -> State:
        other = CatNapState.__new__(CatNapState)
        other.bag = list(self.bag)
        other.lap = list(self.lap)
        other.baskets = [dict(b) for b in self.baskets]
        other.favourites = list(self.favourites)
        other.box = list(self.box)
        other.turn = self.turn
        other.over = self.over
        other.ran_away = self.ran_away
        other.previous = _copy_turn(self.previous)
        return other

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        """Deal the cards ``seat`` has not seen (the others' favourites and the box) again. They are
        sorted first, so the re-deal depends only on what the seat knows, never on the true cards."""
        if self.over:
            return  # every card is face up
        others = [s for s in range(self.players) if s != seat]
        unseen = sorted([self.favourites[s] for s in others] + self.box)
        rng.shuffle(unseen)
        for s in others:
            self.favourites[s] = unseen.pop()
        self.box = sorted(unseen)


def _copy_turn(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if turn is None else {**turn, "drew": list(turn["drew"])}
