"""Cat and the Tower in the reader's language (issues #21, #22): a French reader at an English-edition table
reads the tower's panels in French (the prompt, the Action cards, the goals, the buttons) with the English
edition's names translated but Toto kept; an English reader at a French-edition table reads English
sentences with the French edition's own names (Neko, Nakama, Brique...); the end box tells the last event in
the reader's language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.harness import Server, get, open_table, post

from .conftest import DESKTOP
from .test_tower_table import MY_TURN, _join

FR_WALLS = ("Brique", "Petite Fenêtre", "Grande Fenêtre", "Ange", "Colonne")


@pytest.fixture
def french(browser: Any) -> Iterator[Any]:
    """A browser whose language is French (the page takes its language from it)."""
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


def _goal_texts(page: Any) -> list[tuple[str, str]]:
    """Each face-up goal as drawn, beside the view's text (the rulebook's, in the edition's language)."""
    drawn = page.locator(".tower-goal > span").all_inner_texts()
    view = page.evaluate("window.cattableTower.view().goal_faceup.map((g) => g.text)")
    assert drawn and len(drawn) == len(view)
    return list(zip(drawn, view, strict=True))


def _aim_off_centre(page: Any) -> None:
    """Move the pointer over the top floor, a little off its centre, so that the aim has decimals."""
    x, y = page.evaluate(
        """() => {
        const t = window.cattableTower, top = t.view().tower.reading.top_floor;
        return t.scene.screenOf(top, 1.37, -0.81);
    }"""
    )
    page.mouse.move(x - 30, y - 20)
    page.mouse.move(x, y, steps=4)


@pytest.mark.long  # make test reads the tower's French edition (test_tower_table.py)
def test_a_french_reader_reads_the_tower_in_french_with_the_english_editions_names(server: Server, french: Any) -> None:
    made = open_table(server, "tower", [None, "random"])
    page = _join(french, server, made["invites"]["0"])
    page.wait_for_function(MY_TURN)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator(".status").inner_text() == "Choisissez une carte Action."
    cards = page.locator(".tower-cards").inner_text()
    assert cards.startswith("Cartes Action (") and "dans la pioche)" in cards, cards
    assert page.locator(".tower-goals h3").inner_text() == "Cartes Mission"
    for drawn, _english in _goal_texts(page):  # the condition in French, the cats as Amis Félins
        assert "Ami" in drawn and "étage" in drawn and "Feline" not in drawn, drawn
    assert page.locator(".tower-climb .toto").inner_text().startswith("Toto est à l'étage 1 et vise l'étage")
    assert page.locator(".tower-view-tools").inner_text().split("\n")[0] == "Vue de dessus"
    # a card side of walls: its button in French words, then the wall in hand is placed in French
    sides = page.locator("button.choose")
    walls = [i for i in range(sides.count()) if "cat" not in (sides.nth(i).get_attribute("data-side") or "")]
    assert walls, "no wall card face up"
    side = sides.nth(walls[0])
    assert "étage" in side.inner_text() and "floor" not in side.inner_text()
    side.click()
    page.wait_for_selector(".tower-aim")
    assert page.locator(".status").inner_text().startswith("Posez le mur ")
    assert page.locator(".tower-aim h3").inner_text().startswith("Posez le mur ")
    assert page.locator(".tower-aim button.place").inner_text() == "Poser"
    assert page.locator(".tower-aim .aim-numbers").inner_text().endswith("(visez la tour)")
    _aim_off_centre(page)  # the aim's numbers in French: decimals after a comma
    aim = page.evaluate("window.cattableTower.aim()")
    numbers = page.locator(".tower-aim .aim-numbers").inner_text()
    assert aim["aimed"] and not float(aim["x"]).is_integer(), aim
    assert f"x {aim['x']}".replace(".", ",") in numbers and "." not in numbers, (numbers, aim)
    side_text = page.locator(".tower-side").inner_text()
    for english in ("Action cards", "Goal cards", "Place", "floor", "Feline Friend", "Top view"):
        assert english not in side_text, english
    assert page.errors == []


@pytest.mark.long  # make test reads the tower's French edition (test_tower_table.py)
def test_an_english_reader_at_the_french_edition_reads_neko_and_nakama(server: Server, context: Any) -> None:
    made = open_table(server, "tower", [None, "random"], options={"edition": "fr"})
    page = _join(context, server, made["invites"]["0"])
    page.wait_for_function(MY_TURN)
    assert page.locator(".status").inner_text() == "Choose an Action card."
    assert page.locator(".tower-goals h3").inner_text() == "Goal cards"
    for drawn, rulebook in _goal_texts(page):  # English sentences, the French edition's Nakama
        assert "Nakama" in drawn and "up to" in drawn and "Feline" not in drawn, (drawn, rulebook)
    assert page.locator(".tower-climb .toto").inner_text().startswith("Neko is on floor 1 and aims at floor")
    cards = page.locator(".tower-cards").inner_text()
    assert "Nakama" in cards or any(w in cards for w in FR_WALLS), cards
    assert "Bricks" not in cards and "Feline" not in cards
    assert page.errors == []


@pytest.mark.long  # make test reads the tower's French edition (test_tower_table.py)
def test_the_end_box_tells_the_last_event_in_french(server: Server, french: Any) -> None:
    """A game played to its end over the API (one seat, a turn limit of one), then read by a French reader:
    the end box's last event is the server's message told in French, not its English template."""
    made = open_table(server, "tower", [None], options={"steadiness": "steady", "turn_limit": 1})
    table, token = made["table"], made["tokens"][0]
    while not (state := get(f"{server.base}/api/tables/{table}", token))["over"]:
        legal = state["legal"]
        action = next((a for a in legal if a["kind"] == "skip"), legal[0])
        post(f"{server.base}/api/tables/{table}/actions", {"action": action, "id": f"m{state['version']}"}, token)
    page = _join(french, server, made["invites"]["0"])
    last = page.locator(".tower-end .last-event")
    last.wait_for(state="visible")
    assert last.inner_text() == "Dernier évènement : fin de la partie : la limite de tours (1) est atteinte.", (
        last.inner_text()
    )
    assert page.errors == []
