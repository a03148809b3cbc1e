"""The board's spaces in people's words, as the log tells them and the browser's board labels them.

A space's id (``r4_8``, ``g0b``, ``bh``) is for the action's text and JSON forms; a person reads "wall 3",
"paw-print 2 of house 1's garden", "the bird-house". Each place is a message (``{"msgid", "args"}``) that
every door renders in its reader's language. Numbers count from 1: a space is numbered among the spaces of
its kind in the same street, shop garden or house garden (walls and Curiosity spaces across the board), in
the board file's order; houses are numbered 1 to 6 (house 0 of the position is house 1). The browser's
board (``client/src/tables/attack-board.ts``, ``placeWords``) numbers and words them the same way.
"""

from __future__ import annotations

from typing import Any

from cattable.core.i18n import N_, Message

from .board import Board, standard_board

LARDER = "larder"
"""A creature's source in a retired house's larder is written ``larder<house>`` in actions."""

PLACES: dict[str, str] = {
    "street": N_("space {n} of the {street} street"),
    "shop_garden": N_("paw-print {n} of the {shop}'s garden"),
    "burglar": N_("the {shop}'s Cat Burglar paw-print"),
    "home": N_("house {house}'s Home space"),
    "garden": N_("paw-print {n} of house {house}'s garden"),
    "wall": N_("wall {n}"),
    "curiosity": N_("Curiosity space {n}"),
    "mouse_space": N_("the mouse space"),
    "bird_space": N_("the bird space"),
    "mouse_hole": N_("the mouse-hole"),
    "bird_house": N_("the bird-house"),
    LARDER: N_("house {house}'s larder"),
}
"""Each kind of place and how it is told; ``n`` is the space's number, ``house`` counts from 1."""


def _group(board: Board, i: int) -> int:
    kind = board.kind[i]
    if kind == "street":
        return board.street_of[i]
    if kind == "shop_garden":
        return board.shop_garden_of[i]
    if kind in ("home", "garden"):
        return board.house_of[i]
    return -1


def _numbers(board: Board) -> tuple[int, ...]:
    """Each space's number among the earlier spaces of its kind and group, from 1 (kept in the board's
    memo)."""
    kept: tuple[int, ...] | None = board.memo.get("place numbers")
    if kept is not None:
        return kept
    seen: dict[tuple[str, int], int] = {}
    out = []
    for i, kind in enumerate(board.kind):
        key = (kind, _group(board, i))
        seen[key] = seen.get(key, 0) + 1
        out.append(seen[key])
    board.memo["place numbers"] = kept = tuple(out)
    return kept


def place(space: str, board: Board | None = None) -> Message:
    """The space with id ``space`` (or ``larder<h>``) in words."""
    b = board or standard_board()
    if space.startswith(LARDER) and space[len(LARDER) :].isdigit():
        return Message(PLACES[LARDER], {"house": int(space[len(LARDER) :]) + 1})
    i = b.index[space]
    kind = b.kind[i]
    args: dict[str, Any] = {}
    if kind in ("street", "shop_garden", "garden", "wall", "curiosity"):
        args["n"] = _numbers(b)[i]
    if kind == "street":
        args["street"] = b.street_names[b.street_of[i]]
    elif kind == "shop_garden":
        args["shop"] = b.shop_names[b.shop_garden_of[i]]
    elif kind == "burglar":
        args["shop"] = b.shop_names[b.burglar_of[i]]
    elif kind in ("home", "garden"):
        args["house"] = b.house_of[i] + 1
    return Message(PLACES[kind], args)


def place_json(space: Any) -> Any:
    """``place`` as a message argument (``{"msgid", "args"}``); anything that is not a space as it is."""
    if not isinstance(space, str):
        return space
    try:
        return place(space).to_json()
    except KeyError:
        return space
