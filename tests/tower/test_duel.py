"""The duel's card flow (``games/tower/duel.py``): public cards only, forced storeys, and the bot's card choice."""

from __future__ import annotations

from typing import Any

import pytest

from cattable.core import Action
from cattable.games.tower import duel
from cattable.games.tower.actions import Choose
from cattable.games.tower.search import _best_duel_plays

from .helpers import new, set_actions, with_reading

NORMAL = duel.RISK["normal"]


def _duel_at(height: int, *faceup: str) -> tuple[dict[str, Any], list[Action]]:
    """A two-player competitive view whose tower reads ``height`` storeys, these cards face-up, and the
    card plays the rules allow."""
    s = new(players=2, mode="competitive", steadiness="normal")
    set_actions(s, *faceup)
    with_reading(s, floor_levels={f"F{k}": k for k in range(1, height + 1)})
    legal = s.legal_actions()
    assert all(isinstance(a, Choose) for a in legal)
    return s.view(0), legal


def test_cards_sort_into_walls_only_cats_only_and_both() -> None:
    assert [duel.kind_of(c) for c in ("A01", "A14", "A15", "A20", "A09", "A12")] == ["W", "W", "C", "C", "D", "D"]


def test_the_deck_is_every_card_not_face_up_and_not_discarded() -> None:
    # FAQ: "any player at any time can check the contents of both the Action and Goal Card discard piles"
    view, _ = _duel_at(3, "A01", "A15", "A09")
    view["action_discard"] = ["A02", "A16"]
    flow = duel.flow_of(view)
    assert flow.display == (1, 1, 1)
    assert flow.deck == (10 - 2, 6 - 2, 4 - 1)


def test_a_re_dealt_deck_never_changes_the_values() -> None:
    s = new(players=2, mode="competitive", steadiness="normal")
    set_actions(s, "A01", "A15", "A09")
    plays = [("cat", "A15"), ("wall", "A01"), ("wall", "A09")]
    before = duel.values(s.view(0), plays)
    s.action_deck = list(reversed(s.action_deck))
    s.hands[1] = list(reversed(s.hands[1]))
    assert duel.values(s.view(0), plays) == before


def test_draw_chances_add_up_and_an_empty_deck_is_the_discards_reshuffled() -> None:
    draws = duel._draws((1, 1, 0), (3, 1, 2))
    assert sum(p for p, _, _ in draws) == pytest.approx(1.0)
    assert {shown for _, shown, _ in draws} == {(2, 1, 0), (1, 2, 0), (1, 1, 1)}
    reshuffled = duel._draws((1, 1, 0), (0, 0, 0))
    assert sum(p for p, _, _ in reshuffled) == pytest.approx(1.0)
    assert all(sum(deck) == 20 - 3 for _, _, deck in reshuffled)


def test_a_storey_on_a_tall_tower_is_riskier_than_on_a_short_one() -> None:
    assert NORMAL.storey(5) < 0.01 < NORMAL.storey(15) < NORMAL.storey(19) < 0.5
    assert NORMAL.feline(18) < NORMAL.storey(18)


def test_with_only_wall_cards_on_a_tall_tower_the_mover_is_the_likelier_loser() -> None:
    # "The player who causes the Tower to fall immediately moves their Ranking Token to last place."
    forced = duel.win_chance(19, (3, 0, 0), (7, 6, 4), duel.DEPTH, NORMAL)
    free = duel.win_chance(19, (2, 1, 0), (8, 5, 4), duel.DEPTH, NORMAL)
    assert forced < 0.5 < free


def test_on_a_tall_tower_the_bot_takes_the_cat_card_and_leaves_the_building() -> None:
    view, legal = _duel_at(18, "A01", "A15", "A02")
    assert len(legal) == 4
    kept = _best_duel_plays(view, legal)
    assert kept and all(isinstance(a, Choose) and a.card == 2 for a in kept)


def test_on_a_short_tower_the_flow_does_not_decide_alone() -> None:
    view, legal = _duel_at(3, "A01", "A15", "A02")
    assert len(_best_duel_plays(view, legal)) > 1
