"""The shared view's web server: a page, its state and its events, for phones at the table;
and, in a game whose tables' phones enter its results, each table's own link.

aiohttp's web server, run in whatever asyncio loop starts it (``bridgepad share``'s own,
or Textual's inside the app). Its paths are declared (``routes``), each under a secret token,
and nothing else is served; the token, the methods and the bodies are checked before any
handler (``guards``); the game is read through a source (``services.share.source``).

- The read-only token is new at each start, 192 random bits, compared in constant time
  (``links``); a path without it (or with another) is 404, whatever the method. It never
  writes: GET and HEAD only (405 for the rest; 403 with a sentence for a table's writes).
- With a desk (``services.share.desk``: what the one writer, the pad or ``bridgepad share
  --entry``, answers a table's phone with), each table of the game has a token of its
  own, new at each start and for each game. Under it the table's page, its state and its
  events, and three writes, POST only: ``results``, ``check`` and ``next``; each body
  ``application/json`` (415 otherwise) of at most ``MAX_BODY`` bytes (413), from no other
  site (a cross-site ``Origin`` is 403). The desk answers each; a table's link of a game no
  longer on the pad is 410.
- Before any of it, the doors (``doors``): connections counted and capped below the file
  limit, the pad's own descriptors kept; per address; a request's head within 10 s. Only
  the laptop's own addresses are answered (``addresses``: ``Host``, and ``Origin`` for a write).
- Every response says ``Content-Security-Policy: default-src 'self'``, ``Cache-Control:
  no-store`` and ``Referrer-Policy: no-referrer``; every refusal is JSON, ``{"error": sentence}``.
- The phones' event streams (``streams``): at most ``MAX_VIEWERS`` read-only ones and
  ``MAX_TABLE_VIEWERS`` a table, each with a heartbeat.
- Changes: the server listens to the ``changes`` it is given (the session's, or a folder's
  watch): at each ``GameChanged`` it reads the game once and pushes what changed to the
  phones. Its own news (phones come and go, another game's links) is ``SharingChanged`` on ``news``.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from bridgepad.services.changes import GameChanged, Hub, SharingChanged, Subscription
from bridgepad.services.share.addresses import Addresses
from bridgepad.services.share.app_keys import ADDRESSES, DESK, DOORS, LINKS, STREAMS
from bridgepad.services.share.doors import REQUEST_TIMEOUT, Doors, connection_cap
from bridgepad.services.share.guards import MAX_BODY, add_safety_headers, at_the_door, gate, router_answers
from bridgepad.services.share.links import Link, Links
from bridgepad.services.share.routes import routes
from bridgepad.services.share.streams import HEARTBEAT, MAX_TABLE_VIEWERS, MAX_VIEWERS, Streams

if TYPE_CHECKING:
    from bridgepad.services.share.desk import PhonesDesk

__all__ = ["HEARTBEAT", "MAX_BODY", "MAX_TABLE_VIEWERS", "MAX_VIEWERS", "ShareServer", "Source", "lan_address"]

RETRY_READ = 0.3  # seconds before the game is read again when a read failed
LINGER = 1.0  # seconds the rest of an unanswered body is read and dropped before the connection closes
MAX_LINE = 4096  # bytes of a request's first line or of one header: a phone's are a few hundred


class Source(Protocol):
    def state(self) -> dict[str, Any]:
        """The page's state of the game (``services.share.view``)."""


