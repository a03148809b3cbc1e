"""Each watcher is sent what changed in its own view since the version it holds (issue #29), and the full
view after a hello, an undo, a gap, or where a patch would not be shorter. Built in-process (the hub's
decisions, not the sockets): a client here keeps its view as the browser does and applies each patch."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cattable
from cattable.server import deltas
from cattable.server.encoding import frame
from cattable.server.hub import Hub
from cattable.server.table import Viewer
from tests.server.inprocess import Inbox, open_table, running_hub

MOVES = {"tower": 8}
"""Moves played per game (the tower's physics is slow); the others play 24."""


def wire(value: Any) -> Any:
    return json.loads(frame(value))


async def _settled(hub: Hub) -> None:
    """Wait for every move's follow-up (its fan-out) to be done."""
    for _ in range(2000):
        if not [t for t in hub._background if getattr(t.get_coro(), "__name__", "") == "_after_move"]:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the fan-out never finished")


async def _play(hub: Hub, table: str, rng: random.Random, n: int) -> None:
    """``n`` random moves, each by a seat that may choose now (the one to play first), each fanned out."""
    for i in range(n):
        t = await hub.table(table)
        if t.over:
            return
        seats = [s for s in range(t.row.players) if t.choices(s)]
        seat = t.state.current_player if t.state.current_player in seats else seats[0]
        assert seat is not None
        action = rng.choice(t.choices(seat)).to_json()
        await hub.act(table, seat, action, f"m{t.version}-{i}-{rng.randrange(10**9)}")
        await _settled(hub)


class Client:
    """What a client holds: the version and view of its last state; a patch applies to that version only."""

    def __init__(self, inbox: Inbox) -> None:
        self.inbox, self.read = inbox, 0
        self.version, self.view = -1, None
        self.deltas: list[dict[str, Any]] = []
        self.fulls: list[dict[str, Any]] = []

    def take(self) -> None:
        states = [m for m in self.inbox.messages if m["type"] == "state"]
        for msg in states[self.read :]:
            msg = wire(msg)
            if "delta" in msg:
                assert "view" not in msg and msg["base"] == self.version, "a patch from a version not held"
                self.view = deltas.apply(self.view, msg["delta"])
                self.deltas.append(msg)
            else:
                self.view = msg["view"]
                self.fulls.append(msg)
            self.version = msg["version"]
        self.read = len(states)


def _frames(hub: Hub, kind: str) -> float:
    return hub.metrics.registry.get_sample_value("cattable_state_frames_total", {"kind": kind}) or 0.0


@pytest.mark.parametrize("game", ["cafe", "washi", "attack", "tower"])
def test_every_watcher_rebuilds_its_own_view_from_the_patches(tmp_path: Path, game: str) -> None:
    """Two seats and a spectator follow a game move by move: each patch, applied to the view the watcher
    holds, gives its full view exactly; and it is the difference of that viewer's own two views (replayed
    from the record), so it carries nothing of another seat's hidden information."""

    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, game, [None, None])
            viewers: list[Viewer] = [0, 1, None]
            clients = {}
            for v in viewers:
                inbox = Inbox(v)
                await hub.watch(table, inbox)
                clients[v] = Client(inbox)
            rng = random.Random(7)
            t = await hub.table(table)
            for _ in range(MOVES.get(game, 24)):
                if t.over:
                    break
                await _play(hub, table, rng, 1)
                t = await hub.table(table)
                record = t.state.record()
                for v, client in clients.items():
                    client.take()
                    assert client.version == t.version
                    now = t.game.replay(record, t.version).view(v)
                    assert client.view == wire(now), f"{game}: viewer {v} holds a wrong view"
                    last = client.deltas[-1] if client.deltas else None
                    if last is not None and last["version"] == t.version and last["base"] == t.version - 1:
                        before = t.game.replay(record, t.version - 1).view(v)
                        assert last["delta"] == wire(deltas.diff(before, now))
            sent = {v: len(c.deltas) for v, c in clients.items()}
            assert all(n > 0 for n in sent.values()), f"{game}: no patches sent: {sent}"
            assert all(len(c.fulls) >= 1 for c in clients.values())  # the hello's
            assert _frames(hub, "delta") == sum(sent.values())
            assert _frames(hub, "full") == sum(len(c.fulls) for c in clients.values())

    asyncio.run(main())


