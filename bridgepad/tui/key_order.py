"""Every key handled in the order typed, with the effect it would have if the app were instant.

Textual hands a key to the focused widget's own queue and runs the bindings only when the
key has bubbled back up to the app, some turns later; the keys typed after it are handed
out meanwhile, to whatever had the focus then. A quick typist's ``+4s`` then loses the
``4s`` (the form is not open yet when they are handed out), and ``4s<Tab>n`` can put the
``n`` in the contract. Here every key is handled whole in the app's own turn, before the
next one is looked at: the bindings, then the typing into a field, and only what neither
takes is handed on as Textual would.

Where something must wait (a screen being mounted), the keys wait with it: they are held,
in order, and handled as soon as it is ready.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING, Any

from textual import events
from textual.widget import AwaitMount
from textual.widgets import Input
from textual.widgets.input import Selection

from bridgepad.tui.textual_private import check_bindings, forward_key

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from textual.app import App


class KeyOrder:
    """The app's keys, one after the other; held while the app waits for something to be ready."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._held: deque[events.Key] = deque()
        self._waiting = 0  # things being made ready (a screen mounting, a form composed)
        self._handling = False
        self._tasks: set[object] = set()

    @property
    def held(self) -> int:
        return len(self._held)

    async def take(self, event: events.Key) -> None:
        """A key from the terminal (or Pilot): handled now, or held behind the keys before it."""
        self._held.append(event)
        await self._drain()

    def wait_for(self, ready: Awaitable[Any]) -> None:
        """Holds the keys typed from now on until ``ready`` is done, then handles them in order."""
        self._waiting += 1

        async def then() -> None:
            try:
                await ready
            finally:
                self._waiting -= 1
                # The app's own turn, after whatever it is handling now.
                self.app.call_next(self._drain)

        task = asyncio.get_running_loop().create_task(then())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _ready(self) -> bool:
        return not self._waiting and self.app.screen.is_mounted

    async def _drain(self) -> None:
        if self._handling:  # the key being handled now takes the rest after it
            return
        self._handling = True
        try:
            while self._held and self._ready():
                await self._handle(self._held.popleft())
        finally:
            self._handling = False
        screen = self.app.screen
        if self._held and not self._waiting and not screen.is_mounted:
            # A screen shown some other way than push_screen (the first, at startup): the
            # keys wait until it is mounted.
            self.wait_for(AwaitMount(screen, [screen]))

    async def _handle(self, event: events.Key) -> None:
        before = self.app.focused
        await self._handle_key(event)
        focused = self.app.focused
        if focused is not before and isinstance(focused, Input):
            # Tab (or whatever moved on) selects the field entered now, before the next key:
            # Input's own selection on focus, in the field's turn, would select that key away.
            focused.select_on_focus = False
            focused.selection = Selection(0, len(focused.value))

    async def _handle_key(self, event: events.Key) -> None:
        app = self.app
        if await check_bindings(app, event.key, priority=True):
            return
        focused = app.focused
        if isinstance(focused, Input) and event.is_printable and event.character is not None:
            # Typing into a field, as Input does it, but now rather than in the field's turn.
            selection = focused.selection
            if selection.is_empty:
                focused.insert_text_at_cursor(event.character)
            else:
                focused.replace(event.character, *selection)
            return
        if await check_bindings(app, event.key):  # the field's keys, its form's, its screen's, the app's
            return
        # Neither a binding nor typing: the widget's own key handler, in its turn, as Textual does.
        forward_key(focused or app.screen, event)
