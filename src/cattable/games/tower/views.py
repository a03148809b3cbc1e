"""What each seat sees (the decks' order and the others' goal hands are hidden), the whole position for
tests, and the re-deal of the hidden cards a search bot plays against."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cattable.core.tuning import DATA

from . import events, stock
from .actions import COLOURS, WALL_TYPES
from .cards import cards
from .phases import Mode
from .pieces import TOTO
from .ranking import ranking
from .table import copy_outcome
from .tunables import goal_card_floors

if TYPE_CHECKING:
    from .state import TowerState


def view(s: TowerState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may see (None: a spectator), as JSON."""
    deck = cards(s.options["cards"], goal_card_floors(s.options))
    out: dict[str, Any] = {
        "game": "tower",
        "seat": seat,
        "players": s.players,
        "mode": s.mode.value,
        "edition": s.edition.value,
        "goal_floor": s.goal_floor,
        "target": s.target,
        "steadiness": s.steadiness if seat is None else s.hands_steadiness[seat],
        "seat_steadiness": list(s.hands_steadiness),
        "to_play": s.current_player,
        "phase": s.phase.value,
        "turn": s.turns,
        "action_faceup": [{"id": c, "sides": [d.describe() for d in deck.actions[c].sides]} for c in s.action_faceup],
        "action_deck": len(s.action_deck),
        "action_discard": list(s.action_discard),
        "goal_deck": len(s.goal_deck),
        "goal_discard": list(s.goal_discard),
        "card": s.card,
        "pending": [it.to_json() for it in s.pending],
        "placed": list(s.placed),
        "last_cat": s.last_cat,
        "toto": s.toto,
        "toto_name": s.name(TOTO),
        "toto_level": s.level(s.toto) if s.toto else 0,
        "toto_best": s.toto_best if s.mode is Mode.COOP else 0,
        "black": list(s.black),
        "black_best": list(s.black_best),
        "arrival": list(s.arrival),
        "wall_debris": list(s.wall_debris),
        "cleared": list(s.cleared),
        "outcome": s.outcome.value,
        "events": [events.copy(e) for e in s.events],
        "tower": copy_outcome(s.table.outcome),
        "stock": {
            "floors": stock.floors(s),
            "walls": {t: len(stock.walls(s, t)) for t in WALL_TYPES},
            "cats": {c: len(stock.cats(s, c)) for c in COLOURS},
        },
    }
    if s.mode is Mode.COOP:
        out["goal_faceup"] = [goal_json(s, g) for g in s.goal_faceup]
    else:
        out["hands"] = [
            [goal_json(s, g) for g in hand] if other == seat else len(hand) for other, hand in enumerate(s.hands)
        ]
        out["ranking"] = ranking(s)
        out["toppler"] = s.toppler
    if DATA in s.options:
        out[DATA] = dict(s.options[DATA])  # the table's rules: its wall heights and goal floors, for bots
    return out


def goal_json(s: TowerState, gid: str) -> dict[str, Any]:
    """A goal card as a seat reads it, in the table's edition."""
    g = cards(s.options["cards"], goal_card_floors(s.options)).goals[gid]
    return {
        "id": gid,
        "condition": g.condition,
        "floors": g.floors,
        "text": cards().conditions[g.condition][s.edition],
    }


def snapshot(s: TowerState) -> dict[str, Any]:
    """The spectator's view and the secrets (decks in order, every hand): the whole position."""
    out = view(s, None)
    out["secret"] = {
        "action_deck": list(s.action_deck),
        "goal_deck": list(s.goal_deck),
        "hands": [list(h) for h in s.hands],
    }
    return out


def redeal(s: TowerState, seat: int | None, rng: random.Random) -> None:
    """The decks' order is hidden from everyone; in the competitive game, so are the others' goals."""
    s.action_deck = sorted(s.action_deck)
    rng.shuffle(s.action_deck)
    unseen = sorted(s.goal_deck + [g for other, h in enumerate(s.hands) if other != seat for g in h])
    rng.shuffle(unseen)
    for other, hand in enumerate(s.hands):
        if other != seat:
            hand[:] = [unseen.pop() for _ in hand]
    s.goal_deck = unseen


__all__ = ["goal_json", "redeal", "snapshot", "view"]
