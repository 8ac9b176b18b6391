"""The phones' event streams: who is watching, each one's next state, and the stream itself.

At most ``max_viewers`` read-only streams at once, and ``MAX_TABLE_VIEWERS`` a table: the
next phone gets 503. Each stream carries a heartbeat every ``heartbeat`` seconds, and its
socket gives up on data left unacknowledged for ``GIVE_UP`` seconds, so a phone that vanished
without closing its connection is dropped within 30 seconds; one that closed it at once.
A stream holds one state at most, the newest (``Latest``): a phone that reads slowly gets
the latest state, not every state, and one whose writes stay unread for ``BEHIND`` seconds
is closed (its browser opens it again, and reads the state then).
Each phone that comes or goes is news (``SharingChanged``), published on the server's hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web

from bridgepad.services.changes import Hub, SharingChanged

MAX_VIEWERS = 12
MAX_TABLE_VIEWERS = 4  # a table's phones: one, or each side's
HEARTBEAT = 10.0  # seconds between two comments on an idle event stream
GIVE_UP = 20.0  # seconds a stream's socket waits for its data to be acknowledged
RETRY_MS = 1000  # how soon a phone's browser reconnects a dropped stream
BEHIND = 15.0  # seconds a stream's write may wait for the phone to read before the stream is closed

Message = tuple[int, str]  # a state's version and its payload


class Latest:
    """A stream's next message: only the newest waits, each one taking the place of the one
    not yet sent; once closed, ``get`` gives None."""

    __slots__ = ("_closed", "_message", "_ready")

    def __init__(self) -> None:
        self._message: Message | None = None
        self._closed = False
        self._ready = asyncio.Event()

    def put(self, message: Message) -> None:
        self._message = message
        self._ready.set()

    def close(self) -> None:
        self._closed = True
        self._ready.set()

    @property
    def waiting(self) -> int:
        """How many messages wait: 0 or 1."""
        return int(self._message is not None)

    async def get(self) -> Message | None:
        await self._ready.wait()
        self._ready.clear()
        if self._closed:
            return None
        message, self._message = self._message, None
        return message


class Behind(Exception):
    """A phone that has not read what its stream sent for ``BEHIND`` seconds."""


@dataclass(eq=False, slots=True)
class Viewer:
    next: Latest  # the newest state not yet sent
    table: int | None = None  # the table whose phone this is; None: the read-only page


class Streams:
    """The event streams open now, and the news of each that opens or closes."""

    def __init__(
        self,
        news: Hub[SharingChanged],
        max_viewers: int = MAX_VIEWERS,
        heartbeat: float = HEARTBEAT,
        *,
        behind: float = BEHIND,
        trouble: Callable[[], str] = lambda: "",
    ) -> None:
        self.news = news
        self.max_viewers = max_viewers
        self.heartbeat = heartbeat
        self.behind = behind
        self.trouble = trouble  # what goes wrong now, told with each phone that comes or goes
        self.closed_behind = 0  # streams closed for a phone that did not read, since the start
        self._viewers: set[Viewer] = set()

    def count(self, table: int | None) -> int:
        """How many phones have ``table``'s page open (None: the read-only page's)."""
        return sum(1 for v in self._viewers if v.table == table)

    def full(self, table: int | None) -> int | None:
        """The most phones ``table``'s page takes, if that many have it open; None if there is room."""
        most = self.max_viewers if table is None else MAX_TABLE_VIEWERS
        return most if self.count(table) >= most else None

    def send(self, table: int | None, message: Message) -> None:
        for viewer in self._viewers:
            if viewer.table == table:
                viewer.next.put(message)

    def close(self, *, tables_only: bool = False) -> None:
        """Ends every stream (``tables_only``: the tables' phones, their links retired)."""
        for viewer in list(self._viewers):
            if viewer.table is not None or not tables_only:
                viewer.next.close()

    def _tell(self) -> None:
        self.news.publish(SharingChanged(self.count(None), trouble=self.trouble()))

    async def serve(self, request: web.Request, table: int | None) -> web.StreamResponse:
        """One phone's stream: the state each time it changes, a comment as a heartbeat."""
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        viewer = Viewer(Latest(), table)
        self._viewers.add(viewer)
        self._tell()
        try:
            await response.prepare(request)
            _give_up_after(request, GIVE_UP)
            await self._write(response, f"retry: {RETRY_MS}\n\n".encode())
            while True:
                try:
                    message = await asyncio.wait_for(viewer.next.get(), self.heartbeat)
                except TimeoutError:
                    await self._write(response, b": still here\n\n")
                    continue
                if message is None:
                    break
                version, data = message
                await self._write(response, f"id: {version}\nevent: state\ndata: {data}\n\n".encode())
        except Behind:
            self.closed_behind += 1
            if request.transport is not None:
                request.transport.abort()  # what it holds unsent is dropped with it
        except (ConnectionError, asyncio.CancelledError):
            pass  # the phone went away; asyncio.CancelledError: aiohttp ends the handler of a closed connection
        finally:
            self._viewers.discard(viewer)
            self._tell()
        return response

    async def _write(self, response: web.StreamResponse, data: bytes) -> None:
        """Sends ``data``, or Behind when the phone has left ``self.behind`` seconds of it unread."""
        try:
            async with asyncio.timeout(self.behind):
                await response.write(data)
        except TimeoutError:
            raise Behind from None


def _give_up_after(request: web.Request, seconds: float) -> None:
    """The stream's socket closes itself when what it sent stays unacknowledged for ``seconds``
    (Linux's TCP_USER_TIMEOUT; elsewhere keepalive probes do the same, more slowly)."""
    transport = request.transport
    sock = transport.get_extra_info("socket") if transport is not None else None
    if sock is None:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        if hasattr(socket, "TCP_USER_TIMEOUT"):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(seconds * 1000))
        if hasattr(socket, "TCP_KEEPIDLE"):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, int(seconds / 2))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL, 2)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT, 5)
