"""Issue #30: an action kind is declared once (core/declared.py), and a field added to the declaration
appears, with nothing else written, in the JSON form, the JSON Schema, the text form and the announcement;
the readers check it and say what a bad value should be."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest
from jsonschema import Draft202012Validator

import cattable
from cattable.core import Game, InvalidAction, Result, State
from cattable.core.declared import Declaration, Field, Kind
from cattable.core.fields import Int, Word


class Nap(NamedTuple):
    kind: str
    minutes: int
    spot: str

    def text(self) -> str:
        return NAPS.text(self)

    def to_json(self) -> Any:
        return NAPS.to_json(self)


MINUTES = Field("minutes", Int(1, 90), "How long the cat sleeps.")
SPOT = Field("spot", Word(("sofa", "box")), "Where: a field added to the kind after the first release.")


def naps(*fields: Field) -> Declaration:
    """Cat Doze's one kind, with these fields (the game's ``make`` takes whichever are declared)."""
    make = lambda minutes, spot="sofa": Nap("nap", minutes, spot)  # noqa: E731
    template = "naps " + " ".join(f"{{{f.name}}}" for f in fields)
    kind = Kind("nap", Nap, make, "Sleep.", fields, announce=template)
    return Declaration("doze", "Cat Doze", (kind,))


NAPS = naps(MINUTES, SPOT)


class NapGame(Game):
    name, title, min_players, max_players = "doze", "Cat Doze", 1, 1
    action_types = (Nap,)
    declared = NAPS

    def _new(self, players: int, seed: int, options: dict[str, Any], script: list[Any] | None) -> State:
        return NapState(self, players, seed, options, script)


class NapState(State):
    """Enough of a state to announce a move."""

    current_player, is_over = 0, False

    def _legal(self) -> list[Any]:
        return [Nap("nap", 5, "box")]

    def _apply(self, action: Any) -> None: ...

    def _result(self) -> Result:
        raise AssertionError

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _copy(self) -> State:
        return self

    def _redeal(self, seat: int | None, rng: random.Random) -> None: ...


def test_a_field_declared_once_is_in_the_json_schema_text_and_message() -> None:
    nap = Nap("nap", 20, "box")
    before = naps(MINUTES).schema()["oneOf"][0]
    assert "spot" not in before["properties"]
    assert nap.to_json() == {"kind": "nap", "minutes": 20, "spot": "box"}
    schema = NAPS.schema()
    kind = schema["oneOf"][0]
    assert kind["properties"]["spot"] == {"enum": ["sofa", "box"], "description": SPOT.help}
    assert kind["required"] == ["kind", "minutes", "spot"]
    Draft202012Validator(schema).validate(nap.to_json())
    assert nap.text() == "nap 20 box"
    state = NapGame().new(players=1)
    message = state.public_message(nap, None)
    assert message.args == {"minutes": 20, "spot": "box"}
    assert message.render() == "naps 20 box"


def test_both_forms_read_back_as_the_same_action() -> None:
    game = NapGame()
    nap = Nap("nap", 20, "box")
    assert game.parse_action(nap.text()) == nap
    assert game.parse_action("  NAP 20 Box ") == nap
    assert game.action_from_json(nap.to_json()) == nap
    assert NAPS.exact(nap)
    assert not NAPS.exact(Nap("nap", 91, "box")) and not NAPS.exact(Nap("nap", True, "box"))


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"kind": "nap", "minutes": 20}, "has the fields kind, minutes, spot"),
        ({"kind": "nap", "minutes": 20, "spot": "bed"}, "spot must be one of sofa, box, not 'bed'"),
        ({"kind": "nap", "minutes": 91, "spot": "box"}, "minutes=91 is out of range, 1 to 90"),
        ({"kind": "nap", "minutes": "20", "spot": "box"}, "minutes must be a whole number"),
        ({"kind": "nap", "minutes": True, "spot": "box"}, "minutes must be a whole number"),
        ({"kind": "purr"}, "unknown Cat Doze action kind 'purr'; kinds: nap"),
        ([], "not a Cat Doze action"),
    ],
)
def test_bad_json_says_what_was_expected(data: Any, said: str) -> None:
    with pytest.raises(InvalidAction, match=said):
        NapGame().action_from_json(data)


@pytest.mark.parametrize(
    ("text", "said"),
    [("nap 20", "try: nap <minutes> <spot>"), ("nap twenty box", "the minutes must be a whole number"), ("", "try")],
)
def test_bad_text_says_what_was_expected(text: str, said: str) -> None:
    with pytest.raises(InvalidAction, match=said):
        NapGame().parse_action(text)


@pytest.mark.parametrize("name", ["cafe", "washi", "attack", "tower"])
def test_a_declared_game_publishes_its_action_schema_from_the_declaration(name: str) -> None:
    game = cattable.game(name)
    assert game.declared is not None
    assert game.schema("action") == game.declared.schema()
    assert set(game.declared.announcements()) == {k.name for k in game.declared.kinds}
