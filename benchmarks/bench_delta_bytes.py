"""Bytes a watcher is sent per move, full views against patches (issue #29: "send each seat what changed
since the last version it acknowledged").

Run: .venv/bin/python benchmarks/bench_delta_bytes.py [--seeds 3] [--moves 40] [--json]

A hub in this process over a SQLite file (no sockets: the frames are the texts the hub hands each
connection), one table per game and seed with a person in each of two seats, both seats and a spectator
watching. Random legal moves (seeded) are played one at a time, each fanned out. For every ``state`` frame
sent after a move, its bytes are counted beside the bytes the same message would have had with the full view
(the frame before issue #29); and, for the frames with a patch, the bytes of the view it stands for and of
the patch itself (the rest of a frame, the legal actions, seats and log lines, is sent as before). Then the
CPU cost: each game is played first with the same move seed and patches turned off (``Table.view_patch``
answering None: every frame full, as before), the anchor, and the process's CPU seconds per move (rules,
store, fan-out) are given as a ratio, patches over full views (the deal is the table's own secret seed, so
the two games differ: the ratio is noisy, a few per cent). The tower plays fewer moves (``--tower-moves``):
its physics is slow.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cattable.server import protocol as wire
from cattable.server.encoding import frame
from cattable.server.hub import Hub, SeatSpec
from cattable.server.store import Store
from cattable.server.table import Table, Viewer

GAMES = ("cafe", "washi", "attack", "tower")


class Counter:
    """A watcher that counts the bytes of each frame it is sent, and what the full view would have cost."""

    def __init__(self, viewer: Viewer, hub: Hub, table_id: str) -> None:
        self.viewer, self.seen = viewer, 0
        self.hub, self.table_id = hub, table_id
        self.sent: list[int] = []
        self.full: list[int] = []
        self.kinds: list[str] = []
        self.views: list[int] = []
        self.patches: list[int] = []
        """For each frame sent with a patch: the bytes of the view it stands for, and of the patch."""

    async def send(self, message: wire.ServerMessage, text: str | None = None) -> None:
        if message["type"] != "state" or self.seen == 0:
            return  # the hello's answer is a full view in either case
        text = frame(message) if text is None else text
        whole: dict[str, Any] = {k: v for k, v in message.items() if k not in ("delta", "base")}
        whole["view"] = self.hub.actors[self.table_id].table.view(self.viewer)
        self.sent.append(len(text.encode()))
        self.full.append(len(frame(whole).encode()))
        self.kinds.append("delta" if "delta" in message else "full")
        if "delta" in message:
            self.views.append(len(frame(whole["view"]).encode()))
            self.patches.append(len(frame(message["delta"]).encode()))

    async def close(self, reason: str, *, final: bool = True) -> None:
        pass


async def _settled(hub: Hub) -> None:
    while [t for t in hub._background if getattr(t.get_coro(), "__name__", "") == "_after_move"]:
        await asyncio.sleep(0.002)


def _no_patch(self: Table, viewer: Viewer, base: int) -> None:
    return None


async def one_game(root: Path, game: str, seed: int, moves: int, patches: bool) -> dict[str, Any]:
    store = Store(f"sqlite:///{root / f'{game}-{seed}-{patches}.db'}")
    original = Table.view_patch
    if not patches:
        Table.view_patch = _no_patch  # type: ignore[method-assign]
    hub = Hub(store)
    await hub.start()
    try:
        made = await hub.create(game, 2, {}, [SeatSpec("A"), SeatSpec("B")], "public")
        table_id = str(made["table"])
        watchers = [Counter(v, hub, table_id) for v in (0, 1, None)]
        for w in watchers:
            await hub.watch(table_id, w)
        rng = random.Random(seed)
        started, played = time.process_time(), 0
        for i in range(moves):
            t = await hub.table(table_id)
            if t.over:
                break
            seats = [s for s in range(2) if t.choices(s)]
            seat = t.state.current_player if t.state.current_player in seats else seats[0]
            assert seat is not None
            await hub.act(table_id, seat, rng.choice(t.choices(seat)).to_json(), f"m{i}")
            await _settled(hub)
            played += 1
        cpu = time.process_time() - started
        sent = [n for w in watchers for n in w.sent]
        full = [n for w in watchers for n in w.full]
        kinds = [k for w in watchers for k in w.kinds]
        views = [n for w in watchers for n in w.views]
        patch_sizes = [n for w in watchers for n in w.patches]
        return {
            "sent": sent,
            "full": full,
            "deltas": kinds.count("delta"),
            "views": views,
            "patches": patch_sizes,
            "cpu": cpu,
            "moves": played,
        }
    finally:
        Table.view_patch = original  # type: ignore[method-assign]
        await hub.close()
        store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--tower-moves", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            sent: list[int] = []
            full: list[int] = []
            deltas = 0
            view_sizes: list[int] = []
            patch_sizes: list[int] = []
            cpu = {True: 0.0, False: 0.0}
            moves = {True: 0, False: 0}
            for seed in range(1, args.seeds + 1):
                for patches in (False, True):  # the anchor first, then the same game with patches
                    n = args.tower_moves if game == "tower" else args.moves
                    got = await one_game(Path(tmp), game, seed, n, patches)
                    cpu[patches] += got["cpu"]
                    moves[patches] += got["moves"]
                    if patches:
                        sent += got["sent"]
                        full += got["full"]
                        deltas += got["deltas"]
                        view_sizes += got["views"]
                        patch_sizes += got["patches"]
            rows.append(
                {
                    "game": game,
                    "frames": len(sent),
                    "delta_frames": deltas,
                    "mean_full_bytes": statistics.mean(full),
                    "mean_sent_bytes": statistics.mean(sent),
                    "sent_over_full": sum(sent) / sum(full),
                    "mean_view_bytes": statistics.mean(view_sizes),
                    "mean_patch_bytes": statistics.mean(patch_sizes),
                    "cpu_ms_per_move_full": 1000 * cpu[False] / moves[False],
                    "cpu_per_move_patch_over_full": (cpu[True] / moves[True]) / (cpu[False] / moves[False]),
                }
            )
    load = os.getloadavg()
    if args.json:
        print(json.dumps({"rows": rows, "load": load}, indent=1))
        return
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    head = ("game", "frames", "deltas", "full B", "sent B", "sent/full", "view B", "patch B", "ms/move", "CPU ratio")
    print(f"{head[0]:8} " + " ".join(f"{h:>9}" for h in head[1:]))
    for r in rows:
        print(
            f"{r['game']:8} {r['frames']:9d} {r['delta_frames']:9d} {r['mean_full_bytes']:9.0f} "
            f"{r['mean_sent_bytes']:9.0f} {r['sent_over_full']:9.2f} {r['mean_view_bytes']:9.0f} "
            f"{r['mean_patch_bytes']:9.0f} {r['cpu_ms_per_move_full']:9.2f} "
            f"{r['cpu_per_move_patch_over_full']:9.2f}"
        )


if __name__ == "__main__":
    asyncio.run(main())
