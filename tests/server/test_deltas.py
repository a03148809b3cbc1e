"""The view patches (server/deltas.py, issue #29): applied to the old view, a patch gives the new one
exactly, for any JSON and for every game's real consecutive views; a patch that does not fit is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cattable
from cattable.core.registry import game_names
from cattable.server import deltas
from cattable.server.encoding import frame

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.just(-0.0)
)
keys = st.sampled_from(["a", "b", "c", "", "~", "/", "a/b", "~1", "0", "1"])
json_values = st.recursive(
    scalars | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)


def wire(value: Any) -> Any:
    """``value`` as a client reads it off the socket."""
    return json.loads(frame(value))


def exact(a: Any, b: Any) -> bool:
    """Equal as JSON texts (``1`` is not ``1.0`` nor ``True``), keys in any order."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_a_patch_applied_to_the_old_value_gives_the_new_one(old: Any, new: Any) -> None:
    before = json.dumps(old, sort_keys=True)
    patch = deltas.diff(old, new)
    out = deltas.apply(wire(old), wire(patch))
    assert exact(out, new)
    assert json.dumps(old, sort_keys=True) == before, "diff or apply changed the old value"
    assert (patch == []) == exact(old, new)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=12), st.data())
def test_one_item_taken_from_a_list_is_one_remove(items: list[int], data: st.DataObject) -> None:
    if not items:
        return
    at = data.draw(st.integers(0, len(items) - 1))
    new = items[:at] + items[at + 1 :]
    patch = deltas.diff({"hand": items}, {"hand": new})
    assert len(patch) == 1 and patch[0]["op"] in ("remove", "replace")
    assert deltas.apply({"hand": items}, patch) == {"hand": new}


def test_null_and_type_changes_are_said_exactly() -> None:
    old = {"a": 1, "b": None, "c": [1, 2], "d": True}
    new = {"a": 1.0, "b": 0, "c": None, "d": 1}
    out = deltas.apply(old, deltas.diff(old, new))
    assert exact(out, new) and not exact(out, old)


@pytest.mark.parametrize(
    ("doc", "patch"),
    [
        ({"a": 1}, [{"op": "remove", "path": "/b"}]),
        ({"a": 1}, [{"op": "replace", "path": "/b", "value": 2}]),
        ({"a": [1]}, [{"op": "replace", "path": "/a/1", "value": 2}]),
        ({"a": [1]}, [{"op": "add", "path": "/a/01", "value": 2}]),
        ({"a": 1}, [{"op": "add", "path": "/a/b", "value": 2}]),
        ({"a": 1}, [{"op": "move", "path": "/a", "from": "/b"}]),
        ({"a": 1}, [{"op": "replace", "path": "a", "value": 2}]),
        ({"a": 1}, [{"op": "add", "path": "/b"}]),
        ({"a": 1}, [{"op": "remove", "path": ""}]),
        ({"a": 1}, {"op": "remove", "path": "/a"}),
    ],
)
def test_a_patch_that_does_not_fit_is_refused_and_changes_nothing(doc: Any, patch: Any) -> None:
    before = json.dumps(doc)
    with pytest.raises(deltas.PatchError):
        deltas.apply(doc, patch)
    assert json.dumps(doc) == before


MOVES = {"tower": 12}
"""Moves played per game (the tower's physics is slow); the others play to the end or 120 moves."""


@pytest.mark.parametrize("name", game_names())
def test_every_games_consecutive_views_round_trip(name: str) -> None:
    """Each seat's and the spectator's views, move by move in seeded random games: the patch from one to
    the next gives it exactly; and a view once built is not changed by later moves (the server keeps the
    views of the version before to patch from)."""
    rules = cattable.game(name)
    for seed in (1, 2):
        rng = random.Random(seed)
        players = rules.min_players + (rules.min_players == 1)
        state = rules.new(players=players, seed=seed)
        viewers: list[int | None] = [*range(players), None]
        held = {v: state.view(v) for v in viewers}
        frozen = {v: frame(held[v]) for v in viewers}
        patched, total = 0, 0
        for _ in range(MOVES.get(name, 120)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            for v in viewers:
                assert frame(held[v]) == frozen[v], f"{name}: a move changed the view built before it"
                new = state.view(v)
                patch = deltas.diff(held[v], new)
                assert exact(deltas.apply(wire(held[v]), wire(patch)), wire(new))
                patched += len(frame(patch))
                total += len(frame(new))
                held[v], frozen[v] = new, frame(new)
        assert patched < total, f"{name}: the patches were no smaller than the views"
