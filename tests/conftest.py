"""Shared test set-up: async tests run on asyncio, with nothing beyond pytest itself.

Textual's ``App.run_test`` is an async context manager, so the TUI tests are
``async def``.  No async plugin (pytest-asyncio, anyio's) is installed, and none is
needed: the hook below runs any coroutine test function with ``asyncio.run``, one
fresh event loop a test.  Async *fixtures* are not supported; the tests use none.

The tests are in a folder a floor (``tests/core/``, ``store/``, ``services/``, ``cli/``,
``tui/``, ``web/``, ``robust/``, and ``project/`` for what crosses them), their shared code in
one package, ``tests/support/``, imported by its name (``from support.waiting import settle``).
It imports because ``tests/`` is on ``sys.path``: pyproject.toml's ``pythonpath = ["tests"]``
puts it there for pytest and for each xdist worker before this file is read (and pytest's
``prepend`` import mode puts this rootless conftest's folder there too); a Python a test starts
that imports support code gets it in ``PYTHONPATH`` (``support.on_path``). No test folder has an
``__init__.py``, so each test module is imported by its basename: basenames are unique.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
from support.bytecode_folder import keep_bytecode

pytest_plugins = ["pytester"]  # tests/project/test_fair_clock.py runs a test session of its own


def pytest_configure(config: pytest.Config) -> None:
    """The suite starts hundreds of Pythons (the app in a pseudo-terminal, the command line,
    the workers): they keep their bytecode (``bytecode_folder``; set here, before the workers
    start, so that they and every process they start inherit it)."""
    keep_bytecode(os.environ, "tests")


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


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core the process may run on (the robustness campaigns wait
    on pseudo-terminals much of the time, and a second worker a core overlaps that);
    ``BRIDGEPAD_TEST_WORKERS`` sets the number instead."""
    chosen = os.environ.get("BRIDGEPAD_TEST_WORKERS")
    if chosen:
        return int(chosen)
    return 2 * len(os.sched_getaffinity(0))


@pytest.fixture(autouse=True)
def _fresh_rule_caches() -> None:
    """Under mutmut (README, Tests), the rules' memoised functions start each test empty: its
    workers fork from a process that ran every test once, and a cached figure would hide the mutant."""
    if "MUTANT_UNDER_TEST" not in os.environ:
        return
    import sys

    for name, module in list(sys.modules.items()):
        if name.startswith("bridgepad.core") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


SLOW_TIMEOUT = 600  # seconds: the campaigns (kills, random keys, imports) on a machine whose every core is busy


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test marked slow may run past pyproject's 120 s, up to ``SLOW_TIMEOUT``, unless it
    sets its own ``timeout`` mark: each of its waits still gives up within a minute."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """pytest-timeout's limit, on the fair clock (``tests/support/fair_clock.py``): a test stopped for
    looping forever is one that used its time, not one a busy machine kept waiting for a CPU.
    The alarm rings after the limit on the wall clock, as pytest-timeout's own does; if the
    machine withheld part of that time, it is set again for what the test is still owed."""
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None  # pytest-timeout's own timer
    import pytest_timeout
    from support.fair_clock import Deadline

    given = Deadline(settings.timeout)

    def ring(signum: int, frame: object) -> None:
        __tracebackhide__ = True
        owed = given.left()
        if owed > 0.5:
            signal.setitimer(signal.ITIMER_REAL, owed)
            return
        pytest_timeout.timeout_sigalrm(item, settings)

    def cancel() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)

    item.cancel_timeout = cancel  # type: ignore[attr-defined]  # what pytest-timeout's cancel hook calls
    signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    return True
