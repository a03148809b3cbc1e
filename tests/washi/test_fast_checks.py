"""The fast checks change no decision: seeded random games on every map and player count, each action's
outcome compared with the plain references of ``reference.py``.

After every action: the setup's legal drawings equal the look-ahead asked of every space afresh; a seat put
out is trapped by the definition (a textbook max-flow for every fish); a seat left in shows why it is not:
a legal action while it has special moves, else for each cat still out a route it can really walk, from
where its line ends now.
"""

from __future__ import annotations

import random

import pytest

import cattable
from cattable.games.washi.bits import bits_of
from cattable.games.washi.board import board_for
from cattable.games.washi.game import WashiState
from cattable.games.washi.position import FISH, OVER, PLAY
from cattable.games.washi.routes import route
from cattable.games.washi.spacing import can_finish, room_on_line
from tests.rulebook import rule

from .helpers import BOOK, washi
from .reference import can_deliver, setup_actions, walkable

TRAPPED = (
    "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
    "player's cat line, and they no longer have any special moves, that player will "
    "automatically lose the game and it will end immediately."
)

TABLES = [
    ("standard", 2, 110),
    ("long", 2, 50),
    ("city6", 3, 25),
    ("city6", 4, 20),
    ("city6", 5, 16),
    ("city6", 6, 12),
]


def trapped(state: cattable.State, q: int) -> bool:
    """Seat ``q`` trapped, by the references: no legal action at all while it has special moves, else a
    cat (not yet home with its fish) that cannot deliver by normal moves."""
    s = washi(state)
    if s.specials[q]:
        return not s._play_actions(q)
    return not all(s.done[i] or can_deliver(s, i, q) for i in (2 * q, 2 * q + 1))


@rule(BOOK, "there must be at minimum 2 spaces in between any fish or cat drawings")
@rule(BOOK, TRAPPED)
@pytest.mark.parametrize(("map_name", "players", "games"), TABLES)
def test_fast_checks_agree_with_the_references_after_every_action(map_name: str, players: int, games: int) -> None:
    rng = random.Random(players * 1000 + games)
    decided = 0
    for seed in range(games):
        state = washi(cattable.game("washi").new(players=players, seed=seed, map=map_name))
        while not state.is_over:
            legal = state.legal_actions()
            if state.phase <= FISH + 1:
                spaced = setup_actions(state)
                assert not spaced or legal == spaced, f"{map_name} seed {seed}: setup differs"
            alive_before = [q for q in range(players) if state.alive[q]]
            mover = state.turn
            state.apply(legal[rng.randrange(len(legal))])
            if state.phase < PLAY or state.delivered(mover) == 2:  # setup, or a win by delivery: no trap check
                continue
            out = [q for q in alive_before if not state.alive[q]]
            if state.phase == OVER and not state.winners:
                out = alive_before  # a draw: every seat still in was trapped at once
            for q in alive_before:
                if q in out:
                    assert trapped(state, q), f"{map_name} seed {seed}: seat {q} is out but not trapped"
                    decided += 1
                elif state.specials[q]:
                    assert state._play_actions(q), f"{map_name} seed {seed}: seat {q} has no action but plays on"
                else:
                    for i in (2 * q, 2 * q + 1):  # not trapped: each cat shows a way home it can really walk
                        if not state.done[i]:
                            kept = state.routes[i]
                            assert kept is not None and kept[0] == state.ends[i]
                            assert walkable(state.board, state.owner, state.fish, q, state.ends[i], kept[1])
                            decided += 1
    assert decided > games


@rule(BOOK, "there must be at minimum 2 spaces in between any fish or cat drawings")
def test_room_on_a_line_is_the_look_ahead_for_every_space() -> None:
    """``room_on_line`` answers for a whole row what ``can_finish`` answers space by space: every pattern of
    free spaces on a row of 11, every number of drawings owed."""
    n = 11
    row = tuple(range(n))
    near = [tuple(j for j in row if abs(i - j) <= 2) for i in row]
    drawable = bytes([1] * n)
    for pattern in range(1 << n):
        free = [bool(pattern >> i & 1) for i in row]
        crowded = [not f for f in free]
        for owed in range(1, 6):
            plain = [c for c in row if free[c] and can_finish([row], near, drawable, crowded, [owed - 1], (c,))]
            assert room_on_line(free, owed) == plain, (free, owed)


def fresh_bits(state: WashiState) -> tuple[int, int]:
    """The blank and the lined spaces as bits, collected afresh from the map."""
    nodes = state.board.bits.nodes
    cells = [c for c in range(state.board.size) if nodes >> c & 1]
    blank = sum(1 << c for c in cells if state.owner[c] < 0 and state.fish[c] < 0)
    return blank, sum(1 << c for c in cells if state.owner[c] >= 0)


@pytest.mark.parametrize(("map_name", "players", "games"), [("standard", 2, 60), ("long", 2, 20), ("city6", 4, 6)])
def test_what_is_kept_as_lines_grow_equals_a_fresh_count_after_every_action(
    map_name: str, players: int, games: int
) -> None:
    """``Position.blank``, ``lined`` and each kept route's bits are updated as lines and fish are drawn, and
    the setup's ``row_crowd`` and ``owed`` as drawings are made, never collected again: after every action
    of seeded games (and in a clone) they equal a fresh count, and ``route`` given the blank spaces finds a
    route exactly when it finds one collecting them itself."""
    rng = random.Random(players * 31 + games)
    for seed in range(games):
        state = washi(cattable.game("washi").new(players=players, seed=seed, map=map_name))
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            for s in (state, washi(state.clone())):
                assert (s.blank, s.lined) == fresh_bits(s), f"{map_name} seed {seed}: the bit sets drifted"
                rows = s.board.rows
                assert s.row_crowd == [sum(1 << i for i, c in enumerate(row) if s.crowded[c]) for row in rows]
                assert s.owed == s._owed()
                for i, kept in enumerate(s.routes):
                    if kept is not None:
                        assert s.route_bits[i] == sum(1 << c for c in {*kept[1][0], *kept[1][1]})
            for i, end in enumerate(state.ends):
                if state.phase == PLAY and not state.done[i]:
                    p, carrying = i // 2, state.carry[i]
                    given = route(state.board, state.owner, state.fish, p, end, carrying, state.blank)
                    afresh = route(state.board, state.owner, state.fish, p, end, carrying)
                    assert (given is None) == (afresh is None)


@pytest.mark.parametrize(
    ("map_name", "first"), [("standard", False), ("long", False), ("city6", False), ("standard", True)]
)
def test_a_step_of_the_bit_searches_is_one_normal_move(map_name: str, first: bool) -> None:
    """``bits.Bits.step`` (shifts, plus the listed moves in and out of buildings) reaches from a space exactly
    the spaces ``Board.neighbours`` lists, and ``into`` lists exactly the spaces that move to it."""
    b = board_for(map_name, first)
    for c in range(b.size):
        assert b.bits.step(1 << c) == bits_of(b.neighbours[c])
        assert b.bits.into[c] == bits_of([x for x in range(b.size) if c in b.neighbours[x]])