def lan_address() -> str | None:
    """This computer's address on the local network, or None if it has none.

    A UDP socket "connected" to an address outside this computer only asks the routing
    table which local address would be used: no packet is sent.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 9))
        address = s.getsockname()[0]
        if isinstance(address, str) and not address.startswith("127.") and address != "0.0.0.0":
            return address
    return None


class ShareServer:
    """Serves ``source`` read-only and, with a ``desk``, each table's link; pushes the game to
    every phone watching at each change heard on ``changes``."""

    def __init__(
        self,
        source: Source,
        *,
        desk: PhonesDesk | None = None,
        changes: Hub[GameChanged] | None = None,
        news: Hub[SharingChanged] | None = None,
        lan: bool = False,
        port: int = 0,
        max_viewers: int = MAX_VIEWERS,
        heartbeat: float = HEARTBEAT,
        connection_cap: int | None = None,
    ) -> None:
        self.source = source
        self.desk = desk
        self.changes = changes  # None: the game is read once, at the start
        self.news: Hub[SharingChanged] = news if news is not None else Hub()
        self.lan = lan
        self.port = port
        self.host = "0.0.0.0" if lan else "127.0.0.1"
        self.url = ""
        self.links = Links()
        self.streams = Streams(self.news, max_viewers, heartbeat, trouble=lambda: self.trouble)
        self.addresses = Addresses()  # the addresses it answers at: filled once it listens
        self.doors = Doors(told=self._refused_at_door)  # the connections open now
        self.connection_cap = connection_cap  # None: chosen at start from the file limit (``doors.connection_cap``)
        self._door_trouble = ""  # why phones were refused at the door, for the pad's status line
        self._write_trouble = ""  # why the last write of a table's phone was not saved
        if desk is not None:
            desk.on_saving = self._saving
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listening: Subscription | None = None
        self._retry: asyncio.TimerHandle | None = None  # the next read, after one that failed

    # Starting and stopping ----------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[at_the_door, router_answers, gate])
        app[LINKS] = self.links
        app[ADDRESSES] = self.addresses
        app[DOORS] = self.doors
        app[STREAMS] = self.streams
        if self.desk is not None:
            app[DESK] = self.desk
        app.add_routes(routes)
        app.on_response_prepare.append(add_safety_headers)
        return app

    async def start(self) -> str:
        """Listens, and returns the viewing URL; OSError if the port cannot be had."""
        self._loop = asyncio.get_running_loop()
        self.refresh()
        app = self.app()
        runner = web.AppRunner(
            app,
            handle_signals=False,
            access_log=None,
            handler_cancellation=True,
            shutdown_timeout=1.0,
            keepalive_timeout=REQUEST_TIMEOUT,  # an idle kept-alive connection is closed as a silent new one is
            max_line_size=MAX_LINE,
            max_field_size=MAX_LINE,
            lingering_time=LINGER,  # a body left unread after the answer is waited for this long, no more
            auto_decompress=False,  # a table's body is never compressed: one that says so is refused (guards)
        )
        await runner.setup()
        # Each connection passes the doors (``doors``) before aiohttp's handler reads a byte of it.
        self.doors.handler = runner.server
        self.doors.cap = self.connection_cap if self.connection_cap is not None else connection_cap()
        try:
            self._listener = await self._loop.create_server(self.doors, self.host, self.port)
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(self._listener.sockets[0].getsockname()[1])
        lan = lan_address() if self.lan else None
        self.addresses.listen(self.port, lan)
        self.url = f"http://{lan or '127.0.0.1'}:{self.port}/{self.token}/"
        if self.changes is not None:
            self._listening = self.changes.subscribe(self._heard)
        return self.url

    async def stop(self) -> None:
        """Closes every stream and the port."""
        if self._listening is not None:
            self._listening.cancel()
            self._listening = None
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        self.streams.close()
        if self._listener is not None:
            listener, self._listener = self._listener, None
            listener.close()  # no new connection; those open are closed by the runner's cleanup
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    @property
    def running(self) -> bool:
        return self._runner is not None

    # What it serves -------------------------------------------------------------
    @property
    def token(self) -> str:
        return self.links.read_only.token

    @property
    def tables(self) -> dict[int, Link]:
        """The links of the game whose tables are served, by table."""
        return self.links.tables

    @property
    def version(self) -> int:
        """The read-only state's version: one more at each change sent."""
        return self.links.read_only.published.version

    def state_json(self) -> str:
        """The read-only state served now: ``{"version": N, "state": {...}}``."""
        return self.links.read_only.published.payload()

    @property
    def viewers(self) -> int:
        """How many phones are watching the read-only page: its event streams open now."""
        return self.streams.count(None)

    def table_viewers(self, table: int) -> int:
        """How many phones have ``table``'s page open."""
        return self.streams.count(table)

    def table_url(self, table: int) -> str:
        """``table``'s link (empty until the server listens, or if the table is not served)."""
        link = self.tables.get(table)
        if link is None or not self.url:
            return ""
        return self.url.removesuffix(f"{self.token}/") + f"{link.token}/"

    # What goes wrong with the phones, for the pad's status line -------------------------
    @property
    def trouble(self) -> str:
        """Why phones' writes fail or phones are refused now, in the pad's words; empty when nothing does."""
        return " ".join(t for t in (self._write_trouble, self._door_trouble) if t)

    def _refused_at_door(self, sentence: str) -> None:
        self._door_trouble = sentence
        self._tell_trouble()

    def _saving(self, failure: str) -> None:
        """The desk saved a table's write (``failure`` empty) or could not (why, in the pad's words)."""
        if failure == self._write_trouble:
            return
        self._write_trouble = failure
        if not failure:
            self._door_trouble = ""  # saving again: the door's old news is old
        self._tell_trouble()

    def _tell_trouble(self) -> None:
        self.news.publish(SharingChanged(self.viewers, trouble=self.trouble))

    # Changes --------------------------------------------------------------------
    def _heard(self, _change: GameChanged) -> None:
        """A change published, in whatever thread saved it: read on the server's own loop."""
        loop = self._loop
        if loop is None:
            return
        try:
            here = asyncio.get_running_loop() is loop
        except RuntimeError:
            here = False
        if here:
            self.refresh()  # before the saving handler answers: its phone is told first
        else:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is left to tell
                loop.call_soon_threadsafe(self.refresh)

    def refresh(self) -> bool:
        """Reads the game once and sends each page whose state changed to its phones; True if any was."""
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        try:
            state = self.source.state()
            game = self.desk.game() if self.desk is not None else None
        except (OSError, ValueError):
            # A file caught half-written by another program: read again shortly, once.
            if self._loop is not None and self._loop.is_running():
                self._retry = self._loop.call_later(RETRY_READ, self.refresh)
            return False
        if self.links.follow(game):  # another game on the pad: its tables' links, the old ones' phones told
            self.streams.close(tables_only=True)
            self.news.publish(SharingChanged(self.viewers, links_changed=True, trouble=self.trouble))
        sent = self._send(self.links.read_only, state)
        for table, link in self.links.tables.items():
            assert self.desk is not None  # tables are served only with a desk
            sent = self._send(link, self.desk.table_state(table)) or sent
        return sent

    def _send(self, link: Link, state: dict[str, Any]) -> bool:
        if not link.published.update(state):
            return False
        self.streams.send(link.table, (link.published.version, link.published.payload()))
        return True
