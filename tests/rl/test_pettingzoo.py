"""The PettingZoo contract (``api_test``, ``seed_test``) on every game, and what the adapter promises
beyond it: every legal action has an index, observations come from the seat's view only."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cattable
from cattable.rl import env
from cattable.rl.aec import CattableEnv
from cattable.rl.encoding import EncodingError

FAST = [("cafe", 3), ("cafe", 1), ("washi", 2), ("washi", 4), ("attack", 2), ("attack", 4)]
OPTIONS: list[tuple[str, int, dict[str, Any]]] = [
    ("attack", 4, {"teams": 2}),
    ("attack", 6, {"teams": 3, "shared_house": True}),
    ("attack", 3, {"claws": "items", "younger": True}),
    ("washi", 2, {"map": "long"}),
    ("washi", 3, {"rules": "first"}),
    ("cafe", 4, {"mice": "repeat"}),
]


@pytest.mark.parametrize(("name", "players"), FAST)
def test_api_and_seed(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the Dict observation warnings PettingZoo's classic games share
        api_test(env(name, players=players), num_cycles=200)
        seed_test(lambda: env(name, players=players), num_cycles=50)


@pytest.mark.parametrize(("name", "players", "options"), [*((n, p, {}) for n, p in FAST), *OPTIONS])
def test_every_legal_action_has_an_index_that_round_trips(name: str, players: int, options: dict[str, Any]) -> None:
    e = env(name, players=players, **options)
    rng = random.Random(7)
    for game in range(3):
        e.reset(seed=game)
        while e.agents:
            agent = e.agent_selection
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            assert e.game_state is not None
            legal = e.game_state.legal_actions()
            mask = obs["action_mask"]
            assert int(mask.sum()) == len(legal)
            for a in legal:
                assert e.encoding.action_at(e.encoding.index_of(a, legal), legal) == a
            e.step(int(rng.choice(np.flatnonzero(mask))))
            assert agent in e.possible_agents


@pytest.mark.parametrize(("name", "players"), [("cafe", 3), ("washi", 2), ("attack", 3)])
def test_observation_depends_only_on_the_seats_view(name: str, players: int) -> None:
    """Two states whose views for a seat are equal give that seat equal observations: here a re-deal of
    everything the seat cannot see (``determinize``), which changes other seats' secrets."""
    e = env(name, players=players)
    e.reset(seed=3)
    rng = random.Random(1)
    assert e.game_state is not None
    for _ in range(40):
        if e.game_state.is_over:
            break
        e.game_state.apply(rng.choice(e.game_state.legal_actions()))
    for seat in range(players):
        other = e.game_state.determinize(seat, random.Random(seat))
        assert other.view(seat) == e.game_state.view(seat)
        assert np.array_equal(e.encoding.observe(other.view(seat)), e.encoding.observe(e.game_state.view(seat)))


def test_cafe_marks_stay_secret_until_the_round_reveals_them() -> None:
    """Cat Cafe marks at once: another seat's observation is the same whichever mark a seat drew (two
    marks that end its choice; drawing a cat house keeps the seat choosing its cat, which the game shows
    everyone as "still thinking", as at a real table)."""
    e = env("cafe", players=3)
    e.reset(seed=5)
    assert e.game_state is not None
    rng = random.Random(0)
    while e.game_state.view(0)["phase"] != "mark":
        e.game_state.apply(rng.choice(e.game_state.legal_actions()))
    first = e.game_state.current_player
    assert first is not None
    marks = [
        a for a in e.game_state.legal_actions() if a.to_json()["kind"] == "mark" and a.to_json()["item"] != "house"
    ]
    assert len(marks) >= 2
    alternatives = [e.game_state.clone() for _ in range(2)]
    for state, mark in zip(alternatives, (marks[0], marks[-1]), strict=True):
        state.apply(mark)
    mine = [e.encoding.observe(st.view(first)) for st in alternatives]
    assert not np.array_equal(*mine), "the marking seat sees its own choice"
    for s in range(3):
        if s != first:
            a, b = (e.encoding.observe(st.view(s)) for st in alternatives)
            assert np.array_equal(a, b), "another seat's observation shows which mark was chosen"


def test_bad_options_and_bad_actions_are_refused_plainly() -> None:
    with pytest.raises(ValueError, match="players"):
        env("cafe", players=9)
    with pytest.raises(ValueError, match=r"no game|unknown"):
        env("chess")
    e: CattableEnv = env("cafe", players=2)
    e.reset(seed=0)
    assert e.game_state is not None
    before = e.game_state.record()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(EncodingError, match="not legal"):
        e.step(illegal)
    with pytest.raises(EncodingError, match="outside"):
        e.step(10**6)
    assert e.game_state.record() == before


def test_rewards_follow_the_result() -> None:
    e = env("washi", players=2)
    e.reset(seed=11)
    rng = random.Random(2)
    total: dict[str, float] = {a: 0.0 for a in e.possible_agents}
    state: Any = None
    while e.agents:
        obs, _, term, trunc, _ = e.last()
        state = e.game_state
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for a, r in e.rewards.items():
            total[a] += r
    result = state.result()
    for seat, agent in enumerate(e.possible_agents):
        want = 1.0 if seat in result.winners else (0.0 if not result.winners else -1.0)
        assert total[agent] == want
    assert cattable.game("washi").replay(state.record()).result() == result


def test_the_documented_indexes() -> None:
    """docs/RL.md gives these numbers; a change to a table must change the docs too."""
    cafe = env("cafe", players=2).encoding
    assert [cafe.actions[i].text() for i in (0, 5, 6, 11, 149, 150, 156)] == [
        "take 1",
        "take 6",
        "mark 1 1 house",
        "mark 1 1 mouse",
        "mark 5 4 mouse",
        "cat house",
        "pass",
    ]
    washi = env("washi", players=2).encoding
    n = 20 * 12
    assert washi.num_actions == 6 * n + 8
    assert [washi.actions[i].text() for i in (0, n + 21, 2 * n, 5 * n + 1, 6 * n, 6 * n + 7)] == [
        "fish a1",
        "cat b2",
        "move 1 a1",
        "pop 2 b1",
        "jump 1 north",
        "jump 2 west",
    ]
    tower = env("tower", players=2).encoding
    assert [tower.actions[i].text() for i in (0, 11, 12, 35, 36, 42)] == [
        "card 1",
        "card 4 right",
        "goal 1 floors=1",
        "goal 6 floors=4",
        "refresh 1",
        "skip",
    ]
    assert tower.num_actions == 107
