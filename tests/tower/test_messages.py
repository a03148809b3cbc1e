"""The texts players read: why a wall is refused, and the log line for fallen walls (an audit found
"this card asks for bricks and bricks, not bricks" and "wall debris 40 of 5")."""

from __future__ import annotations

from cattable.games.tower import debris, events, pending, reasons
from cattable.games.tower.actions import Goal, Wall
from cattable.games.tower.game import TowerState
from cattable.games.tower.phases import Phase
from cattable.games.tower.pieces import wall_id

from .helpers import new, refresh


def holding(*types: str, out_of_stock: str = "") -> list[str]:
    """Why each wall type is refused by a hand that holds walls of ``types`` (and maybe a type used up)."""
    s = new()
    if out_of_stock:
        s.wall_debris = [wall_id(out_of_stock, k) for k in range(1, 13)]
    s.phase = Phase.PLACE
    s.card = "A01"
    s.pending = [*(pending.wall(t) for t in types), pending.floor()]
    refresh(s)
    return [
        reasons.why_not(s, Wall("wall", t, 3.0, 3.0, 225.0, 90.0)) or ""
        for t in ("bricks", "windows", "arches", "angels", "pillars")
    ]


def test_a_wall_type_the_card_does_not_ask_for_is_named_plainly() -> None:
    assert holding("bricks", "bricks")[1] == "this card asks for two bricks walls, not windows"
    assert holding("windows", "arches")[0] == "this card asks for one windows wall and one arches wall, not bricks"
    assert holding("arches")[4] == "this card asks for one arches wall, not pillars"


def test_a_wall_type_out_of_stock_says_so_and_names_the_others() -> None:
    why = holding("bricks", "bricks", out_of_stock="bricks")
    assert why[0] == "no bricks wall is left in stock: place windows, arches, angels or pillars instead"
    assert why[1] == ""  # another type stands in (the FAQ)


def told(s: TowerState, walls: list[str], lang: str = "en") -> str:
    msgid, args = debris.walls_fell(s, walls)
    return events.text(events.message(msgid, **args), lang)


def test_the_fallen_walls_line_counts_towards_five_and_past_it() -> None:
    s = new()
    s.wall_debris = ["W-bricks-1"]
    assert told(s, ["W-bricks-1"]) == ("W-bricks-1 falls (set aside): 1 fallen wall so far (the tower comes down at 5)")
    many = [wall_id("windows", k) for k in range(1, 13)]
    s.wall_debris = [wall_id("bricks", k) for k in range(1, 13)] * 3 + many[:4]
    assert told(s, many[:4]) == (
        "W-windows-1, W-windows-2, W-windows-3 and 1 more fall (set aside): 40 fallen walls, "
        "and the tower comes down at 5"
    )
    assert told(s, many[:2]).startswith("W-windows-1 and W-windows-2 fall (set aside): ")
    fr = new(edition="fr")
    fr.wall_debris = ["W-bricks-1", "W-bricks-2"]
    assert told(fr, ["W-bricks-2"]) == (
        "W-bricks-2 falls (back to the reserve): 2 fallen walls so far (the tower comes down at 5)"
    )


def test_a_goal_worth_one_floor_is_told_in_the_singular() -> None:
    """The log read "climbs 1 floors"; one floor is told "climbs 1 floor", more in the plural, in French too."""
    s = new()
    one = s.public_message(Goal("goal", 1, 1), None)
    two = s.public_message(Goal("goal", 2, 2), None)
    assert one.render("en") == "completes Goal card 1 and climbs 1 floor"
    assert two.render("en") == "completes Goal card 2 and climbs 2 floors"
    assert one.render("fr") == "réalise la carte Mission 1 et monte d'un étage"
