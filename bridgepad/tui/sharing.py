"""Sharing the pad from inside the app: the shared view's server in Textual's own loop.

The server reads the app's session (``SessionSource``), so the game it serves is the
one on the pad, and listens to that session's changes (``Session.changes``): each save, of
this window, of a table's phone, or another window's read by a read-only one, is pushed to
the phones once, as it is published. In a game of several tables it also serves each
table's link, whose phone writes its results through this same session (``entry.Desk``):
the pad stays the one writer, and hears of each result as of any save. Every server this
starts tells its news (phones come and go, another game's links) on ``news``, the one hub
the share screen listens to. Loaded only when the key is pressed: the pad starts without the
web server's modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridgepad.core.rules.kinds import kind_of
from bridgepad.core.words.movement_text import sitting_line
from bridgepad.services.changes import Hub, SharingChanged
from bridgepad.services.session import Session
from bridgepad.services.share.server import ShareServer
from bridgepad.services.share.several_tables.desk import Desk, several_state
from bridgepad.services.share.source import SessionSource

LAN_WARNING = "On the local network: anyone there who has the link can read the score."
LOCAL_ONLY = "This computer only: phones cannot open it until it is shared on the local network."
ENTRY_WARNING = "A table's link enters that table's results: give each table its own, and nobody else."
READ_ONLY_TABLES = (
    "This window only looks, so it serves no table's link: the tables enter their results through the "
    "window (or bridgepad share --entry) that keeps the score."
)


@dataclass(frozen=True, slots=True)
class Link:
    """One address the share screen shows: its name, what it is for, the address, and its phones."""

    name: str  # "Read-only" or "Table 2"
    about: str  # who opens it
    url: str
    viewers: int
    table: int | None = None


class Sharing:
    """The app's one server, started and stopped by the share key."""

    def __init__(self, session: Callable[[], Session]) -> None:
        self.session = session  # the session in use now: a read-only window may take over
        self.server: ShareServer | None = None
        # Every server started here publishes on it: a listener keeps hearing across a restart (l).
        self.news: Hub[SharingChanged] = Hub()

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

    @property
    def tables_served(self) -> bool:
        """Whether the game on the pad is one whose tables' phones send its results."""
        return kind_of(self.session().game).phones_enter_results

    def links(self) -> list[Link]:
        """The read-only address, then each table's (a game of several tables, in a window that writes)."""
        server = self.server
        if server is None or not server.running:
            return []
        several = bool(server.tables)
        about = "for anyone watching" if several else "read-only"
        out = [Link("Read-only", about, server.url, server.viewers)]
        state = several_state(self.session())
        for table in sorted(server.tables):
            progress = state.progress(table) if state is not None else None
            now = sitting_line(progress.sitting) if progress is not None and progress.sitting is not None else "all rounds played"
            out.append(Link(f"Table {table}", now, server.table_url(table), server.table_viewers(table), table))
        return out

    async def start(self, lan: bool = False) -> str:
        """Starts serving the pad (again, on ``lan`` or not, if it was); OSError if no port can be had."""
        await self.stop()
        # The session's hub is the app's for its life: a window taking over keeps it (Session.reopened).
        changes = self.session().changes
        server = ShareServer(SessionSource(self.session), desk=Desk(self.session), changes=changes, news=self.news, lan=lan)
        await server.start()
        self.server = server
        return server.url

    async def stop(self) -> None:
        if self.server is not None:
            server, self.server = self.server, None
            await server.stop()
            self.news.publish(SharingChanged(0, links_changed=True))  # nothing served now
