"""Shared test set-up: async tests run on asyncio, with nothing beyond pytest itself.

Textual's ``App.run_test`` is an async context manager, so the TUI tests are
``async def``.  No async plugin (pytest-asyncio, anyio's) is installed, and none is
needed: the hook below runs any coroutine test function with ``asyncio.run``, one
fresh event loop a test.  Async *fixtures* are not supported; the tests use none.
"""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    if pyfuncitem.get_closest_marker("asyncio") or pyfuncitem.get_closest_marker("anyio"):
        return None  # left to the plugin that owns the marker, should one be installed
    args = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    asyncio.run(pyfuncitem.obj(**args))
    return True


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """An empty bridgepad data folder of the test's own."""
    return tmp_path / "data"
