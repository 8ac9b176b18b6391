"""Sharing the pad from inside the app: the shared view's server in Textual's own loop.

The server reads the app's session (``SessionSource``), so the game it serves is the
one on the pad; each save pushes it to the phones at once, and a look every quarter of a
second catches what changes without a save of this window's own (a read-only window
following another, a takeover). Loaded only when the key is pressed: the pad starts
without the web server's modules.
"""

from __future__ import annotations

from collections.abc import Callable

from bridgepad.services.session import Session
from bridgepad.services.share.server import ShareServer
from bridgepad.services.share.source import SessionSource

IN_APP_POLL = 0.25  # seconds: the session is in memory, so a look costs nothing
LAN_WARNING = "On the local network: anyone there who has the link can read the score."
LOCAL_ONLY = "This computer only: phones cannot open it until it is shared on the local network."


class Sharing:
    """The app's one server, started and stopped by the share key."""

    def __init__(self, session: Callable[[], Session]) -> None:
        self.session = session  # the session in use now: a read-only window may take over
        self.server: ShareServer | None = None
        self.on_viewers: Callable[[], None] | None = None  # the share screen, while it is shown

    @property
    def on(self) -> bool:
        return self.server is not None and self.server.running

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else ""

    @property
    def lan(self) -> bool:
        return self.server is not None and self.server.lan

    @property
    def viewers(self) -> int:
        return self.server.viewers if self.server is not None else 0

    async def start(self, lan: bool = False) -> str:
        """Starts serving the pad (again, on ``lan`` or not, if it was); OSError if no port can be had."""
        await self.stop()
        server = ShareServer(SessionSource(self.session), lan=lan, poll=IN_APP_POLL, on_viewers=self._viewers_changed)
        await server.start()
        self.server = server
        session = self.session()
        if self.saved not in session.on_saved:
            session.on_saved.append(self.saved)
        return server.url

    async def stop(self) -> None:
        if self.server is not None:
            server, self.server = self.server, None
            await server.stop()
            self._viewers_changed(0)

    def saved(self) -> None:
        """The session saved a change: the phones are told now, not at the next look."""
        if self.server is not None:
            self.server.changed()

    def _viewers_changed(self, _count: int) -> None:
        if self.on_viewers is not None:
            self.on_viewers()
