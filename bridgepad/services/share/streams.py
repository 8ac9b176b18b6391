"""The phones' event streams: who is watching, each one's queue of states, and the stream itself.

At most ``max_viewers`` read-only streams at once, and ``MAX_TABLE_VIEWERS`` a table: the
next phone gets 503. Each stream carries a heartbeat every ``heartbeat`` seconds, and its
socket gives up on data left unacknowledged for ``GIVE_UP`` seconds, so a phone that vanished
without closing its connection is dropped within 30 seconds; one that closed it at once.
Each phone that comes or goes is news (``SharingChanged``), published on the server's hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from dataclasses import dataclass

from aiohttp import web

from bridgepad.services.changes import Hub, SharingChanged

MAX_VIEWERS = 12
MAX_TABLE_VIEWERS = 4  # a table's phones: one, or each side's
HEARTBEAT = 10.0  # seconds between two comments on an idle event stream
GIVE_UP = 20.0  # seconds a stream's socket waits for its data to be acknowledged
RETRY_MS = 1000  # how soon a phone's browser reconnects a dropped stream

Message = tuple[int, str]  # a state's version and its payload


@dataclass(eq=False, slots=True)
class Viewer:
    queue: asyncio.Queue[Message | None]  # each change's version and state; None: close
    table: int | None = None  # the table whose phone this is; None: the read-only page


class Streams:
    """The event streams open now, and the news of each that opens or closes."""

    def __init__(self, news: Hub[SharingChanged], max_viewers: int = MAX_VIEWERS, heartbeat: float = HEARTBEAT) -> None:
        self.news = news
        self.max_viewers = max_viewers
        self.heartbeat = heartbeat
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
                viewer.queue.put_nowait(message)

    def close(self, *, tables_only: bool = False) -> None:
        """Ends every stream (``tables_only``: the tables' phones, their links retired)."""
        for viewer in list(self._viewers):
            if viewer.table is not None or not tables_only:
                viewer.queue.put_nowait(None)

    def _tell(self) -> None:
        self.news.publish(SharingChanged(self.count(None)))

    async def serve(self, request: web.Request, table: int | None) -> web.StreamResponse:
        """One phone's stream: the state each time it changes, a comment as a heartbeat."""
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        viewer = Viewer(asyncio.Queue(), table)
        self._viewers.add(viewer)
        self._tell()
        try:
            await response.prepare(request)
            _give_up_after(request, GIVE_UP)
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            while True:
                try:
                    message = await asyncio.wait_for(viewer.queue.get(), self.heartbeat)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if message is None:
                    break
                version, data = message
                await response.write(f"id: {version}\nevent: state\ndata: {data}\n\n".encode())
        except (ConnectionError, asyncio.CancelledError):
            pass  # the phone went away; asyncio.CancelledError: aiohttp ends the handler of a closed connection
        finally:
            self._viewers.discard(viewer)
            self._tell()
        return response


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
