"""The one place the shared view looks at the data folder for changes: ``bridgepad share``
beside a pad running in another process, whose saves this process cannot hear.

Every ``EVERY`` seconds it stats the folder's files (``FolderSource.stamp``: the ``current``
pointer, the current game's file and the settings) and, when they moved, publishes one
``GameChanged`` from ``Origin.OTHER_WINDOW`` on ``changes``, the hub the server listens to.
Nowhere else is a folder watched: the app's own saves, and ``share --entry``'s, are published
by the session that makes them.
"""

from __future__ import annotations

import asyncio
import contextlib
from types import TracebackType
from typing import Self

from bridgepad.services.changes import GameChanged, Hub, Origin
from bridgepad.services.share.source import FolderSource

EVERY = 0.3  # seconds between two looks: a few stat calls each


class FolderWatch:
    """Watches ``source``'s folder while running (``async with``), publishing each change seen."""

    def __init__(self, source: FolderSource, every: float = EVERY) -> None:
        self.source = source
        self.every = every
        self.changes: Hub[GameChanged] = Hub()
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Self:
        self._task = asyncio.get_running_loop().create_task(self._watch(self.source.stamp()))
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _watch(self, seen: object) -> None:
        while True:
            await asyncio.sleep(self.every)
            stamp = self.source.stamp()
            if stamp != seen:
                seen = stamp
                self.changes.publish(GameChanged(self.source.game_id or "", "saved by another window", Origin.OTHER_WINDOW))
