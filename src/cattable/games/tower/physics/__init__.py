"""The physics half of Cat and the Tower: a MuJoCo world of cardboard floors, folded walls and cats."""

from .hand import STEADINESS, noise
from .reading import Reading
from .world import TowerWorld

__all__ = ["STEADINESS", "Reading", "TowerWorld", "noise"]
