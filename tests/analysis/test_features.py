"""Features of finished games: counts that agree with the record, taken per seat and per game."""

from __future__ import annotations

from collections import Counter

import pytest

import cattable
from cattable.agents import make_agent
from cattable.analysis.features import game_features
from cattable.analysis.playout import play_out
from cattable.analysis.simulate import run_one
from cattable.core import State


def played(name: str, players: int, seed: int, **options: object) -> tuple[State, list[int]]:
    game = cattable.game(name)
    agents = [make_agent(game.default_agent, game, seed=seed + s) for s in range(players)]
    actors: list[int] = []
    state = play_out(game.new(players=players, seed=seed, **options), agents, actors=actors)
    return state, actors


def test_actors_are_the_seat_to_play_before_each_action() -> None:
    state, actors = played("cafe", 3, seed=4)
    again = cattable.game("cafe").new(players=3, seed=4)
    for action, seat in zip(state.history, actors, strict=True):
        assert again.current_player == seat
        again.apply(action)
    assert again.is_over


def test_cafe_items_and_score_parts_match_the_sheet() -> None:
    state, actors = played("cafe", 3, seed=7)
    f = game_features(state, actors)
    breakdown = state.result().details["breakdown"]
    marks = Counter(seat for a, seat in zip(state.history, actors, strict=True) if a.to_json()["kind"] == "mark")
    for seat, row in enumerate(f["seats"]):
        drawn = sum(v for k, v in row.items() if k.startswith("item:"))
        assert drawn == marks[seat] == row["kind:mark"]
        parts = sum(v for k, v in row.items() if k.startswith("score:"))
        assert parts == breakdown[seat]["total"] == state.result().scores[seat]  # type: ignore[index]
    assert f["first_player"] == actors[0]
    assert f["game"]["rounds"] == state.result().details["rounds"]


def test_attack_cards_played_are_the_card_actions() -> None:
    state, actors = played("attack", 3, seed=2)
    f = game_features(state, actors)
    not_cards = {"move", "raid", "swap", "fight"}
    for seat, row in enumerate(f["seats"]):
        taken = [a.to_json()["kind"] for a, s in zip(state.history, actors, strict=True) if s == seat]
        assert sum(v for k, v in row.items() if k.startswith("card:")) == sum(k not in not_cards for k in taken)
        assert 0 <= row["food"] <= 6 and row["lives_left"] >= 0
    assert f["game"]["ending"] == state.result().details["reason"]


def test_washi_names_the_map_picked_for_the_player_count() -> None:
    state, actors = played("washi", 2, seed=1)
    f = game_features(state, actors)
    assert f["game"]["map"] == "standard"
    assert [row["cats_home"] for row in f["seats"]] == list(state.result().scores or ())
    state, actors = played("washi", 2, seed=1, map="long")
    assert game_features(state, actors)["game"]["map"] == "long"


def test_tower_walls_by_type_and_totos_floor() -> None:
    state, actors = played("tower", 2, seed=3, turn_limit=3, steadiness="shaky")
    f = game_features(state, actors)
    walls = Counter(a.to_json()["type"] for a in state.history if a.to_json()["kind"] == "wall")
    assert walls, "three turns place some walls"
    assert {k: v for k, v in f["game"].items() if k.startswith("wall:")} == {f"wall:{t}": n for t, n in walls.items()}
    assert f["game"]["steadiness"] == "shaky"
    assert f["game"]["toto_floor"] == state.result().details["toto_floor"]


def test_a_game_without_a_feature_module_still_gets_action_counts(toy: str) -> None:
    summary = run_one(toy, 2, 5, ["random"], {}, with_actions=True)
    assert summary.moves is not None and len(summary.moves) == summary.actions
    counted = sum(v for row in summary.features["seats"] for v in row.values())
    assert counted == summary.actions


def test_every_action_needs_its_seat() -> None:
    state, actors = played("cafe", 2, seed=1)
    with pytest.raises(ValueError, match="every action needs its seat"):
        game_features(state, actors[:-1])
