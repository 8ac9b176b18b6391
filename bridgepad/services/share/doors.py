"""The share server's doors: how many connections it holds, from whom, and for how long.

A guest on the same network needs no token to open a connection, so connections are
bounded before any request is read, as on a server on the internet:

- At most ``cap`` connections at once, chosen at start below the process's file limit
  (``RLIMIT_NOFILE``) with ``RESERVE`` descriptors left for the pad's own files: a save,
  the form, the history never fail for want of one. At the cap, a new connection takes the
  place of the one that has waited longest for its request (an idle guest's), if that one
  has waited ``EVICT_AFTER`` seconds; otherwise the new one is closed at once.
- At most ``PER_ADDRESS`` connections from one address (a phone's browser opens about six).
- A connection has ``REQUEST_TIMEOUT`` seconds to send its request's head, the first or the
  next on a kept-alive connection, or it is closed.
- A refusal costs nothing: the socket is closed without a byte read or written. Each kind of
  refusal is told once (``told``), not once per attempt, and again only after a quiet minute.

``Doors`` is the protocol factory given to ``loop.create_server``: each connection is a
``Door`` around aiohttp's own request handler, which it lets in, or not.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
from collections import Counter
from collections.abc import Callable
from typing import Any

MAX_CONNECTIONS = 256  # a bridge evening: 8 tables, a few phones each, about 6 connections a browser
PER_ADDRESS = 48  # one phone, or the laptop's own browser
RESERVE = 64  # file descriptors kept for the pad itself
FLOOR = 16  # the fewest connections served, however low the file limit
REQUEST_TIMEOUT = 10.0  # seconds to send a request's head (and how long a kept-alive connection stays idle)
EVICT_AFTER = 0.25  # seconds a connection waits for its request before a newcomer may take its place
QUIET = 60.0  # seconds before the same kind of refusal is told again

FULL = "Phones refused: {cap} connections are open, the most this computer allows; the oldest idle ones make room."
CROWDED = "Phones refused: {peer} opened {most} connections at once, more than a phone does."


def open_descriptors() -> int:
    """How many file descriptors this process has open now (an estimate where /proc is not)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 3 * RESERVE // 2


def connection_cap(most: int = MAX_CONNECTIONS) -> int:
    """``most``, or fewer: what the file limit leaves once the pad's open files and ``RESERVE`` are counted."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(FLOOR, min(most, soft - open_descriptors() - RESERVE))


class Door(asyncio.Protocol):
    """One connection: let in (aiohttp's handler then hears it all) or closed at once."""

    __slots__ = ("_timer", "doors", "inner", "peer", "transport", "waiting_since")

    def __init__(self, doors: Doors) -> None:
        self.doors = doors
        self.inner: asyncio.Protocol | None = None  # aiohttp's handler, once let in
        self.transport: asyncio.Transport | None = None
        self.peer = ""
        self.waiting_since: float | None = None  # when it began waiting for its request; None: a request is under way
        self._timer: asyncio.TimerHandle | None = None

    # asyncio's side ------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.doors.admit(self):
            transport.abort()
            return
        assert self.doors.handler is not None  # set before the server listens
        self.inner = self.doors.handler()
        self.inner.connection_made(transport)
        self.wait()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        if self.inner is not None:
            self.doors.left(self)
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()

    # The server's side ------------------------------------------------------------
    def wait(self) -> None:
        """Waiting for a request: it has ``REQUEST_TIMEOUT`` seconds to send its head."""
        loop = asyncio.get_running_loop()
        self.waiting_since = loop.time()
        self._stop_timer()
        self._timer = loop.call_later(self.doors.request_timeout, self.close)

    def busy(self) -> None:
        """A request's head has arrived: its handler answers in its own time."""
        self.waiting_since = None
        self._stop_timer()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class Doors:
    """The connections open now; called by ``loop.create_server`` for each new one."""

    def __init__(
        self,
        handler: Callable[[], asyncio.Protocol] | None = None,
        *,
        cap: int | None = None,
        per_address: int = PER_ADDRESS,
        request_timeout: float = REQUEST_TIMEOUT,
        told: Callable[[str], None] = lambda _sentence: None,
    ) -> None:
        self.handler = handler  # aiohttp's web.Server: a new request handler for each connection let in (set at start)
        self.cap = cap if cap is not None else MAX_CONNECTIONS  # chosen again from the file limit at start
        self.per_address = per_address
        self.request_timeout = request_timeout
        self.told = told
        self.refused = 0  # connections closed at the door, since the start
        self._open: dict[asyncio.BaseTransport, Door] = {}
        self._by_peer: Counter[str] = Counter()
        self._last_told: dict[str, float] = {}

    def __call__(self) -> Door:
        return Door(self)

    @property
    def count(self) -> int:
        return len(self._open)

    def of(self, transport: Any) -> Door | None:
        """The door of a request's transport (None once it has closed)."""
        return self._open.get(transport)

    def admit(self, door: Door) -> bool:
        assert door.transport is not None
        if self._by_peer[door.peer] >= self.per_address:
            return self._refuse("crowded", CROWDED.format(peer=door.peer, most=self.per_address))
        if len(self._open) >= self.cap and not self._evict():
            return self._refuse("full", FULL.format(cap=self.cap))
        self._open[door.transport] = door
        self._by_peer[door.peer] += 1
        return True

    def left(self, door: Door) -> None:
        if self._open.pop(door.transport, None) is not None:  # type: ignore[arg-type]
            self._by_peer[door.peer] -= 1
            if self._by_peer[door.peer] <= 0:
                del self._by_peer[door.peer]

    def _evict(self) -> bool:
        """Closes the connection that has waited longest for its request, if long enough; True if one was."""
        now = asyncio.get_running_loop().time()
        waiting = [d for d in self._open.values() if d.waiting_since is not None and now - d.waiting_since >= EVICT_AFTER]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda d: d.waiting_since or 0.0)
        self.left(oldest)  # its place is taken now, before asyncio tells of its close
        oldest.close()
        self._refuse("full", FULL.format(cap=self.cap))
        return True

    def _refuse(self, kind: str, sentence: str) -> bool:
        """Counts a connection closed at the door (a newcomer, or the idle one it took the place of), told once a quiet minute."""
        self.refused += 1
        now = asyncio.get_running_loop().time()
        last = self._last_told.get(kind)
        self._last_told[kind] = now
        if last is None or now - last >= QUIET:
            with contextlib.suppress(Exception):  # a listener's mistake never keeps the door from closing
                self.told(sentence)
        return False
