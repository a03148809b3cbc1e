"""Every rule sentence of every rulebook is checked by at least one test that quotes it."""

from __future__ import annotations

import pytest

from tests.rulebook import RULEBOOKS, fold

from .trace import coverage, exemptions, load_all_tests, sentences

BOOKS = sorted(p.name for p in RULEBOOKS.glob("*.txt"))


@pytest.fixture(scope="module", autouse=True)
def _citations() -> None:
    load_all_tests()


@pytest.mark.parametrize("book", BOOKS)
def test_every_rule_sentence_is_traced_to_a_test(book: str) -> None:
    traced, missing, _ = coverage(book)
    assert traced, f"no test cites {book}"
    listing = "\n".join(f"  line {s.line}: {s.text}" for s in missing)
    assert not missing, f"{len(missing)} rule sentence(s) of {book} have no test:\n{listing}"


@pytest.mark.parametrize("book", BOOKS)
def test_exemptions_name_real_sentences_with_reasons(book: str) -> None:
    folded = {s.folded for s in sentences(book)}
    for quote, reason in exemptions().get(book, {}).items():
        assert fold(quote) in folded, f"exempt sentence not found in {book}: {quote!r}"
        assert len(reason) > 10, f"say why {quote!r} states no rule"
