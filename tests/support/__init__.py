"""The tests' own code, one package imported by its name: ``from support.waiting import settle``.

``support`` is found because ``tests/`` is on ``sys.path``, put there three ways that all name
the same folder: ``pythonpath = ["tests"]`` in pyproject.toml (for pytest and each xdist
worker, before any conftest is read), pytest's default ``prepend`` import mode (the folder of
the rootless ``tests/conftest.py``), and, for the Pythons a test starts that import support
code themselves, ``PYTHONPATH`` set to ``TESTS`` (``on_path``). The test folders have no
``__init__.py``: each test module is imported by its basename, so basenames stay unique.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
"""The ``tests/`` folder: the one folder on ``sys.path`` that ``support`` is found in."""

DATA = TESTS / "data"
"""The tests' data files (hand records, solutions, the README's old headings)."""


def on_path(env: Mapping[str, str]) -> str:
    """``PYTHONPATH`` for a child Python that imports support code: ``TESTS`` first, then the rest."""
    return os.pathsep.join(filter(None, [str(TESTS), env.get("PYTHONPATH")]))
