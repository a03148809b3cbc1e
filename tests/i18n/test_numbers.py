"""Decimal numbers in a sentence are written as the reader's language writes them: "4,5 cm" in French."""

from __future__ import annotations

from cattable.core.i18n import number, render

PET = "from {angle}°, {height} cm up, push {push} g cm/s: {feel}"


def test_a_french_sentence_writes_its_decimals_with_a_comma() -> None:
    args = {"angle": 90, "height": 4.5, "push": 7.5, "feel": "a light touch"}
    assert render(PET, args, "en") == "from 90°, 4.5 cm up, push 7.5 g cm/s: a light touch"
    french = render(PET, args, "fr")
    assert french.startswith("depuis 90°, à 4,5 cm de haut, poussée 7,5 g cm/s : ") and "." not in french


def test_whole_numbers_lists_and_format_specs_are_written_the_same_way() -> None:
    assert number(12, "fr") == "12" and number(-0.25, "fr") == "-0,25" and number(2.0, "fr", ".1f") == "2,0"
    assert number(2.25, "en", ".1f") == "2.2" and number(3, "fr", "03d") == "003"
    assert render("{x}", {"x": [1.5, 2, "Bricks"]}, "fr").startswith("1,5, 2, ")
    assert render("{x:.2f} cm", {"x": 1.0}, "fr") == "1,00 cm"
