"""The lobby gives each seat of a tower table its own hand: a select per seat row (bots too), the
table's steadiness until a seat chooses another; the table opens with the option seat_steadiness."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server, get


def test_a_tower_table_opens_with_each_seats_own_hand(server: Server, context: Any) -> None:
    page = context.new_page()
    page.goto(server.base + "/")
    page.select_option("select[name=game]", "cafe")
    assert page.locator("select[name=hand0]").count() == 0  # only the tower's seats have hands
    page.select_option("select[name=game]", "tower")
    page.fill("input[name=players]", "2")
    page.dispatch_event("input[name=players]", "change")
    page.select_option("select[name=kind1]", "heuristic")
    assert page.locator("select[name=hand1]").input_value() == "careful"  # the table's steadiness
    page.select_option("select[name=hand0]", "steady")
    page.select_option("select[name=hand1]", "wobbly")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url("**/t/**")  # straight to the table
    table = page.evaluate("() => location.pathname").split("/t/")[1]
    view = get(f"{server.base}/api/tables/{table}")["view"]  # a spectator's: every seat's hand
    assert view["seat_steadiness"] == ["steady", "wobbly"]
