"""Stored tables outlive a change of a game's snapshot form: every digest the server stores carries the
form it was made in, and a digest of an older form is not compared (the chance outcomes still are). A
change of form nobody declared is caught here, by a short seeded game's digest per game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import cattable

from .harness import Refused, Server, get, open_table, post
from .snapshot_forms import FORMS, digest


@pytest.mark.parametrize("name", cattable.game_names())
def test_a_change_of_the_snapshot_is_declared_by_raising_the_games_form(name: str) -> None:
    kept = json.loads(FORMS.read_text(encoding="utf-8"))
    assert name in kept, f"{name} has no digest yet: python -m tests.server.snapshot_forms"
    form = cattable.game(name).snapshot_form
    if kept[name]["form"] != form:
        pytest.fail(f"{name}'s snapshot_form is {form} now: regenerate with python -m tests.server.snapshot_forms")
    assert digest(name) == kept[name]["digest"], (
        f"{name}'s snapshot or views changed. If its rules did not, stored tables would stop replaying: raise "
        f"{type(cattable.game(name)).__name__}.snapshot_form; then (either way) python -m tests.server.snapshot_forms"
    )


def _play(server: Server, table: str, tokens: dict[int, str], moves: int, tag: str) -> int:
    url = f"{server.base}/api/tables/{table}"
    for i in range(moves):
        views = (get(url, token=t) for t in tokens.values())
        state = next(s for s in views if s["legal"] and s["seat"] == s["to_play"])
        post(f"{url}/actions", {"action": state["legal"][0], "id": f"{tag}{i}"}, token=tokens[state["seat"]])
    version: int = get(url, token=tokens[0])["version"]
    return version


def test_a_table_stored_in_an_older_snapshot_form_plays_on_after_the_upgrade(server: Server, tmp_path: Path) -> None:
    made = open_table(server, "attack", [None, None])
    table, tokens = made["table"], made["tokens"]
    assert _play(server, table, tokens, 4, "a") == 4
    server.kill()
    older = cattable.game("attack").snapshot_form - 1
    with sqlite3.connect(tmp_path / "tables.db") as db:  # what the previous release stored
        db.execute("update events set state_hash = 'older', snapshot_form = ? where table_id = ?", (older, table))
        db.execute("update tables set setup_hash = 'older', setup_form = ? where id = ?", (older, table))
    server.start()
    assert _play(server, table, tokens, 2, "b") == 6  # replayed on its chance outcomes, and played on
    server.kill()
    with sqlite3.connect(tmp_path / "tables.db") as db:
        forms = [f for (f,) in db.execute("select snapshot_form from events where table_id = ? order by seq", (table,))]
        assert forms == [older] * 4 + [older + 1] * 2
        # a digest of the current form is still compared: a changed one is a table that no longer replays
        db.execute("update events set state_hash = 'changed' where table_id = ? and seq = 6", (table,))
    server.start()
    with pytest.raises(Refused) as broken:
        get(f"{server.base}/api/tables/{table}", token=tokens[0])
    assert broken.value.body["error"] == "broken" and "event 6" in broken.value.body["reason"]


def test_an_older_forms_event_is_still_checked_against_its_chance_outcomes(server: Server, tmp_path: Path) -> None:
    made = open_table(server, "attack", [None, None])
    table, tokens = made["table"], made["tokens"]
    _play(server, table, tokens, 3, "a")
    server.kill()
    with sqlite3.connect(tmp_path / "tables.db") as db:
        rows = list(db.execute("select seq, chance from events where table_id = ? order by seq", (table,)))
        seq, chance = next((s, json.loads(c)) for s, c in rows if json.loads(c))
        db.execute("update events set snapshot_form = 1, state_hash = 'older' where table_id = ?", (table,))
        # the move drew these outcomes, and the stored event claims twice as many
        db.execute("update events set chance = ? where table_id = ? and seq = ?", (json.dumps(chance * 2), table, seq))
    server.start()
    with pytest.raises(Refused) as broken:
        get(f"{server.base}/api/tables/{table}", token=tokens[0])
    reason = broken.value.body["reason"]
    assert broken.value.body["error"] == "broken" and f"event {seq} replays to a different position" in reason
