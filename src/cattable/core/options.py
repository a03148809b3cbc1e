"""Game options declared once, validated once, with errors that list what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError
from .i18n import N_, Message

KIND_NAMES = {int: "a whole number", float: "a number", bool: "true or false", str: "text"}
ALLOWED = {
    int: N_("a whole number, default {default}"),
    float: N_("a number, default {default}"),
    bool: N_("true or false, default {default}"),
    str: N_("text, default {default}"),
}
"""What ``Option.allowed`` says of an open-ended option, as a message a lobby shows translated."""
CHOICES = N_("allowed: {values}")
BOOLEANS = (N_("True"), N_("False"))
"""A true-or-false option's default as ``allowed`` says it: words the catalogues translate."""


@dataclass(frozen=True)
class Option:
    """One option a game accepts: its default, its allowed values (or a check) and what it means."""

    name: str
    default: Any
    help: str
    choices: Sequence[Any] | None = None
    kind: type = str
    check: Callable[[Any], str | None] | None = None
    """Returns a complaint for a bad value (for open-ended values such as a map path)."""

    def parse(self, raw: Any) -> Any:
        """Accept the value itself or its text (from the command line) and check it."""
        value = raw
        if isinstance(raw, str) and self.kind is not str:
            try:
                if self.kind is bool:
                    low = raw.strip().lower()
                    if low not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                        raise ValueError(raw)
                    value = low in ("true", "1", "yes", "on")
                else:
                    value = self.kind(raw)
            except ValueError:
                expected = f"expected {KIND_NAMES.get(self.kind, self.kind.__name__)}; {self.allowed()}"
                raise OptionError(f"option {self.name}={raw!r}: {expected}") from None
        if self.kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool)):
            kind = KIND_NAMES.get(self.kind, self.kind.__name__)
            raise OptionError(f"option {self.name}={raw!r}: expected {kind}; {self.allowed()}") from None
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name}={raw!r} is not allowed; {self.allowed()}")
        if self.check is not None:
            complaint = self.check(value)
            if complaint:
                raise OptionError(f"option {self.name}={raw!r}: {complaint}")
        return value

    def allowed(self) -> str:
        """What values it takes, in English (errors and ``cattable games`` say it so)."""
        return self.allowed_message().render()

    def allowed_message(self) -> Message:
        """``allowed`` as a message, for a door that speaks another language (the browser's lobby)."""
        if self.choices is not None:
            return Message(CHOICES, {"values": ", ".join(repr(c) for c in self.choices)})
        if self.kind in ALLOWED:
            return Message(ALLOWED[self.kind], {"default": repr(self.default)})
        return Message("{allowed}", {"allowed": f"{self.kind.__name__}, default {self.default!r}"})


def validate_options(game_name: str, declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Fill defaults and check every given option; unknown names are an error listing the known ones."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(f"{o.name} ({o.allowed()})" for o in declared) or "none"
        raise OptionError(f"{game_name}: unknown option(s) {', '.join(unknown)}; known options: {known}")
    out: dict[str, Any] = {}
    for o in declared:
        out[o.name] = o.parse(given[o.name]) if o.name in given else o.default
    return out
