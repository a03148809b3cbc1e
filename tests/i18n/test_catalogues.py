"""One message catalogue per language, shared by every door: every move of every game is announced as a
message the catalogues know, French translates each of them with the same fields, the committed template
is what the code marks today, and a secret move's message carries nothing of its secret."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import cattable
from cattable.core import State
from cattable.core.i18n import LANGUAGES, SILENT, Message, catalogue, check_language, fields, render
from cattable.games.attack.messages import EXCHANGE, card_json
from cattable.games.cafe.messages import CHOSEN
from tests.rulebook import rule

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cattable" / "locale"
EXTRACT = [
    sys.executable,
    "-m",
    "babel.messages.frontend",
    "extract",
    "-F",
    str(ROOT / "babel.cfg"),
    "-k",
    "N_",
    "--no-location",
    "--omit-header",
]
"""As `make messages` runs it: the Python code's N_("...") and the browser client's t("...") and N_("...")."""


def _template_ids(path: Path) -> set[str]:
    with path.open("rb") as handle:
        return {str(m.id) for m in read_po(handle) if m.id}


def test_the_committed_template_holds_exactly_what_the_code_marks(tmp_path: Path) -> None:
    fresh = tmp_path / "cattable.pot"
    subprocess.run(
        [*EXTRACT, "-o", str(fresh), str(ROOT / "src" / "cattable"), str(ROOT / "client" / "src")],
        check=True,
        capture_output=True,
    )
    assert _template_ids(fresh) == _template_ids(LOCALE / "cattable.pot"), "run `make messages`"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_is_translated_with_the_same_fields(lang: str) -> None:
    wanted = _template_ids(LOCALE / "cattable.pot")
    translated = catalogue(lang)
    assert wanted - set(translated) == set(), f"untranslated in {lang}"
    for msgid, text in translated.items():
        assert fields(text) == fields(msgid), (lang, msgid, text)


def _kinds(name: str, moves: int) -> dict[str, tuple[State, Any]]:
    """One position and action per action kind met in a few seeded random games."""
    game = cattable.game(name)
    found: dict[str, tuple[State, Any]] = {}
    for seed in range(4 if moves > 50 else 1):
        state = game.new(players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            found.setdefault(action.to_json()["kind"], (state.clone(), action))
            state.apply(action)
    return found


@pytest.mark.parametrize(("name", "moves"), [("cafe", 400), ("washi", 400), ("attack", 600), ("tower", 6)])
def test_every_move_met_is_announced_by_a_catalogued_template(name: str, moves: int) -> None:
    known = _template_ids(LOCALE / "cattable.pot")
    kinds = _kinds(name, moves)
    assert len(kinds) >= 3
    for kind, (state, action) in kinds.items():
        for viewer in (*range(state.players), None):
            message = state.public_message(action, viewer)
            if message == SILENT:  # not told to this viewer at all (Cat Cafe's cat, after "has chosen")
                continue
            assert message.msgid in known, (name, kind, message.msgid)
            assert fields(message.msgid) <= set(message.args), (name, kind, message)
            assert "{" not in message.render("fr"), (name, kind, message.render("fr"))


def test_a_cafe_mark_is_announced_to_the_others_without_its_content() -> None:
    """Cat Cafe: each player marks in secret; the table's log says only that a seat has chosen."""
    state = cattable.game("cafe").new(players=3, seed=2)
    while state.legal_actions()[0].to_json()["kind"] == "take":
        state.apply(state.legal_actions()[0])
    mover = state.current_player
    assert mover is not None
    mark = next(a for a in state.legal_actions() if a.to_json()["kind"] == "mark")
    own = state.public_message(mark, mover)
    assert own.args["item"] == mark.to_json()["item"]
    for viewer in (s for s in (*range(3), None) if s != mover):
        assert state.public_message(mark, viewer) == Message(CHOSEN)


