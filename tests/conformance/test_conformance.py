"""The same contract, checked over every registered game with seeded random playouts.

Per game: legal actions never empty before the end; every chosen legal action applies; a clone is
independent of its original; actions round-trip through text and JSON; malformed and illegal actions
are rejected with the state unchanged; ``determinize(seat)`` leaves that seat's view unchanged while
re-dealing what it cannot see; views are JSON; records round-trip through JSON and replay exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import cattable
from cattable.agents import RandomAgent
from cattable.core import Game, GameNotOver, IllegalAction, InvalidAction, OptionError, State

from .settings import CONFORMANCE


def _params() -> list[Any]:
    """Every registered game (the entry points); one without settings fails below instead of going untested."""
    out = []
    for name in cattable.game_names():
        cfg = CONFORMANCE.get(name, {})
        marks = [pytest.mark.slow, pytest.mark.physics] if cfg.get("slow") else []
        out.append(pytest.param(name, id=name, marks=marks))
    return out


def test_every_registered_game_has_conformance_settings() -> None:
    missing = set(cattable.game_names()) - set(CONFORMANCE)
    assert not missing, f"registered games with no conformance settings (tests/conformance/settings.py): {missing}"


SCHEMA_POSITIONS = 150
"""Positions per game checked against the schemas (the first ones the playouts check: a full check of every
position multiplies the suite's time)."""
_CHECKED: dict[str, int] = {}
_VALIDATORS: dict[str, tuple[Draft202012Validator, Draft202012Validator] | None] = {}


def _validators(game: Game) -> tuple[Draft202012Validator, Draft202012Validator] | None:
    """The game's action and view schemas, checked and compiled once; None for a game that has none (its
    settings say ``"schemas": False``, as a test's toy game does; test_every_game_publishes_schemas names it)."""
    if game.name not in _VALIDATORS:
        if not CONFORMANCE.get(game.name, {}).get("schemas", True):
            _VALIDATORS[game.name] = None
        else:
            action, view = game.schema("action"), game.schema("view")
            Draft202012Validator.check_schema(action)
            Draft202012Validator.check_schema(view)
            _VALIDATORS[game.name] = (Draft202012Validator(action), Draft202012Validator(view))
    return _VALIDATORS[game.name]


@pytest.mark.parametrize("name", _params())
def test_every_game_publishes_schemas(name: str) -> None:
    if not CONFORMANCE.get(name, {}).get("schemas", True):
        pytest.xfail(f"{name} publishes no JSON Schemas yet")
    schemas = cattable.game(name).schemas()
    assert set(schemas) == {"action", "view"}
    for schema in schemas.values():
        Draft202012Validator.check_schema(schema)


def _check_schemas(state: State, actions: list[Any]) -> None:
    """Every seat's view and the spectator's, and these actions, as JSON, keep to the game's schemas."""
    checks = _validators(state.game)
    for seat in [None, *range(state.players)]:
        view = json.loads(json.dumps(state.view(seat)))
        if checks is not None:
            checks[1].validate(view)
    for action in actions:
        data = json.loads(json.dumps(action.to_json()))
        if checks is not None:
            checks[0].validate(data)


def _check_position(state: State, rng: random.Random) -> None:
    game = state.game
    seat = state.current_player
    assert seat is not None and 0 <= seat < state.players
    legal = state.legal_actions()
    assert legal, f"no legal action before the end at {state!r}"
    before = json.dumps(state.snapshot(), sort_keys=True)

    for action in legal:
        assert game.parse_action(action.text()) == action, action.text()
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action

    # a clone is independent of its original
    twin = state.clone()
    twin.apply(legal[rng.randrange(len(legal))])
    assert json.dumps(state.snapshot(), sort_keys=True) == before
    assert len(twin.history) == len(state.history) + 1

    # malformed and illegal input change nothing
    for junk in ("", "?!", "zzz 99 99", "{}"):
        with pytest.raises(InvalidAction):
            game.parse_action(junk)
    for junk_json in (None, 17, {"nonsense": True}, ["x"]):
        with pytest.raises(InvalidAction):
            game.action_from_json(junk_json)
    with pytest.raises(InvalidAction):
        state.apply("not an action")  # type: ignore[arg-type]
    assert json.dumps(state.snapshot(), sort_keys=True) == before

    # views are JSON, and every view and legal action's JSON keeps to the game's schemas
    _CHECKED[game.name] = _CHECKED.get(game.name, 0) + 1
    if _CHECKED[game.name] > SCHEMA_POSITIONS:  # schemas are costly to check: the first positions of each game
        for s in [None, *range(state.players)]:
            json.dumps(state.view(s))
    elif not CONFORMANCE[game.name].get("schemas_every_step"):  # those games are checked at every step
        _check_schemas(state, legal[:: max(1, len(legal) // 12)])
    # result() is for finished games only
    with pytest.raises(GameNotOver):
        state.result()
    # determinize keeps the acting seat's view
    for s in range(state.players):
        view = json.dumps(state.view(s), sort_keys=True)
        other = state.determinize(s, random.Random(rng.getrandbits(32)))
        assert json.dumps(other.view(s), sort_keys=True) == view
        # a spectator sees less than any seat, so no re-deal may show in the spectator's view
        assert json.dumps(other.view(None), sort_keys=True) == json.dumps(state.view(None), sort_keys=True)
        assert other.current_player == state.current_player
        assert set(map(repr, other.legal_actions())) == set(map(repr, legal)) or s != seat
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def _check_illegal_after_end(state: State) -> None:
    assert state.current_player is None
    assert state.legal_actions() == []
    before = json.dumps(state.snapshot(), sort_keys=True)
    last = state.history[-1]
    with pytest.raises(IllegalAction):
        state.apply(last)
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def _playout_params() -> list[Any]:
    """Every game twice: its first ``fast_playouts`` seeds in ``make test``, the rest of its ``playouts`` in
    the long tier (marked ``long``), so that both tiers together play every seed once."""
    out = []
    for param in _params():
        (name,) = param.values
        out.append(pytest.param(name, "fast", id=f"{name}-fast", marks=param.marks))
        out.append(pytest.param(name, "rest", id=f"{name}-rest", marks=[*param.marks, pytest.mark.long]))
    return out


def playout_seeds(cfg: dict[str, Any], part: str) -> range:
    """The seeds a part plays: ``fast`` the first ``fast_playouts``, ``rest`` the others up to ``playouts``,
    ``all`` every one (a game whose settings give no ``fast_playouts`` plays them all in ``fast``)."""
    fast = min(cfg.get("fast_playouts", cfg["playouts"]), cfg["playouts"])
    return {"fast": range(fast), "rest": range(fast, cfg["playouts"]), "all": range(cfg["playouts"])}[part]


def test_the_two_tiers_play_every_seed_once() -> None:
    for name, cfg in CONFORMANCE.items():
        fast, rest = playout_seeds(cfg, "fast"), playout_seeds(cfg, "rest")
        assert list(fast) + list(rest) == list(range(cfg["playouts"])), name
        assert 0 < len(fast) <= len(rest) or cfg["playouts"] <= 4, name


@pytest.mark.parametrize(("name", "part"), _playout_params())
def test_random_playouts_keep_the_contract(name: str, part: str) -> None:
    random_playouts_keep_the_contract(name, part)


def random_playouts_keep_the_contract(name: str, part: str = "all") -> None:
    """The seeded random playouts of ``part`` (``playout_seeds``), each position checked as above."""
    cfg = CONFORMANCE[name]
    game = cattable.game(name)
    counts: list[int] = cfg["players"]
    every: int = cfg["checks_every"]
    rng = random.Random(12345 + (part == "rest"))
    lengths = []
    for i in playout_seeds(cfg, part):
        players = counts[i % len(counts)]
        options = cfg["options"][i % len(cfg["options"])]
        state = game.new(players=players, seed=i, **options)
        agent = RandomAgent(seed=i)
        deep = i % 50 == 0  # every 50th game is checked at every position
        steps = 0
        while not state.is_over:
            if deep or (steps % every == 0 and i % 5 == 0):
                _check_position(state, rng)
            legal = state.legal_actions()
            assert legal
            if cfg.get("schemas_every_step"):
                _check_schemas(state, legal)
            state.apply(agent.choose({}, legal))
            steps += 1
        if cfg.get("schemas_every_step"):
            _check_schemas(state, [])  # the views of the end
        lengths.append(steps)
        result = state.result()
        json.dumps(result.to_json())
        assert all(0 <= w < players for w in result.winners)
        if i % 10 == 0:
            _check_illegal_after_end(state)
            record = json.loads(json.dumps(state.record()))
            again = cattable.replay(record)
            assert json.dumps(again.snapshot(), sort_keys=True) == json.dumps(state.snapshot(), sort_keys=True)
            assert again.record() == record
            assert again.result() == result
    assert lengths and min(lengths) > 0


@pytest.mark.parametrize("name", _params())
def test_same_seed_same_game(name: str) -> None:
    game = cattable.game(name)
    players = CONFORMANCE[name]["players"][0]
    a = game.new(players=players, seed=7)
    b = game.new(players=players, seed=7)
    assert json.dumps(a.snapshot(), sort_keys=True) == json.dumps(b.snapshot(), sort_keys=True)
    agent_a, agent_b = RandomAgent(3), RandomAgent(3)
    for _ in range(30):
        if a.is_over:
            break
        a.apply(agent_a.choose({}, a.legal_actions()))
        b.apply(agent_b.choose({}, b.legal_actions()))
    assert a.record() == b.record()


@pytest.mark.parametrize("name", _params())
def test_bad_options_and_player_counts_are_refused(name: str) -> None:
    game = cattable.game(name)
    with pytest.raises(OptionError, match="allowed"):
        game.new(players=game.max_players + 1, seed=0)
    with pytest.raises(OptionError, match="known options"):
        game.new(players=game.min_players, seed=0, no_such_option=1)
    for option in game.options:
        if option.choices is not None:
            with pytest.raises(OptionError, match="allowed"):
                game.new(players=max(game.min_players, 2), seed=0, **{option.name: "__nope__"})


@pytest.mark.parametrize("name", _params())
def test_determinize_resamples_hidden_information_only(name: str) -> None:
    """Where a game hides something, some re-deal differs in the full state but never in the seat's view."""
    game = cattable.game(name)
    if not game.has_hidden_information:
        pytest.skip(f"{name} has no hidden information")
    players = CONFORMANCE[name]["players"][-1]
    state = game.new(players=players, seed=3)
    agent = RandomAgent(1)
    for _ in range(5):
        if state.is_over:
            break
        state.apply(agent.choose({}, state.legal_actions()))
    seat = state.current_player if state.current_player is not None else 0
    full = json.dumps(state.snapshot(), sort_keys=True)
    view = json.dumps(state.view(seat), sort_keys=True)
    changed = 0
    for k in range(20):
        other = state.determinize(seat, random.Random(k))
        assert json.dumps(other.view(seat), sort_keys=True) == view
        changed += json.dumps(other.snapshot(), sort_keys=True) != full
    assert changed > 0, "determinize never re-dealt anything: is the hidden information in the view?"


@pytest.mark.parametrize("name", _params())
def test_determinize_depends_only_on_what_the_seat_knows(name: str) -> None:
    """Bots play fair: two states a seat cannot tell apart give it the very same re-deal for the same rng.

    So a searcher that sees only ``determinize(seat, rng)`` cannot be steered by the true hidden cards.
    (Games meet this by collecting the unseen pieces in a canonical order, e.g. sorted, before shuffling.)
    """
    game = cattable.game(name)
    if not game.has_hidden_information:
        pytest.skip(f"{name} has no hidden information")
    for players in CONFORMANCE[name]["players"]:
        state = game.new(players=players, seed=11)
        agent = RandomAgent(2)
        for step in range(40):
            if state.is_over:
                break
            if step % 8 == 0:
                seat = state.current_player
                assert seat is not None
                twin = state.determinize(seat, random.Random(1000 + step))  # the same information set
                a = state.determinize(seat, random.Random(step))
                b = twin.determinize(seat, random.Random(step))
                assert json.dumps(a.snapshot(), sort_keys=True) == json.dumps(b.snapshot(), sort_keys=True), (
                    "determinize must depend only on what the seat can see: collect the unseen pieces in a "
                    "canonical order (sorted) before shuffling them"
                )
            state.apply(agent.choose({}, state.legal_actions()))
