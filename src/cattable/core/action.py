"""What every action value offers: a text form and a JSON form that both round-trip."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """An immutable, hashable move. Games define their own frozen dataclasses with these two methods."""

    def text(self) -> str:
        """The form people type and logs show; the game's ``parse_action`` reads it back."""
        ...

    def to_json(self) -> Any:
        """The form records and the web use; the game's ``action_from_json`` reads it back."""
        ...
