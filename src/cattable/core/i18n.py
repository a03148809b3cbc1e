"""Messages and their translations: one gettext catalogue per language, shared by every door.

A move is announced as a ``Message``: an English template with named fields (the gettext msgid) and its
arguments. The server sends messages, not sentences, so two players reading one table in two languages
each see their own; the terminal and the browser render them with the same catalogues
(``locale/<lang>/LC_MESSAGES/cattable.po``, kept with Babel: ``make messages``).

Arguments that are words of a game (an item, a suit, a direction) are translated too, when the catalogue
has them; places stay as they are; a decimal number is written as the language writes it (4,5 in
French); a list is shown as its items joined by commas; an argument that is a message itself
(``{"msgid", "args"}``) is rendered in the same language. Seats and houses are numbered from 0 in the
arguments, as in every protocol field, and from 1 in what people read (``counted``).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr")
"""The languages cattable speaks; English is the templates themselves."""
DOMAIN = "cattable"


def N_(template: str) -> str:
    """Mark ``template`` for the catalogues (Babel extracts every ``N_("...")``) without translating it."""
    return template


COUNTED_FROM_ZERO: dict[str, frozenset[str]] = {}
"""Per template, the fields that hold a seat or house number: 0-based in the message's ``args`` (as every
protocol field), shown 1-based to people (``counted``)."""


def counted(template: str, *fields: str) -> str:
    """``template`` (marked with ``N_``) whose ``fields`` hold 0-based seat or house numbers (or lists of
    them): rendered, they read from 1, as the browser numbers seats ("cat 1" is the first seat)."""
    COUNTED_FROM_ZERO[template] = frozenset(fields) | COUNTED_FROM_ZERO.get(template, frozenset())
    return template


def _from_one(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list | tuple):
        return [_from_one(v) for v in value]
    return value


@dataclass(frozen=True)
class Message:
    """A sentence to show: an English ``msgid`` template with ``{named}`` fields, and their values."""

    msgid: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"msgid": self.msgid, "args": dict(self.args)}

    def render(self, lang: str = "en") -> str:
        return render(self.msgid, self.args, lang)


SILENT = Message("")
"""A move not told to a viewer at all (a seat's second secret choice of a round, such as Cat Cafe's cat
after its cat house: the others heard "has chosen" once). A log leaves it out."""


def check_language(lang: str) -> str:
    """``lang`` if cattable speaks it; a ValueError naming the ones it does otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; cattable speaks {', '.join(LANGUAGES)}")
    return lang


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every translated msgid of ``lang`` (English: empty, the templates are English)."""
    check_language(lang)
    if lang == "en":
        return {}
    from babel.messages.pofile import read_po

    path = resources.files("cattable") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        cat = read_po(handle)
    return {str(m.id): str(m.string) for m in cat if m.id and m.string and not m.fuzzy}


def translate(msgid: str, lang: str = "en") -> str:
    """``msgid`` in ``lang``, or ``msgid`` itself where the catalogue has no translation."""
    return catalogue(lang).get(msgid, msgid)


def fields(template: str) -> set[str]:
    """The named fields of a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def render(msgid: str, args: dict[str, Any], lang: str = "en") -> str:
    """The message in ``lang``, its word arguments translated. A field missing from ``args`` is shown as
    ``{name}`` rather than failing: a log line must never break a table."""
    shift = COUNTED_FROM_ZERO.get(msgid, frozenset())
    words = {k: _word(_from_one(v) if k in shift else v, lang) for k, v in args.items()}
    text = translate(msgid, lang)
    return _Numbers(lang).vformat(text, (), _Lenient(words))


def number(value: float, lang: str = "en", spec: str = "") -> str:
    """A number as a reader of ``lang`` writes it: French puts a comma before the decimals (4,5 cm)."""
    text = format(value, spec)
    return text.replace(".", ",") if lang == "fr" and isinstance(value, float) else text


def _word(value: Any, lang: str) -> Any:
    """An argument as a sentence shows it: a word translated, a list as its items one after another, a
    message (``{"msgid", "args"}``, e.g. why a game ended) rendered in the same language."""
    if isinstance(value, dict) and "msgid" in value:
        return render(str(value["msgid"]), dict(value.get("args") or {}), lang)
    if isinstance(value, str):
        return translate(value, lang)
    if isinstance(value, list | tuple):
        return ", ".join(number(w, lang) if isinstance(w := _word(v, lang), float) else str(w) for v in value)
    return value


class _Numbers(string.Formatter):
    """Fills a template's fields, its decimal numbers written as the language writes them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, float):
            return number(value, self.lang, format_spec)
        return str(super().format_field(value, format_spec))


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


CLIENT_KEYWORDS = ("t", "N_")
"""How the browser client marks its sentences (client/src/i18n.ts): ``t("...")`` and ``N_("...")``."""


def extract_client(fileobj: Any, keywords: Iterable[str], comment_tags: Any, options: Any) -> Iterator[Any]:
    """Babel's extraction method for the client's TypeScript (babel.cfg): its javascript extractor with
    the client's own keywords added, so that ``t`` is a keyword there and never in the Python code. Its
    calls are reported as ``N_`` calls (one string, the same shape), the keyword the command line knows."""
    from babel.messages.extract import extract_javascript

    own = dict.fromkeys([*keywords, *CLIENT_KEYWORDS])  # each takes one string: the default spec
    for lineno, funcname, message, comments in extract_javascript(fileobj, own, comment_tags, options):
        yield lineno, "N_" if funcname in CLIENT_KEYWORDS else funcname, message, comments
