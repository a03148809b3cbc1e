"""A tiny game with every feature the core must carry: dice, a secret card each, a deck, a shared win.

Each seat holds a secret card (1-9) dealt from a shuffled deck. On a turn a seat either rolls a die
(adding it to its total; a 1 busts the total to zero and ends its turn) or stops for good. When every
seat has stopped, the best total + card wins (ties share). Used only to test the core machinery.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from cattable.core import Game, InvalidAction, Result, State, ranking_from_scores


class ToyAction(NamedTuple):
    kind: str  # "roll" or "stop"

    def text(self) -> str:
        return self.kind

    def to_json(self) -> Any:
        return {"kind": self.kind}


ROLL, STOP = ToyAction("roll"), ToyAction("stop")


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_players = 1
    max_players = 4
    action_types = (ToyAction,)
    has_hidden_information = True

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> State:
        return ToyState(self, players, seed, options, script)

    def parse_action(self, text: str) -> ToyAction:
        word = text.strip().lower() if isinstance(text, str) else None
        if word == "roll":
            return ROLL
        if word == "stop":
            return STOP
        raise InvalidAction(f"toy moves are 'roll' and 'stop', not {text!r}")

    def action_from_json(self, data: Any) -> ToyAction:
        if isinstance(data, dict) and isinstance(data.get("kind"), str):
            return self.parse_action(data["kind"])
        raise InvalidAction(f"not a toy action: {data!r}")


class ToyState(State):
    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], script: list[Any] | None):
        super().__init__(game, players, seed, options, script)
        self.deck = list(range(1, 10))
        self.chance.shuffle(self.deck)
        self.cards = [self.deck.pop() for _ in range(players)]
        self.totals = [0] * players
        self.stopped = [False] * players
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if all(self.stopped) else self.turn

    @property
    def is_over(self) -> bool:
        return all(self.stopped)

    def _legal(self) -> list[Any]:
        return [ROLL, STOP] if self.totals[self.turn] < 20 else [STOP]

    def _why_illegal(self, action: Any) -> str:
        return "you have 20 or more: you must stop"

    def _apply(self, action: Any) -> None:
        seat = self.turn
        if action == ROLL:
            die = self.chance.die(6)
            self.totals[seat] = 0 if die == 1 else self.totals[seat] + die
            if die != 1:
                return
        else:
            self.stopped[seat] = True
        self._advance()

    def _advance(self) -> None:
        for step in range(1, self.players + 1):
            nxt = (self.turn + step) % self.players
            if not self.stopped[nxt]:
                self.turn = nxt
                return

    def _result(self) -> Result:
        return ranking_from_scores([t + c for t, c in zip(self.totals, self.cards, strict=True)])

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "totals": list(self.totals),
            "stopped": list(self.stopped),
            "turn": self.current_player,
            "my_card": self.cards[seat] if seat is not None else None,
            "cards": list(self.cards) if self.is_over else None,
        }

    def snapshot(self) -> dict[str, Any]:
        return {**self.view(None), "cards": list(self.cards), "deck": list(self.deck)}

    def _copy(self) -> State:
        other = ToyState.__new__(ToyState)
        other.deck = list(self.deck)
        other.cards = list(self.cards)
        other.totals = list(self.totals)
        other.stopped = list(self.stopped)
        other.turn = self.turn
        return other

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        if self.is_over:
            return
        unseen = sorted([c for s, c in enumerate(self.cards) if s != seat] + self.deck)
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.cards[s] = unseen.pop()
        self.deck = unseen