@rule("cat-attack.txt", "Make sure none of the other players sneaks a peek.")
def test_a_card_exchange_is_announced_whole_only_to_its_two_cats() -> None:
    """The log's message of an exchange, in any language, names the cards only to the two cats in it."""
    kinds = _kinds("attack", 2000)
    state, swap = kinds["swap"]
    chooser, other = state.swaps[0]  # type: ignore[attr-defined]
    for viewer in range(state.players):
        message = state.public_message(swap, viewer)
        if viewer in (chooser, other):
            data = swap.to_json()
            assert message.args == {"take": card_json(data["take"]), "give": card_json(data["give"])}
        else:
            assert message == Message(EXCHANGE, {"other": other})


def test_french_renders_the_words_of_the_game_and_keeps_places_and_numbers() -> None:
    text = render("draws a {item} on tower {tower}, floor {floor}", {"item": "cushion", "tower": 2, "floor": 3}, "fr")
    assert text == "dessine : coussin, tour 2, étage 3"
    assert render("moves to {to}", {"to": "r4_7"}, "fr") == "va vers r4_7"


def test_a_missing_argument_shows_its_name_instead_of_breaking_the_log() -> None:
    assert render("moves cat {cat} to {to}", {"cat": 2}, "en") == "moves cat 2 to {to}"


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'de'.*en, fr"):
        check_language("de")


@pytest.mark.parametrize("name", ["cafe", "washi", "attack", "tower"])
def test_every_action_kind_the_schema_names_has_a_template_with_its_fields(name: str) -> None:
    """The schema lists every kind a game accepts: each has an announcement whose fields it carries."""
    module = importlib.import_module(f"cattable.games.{name}.messages")
    schema = cattable.game(name).schemas()["action"]
    for branch in schema["oneOf"]:
        kind = branch["properties"]["kind"]["const"]
        assert kind in module.ANNOUNCEMENTS, (name, kind)
        assert fields(module.ANNOUNCEMENTS[kind]) <= set(branch["properties"]) - {"kind"}, (name, kind)


@pytest.mark.parametrize("name", ["cafe", "washi", "attack", "tower"])
def test_every_option_says_its_help_and_values_in_french(name: str) -> None:
    """The lobby shows each option's help and allowed values in the reader's language (issue #21)."""
    french = catalogue("fr")
    for option in cattable.game(name).options:
        assert option.help in french, (name, option.name)
        allowed = option.allowed_message()
        assert allowed.msgid in french, (name, option.name, allowed.msgid)
        assert allowed.render("en") == option.allowed()
        assert "{" not in allowed.render("fr"), allowed


def test_every_cat_attack_event_is_a_message_french_translates() -> None:
    """Cat Attack's "what happened" events are messages: each template (and each variant a count of one,
    a mouse or a bird, or the winners choose) is in the catalogue, and the events of seeded games render
    whole in French for every seat."""
    from cattable.games.attack.events import TEXTS, VARIANTS

    french = catalogue("fr")
    for template in (*TEXTS.values(), *VARIANTS.values()):
        assert template in french, template
    state = cattable.game("attack").new(players=3, seed=1)
    rng = random.Random(1)
    met: set[str] = set()
    while True:
        for viewer in (*range(3), None):
            for event in state.view(viewer)["log"]:
                met.add(event["id"])
                assert fields(event["msgid"]) <= set(event["args"]), event
                assert "{" not in render(event["msgid"], event["args"], "fr"), event
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert {"turn", "rolled", "moved", "game_over"} <= met


@rule("cat-attack.txt", "Make sure none of the other players sneaks a peek.")
def test_an_exchange_event_names_its_cards_only_to_its_two_cats_in_any_language() -> None:
    kinds = _kinds("attack", 2000)
    state, swap = kinds["swap"]
    chooser, other = state.swaps[0]  # type: ignore[attr-defined]
    state.apply(swap)
    cards = {swap.to_json()["take"], swap.to_json()["give"]}
    for viewer in (*range(state.players), None):
        told = [e for e in state.view(viewer)["log"] if e["id"].startswith("exchange")]
        assert len(told) == 1
        for lang in LANGUAGES:
            said = render(told[0]["msgid"], told[0]["args"], lang)
            assert (viewer in (chooser, other)) == all(card in said for card in cards), (viewer, lang, said)
