"""Which rulebook sentences are cited by a test (``@rule``), and which are not.

Run ``python -m tests.trace.trace`` for a per-rulebook report; ``test_rule_trace.py`` holds the suite to
it. A sentence counts as traced when a test's quote lies inside it (or it inside the quote). Sentences
that state no rule (titles, flavour, credits, contents lists) are listed with a reason in
``exempt.json``.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.rulebook import CITATIONS, RULEBOOKS, fold

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent


@dataclass(frozen=True)
class Sentence:
    book: str
    line: int
    text: str

    @property
    def folded(self) -> str:
        return fold(self.text)


def sentences(book: str) -> list[Sentence]:
    """Split a rulebook into sentences: one per line, then at '.', '!' or '?' followed by a space."""
    out = []
    for number, raw in enumerate((RULEBOOKS / book).read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip().lstrip("-•✧*#○o ").strip()
        for part in re.split(r"(?<=[.!?])\s+", line):
            part = part.strip()
            if len(fold(part)) >= 3 and re.search(r"[A-Za-zÀ-ÿ]", part):
                out.append(Sentence(book, number, part))
    return out


def load_all_tests() -> None:
    """Import every test module so that every @rule citation is registered."""
    for info in pkgutil.walk_packages([str(TESTS)], prefix="tests."):
        if info.name.split(".")[-1].startswith("test_"):
            importlib.import_module(info.name)


def exemptions() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads((HERE / "exempt.json").read_text(encoding="utf-8"))
    return data


def coverage(book: str) -> tuple[list[tuple[Sentence, list[str]]], list[Sentence], list[Sentence]]:
    """(traced sentences with their tests, untraced rule sentences, exempt sentences)."""
    cited = [(fold(q), test) for b, q, test in CITATIONS if b == book]
    exempt = {fold(k) for k in exemptions().get(book, {})}
    traced, missing, skipped = [], [], []
    for s in sentences(book):
        tests = sorted({t for q, t in cited if q in s.folded or s.folded in q})
        if tests:
            traced.append((s, tests))
        elif s.folded in exempt:
            skipped.append(s)
        else:
            missing.append(s)
    return traced, missing, skipped


def report(books: list[str]) -> str:
    lines = []
    for book in books:
        traced, missing, skipped = coverage(book)
        total = len(traced) + len(missing)
        lines.append(f"## {book}: {len(traced)}/{total} rule sentences traced ({len(skipped)} exempt)")
        for s in missing:
            lines.append(f"  MISSING line {s.line}: {s.text}")
    return "\n".join(lines)


def markdown(books: list[str]) -> str:
    """Every rule sentence beside the tests that check it: the traceability table kept in docs/."""
    out = [
        "# Rulebook sentences and the tests that check them",
        "",
        "Made by `python -m tests.trace.trace --markdown docs/rule-trace.md`; `tests/trace` fails when a rule",
        "sentence has no test. Exempt sentences (headings, flavour, credits) are listed with reasons in",
        "`tests/trace/exempt.json`.",
        "",
    ]
    for book in books:
        traced, missing, skipped = coverage(book)
        out += [
            f"## {book}",
            "",
            f"{len(traced)} rule sentences traced, {len(missing)} missing, {len(skipped)} exempt.",
            "",
            "| line | sentence | tests |",
            "|---|---|---|",
        ]
        for s, tests in traced:
            text = s.text.replace("|", "\\|")
            out.append(f"| {s.line} | {text} | {'<br>'.join(f'`{t}`' for t in tests)} |")
        for s in missing:
            out.append(f"| {s.line} | {s.text} | **none** |")
        out.append("")
    return "\n".join(out)


def main() -> None:
    load_all_tests()
    args = sys.argv[1:]
    target = None
    if args[:1] == ["--markdown"]:
        target, args = Path(args[1]), args[2:]
    books = args or sorted(p.name for p in RULEBOOKS.glob("*.txt"))
    if target is not None:
        target.write_text(markdown(books), encoding="utf-8")
        print(f"wrote {target}")
    print(report(books))


if __name__ == "__main__":
    main()
