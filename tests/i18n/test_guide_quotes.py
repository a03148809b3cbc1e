"""The guided game's rule lines (client/src/guide.ts ``ruleOf``) quote the rulebooks: each English quotation
is in its game's English rulebook, and each French one marked as the French rulebook's own sentence is in
the French rulebook (the others are shown as our translation); every one has its French translation."""

from __future__ import annotations

import importlib
import re

from cattable.core.i18n import catalogue
from tests.i18n.test_catalogues import ROOT
from tests.rulebook import RULEBOOKS

ENGLISH = {
    "cafe": "cat-cafe.txt",
    "washi": "tokyo-washi-game-cat.txt",
    "attack": "cat-attack.txt",
    "tower": "cat-and-the-tower.en.txt",
}
FRENCH = {"tower": "cat-and-the-tower.fr.txt"}


def fold(text: str) -> str:
    """Letters, digits and apostrophes only, lower case, one space between words (markup and pictures go)."""
    text = re.sub(r"</?\w+>", "", text.replace("\u2019", "'"))
    return re.sub(r"[^\w']+", " ", text).strip().lower()


def book(name: str) -> str:
    return fold((RULEBOOKS / name).read_text(encoding="utf-8"))


def quotations() -> tuple[dict[str, dict[str, str]], dict[str, list[str]]]:
    source = (ROOT / "client" / "src" / "guide.ts").read_text(encoding="utf-8")
    body = source[source.index("export function ruleOf") :]
    body = body[: body.index("const quote =")]
    quotes: dict[str, dict[str, str]] = {}
    game = ""
    for line in body.splitlines():
        if found := re.fullmatch(r" {4}(\w+): \{", line):
            game = found[1]
            quotes[game] = {}
        elif found := re.fullmatch(r' {6}(\w+): t\("(.*)"\),', line):
            quotes[game][found[1]] = found[2]
    french = source[source.index("const RULEBOOK_IN_FRENCH") :].split("\n", 1)[0]
    own = {g: re.findall(r'"(\w+)"', kinds) for g, kinds in re.findall(r"(\w+): \[([^\]]*)\]", french)}
    return quotes, own


def test_every_rule_line_quotes_its_rulebook_and_is_translated() -> None:
    quotes, own = quotations()
    assert set(quotes) == set(ENGLISH) and all(len(q) >= 4 for q in quotes.values())
    fr = catalogue("fr")
    for game, kinds in quotes.items():
        english = book(ENGLISH[game])
        for kind, quote in kinds.items():
            assert fold(quote) in english, (game, kind, quote)
            assert fr.get(quote, "").strip(), f"untranslated in fr: {quote}"
            if kind in own.get(game, []):
                assert fold(fr[quote]) in book(FRENCH[game]), (game, kind, fr[quote])
    assert own["tower"] and set(own) <= set(FRENCH)
    assert fr['Rule: "{quote}"'] != fr['Rule (our translation): "{quote}"']


def test_every_kind_of_move_has_its_rule_line() -> None:
    """The guide shows a rule line for whatever the hint is: every action kind a game declares (its JSON
    kind, the name the hint carries) has a quotation in ``ruleOf``."""
    quotes, _own = quotations()
    for game in ENGLISH:
        declared = importlib.import_module(f"cattable.games.{game}.actions").ACTIONS
        missing = [k.name for k in declared.kinds if k.name not in quotes[game]]
        assert not missing, f"{game}: no rule line for {missing}"
