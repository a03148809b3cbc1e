"""The physics half of Cat and the Tower: a MuJoCo world of cardboard floors, folded walls and cats."""

import os

# MuJoCo picks its GL backend when first imported: headless EGL, no Mesa cache in the home folder.
os.environ.setdefault("MUJOCO_GL", "egl")
os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")

from .hand import PET_STILL, STEADINESS, noise, pet_noise
from .reading import Reading
from .world import Blocked, TowerWorld

__all__ = ["PET_STILL", "STEADINESS", "Blocked", "Reading", "TowerWorld", "noise", "pet_noise"]
