"""Tests of the example game in ``examples/catnap``, an installable package apart from cattable.

The package is not installed into the project's environment, so its source folder goes on ``sys.path``
here (in the package ``__init__``, so that ``tests/trace``, which imports every test module, finds it
too); ``conftest.py`` registers the game for each test and removes it afterwards.
"""

import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "catnap"
"""The example package's folder: its pyproject.toml, rulebook.txt, README.md and src/."""

if str(EXAMPLE / "src") not in sys.path:
    sys.path.insert(0, str(EXAMPLE / "src"))
