"""Learning a game from the lobby (issue #32): the lobby says what each game is in a line and a picture, in
English and in French, and the open form says it again for the game chosen; at every game's table the header
has the way to the rules in short, which opens them and takes the focus there (the tower's too, whose
module arrives after the table is drawn)."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server, open_table

GAMES = ("cafe", "washi", "attack", "tower")


def test_the_lobby_says_what_each_game_is_in_both_languages(server: Server, browser: Any) -> None:
    for locale, heading, word in (("en-GB", "The games", "dice"), ("fr-FR", "Les jeux", "dés")):
        ctx = browser.new_context(locale=locale)
        try:
            page = ctx.new_page()
            page.goto(server.base + "/")
            page.get_by_role("heading", name=heading).wait_for()
            intros = page.locator(".game-intro")
            intros.first.wait_for()
            assert intros.count() == len(GAMES)
            for game in GAMES:
                intro = page.locator(f".game-intro[data-game='{game}']")
                picture = intro.get_by_role("img")
                assert len(picture.get_attribute("aria-label") or "") > 20, game
                assert picture.bounding_box()["width"] >= 100, game
                assert len(intro.locator(".line").inner_text()) > 40, game
            assert word in page.locator(".game-intro[data-game='cafe'] .line").inner_text()
            # the open form says the chosen game's line, and follows the choice
            page.select_option("select[name=game]", "washi")
            washi = page.locator(".game-intro[data-game='washi'] .line").inner_text()
            assert page.locator(".game-line").inner_text() == washi
        finally:
            ctx.close()


def test_the_rules_in_short_at_every_table(server: Server, context: Any) -> None:
    page = context.new_page()
    for game in GAMES:
        made = open_table(server, game, [None, "random"])
        page.goto(f"{server.base}/t/{made['table']}?watch")
        button = page.get_by_role("button", name="Rules in short")
        page.locator("details.rules p").first.wait_for(state="attached")  # the tower's once its module is in
        button.focus()
        page.keyboard.press("Enter")
        rules = page.locator("details.rules")
        assert rules.evaluate("(d) => d.open"), game
        assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY", game
        assert rules.locator("p").count() >= 2, game
        assert rules.locator("p").first.is_visible(), game