def test_a_hello_after_a_reconnect_gets_the_full_view(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "washi", [None, None])
            await _play(hub, table, random.Random(1), 3)
            t = await hub.table(table)
            back = Inbox(0)
            back.seen = t.version - 1  # the hello's since: the version before, which a patch could have served
            await hub.watch(table, back)
            (msg,) = back.of_type("state")
            assert "delta" not in msg and msg["view"] == t.view(0) and msg["version"] == t.version

    asyncio.run(main())


def test_an_undo_sends_the_full_view_and_patches_follow_from_it(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "cafe", [None, None])
            watchers = {v: Inbox(v) for v in (0, 1, None)}
            for inbox in watchers.values():
                await hub.watch(table, inbox)
            t = await hub.table(table)
            seat = t.state.current_player
            assert seat is not None
            first = t.state.legal_actions()[0].to_json()  # taking a die: public, no chance
            await hub.act(table, seat, first, "draft")
            await _settled(hub)
            assert all("delta" in w.of_type("state")[-1] for w in watchers.values())
            ack = await hub.undo(table, seat, "undo")
            await _settled(hub)
            assert ack["undone"] is True and ack["version"] == 0
            t = await hub.table(table)
            for v, inbox in watchers.items():
                states = inbox.of_type("state")
                reset = next(m for m in states if m.get("reset"))
                assert "delta" not in reset and reset["version"] == 0 and reset["view"] == t.view(v)
                # after the reset, only patches from the version it holds
                assert all(m.get("base") == 0 for m in states[states.index(reset) + 1 :] if "delta" in m)
            await hub.act(table, seat, first, "draft-again")
            await _settled(hub)
            t = await hub.table(table)
            for v, inbox in watchers.items():
                last = inbox.of_type("state")[-1]
                assert last["base"] == 0 and last["version"] == 1
                assert deltas.apply(wire(t.game.replay(t.state.record(), 0).view(v)), wire(last["delta"])) == wire(
                    t.view(v)
                )

    asyncio.run(main())


def test_a_watcher_two_versions_behind_gets_the_full_view(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "washi", [None, None])
            await _play(hub, table, random.Random(2), 2)
            t = await hub.table(table)
            behind = Inbox(1)
            behind.seen = t.version - 1
            hub.actors[table].watchers.add(behind)  # a watcher whose last update never went out
            await _play(hub, table, random.Random(3), 1)
            (msg,) = behind.of_type("state")
            t = await hub.table(table)
            assert msg["version"] == t.version == behind.seen
            assert "delta" not in msg and msg["view"] == t.view(1)

    asyncio.run(main())


def test_a_patch_no_shorter_than_the_view_is_not_sent(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_hub(tmp_path) as hub:
            table = await open_table(hub, "washi", [None, None])
            await _play(hub, table, random.Random(4), 2)
            t = await hub.table(table)
            assert t.state_message(0, t.version - 1, 0.0, patch=True).get("delta") is not None
            t._prev_views[0] = {}  # a view of the version before that every field was added to
            msg = t.state_message(0, t.version - 1, 0.0, patch=True)
            assert "delta" not in msg and msg["view"] == t.view(0)
            assert "delta" not in t.state_message(0, t.version - 1, 0.0)  # no patch unless asked (a hello)

    asyncio.run(main())


def test_the_patch_of_one_viewer_never_names_what_another_seat_hides() -> None:
    """A patch is made from the viewer's own views: one seat's hand changing (cafe's dice are public, so
    attack's hands) shows in that seat's patch only."""
    rules = cattable.game("attack")
    state = rules.new(players=2, seed=3)
    rng = random.Random(3)
    before = {v: state.view(v) for v in (0, 1, None)}
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    after = {v: state.view(v) for v in (0, 1, None)}
    for v in (0, 1, None):
        patched = deltas.apply(wire(before[v]), wire(deltas.diff(before[v], after[v])))
        assert patched == wire(after[v])
        others = [o for o in (0, 1, None) if o != v and after[o] != after[v]]
        assert all(patched != wire(after[o]) for o in others)
