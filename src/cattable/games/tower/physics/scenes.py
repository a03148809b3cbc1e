"""Ready-made building steps for tests, benchmarks and the bot's what-ifs.

A storey here is two folded walls at opposite corners of the top floor (creases at (-3, -3) and
(3, 3) cm, opening towards the centre) and a floor laid on them, each placed through the hand model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .hand import noise
from .world import Blocked, TowerWorld

Draw = Callable[[float], float]
CORNERS: tuple[tuple[float, float, float], tuple[float, float, float]] = (
    (-3.0, -3.0, 45.0),
    (3.0, 3.0, -135.0),
)


def no_noise(_sigma: float) -> float:
    """A perfect hand."""
    return 0.0


class Builder:
    """Places pieces with hand noise and hands out unused piece ids."""

    def __init__(self, world: TowerWorld, steadiness: str | float = 0.0, draw: Draw = no_noise):
        self.world = world
        self.steadiness = steadiness
        self.draw = draw
        self.used: dict[str, int] = {}
        self.refused: list[Blocked] = []
        """Placements the world refused (aimed inside a piece: a fallen storey lies where they go)."""

    def next_id(self, wall_type: str) -> str:
        """The next wall of a type not on the table yet."""
        k = self.used.get(wall_type, 0)
        while True:
            k += 1
            pid = f"W-{wall_type}-{k}"
            if pid not in self.world.active:
                self.used[wall_type] = k
                return pid

    def next_floor(self) -> str:
        """The lowest-numbered floor still in the stock."""
        for k in range(2, 25):
            if f"F{k}" not in self.world.active:
                return f"F{k}"
        raise ValueError("no floor left in the stock")

    def _shake(self, pid: str, n: dict[str, float]) -> None:
        self.world.nudge(pid, n["dx"], n["dy"], n["dz"], n["droll"], n["dpitch"], n["dyaw"])
        self.world.settle()

    def wall(self, wall_type: str, x: float, y: float, yaw: float, fold: float = 90.0) -> str:
        """Place one wall with hand noise and let it settle; "" if the world refused it."""
        pid = self.next_id(wall_type)
        n = noise(self.steadiness, self.draw)
        try:
            self.world.place_wall(pid, x, y, yaw, fold + n["dfold"])
        except Blocked as error:
            self.refused.append(error)
            return ""
        self._shake(pid, n)
        return pid

    def floor(self, x: float = 0.0, y: float = 0.0, yaw: float = 0.0) -> str:
        """Lay the next floor with hand noise and let it settle; "" if the world refused it."""
        pid = self.next_floor()
        n = noise(self.steadiness, self.draw)
        try:
            self.world.place_floor(pid, x, y, yaw)
        except Blocked as error:
            self.refused.append(error)
            return ""
        self._shake(pid, n)
        return pid

    def storey(self, pair: tuple[str, str], fold: float = 90.0, floor_at: tuple[float, float] = (0.0, 0.0)) -> str:
        """Two walls at opposite corners and a floor on them; returns the new floor's id."""
        for wall_type, (x, y, yaw) in zip(pair, CORNERS, strict=True):
            self.wall(wall_type, x, y, yaw, fold)
        return self.floor(*floor_at)

    def tower(self, pairs: Iterable[tuple[str, str]], fold: float = 90.0) -> list[str]:
        """Storeys one after the other; stops at the first debris or refusal. Returns the floors laid."""
        floors = []
        for pair in pairs:
            floors.append(self.storey(pair, fold))
            if self.world.read().debris or self.refused:
                break
        return floors


SAME_TYPE_PAIRS: list[tuple[str, str]] = [(t, t) for t in ("bricks", "windows", "arches", "angels", "pillars")] * 2
