"""A kept route mended where a line cuts it gives the same verdict on being trapped as a fresh search.

``routes.repair`` is a speed-up of the trapped test: it mends the route a cat kept with a short detour
instead of searching the whole map again. It must never change who is trapped, and every route it keeps
must be one a cat could really walk.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cattable
from cattable.games.washi import play_phase
from cattable.games.washi.position import PLAY
from cattable.games.washi.routes import Route, repair, route
from tests.rulebook import rule

from .helpers import BOOK, cell, playing, washi
from .reference import two_units_out_of, walkable

OPEN = """\
......
......
......
......
......
"""

TRAPPED = (
    "ALTERNATIVE GAME END: If a player gets trapped from returning home by the other "
    "player's cat line, and they no longer have any special moves, that player will "
    "automatically lose the game and it will end immediately."
)


@rule(BOOK, TRAPPED)
def test_a_line_across_the_kept_route_is_walked_around_without_a_new_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Red's cat at c5 keeps a route up column c to the fish at c1 and home down a column beside it; blue's
    line lands on c3. The route is mended around c3 on the other side, and no full search is made."""
    cats = {(0, 0): ["c5"], (0, 1): ["f5"], (1, 0): ["e1"], (1, 1): ["f1"]}
    state = playing(OPEN, cats, turn=1, fish={"c1": 1}, specials=[0, 0])
    assert not state.is_trapped(0)
    kept = state.routes[0]
    assert kept is not None
    assert kept[1][0] == tuple(cell(state, n) for n in ("c4", "c3", "c2", "c1"))

    def no_full_search(*_args: object) -> None:
        raise AssertionError("a full route search was made")

    monkeypatch.setattr(play_phase, "route", no_full_search)
    state.owner[cell(state, "c3")] = 1
    state.forget_caches()  # the position edited by hand: its bit sets found afresh
    assert not state.is_trapped(0)
    mended = state.routes[0]
    assert mended is not None and mended[1] != kept[1]
    assert mended[1][1] == kept[1][1]  # the way home is kept as it was
    assert cell(state, "c3") not in mended[1][0]
    assert walkable(state.board, state.owner, state.fish, 0, state.ends[0], mended[1])


def test_the_walkable_check_can_fail() -> None:
    """The checker used below refuses a route through a line, one that skips a space, and one with no fish."""
    state = playing(OPEN, {(0, 0): ["a5"], (1, 0): ["f1"]}, fish={"a1": 1}, specials=[0, 0])
    c = {n: cell(state, n) for n in ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "b5")}
    b, owner, fish, end = state.board, state.owner, state.fish, state.ends[0]
    good = ((c["a4"], c["a3"], c["a2"], c["a1"]), (c["b1"], c["b2"], c["b3"], c["b4"], c["b5"]))
    assert walkable(b, owner, fish, 0, end, good)
    assert not walkable(b, owner, fish, 0, end, ((c["a4"], c["a2"], c["a1"]), good[1]))
    fish[c["a1"]] = -1
    assert not walkable(b, owner, fish, 0, end, good)
    fish[c["a1"]] = 1
    owner[c["b3"]] = 1
    assert not walkable(b, owner, fish, 0, end, good)


def test_a_repair_that_would_lose_the_fish_gives_up() -> None:
    """A line on the fish itself cannot be walked around: the repair leaves the question to a new search."""
    state = playing(OPEN, {(0, 0): ["a5"], (1, 0): ["f1"]}, fish={"a1": 1, "c1": 1}, specials=[0, 0])
    c = {n: cell(state, n) for n in ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "b5")}
    kept = ((c["a4"], c["a3"], c["a2"], c["a1"]), (c["b1"], c["b2"], c["b3"], c["b4"], c["b5"]))
    state.owner[c["a1"]] = 1
    assert repair(state.board, state.owner, state.fish, 0, state.ends[0], kept, True) is None
    assert route(state.board, state.owner, state.fish, 0, state.ends[0], False) is not None  # the fish at c1


@rule(BOOK, TRAPPED)
@pytest.mark.parametrize(("players", "map_name", "games"), [(2, "standard", 40), (2, "long", 15), (4, "city6", 4)])
def test_kept_and_mended_routes_agree_with_a_fresh_search(
    players: int, map_name: str, games: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After every action of seeded random games, each cat that must get home by normal moves is given a
    route exactly when a search from scratch finds one, and the route it keeps can be walked."""
    rng = random.Random(7)
    checked = 0
    mended: list[Route] = []

    def counted(*args: Any) -> Route | None:
        found = repair(*args)
        mended.extend([found] if found is not None else [])
        return found

    monkeypatch.setattr(play_phase, "repair", counted)
    for seed in range(games):
        state = washi(cattable.game("washi").new(players=players, seed=seed, map=map_name))
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            for p in range(players):
                if not state.alive[p] or state.specials[p] or state.phase != PLAY:
                    continue
                for i in (2 * p, 2 * p + 1):
                    if state.done[i]:
                        continue
                    probe = washi(state.clone())
                    b, owner, fish, end = state.board, state.owner, state.fish, state.ends[i]
                    fresh = route(b, owner, fish, p, end, state.carry[i])
                    assert probe._has_route(i, p) == (fresh is not None)
                    kept = probe.routes[i]
                    if kept is not None:
                        assert walkable(b, owner, fish, p, end, kept[1])
                        checked += 1
    assert checked > 100 and len(mended) > 20


@rule(BOOK, TRAPPED)
@pytest.mark.parametrize("seed", range(10))
def test_a_route_is_found_exactly_when_the_textbook_flow_says_one_exists(seed: int) -> None:
    """On a small map scattered with lines, ``route`` (short searches first, then its own flow) finds a route
    for a cat exactly when some fish of its far row has two paths out of it, to the cat and home."""
    rng = random.Random(seed)
    grid = "\n".join("." * 7 for _ in range(6)) + "\n"
    agreed = found = 0
    for _ in range(60):
        state = playing(grid, {(0, 0): ["d6"], (1, 0): ["a1"]}, fish={"c1": 1, "f1": 1, "a6": 1}, specials=[0, 0])
        b, owner, fish = state.board, state.owner, state.fish
        for c in range(b.size):
            if owner[c] < 0 and fish[c] < 0 and rng.random() < 0.3:
                owner[c] = 1
        ends = [c for c in range(b.size) if owner[c] < 0 and fish[c] < 0]
        end = rng.choice(ends)
        owner[end] = 0
        exists = any(
            two_units_out_of(b, owner, fish, 0, f, end) for f in b.far_cells[0] if fish[f] >= 0 and owner[f] < 0
        )
        kept = route(b, owner, fish, 0, end, False)
        assert (kept is not None) == exists
        if kept is not None:
            assert walkable(b, owner, fish, 0, end, kept)
            found += 1
        agreed += 1
    assert agreed == 60 and 5 < found < 55
