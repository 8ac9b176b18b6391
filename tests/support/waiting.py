"""Waiting for the state a test checks, never for a length of time.

A loaded machine makes the app slower, not different: every test that drives the app waits
here for what it then looks at (the app done with the keys it was sent, its workers finished,
a screen shown, the focus moved, text on a terminal), each wait with a deadline generous
enough for a machine whose every core is busy, and short enough that a hang fails within a
minute, naming what it waited for.

Textual's own ``pilot.press`` and ``pilot.pause()`` decide that the app is done when the
process uses little CPU for a moment (``textual._wait.wait_for_idle``): on a machine where
the test gets little CPU that is always true, and the next key reaches a screen that is not
there yet. ``press`` and ``settle`` here wait instead until no message is left in any of the
app's queues and no worker is running.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from textual.app import App
from textual.pilot import Pilot, WaitForScreenTimeout
from textual.worker import WorkerState

from support.fair_clock import Deadline

# Seconds of the time the test is given (tests/support/fair_clock.py: the time the machine kept it
# waiting for a CPU is not counted): a condition that holds on a quiet machine within a
# fraction of a second holds well within this on any machine, and a hang fails within it,
# well inside the per-test timeout (pyproject's pytest settings).
DEADLINE = float(os.environ.get("BRIDGEPAD_TEST_DEADLINE", "45"))


class WaitedTooLong(AssertionError):
    """What a test waited for did not come within the deadline: the message names it."""


def _gave_up(what: str, deadline: float, seen: object = None) -> WaitedTooLong:
    tail = "" if seen is None else f"; last seen: {seen!r}"
    return WaitedTooLong(f"gave up after {deadline:.0f}s waiting for {what}{tail}")


def _pumps(app: App[Any]) -> Iterable[Any]:
    yield app
    for screen in app.screen_stack:
        yield from screen.walk_children(with_self=True)


def _busy(app: App[Any]) -> str | None:
    """What the app is still doing, or None when nothing is queued and no worker runs."""
    for pump in _pumps(app):
        if pump.message_queue_size:
            return f"{pump!r} has {pump.message_queue_size} message(s) queued"
    for worker in app.workers:
        if worker.state in (WorkerState.PENDING, WorkerState.RUNNING):
            return f"worker {worker.name!r} ({worker.group}) is {worker.state.name.lower()}"
    return None


async def pause(pilot: Pilot[Any], delay: float | None = None) -> None:
    """``pilot.pause(delay)``, whose own wait for the screen gives up after 30 s of the wall
    clock: here a wait gives up only at its deadline, in the time the test was given."""
    try:
        await pilot.pause(delay)
    except WaitForScreenTimeout:
        pass  # not done yet: the caller looks again, and its deadline decides


async def settle(pilot: Pilot[Any], deadline: float = DEADLINE) -> None:
    """Returns once the app has handled every message posted to it, and those that posted
    (a key's action pushes a screen, which composes, which mounts ...), and its workers have
    finished: twice in a row nothing queued and nothing running."""
    app = pilot.app
    end = Deadline(deadline)
    quiet = 0
    doing: str | None = None
    while quiet < 2:
        await pause(pilot)
        doing = _busy(app)
        if doing is None:
            quiet += 1
        else:
            quiet = 0
            await app.workers.wait_for_complete()
        if end.passed():
            raise _gave_up("the app to handle every message and finish its workers", deadline, doing)


async def press(pilot: Pilot[Any], *keys: str, deadline: float = DEADLINE) -> None:
    """Presses ``keys`` one at a time, each once the app has handled the one before: a key that
    opens a screen is followed by keys that reach that screen."""
    for key in keys:
        try:
            await pilot.press(key)
        except WaitForScreenTimeout:
            pass  # the key was posted; Textual's own wait (30 s of the wall clock) gave up before settle's
        await settle(pilot, deadline)


async def until(
    pilot: Pilot[Any],
    condition: Callable[[], object],
    what: str,
    deadline: float = DEADLINE,
) -> None:
    """Waits, letting the app run, until ``condition()`` is true; fails naming ``what``.

    Between two looks the app handles what it has queued (``pilot.pause()``); a condition
    that depends on a worker thread or a timer is looked at again after a short sleep, the
    poll's step, not a time guessed long enough.
    """
    end = Deadline(deadline)
    while True:
        await pause(pilot)
        if condition():
            return
        if end.passed():
            raise _gave_up(what, deadline)
        await asyncio.sleep(0.01)


async def until_async(
    condition: Callable[[], object],
    what: str,
    deadline: float = DEADLINE,
    step: Callable[[], Awaitable[object]] | None = None,
) -> None:
    """``until`` without a pilot: for a loop that runs the app some other way."""
    end = Deadline(deadline)
    while not condition():
        if end.passed():
            raise _gave_up(what, deadline)
        await (step() if step is not None else asyncio.sleep(0.01))


def wait_until(condition: Callable[[], object], what: str, deadline: float = DEADLINE, step: float = 0.02) -> None:
    """``until`` for a test outside an event loop (a child process, a file, a terminal):
    polls ``condition`` every ``step`` seconds until it is true; fails naming ``what``."""
    end = Deadline(deadline)
    while not condition():
        if end.passed():
            raise _gave_up(what, deadline)
        time.sleep(step)


async def screen_is(pilot: Pilot[Any], kind: type, deadline: float = DEADLINE) -> None:
    """Waits until the screen on top is a ``kind``, mounted and done composing."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, kind) and app.screen.is_mounted, f"the {kind.__name__} on top", deadline)
    await settle(pilot, deadline)


async def focus_moves_from(pilot: Pilot[Any], before: object, deadline: float = DEADLINE) -> None:
    """Waits until the focus has left ``before`` (after Tab)."""
    app = pilot.app
    await until(pilot, lambda: app.focused is not before, f"Tab to move the focus from {before!r}", deadline)
