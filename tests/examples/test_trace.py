"""Every sentence of Cat Nap's rulebook is a rule checked by a test that quotes it, or exempt with a reason."""

from __future__ import annotations

from tests.rulebook import fold

from . import test_rules  # noqa: F401  (its @rule marks fill CITATIONS)
from .trace import CITATIONS, EXEMPT, sentences


def test_every_rule_sentence_is_traced_to_a_test() -> None:
    cited = [fold(q) for q, _ in CITATIONS]
    exempt = {fold(s) for s in EXEMPT}
    missing = [
        f"line {line}: {s}"
        for line, s in sentences()
        if fold(s) not in exempt and not any(q in fold(s) or fold(s) in q for q in cited)
    ]
    assert not missing, "rule sentences with no test:\n" + "\n".join(missing)


def test_exemptions_name_real_sentences() -> None:
    folded = {fold(s) for _, s in sentences()}
    assert all(fold(s) in folded for s in EXEMPT)
