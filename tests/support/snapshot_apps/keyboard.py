"""Typing into the app as fast as the app can take it, in the order a player types.

``pilot.press`` waits twice after every key; typing whole Chicagos that way takes most
of a minute. ``keyboard`` sends the same key events and waits only where the next key
depends on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from support.robust.keys import key_name
from support.waiting import DEADLINE, WaitedTooLong, focus_moves_from, settle

_CONTROL = {"tab": "\t", "enter": "\r", "escape": "\x1b", "plus": "+"}


async def keyboard(pilot: Pilot, keys: Sequence[str]) -> None:  # type: ignore[type-arg]
    """Presses ``keys``: the key events a terminal sends, as ``pilot.press`` sends them, but
    waiting only where the next key depends on it (``pilot.press`` waits twice after every
    key, which made six Chicagos typed in full take most of a minute).

    Characters typed into a field, and the Tab or Enter after them, all go to that field's
    queue, so they are taken in order without waiting; after Tab the next key waits until
    the focus has moved on; any other key (+, Enter, Escape, a command such as n or s) waits
    until the app, then the widget it went to, have handled it, and then for the app to be
    idle (a measure of CPU time alone returns early on a busy machine).
    """
    app = pilot.app
    for key in keys:
        in_field = isinstance(app.focused, Input)
        if len(key) == 1 and in_field:
            app.post_message(events.Key(key_name(key), key))
            continue
        char = key if len(key) == 1 else _CONTROL.get(key)
        name = key if len(key) > 1 else key_name(key)
        before = app.focused
        app.post_message(events.Key(name, char))
        if key == "tab" and in_field:
            await focus_moves_from(pilot, before)
        else:
            await handled(app, before)
            await settle(pilot)


async def handled(app, focused) -> None:  # type: ignore[no-untyped-def]
    """Returns once ``app`` has handled the messages posted to it so far and ``focused`` (the
    widget a key goes to) has handled what the app passed on to it."""
    for pump in (app, focused):
        if pump is None:
            continue
        done = asyncio.Event()
        if pump.call_later(done.set):
            try:
                await asyncio.wait_for(done.wait(), timeout=DEADLINE)
            except TimeoutError:
                if pump.is_running:
                    raise WaitedTooLong(f"gave up after {DEADLINE:.0f}s waiting for {pump!r} to handle a key") from None
                return  # closed meanwhile (a form that was dismissed): nothing more to wait for
