"""What each seat may see, the outcome, the full snapshot for tests, and the re-deal of hidden cards."""

from __future__ import annotations

import random
from typing import Any

from cattable.core import Result, rank_by
from cattable.core.tuning import DATA

from .cards import ITEMS, SUITS, card_name, curiosity_name, item_names
from .events import for_viewer
from .flow import food, scores
from .position import NONE, PHASE_NAMES, TASK_NAMES, Phase, Position
from .walks import REASONS


def result(s: Position) -> Result:
    """Winners first, then cats still in the game by score and food, then retired cats, last out last."""
    total = scores(s)
    winners = tuple(s.winners or ())
    order = list(range(s.players))
    retired_rank = {seat: i for i, seat in enumerate(s.retired_order)}
    foods = [food(s, seat) for seat in order]

    def key(seat: int) -> tuple[int, int, float, int]:
        live = s.live(seat)
        return (seat in winners, live, total[seat], foods[seat] if live else retired_rank.get(seat, 0))

    groups = rank_by(order, key)
    return Result(
        winners=winners,
        ranking=tuple(tuple(g) for g in groups),
        scores=tuple(total),
        details={"rounds": s.rounds, "reason": s.reason},
    )


def view(s: Position, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may see (None: a spectator): the table, card counts, and its own hand."""
    b = s.b
    ids = b.ids
    fight = s.fight
    v: dict[str, Any] = {
        "game": "attack",
        "seat": seat,
        "players": s.players,
        "turn": s.turn,
        "to_act": None if s.over else s.actor,
        "phase": PHASE_NAMES[s.phase],
        "roll": s.roll if s.phase == Phase.MOVE else None,
        "round": s.rounds,
        "cats": [
            {
                "seat": o,
                "house": s.house_of[o],
                "team": s.team_of[o],
                "at": ids[s.pos[o]] if s.pos[o] != NONE else None,
                "home": ids[s.home_of(o)],
                "retired": not s.live(o),
                "done": s.done[o],
                "cards": len(s.hands[o]),
            }
            for o in range(s.players)
        ],
        "houses": [{"house": h, "lives": s.lives[h], "larder": item_names(s.larder[h])} for h in s.houses],
        "shops": [
            {"name": b.shop_names[k], "item": ITEMS[k], "open": s.shop_open[k], "stock": s.stock[k]}
            for k in range(len(s.stock))
        ],
        "mice": sorted(ids[m] for m in s.mice),
        "mice_in_hole": s.mice_home,
        "birds": sorted(ids[m] for m in s.birds),
        "birds_in_house": s.birds_home,
        "car": b.street_names[s.car] if s.car != NONE else None,
        "deck": len(s.deck),
        "discard": len(s.discard),
        "discard_top": card_name(s.discard[-1]) if s.discard else None,
        "curiosity": {
            "cards": len(s.cur),
            "unseen": s.cur_fresh,
            "last": curiosity_name(s.last_curiosity) if s.last_curiosity != NONE else None,
        },
        "fight": (
            {"attacker": fight.attacker, "defender": fight.defender, "suit": SUITS[fight.suit]}
            if fight is not None
            else None
        ),
        "swap": ({"chooser": s.swaps[0].chooser, "with": s.swaps[0].other} if s.phase == Phase.SWAP else None),
        "raid": s.raid_house if s.phase == Phase.RAID else None,
        "extra_turns": s.extra,
        "cornered": (
            {"cat": s.cornered_cat, "by": [name for bit, name in REASONS.items() if s.last_cornered & bit]}
            if s.last_cornered
            else None
        ),
        "winners": list(s.winners) if s.winners is not None else None,
        "teams": s.teams,
        "log": for_viewer(s, seat),
    }
    if seat is not None:
        v["hand"] = sorted(card_name(c) for c in s.hands[seat])
        v["seen"] = {
            str(o): sorted(card_name(c) for c in s.known[seat][o])
            for o in range(s.players)
            if o != seat and s.known[seat][o]
        }
    if DATA in s.options:
        v[DATA] = dict(s.options[DATA])  # the decks' counts are the table's rules; their order stays hidden
    return v


def snapshot(s: Position) -> dict[str, Any]:
    """The spectator's view plus every secret: hands, deck orders, what each seat has seen."""
    v = view(s, None)
    v["hands"] = [[card_name(c) for c in h] for h in s.hands]
    v["discard_order"] = [card_name(c) for c in s.discard]
    v["deck_order"] = [card_name(c) for c in s.deck]
    v["curiosity_order"] = [curiosity_name(c) for c in s.cur]
    v["known"] = [[[card_name(c) for c in k] for k in row] for row in s.known]
    v["agenda"] = [TASK_NAMES[t] for t in s.agenda]
    v["first"] = s.first
    v["raided"] = list(s.raided)
    v["burgled"] = s.burgled
    v["closing"] = s.closing
    return v


def redeal(s: Position, seat: int | None, rng: random.Random) -> None:
    """Re-deal the Mog cards ``seat`` has not seen (others' hands, less what it saw in an exchange,
    and the draw pile) and the Curiosity cards not drawn since the last shuffle."""
    n = s.players
    keep: list[list[int]] = [[] for _ in range(n)]
    pool = s.deck[:]
    for o in range(n):
        if o == seat:
            keep[o] = s.hands[o][:]
            continue
        rest = s.hands[o][:]
        kept = []
        for c in s.known[seat][o] if seat is not None else ():
            if c in rest:
                rest.remove(c)
                kept.append(c)
        keep[o] = kept
        pool += rest
    pool.sort()  # canonical order first: the re-deal must not depend on the true hidden order
    rng.shuffle(pool)
    for o in range(n):
        need = len(s.hands[o]) - len(keep[o])
        s.hands[o] = keep[o] + pool[:need]
        del pool[:need]
    s.deck = pool
    # what other seats know of hands other than ``seat``'s is unknown to ``seat``: forget it
    for x in range(n):
        if x != seat:
            for o in range(n):
                if o != seat:
                    s.known[x][o] = []
    fresh = sorted(s.cur[: s.cur_fresh])
    rng.shuffle(fresh)
    s.cur[: s.cur_fresh] = fresh
