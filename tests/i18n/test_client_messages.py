"""The browser client's own sentences live in the same catalogue as the server's: every t("...") and
N_("...") of client/src is extracted (babel.cfg), each has a French translation with the same {fields},
and ``t`` is a keyword of the client only (a Python ``t(...)`` is never taken for a message)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cattable.core.i18n import catalogue, extract_client, fields
from tests.i18n.test_catalogues import EXTRACT, LOCALE, ROOT


@pytest.fixture(scope="module")
def client_ids(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    out = tmp_path_factory.mktemp("pot") / "client.pot"
    subprocess.run([*EXTRACT, "-o", str(out), str(ROOT / "client" / "src")], check=True, capture_output=True)
    with out.open("rb") as handle:
        return {str(m.id) for m in read_po(handle) if m.id}


def test_the_client_marks_its_sentences_and_the_template_holds_them(client_ids: set[str]) -> None:
    assert {"Open a table", "Game log", "{name} took a {n}.", "{n} footprints"} <= client_ids
    with (LOCALE / "cattable.pot").open("rb") as handle:
        template = {str(m.id) for m in read_po(handle) if m.id}
    assert client_ids <= template, "run `make messages`"


def test_every_client_sentence_has_a_french_translation_with_the_same_fields(client_ids: set[str]) -> None:
    french = catalogue("fr")
    missing = sorted(client_ids - set(french))
    assert not missing, f"untranslated in fr: {missing}"
    for msgid in client_ids:
        assert fields(french[msgid]) == fields(msgid), (msgid, french[msgid])
        assert french[msgid].strip(), msgid


def test_t_is_a_keyword_of_the_typescript_only(tmp_path: Path) -> None:
    code = tmp_path / "both"
    code.mkdir()
    (code / "a.ts").write_text('const a = t("Hello {name}", { name }); const b = N_("word");\n')
    (code / "b.py").write_text('x = t("not a message")\ny = N_("a message")\n')
    out = tmp_path / "out.pot"
    subprocess.run([*EXTRACT, "-o", str(out), str(code)], check=True, capture_output=True)
    with out.open("rb") as handle:
        found = {str(m.id) for m in read_po(handle) if m.id}
    assert found == {"Hello {name}", "word", "a message"}


def test_the_extractor_reports_client_calls_as_the_command_line_keyword() -> None:
    from io import BytesIO

    got = list(extract_client(BytesIO(b't("One {n}", { n }); tn(n, N_("a"), N_("b"));'), ["N_"], [], {}))
    assert [(name, message) for _, name, message, _ in got] == [("N_", "One {n}"), ("N_", "a"), ("N_", "b")]


LITERAL = re.compile(r'\b(?:t|N_)\(\s*"((?:[^"\\]|\\.)*)"')


def test_every_literal_the_client_marks_is_extracted(client_ids: set[str]) -> None:
    """Babel's javascript extractor keeps only the outer call of t("a {x}", { x: t("b") }): a sentence
    nested in another's arguments would stay English on a French page, so every marked literal in the
    code (comments aside) must be in the extraction."""
    missed = []
    for path in sorted((ROOT / "client" / "src").rglob("*.ts")):
        if "generated" in path.parts:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith(("//", "*", "/*")):
                continue
            for found in LITERAL.finditer(line):
                msgid = found.group(1).replace('\\"', '"').replace("\\\\", "\\")
                if msgid not in client_ids:
                    missed.append(f"{path.name}: {msgid}")
    assert not missed, f"write these apart from the sentence that uses them: {missed}"
