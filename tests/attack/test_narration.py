"""What the table sees happen: the event log in each view, the announcement of an action, and the drawing.

Chance and its effects (the die, lives lost, the car, Curiosity cards) are told to every seat; a card
exchange's cards only to the two cats in it, a card drawn only to the cat that draws it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from rich.console import Console

from cattable.core.i18n import render as say
from cattable.games.attack.actions import Swap
from cattable.games.attack.board import standard_board
from cattable.games.attack.cards import card_name
from cattable.games.attack.game import SWAP, AttackState
from cattable.interfaces.terminal.drawings.attack import render
from tests.rulebook import rule

from .helpers import items, play, put_mouse, rig_dice, table, top_curiosity

BOOK = "cat-attack.txt"
HAND = ["cat1", "cat2", "cat3", "bird1", "bird2", "mouse5"]


def _events(s: AttackState, seat: int | None, msg: str) -> list[dict[str, Any]]:
    return [e for e in s.view(seat)["log"] if e["id"] == msg]


def _said(event: dict[str, Any], lang: str = "en") -> str:
    """An event as a door tells it: its message (template and arguments) in ``lang``."""
    return say(event["msgid"], event["args"], lang)


def _drawn(s: AttackState, seat: int | None, width: int = 120, lang: str = "en") -> str:
    console = Console(width=width, height=100, record=True, color_system=None)  # tall: the full graph
    console.print(render(s.view(seat), seat, lang))
    return console.export_text()


def _exchange() -> tuple[AttackState, Swap]:
    """Cat 0 lands on cat 1 and must choose the exchange; cat 2 watches. The swap's cards are ones the
    watcher could not know of otherwise: not in its hand, not played."""
    s = table(players=3, at={0: "r4_7", 1: "r4_8"}, hand=HAND)
    s.hands[1] = [26, 25, 24, 16, 15, 14]  # bird6 bird5 bird4 mouse6 mouse5 mouse4
    s.deck = [c for c in s.deck if c not in (26, 25, 24, 16, 15, 14)] + [26, 25, 24, 16, 15, 14]
    s.hands[2] = [1, 1, 2, 2, 3, 3]
    rig_dice(s, 1)
    play(s, "cat 1 r4_8")
    assert s.phase == SWAP and s.current_player == 0
    swap = Swap("swap", 24, 21)  # take bird4, give bird1
    assert swap in s.legal_actions()
    return s, swap


@rule(BOOK, "Make sure none of the other players sneaks a peek.")
def test_an_exchange_is_announced_in_full_only_to_the_two_cats_in_it() -> None:
    s, swap = _exchange()
    secret = ("bird4", "bird1")
    for viewer in (2, None):
        told = s.public_text(swap, viewer)
        assert "exchange" in told and not any(c in told for c in secret)
    for viewer in (0, 1):
        assert s.public_text(swap, viewer) == "swap bird4 bird1"
    s.apply(swap)
    for viewer in (2, None):
        (event,) = _events(s, viewer, "exchange")
        assert event["args"] == {"cat": 0, "other": 1}
        assert "exchange a card" in _said(event) and "échangent une carte" in _said(event, "fr")
        assert not _events(s, viewer, "exchange_cards")
        log = json.dumps(s.view(viewer)["log"])
        assert not any(c in log for c in secret)
    for viewer in (0, 1):
        (event,) = _events(s, viewer, "exchange_cards")
        assert event["args"] == {"cat": 0, "other": 1, "take": "bird4", "give": "bird1"}
        assert "bird4" in _said(event) and "bird1" in _said(event, "fr")
    # the third seat's drawing says an exchange happened and shows none of its cards
    seen_by_2 = [line for line in _drawn(s, 2).splitlines() if "exchange" in line]
    assert seen_by_2 and not any(c in line for line in seen_by_2 for c in secret)
    assert any("bird4" in line for line in _drawn(s, 1).splitlines() if "takes" in line)
    # and so in French: the watcher's drawing tells the exchange in French, still without its cards
    in_french = [line for line in _drawn(s, 2, lang="fr").splitlines() if "échangent" in line]
    assert in_french and not any(c in line for line in in_french for c in secret)
    assert any("bird4" in line for line in _drawn(s, 0, lang="fr").splitlines() if "prend" in line)


@rule(BOOK, "Don't let other players see your cards.")
@rule(BOOK, "pick up as many cards as you need to replenish your hand back up to six")
def test_a_card_drawn_is_named_only_to_the_cat_that_draws_it() -> None:
    s = table(players=3, at={0: "r4_7"}, hand=HAND)
    rig_dice(s, 1)
    play(s, "cat 1 r4_6")
    (own,) = _events(s, 0, "drew_cards")
    assert own["args"]["cards"] == [card_name(s.hands[0][-1])]
    for viewer in (1, 2, None):
        (event,) = _events(s, viewer, "drew")
        assert event["args"] == {"cat": 0, "count": 1} and _said(event) == "Cat 1 draws 1 card."
        assert _said(event, "fr") == "Le chat 1 pioche 1 carte."
        assert not _events(s, viewer, "drew_cards")


@rule(BOOK, "Roll the die to move your cat.")
@rule(BOOK, "the cat you land on loses a life and goes home.")
def test_every_seat_is_told_the_roll_and_the_lives_lost() -> None:
    s = table(players=3, at={0: "r4_7", 1: "r4_9"}, hand=HAND)
    rig_dice(s, 2)
    play(s, "cat 1 r4_6")
    for viewer in (0, 1, 2, None):
        assert any(e["args"] == {"cat": 0, "roll": 2} for e in _events(s, viewer, "rolled"))
    s2 = table(players=3, at={0: "r4_7", 1: "r4_8"}, hand=HAND)
    play(s2, "cat 1 r4_8")
    for viewer in (0, 1, 2, None):
        (hit,) = _events(s2, viewer, "attacked")
        assert hit["args"] == {"cat": 0, "victim": 1, "at": "r4_8"}
        (lost,) = _events(s2, viewer, "lives_lost")
        assert lost["args"] == {"cat": 1, "lost": 1, "left": 8}
        assert _said(lost) == "Cat 2 loses 1 life (8 left) and goes home."


@rule(BOOK, "Read out the instruction on the card and do as it says.")
@rule(BOOK, "those cats all lose one life and go home.")
def test_the_curiosity_card_and_the_cars_drive_are_told_to_everyone() -> None:
    s = table(players=4, at={0: "r4_9", 1: "n2", 2: "e5"}, hand=HAND)
    top_curiosity(s, "car1")
    rig_dice(s, 1)
    play(s, "cat 1 q1")
    for viewer in (0, 1, 2, 3, None):
        log = s.view(viewer)["log"]
        ids = [e["id"] for e in log]
        assert ids.index("card") < ids.index("moved") < ids.index("curiosity") < ids.index("car")
        (car,) = [e for e in log if e["id"] == "car"]
        assert car["args"] == {"src": None, "street": "East"}
        assert _said(car) == "Curiosity: the car drives from the car park to the East street."
        assert _said(car, "fr") == "Curiosité : la voiture quitte le parking pour la rue Est."
        lost = [e["args"]["cat"] for e in log if e["id"] == "lives_lost"]
        assert lost == [1, 2]
    s = table(players=2, at={0: "r4_9", 1: "f2"}, hand=HAND)
    top_curiosity(s, "shop0")
    play(s, "cat 1 q1")
    texts = [_said(e) for e in s.view(1)["log"]]
    assert "Curiosity: the Fishmonger closes." in texts
    assert "Cat 2 loses 1 life (8 left) and goes home." in texts


@rule(BOOK, "All three possible routes are blocked so you lose three Life Tokens and go home.")
def test_a_cornered_cat_is_told_why_and_what_it_lost() -> None:
    s = table(
        players=3, at={0: "r4_9", 1: "r4_8", 2: "r4_10"}, hand=["cat2", "bird1", "bird2", "bird3", "mouse1", "speedy"]
    )
    s.car = 0
    s.larder[s.house_of[0]] = items("mouse")
    put_mouse(s, "r6_9")
    rig_dice(s, 6)
    play(s, "cat 2 cornered")
    for viewer in (0, 1, None):
        (c,) = _events(s, viewer, "cornered")
        assert c["args"] == {"cat": 0, "reasons": ["car", "cat", "mouse"]}
        (lost,) = _events(s, viewer, "lives_lost")
        assert lost["args"] == {"cat": 0, "lost": 3, "left": 6}
        assert _said(c, "fr") == "Le chat 1 est coincé (voiture, chat, souris)."


def test_the_log_is_json_kept_by_determinize_and_shown_by_the_drawing() -> None:
    s = table(players=3, at={0: "r4_7"}, hand=HAND)
    rig_dice(s, 3)
    play(s, "cat 1 r4_6")
    for seat in (0, 1, 2, None):
        view = s.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert all(set(e) == {"n", "id", "msgid", "args"} for e in view["log"])
    mine = s.view(0)["log"]
    for event in mine:
        for value in event["args"].values():
            if isinstance(value, list):
                value.append("scribble")
        event["args"].clear()
    assert "scribble" not in json.dumps(s.view(0)) and all(e["args"] for e in s.view(0)["log"])
    other = s.determinize(1, random.Random(4))
    assert other.view(1)["log"] == s.view(1)["log"]
    for width in (120, 80):
        text = _drawn(s, 1, width)
        assert "Cat 1 rolls 3." in text and "Cat 1 plays cat1." in text


def test_every_space_a_move_names_is_on_the_board_or_read_off_its_rulers() -> None:
    """A person with only the rulebook can type any move: each empty space shows its id; a wall space
    ``r<row>_<col>`` is a dot on the row and column the rulers number."""
    b = standard_board()
    s = table(players=2)
    occupied = {s.pos[0], s.pos[1]}
    for width in (120, 80):
        lines = _drawn(s, 0, width).splitlines()
        ruler = lines[0]
        assert ruler.split()[:3] == ["0", "1", "2"], "the columns are numbered above the board"
        left = ruler.index("0")
        assert "r<row>_<col>" in "\n".join(lines)
        for i, sid in enumerate(b.ids):
            if i in occupied:
                continue
            r, c = b.at[i]
            line, x = lines[1 + 2 * r], left + 4 * c
            if b.kind[i] == "wall":
                assert sid == f"r{r}_{c}"
                assert line[x : x + 3].strip() == "·", sid
                assert line[:left].strip() == str(r) and ruler[x : x + 2].strip() == str(c), sid
            else:
                assert line[x : x + 3].strip() == sid, (sid, line[x : x + 3])
