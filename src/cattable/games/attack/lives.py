"""Losing lives: attacks, trespassers caught, cornered cats, retirement, and the end it can bring."""

from __future__ import annotations

from .events import log
from .movement import cat_moves
from .position import NONE, Exchange, Phase, Position
from .walks import R_NOWHERE


def hurt(s: Position, seat: int, n: int) -> bool:
    """Lose ``n`` lives and go home; retire at none. True if the cat is still in the game."""
    if s.pos[seat] == NONE:
        return False
    h = s.house_of[seat]
    left = max(0, s.lives[h] - n)
    log(s, "lives_lost", seat, s.lives[h] - left, left)
    s.lives[h] = left
    if s.lives[h] == 0:
        for o in range(s.players):
            if s.house_of[o] == h and s.live(o):
                retire(s, o)
        return False
    was_away = not s.at_home_or_garden(seat)
    s.pos[seat] = s.home_of(seat)
    trespass(s, seat, home_only=not was_away)
    return True


def trespass(s: Position, host: int, home_only: bool = False) -> None:
    """A host coming home finds cats in its garden or on its Home space: each is attacked.

    ``home_only``: the host was already in its garden when sent home, so it is not "returning"; a
    guest sitting on the Home space itself is still attacked (two rival cats never share a space)."""
    if s.younger:
        return
    house = s.house_of[host]
    home = s.b.home[house]
    hs = s.b.house_of
    for t in range(s.players):
        p = s.pos[t]
        if t != host and p != NONE and (p == home if home_only else hs[p] == house) and s.team_of[t] != s.team_of[host]:
            log(s, "trespass", host, t)
            if hurt(s, t, 1) and s.live(host):
                s.swaps.append(Exchange(host, t))


def cornered(s: Position, seat: int, steps: int) -> None:
    """A cat that must move ``steps`` and can land nowhere loses a life per kind of reason (at least one)."""
    _, reasons = cat_moves(s, seat, s.pos[seat], steps)
    lost = max(1, reasons.bit_count())
    log(s, "cornered", seat, reasons or R_NOWHERE)
    if s.cornered_cat != seat:
        s.last_cornered = 0
    s.cornered_cat = seat
    s.last_cornered |= reasons or R_NOWHERE
    hurt(s, seat, lost)


def retire(s: Position, seat: int) -> None:
    """Out of lives: off to the countryside. Cards go face up on the discard pile; the larder stays."""
    log(s, "retired", seat, tuple(s.hands[seat]))
    s.pos[seat] = NONE
    s.retired_order.append(seat)
    s.discard.extend(s.hands[seat])
    s.hands[seat] = []
    for row in s.known:
        row[seat] = []
    s.known[seat] = [[] for _ in range(s.players)]
    s.swaps = [x for x in s.swaps if seat not in x]
    if s.fight is not None and seat in (s.fight.attacker, s.fight.defender):
        s.fight = None
    if seat == s.turn:
        s.agenda.clear()
        s.raid_house = NONE
    alive = {s.team_of[o] for o in range(s.players) if s.live(o)}
    if len(alive) <= 1 and not s.over:
        winners = [o for o in range(s.players) if s.team_of[o] in alive]
        end(s, winners, "last cat standing" if winners else "no cat left")
    elif s.teams:
        check_team_home(s, s.team_of[seat])


def check_team_home(s: Position, team: int) -> None:
    """Gang warfare: a team wins once every one of its cats still in the game is home with six foods."""
    members = [o for o in range(s.players) if s.team_of[o] == team]
    alive = [o for o in members if s.live(o)]
    if alive and all(s.done[o] for o in alive) and not s.over:
        end(s, members, "six foods and home")


def end(s: Position, winners: list[int], reason: str) -> None:
    log(s, "game_over", reason, tuple(winners))
    s.over = True
    s.reason = reason
    s.winners = winners
    s.phase = Phase.OVER
