"""The browser in French: a French browser gets the lobby and the table in French (its sentences and the
log lines, from the server's catalogue), the header's switch changes the language and keeps it, and two
people reading one table in English and in French each see the same moves in their own language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.harness import Server, post

from .cafe_player import play_one, state_of, wait_drawn
from .conftest import DESKTOP


def _new_context(browser: Any, locale: str) -> Any:
    ctx = browser.new_context(viewport=DESKTOP, locale=locale)
    ctx.set_default_timeout(20_000)
    return ctx


def _version_at_least(page: Any, version: int) -> None:
    page.wait_for_function("(v) => Number(document.getElementById('app').dataset.version) >= v", arg=version)


def test_a_french_browser_gets_the_lobby_and_a_table_in_french(server: Server, browser: Any) -> None:
    ctx = _new_context(browser, "fr-FR")
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.base + "/")
        page.get_by_role("heading", name="Ouvrir une table").wait_for()
        assert page.evaluate("() => document.documentElement.lang") == "fr"
        assert page.locator(".lang-switch button[aria-pressed=true]").inner_text() == "Français"
        assert page.get_by_role("heading", name="Mes tables").is_visible()
        assert page.locator("a.skip").inner_text() == "Aller au contenu"  # index.html's English, said in French
        # a Cat Cafe table: me and a bot, opened with the French form
        page.select_option("select[name=game]", "cafe")
        page.fill("input[name=players]", "2")
        page.dispatch_event("input[name=players]", "change")
        page.select_option("select[name=kind1]", "heuristic")
        assert page.locator("select[name=kind1] option:checked").inner_text() == "bot : heuristique (glouton)"
        # each option's help and allowed values, from the server's catalogue
        page.locator("form.open-form details summary").click()
        help_text = page.locator(".options label", has=page.locator("input[name=opt-max_rounds]")).inner_text()
        assert "un arrêt de sécurité (absent de la règle)" in help_text and "par défaut 100" in help_text, help_text
        assert "safety stop" not in page.locator(".options").inner_text()
        page.fill("input[name=name1]", "Alice")  # a name that begins with a vowel: French elides before it
        page.get_by_role("button", name="Ouvrir la table").click()
        wait_drawn(page)  # straight to the table
        page.get_by_role("heading", name="Journal de la partie").wait_for()
        assert page.locator(".status").inner_text().startswith("À vous : prenez un dé")
        assert page.locator(".dice-box h3").inner_text().startswith("Manche 1")
        # moves until the bot has drafted too: the log tells both in French, nothing in English
        while int(state_of(page).get("version", "0")) < 3:
            if not play_one(page):
                page.wait_for_timeout(50)
        log = page.locator(".log").inner_text()
        assert "Vous avez pris un" in log and "Alice a pris un" in log, log  # my own move, told to me
        assert page.locator(".sheet[data-seat='1'] .towers").get_attribute("aria-label") == "La feuille d'Alice"
        assert "took" not in log and "drew" not in log
        # the switch: English at once, and kept for the next page
        page.locator(".lang-switch button[data-lang=en]").click()
        page.get_by_role("heading", name="Game log").wait_for()
        assert "You took a" in page.locator(".log").inner_text()
        assert page.locator(".seat.me strong").inner_text() == "Joueur 1"  # the name stays as it was given
        page.goto(server.base + "/")
        page.get_by_role("heading", name="Open a table").wait_for()
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.long  # make test reads the lobby, a table and its log in French
def test_an_english_and_a_french_reader_share_a_table(server: Server, browser: Any) -> None:
    made = post(
        server.base + "/api/tables",
        {"game": "cafe", "players": 2, "seats": [{"name": "Mimi"}, {"name": "Toto"}]},
    )
    contexts = [_new_context(browser, "en-GB"), _new_context(browser, "fr-FR")]
    try:
        pages = [ctx.new_page() for ctx in contexts]
        for seat, page in enumerate(pages):
            page.goto(f"{server.base}/join/{made['invites'][str(seat)]}")
            wait_drawn(page)
        english, french = pages
        assert english.locator(".status").inner_text().startswith("Your turn: take a die")
        assert french.locator(".status").inner_text() == "Mimi prend un dé."
        assert play_one(english)
        _version_at_least(french, 1)
        assert play_one(french)
        for page in pages:
            _version_at_least(page, 2)
        # the same two moves, each in its reader's language
        en_log = english.locator(".log li").all_inner_texts()
        fr_log = french.locator(".log li").all_inner_texts()
        # each reader's own move told to them: Mimi reads "You took", Toto "Vous avez pris"
        assert [line.split(" took a ")[0] for line in en_log] == ["Toto", "You"], en_log
        assert [line.split(" pris un ")[0] for line in fr_log] == ["Vous avez", "Mimi a"], fr_log
        assert [line.rstrip(".").split()[-1] for line in en_log] == [line.rstrip(".").split()[-1] for line in fr_log]
        # each header names the game in its own language
        assert english.locator("header h1").inner_text() == "Cat Cafe"
        assert french.locator("header h1").inner_text() == "Cat Café"
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_french_reader_gets_the_servers_log_messages_in_french(server: Server, browser: Any) -> None:
    """Tokyo Washi's log lines are the server's own messages ("places a fish at {at}"), translated from
    the catalogue: the French page reads them in French, its prompt too."""
    made = post(
        server.base + "/api/tables",
        {"game": "washi", "players": 2, "seats": [{"name": "Mimi"}, {"name": "Bot", "bot": "heuristic"}]},
    )
    ctx = _new_context(browser, "fr-CA")
    try:
        page = ctx.new_page()
        page.goto(f"{server.base}/join/{made['invites']['0']}")
        page.locator(".washi-map .target").first.wait_for()
        assert page.locator(".status").inner_text().startswith("Mise en place : cliquez")
        cell = page.locator(".washi-map .target").first.get_attribute("data-cell")
        page.locator(".washi-map .target").first.click()
        _version_at_least(page, 2)  # mine, then the bot's
        page.locator(".log li", has_text=f"Vous placez un poisson en {cell}.").wait_for()  # mine, told to me
        assert "Bot place un poisson en" in page.locator(".log").inner_text()
        assert "places" not in page.locator(".log").inner_text()
    finally:
        ctx.close()


@pytest.mark.long  # make test reads the lobby, a table and its log in French
def test_a_french_reader_gets_cat_attacks_events_in_french(server: Server, browser: Any) -> None:
    """Cat Attack's "what happened" events are messages from the server: the French page words them from
    the catalogue, the cats called by their players' names, and the bot's kind after its name."""
    made = post(
        server.base + "/api/tables",
        {"game": "attack", "players": 2, "seats": [{"name": "Mimi"}, {"name": "Toto", "bot": "heuristic"}]},
    )
    ctx = _new_context(browser, "fr-FR")
    try:
        page = ctx.new_page()
        page.goto(f"{server.base}/join/{made['invites']['0']}")
        page.locator(".events li").first.wait_for()
        events = page.locator(".events").inner_text()
        # the first turn is the other cat's, or mine, told to me ("à vous de jouer", never "au tour de Mimi")
        assert "Manche 1 : au tour du chat " in events or "Manche 1 : à vous de jouer." in events, events
        turn = page.locator(".attack-turn").inner_text()
        assert "Manche 1 : à vous de jouer" in turn or "Manche 1 : au tour de Toto" in turn, turn
        # a shop's stock counted without a plural to agree with ("Poissonnerie : poisson ×2", never "2 poisson")
        shops = page.locator(".shops-line").inner_text()
        assert "poisson ×" in shops and not re.search(r"\d poisson", shops), shops
        assert "Round" not in events and "'s turn" not in events and "Cat 0" not in events, events
        assert page.locator(".events h3").inner_text() == "Depuis votre dernier coup"
        assert page.locator('li.seat[data-seat="1"] .tag.bot').inner_text() == "bot (heuristique)"
    finally:
        ctx.close()
