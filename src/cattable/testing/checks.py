"""The conformance checks, one function each, over any registered game by name.

Each raises ``AssertionError`` (naming what broke) when the game breaks the contract, and returns quietly
otherwise, so they run under pytest, under ``cattable.testing.suite`` or from a plain script. They import
neither pytest nor, until a schema is checked, jsonschema.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

import cattable
from cattable.agents import RandomAgent
from cattable.core import Game, GameNotOver, IllegalAction, InvalidAction, OptionError, State

from .settings import Settings, playout_seeds

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

SCHEMA_POSITIONS = 150
"""Positions per game checked against the schemas (the first ones the playouts check: a full check of every
position multiplies the suite's time)."""
_CHECKED: dict[str, int] = {}
_VALIDATORS: dict[str, tuple[Draft202012Validator, Draft202012Validator] | None] = {}


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _raises(kind: type[BaseException], call: Callable[[], object], what: str) -> BaseException:
    """The exception ``call`` raises, which must be a ``kind``; an ``AssertionError`` saying ``what`` if none."""
    try:
        call()
    except kind as exc:
        return exc
    raise AssertionError(f"{what}: expected {kind.__name__}, nothing was raised")


def forget(name: str) -> None:
    """Drop what the checks cached for game ``name`` (a test's toy registered twice under one name)."""
    _CHECKED.pop(name, None)
    _VALIDATORS.pop(name, None)


def _validators(game: Game, cfg: Settings) -> tuple[Draft202012Validator, Draft202012Validator] | None:
    """The game's action and view schemas, checked and compiled once; None for a game whose settings say
    ``"schemas": False`` (a test's toy game; ``publishes_schemas`` names it)."""
    if game.name not in _VALIDATORS:
        if not cfg.get("schemas", True):
            _VALIDATORS[game.name] = None
        else:
            from jsonschema import Draft202012Validator

            action, view = game.schema("action"), game.schema("view")
            Draft202012Validator.check_schema(action)
            Draft202012Validator.check_schema(view)
            _VALIDATORS[game.name] = (Draft202012Validator(action), Draft202012Validator(view))
    return _VALIDATORS[game.name]


def publishes_schemas(name: str) -> None:
    """The game publishes an action and a view schema, each a valid JSON Schema."""
    from jsonschema import Draft202012Validator

    schemas = cattable.game(name).schemas()
    assert set(schemas) == {"action", "view"}, f"{name}: schema parts {sorted(schemas)}"
    for schema in schemas.values():
        Draft202012Validator.check_schema(schema)


def check_schemas(state: State, actions: list[Any], cfg: Settings) -> None:
    """Every seat's view and the spectator's, and these actions, as JSON, keep to the game's schemas."""
    checks = _validators(state.game, cfg)
    for seat in [None, *range(state.players)]:
        view = json.loads(json.dumps(state.view(seat)))
        if checks is not None:
            checks[1].validate(view)
    for action in actions:
        data = json.loads(json.dumps(action.to_json()))
        if checks is not None:
            checks[0].validate(data)


def check_position(state: State, rng: random.Random, cfg: Settings) -> None:
    """One position keeps the contract: actions round-trip through text and JSON, a clone is independent,
    bad input changes nothing, views are JSON (and keep to the schemas), and a re-deal for any seat leaves
    that seat's view and the spectator's unchanged: no view leaks what a re-deal changes."""
    game = state.game
    seat = state.current_player
    assert seat is not None and 0 <= seat < state.players, f"{game.name}: seat to act {seat!r} before the end"
    legal = state.legal_actions()
    assert legal, f"no legal action before the end at {state!r}"
    before = _dump(state.snapshot())

    for action in legal:
        assert game.parse_action(action.text()) == action, f"{game.name}: {action.text()!r} does not round-trip"
        again = game.action_from_json(json.loads(json.dumps(action.to_json())))
        assert again == action, f"{game.name}: the JSON of {action.text()!r} does not round-trip"

    # a clone is independent of its original
    twin = state.clone()
    twin.apply(legal[rng.randrange(len(legal))])
    assert _dump(state.snapshot()) == before, f"{game.name}: moving a clone changed its original"
    assert len(twin.history) == len(state.history) + 1

    # malformed and illegal input change nothing
    for junk in ("", "?!", "zzz 99 99", "{}"):
        _raises(InvalidAction, partial(game.parse_action, junk), f"{game.name}: parse_action({junk!r})")
    for junk_json in (None, 17, {"nonsense": True}, ["x"]):
        what = f"{game.name}: action_from_json({junk_json!r})"
        _raises(InvalidAction, partial(game.action_from_json, junk_json), what)
    not_an_action: Any = "not an action"
    _raises(InvalidAction, partial(state.apply, not_an_action), f"{game.name}: apply('not an action')")
    assert _dump(state.snapshot()) == before, f"{game.name}: refused input changed the state"

    # views are JSON, and every view and legal action's JSON keeps to the game's schemas
    _CHECKED[game.name] = _CHECKED.get(game.name, 0) + 1
    if _CHECKED[game.name] > SCHEMA_POSITIONS:  # schemas are costly to check: the first positions of each game
        for s in [None, *range(state.players)]:
            json.dumps(state.view(s))
    elif not cfg.get("schemas_every_step"):  # those games are checked at every step
        check_schemas(state, legal[:: max(1, len(legal) // 12)], cfg)
    # result() is for finished games only
    _raises(GameNotOver, state.result, f"{game.name}: result() before the end")
    # determinize keeps the acting seat's view
    for s in range(state.players):
        view = _dump(state.view(s))
        other = state.determinize(s, random.Random(rng.getrandbits(32)))
        assert _dump(other.view(s)) == view, f"{game.name}: a re-deal for seat {s} changed its view (a leak)"
        # a spectator sees less than any seat, so no re-deal may show in the spectator's view
        assert _dump(other.view(None)) == _dump(state.view(None)), f"{game.name}: a re-deal shows to spectators"
        assert other.current_player == state.current_player
        assert set(map(repr, other.legal_actions())) == set(map(repr, legal)) or s != seat
    assert _dump(state.snapshot()) == before, f"{game.name}: the checks changed the state"


def check_illegal_after_end(state: State) -> None:
    """A finished game offers nothing and refuses its last action again, unchanged."""
    assert state.current_player is None
    assert state.legal_actions() == []
    before = _dump(state.snapshot())
    last = state.history[-1]
    _raises(IllegalAction, lambda: state.apply(last), f"{state.game.name}: an action after the end")
    assert _dump(state.snapshot()) == before


def random_playouts_keep_the_contract(name: str, cfg: Settings, part: str = "all") -> None:
    """The seeded random playouts of ``part`` (``playout_seeds``), positions checked by ``check_position``;
    every tenth game's record round-trips through JSON and replays to the same snapshot and result."""
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
                check_position(state, rng, cfg)
            legal = state.legal_actions()
            assert legal, f"{name}: no legal action before the end (seed {i}, step {steps})"
            if cfg.get("schemas_every_step"):
                check_schemas(state, legal, cfg)
            state.apply(agent.choose({}, legal))
            steps += 1
        if cfg.get("schemas_every_step"):
            check_schemas(state, [], cfg)  # the views of the end
        lengths.append(steps)
        result = state.result()
        json.dumps(result.to_json())
        assert all(0 <= w < players for w in result.winners), f"{name}: winners {result.winners}"
        if i % 10 == 0:
            check_illegal_after_end(state)
            record = json.loads(json.dumps(state.record()))
            again = cattable.replay(record)
            assert _dump(again.snapshot()) == _dump(state.snapshot()), f"{name}: seed {i} does not replay"
            assert again.record() == record, f"{name}: seed {i}'s replay records differently"
            assert again.result() == result, f"{name}: seed {i}'s replay ends differently"
    assert lengths and min(lengths) > 0, f"{name}: a game ended before any move"


def same_seed_same_game(name: str, cfg: Settings) -> None:
    """Two games from one seed, played by one seeded bot, are the same game."""
    game = cattable.game(name)
    players = cfg["players"][0]
    a = game.new(players=players, seed=7)
    b = game.new(players=players, seed=7)
    assert _dump(a.snapshot()) == _dump(b.snapshot()), f"{name}: one seed dealt two games"
    agent_a, agent_b = RandomAgent(3), RandomAgent(3)
    for _ in range(30):
        if a.is_over:
            break
        a.apply(agent_a.choose({}, a.legal_actions()))
        b.apply(agent_b.choose({}, b.legal_actions()))
    assert a.record() == b.record(), f"{name}: one seed and one bot played two games"


def bad_options_and_player_counts_are_refused(name: str) -> None:
    """Too many players, an unknown option and a value outside an option's choices: each an OptionError
    that says what is allowed."""
    game = cattable.game(name)

    def says(call: Callable[[], object], words: str, what: str) -> None:
        refused = _raises(OptionError, call, f"{name}: {what}")
        assert words in str(refused), f"{name}: {what}: {str(refused)!r} does not say {words!r}"

    says(lambda: game.new(players=game.max_players + 1, seed=0), "allowed", "too many players")
    says(lambda: game.new(players=game.min_players, seed=0, no_such_option=1), "known options", "an unknown option")
    for option in game.options:
        if option.choices is not None:
            wrong = partial(game.new, players=max(game.min_players, 2), seed=0, **{option.name: "__nope__"})
            says(wrong, "allowed", f"option {option.name} set to a value outside its choices")


def determinize_resamples_hidden_information_only(name: str, cfg: Settings) -> None:
    """Where a game hides something, some re-deal differs in the full state but never in the seat's view
    (a game with no hidden information passes)."""
    game = cattable.game(name)
    if not game.has_hidden_information:
        return
    state = game.new(players=cfg["players"][-1], seed=3)
    agent = RandomAgent(1)
    for _ in range(5):
        if state.is_over:
            break
        state.apply(agent.choose({}, state.legal_actions()))
    seat = state.current_player if state.current_player is not None else 0
    full = _dump(state.snapshot())
    view = _dump(state.view(seat))
    changed = 0
    for k in range(20):
        other = state.determinize(seat, random.Random(k))
        assert _dump(other.view(seat)) == view, f"{name}: a re-deal changed seat {seat}'s view (a leak)"
        changed += _dump(other.snapshot()) != full
    assert changed > 0, "determinize never re-dealt anything: is the hidden information in the view?"


def determinize_depends_only_on_what_the_seat_knows(name: str, cfg: Settings) -> None:
    """Bots play fair: two states a seat cannot tell apart give it the very same re-deal for the same rng.

    So a searcher that sees only ``determinize(seat, rng)`` cannot be steered by the true hidden cards.
    (Games meet this by collecting the unseen pieces in a canonical order, e.g. sorted, before shuffling.)
    """
    game = cattable.game(name)
    if not game.has_hidden_information:
        return
    for players in cfg["players"]:
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
                assert _dump(a.snapshot()) == _dump(b.snapshot()), (
                    "determinize must depend only on what the seat can see: collect the unseen pieces in a "
                    "canonical order (sorted) before shuffling them"
                )
            state.apply(agent.choose({}, state.legal_actions()))


PLIES = 6
"""Random moves played from the start for ``malformed_json_actions_are_invalid_not_illegal``."""


def broken(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Ways to break one action's JSON, each a value no position of any game could accept."""
    yield "unknown kind", {**data, "kind": "no_such_kind"}
    yield "unknown field", {**data, "no_such_field": 1}
    for key, value in data.items():
        if key == "kind":
            continue
        yield f"missing {key}", {k: v for k, v in data.items() if k != key}
        yield f"{key} a list", {**data, key: [value]}
        yield f"{key} an object", {**data, key: {"value": value}}
        if type(value) is int:
            yield f"{key} -1", {**data, key: -1}
            yield f"{key} huge", {**data, key: 10**9}
            yield f"{key} a bool", {**data, key: True}
            yield f"{key} a text", {**data, key: str(value)}
        elif isinstance(value, str):
            yield f"{key} an unknown word", {**data, key: "no-such-word"}


def opening_positions(name: str) -> Iterator[State]:
    """The start of a seeded two-player game and the positions after each of its first random moves."""
    game = cattable.game(name)
    state = game.new(players=max(2, game.min_players), seed=11)
    rng = random.Random(11)
    for _ in range(PLIES):
        if state.is_over:
            return
        yield state
        state = state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _apply_json(state: State, data: Any) -> None:
    state.apply(state.game.action_from_json(data))


def malformed_json_actions_are_invalid_not_illegal(name: str) -> None:
    """A legal action's JSON broken one way (``broken``) is an ``InvalidAction``, never an ``IllegalAction``,
    whether ``action_from_json`` or ``apply`` refuses it, and the position is unchanged."""
    tried: set[tuple[str, str]] = set()
    for state in opening_positions(name):
        for action in state.legal_actions():
            data = action.to_json()
            for how, junk in broken(data):
                if (data["kind"], how) in tried:
                    continue
                tried.add((data["kind"], how))
                before = _dump(state.snapshot())
                refused = _raises(InvalidAction, partial(_apply_json, state, junk), f"{name}: {how} ({junk})")
                assert not isinstance(refused, IllegalAction), (name, how, junk)
                assert str(refused), (name, how)
                assert _dump(state.snapshot()) == before, (name, how)
    assert len(tried) >= 5, f"{name}: too few malformed cases were built"
