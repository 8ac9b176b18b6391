"""The shared view's web server: a page, its state and its events, for phones at the table.

aiohttp's web server, run in whatever asyncio loop starts it (``bridgepad share``'s own,
or Textual's inside the app). Read-only by construction: it serves five fixed paths
under a secret token and nothing else, reads the game through a source
(``services.share.source``) and writes nothing anywhere.

- The token is new at each start, 192 random bits, compared in constant time; a path
  without it (or with another) is 404, whatever the method.
- GET and HEAD only (405 for the rest); every response says ``Content-Security-Policy:
  default-src 'self'``, ``Cache-Control: no-store`` and ``Referrer-Policy: no-referrer``.
- At most ``MAX_VIEWERS`` event streams at once: the next phone gets 503. Each stream
  carries a heartbeat every ``HEARTBEAT`` seconds, and its socket gives up on data left
  unacknowledged for ``GIVE_UP`` seconds, so a phone that vanished without closing its
  connection is dropped within 30 seconds; one that closed it is dropped at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

from aiohttp import web

TOKEN_BYTES = 24  # 192 bits, sent as 32 URL-safe characters
MAX_VIEWERS = 12
HEARTBEAT = 10.0  # seconds between two comments on an idle event stream
GIVE_UP = 20.0  # seconds a stream's socket waits for its data to be acknowledged
POLL = 0.3  # seconds between two looks at the source for a change
RETRY_MS = 1000  # how soon a phone's browser reconnects a dropped stream

HEADERS = {
    "Content-Security-Policy": "default-src 'self'",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
FILES = {  # what is served under the token: the file of the page folder, and its type
    "": ("index.html", "text/html"),
    "app.js": ("app.js", "text/javascript"),
    "app.css": ("app.css", "text/css"),
}
ALLOWED = ("GET", "HEAD")


class Source(Protocol):
    def stamp(self) -> object:
        """Something that changes whenever the game does, cheap to get."""

    def state(self) -> dict[str, Any]:
        """The page's state of the game (``services.share.view``)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


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


def page_file(name: str) -> bytes:
    return resources.files("bridgepad.services.share").joinpath("page", name).read_bytes()


@dataclass(eq=False, slots=True)
class _Viewer:
    queue: asyncio.Queue[tuple[int, str] | None]  # each change's version and state; None: close


class ShareServer:
    """Serves ``source`` read-only; ``changed`` pushes the game to every phone watching."""

    def __init__(
        self,
        source: Source,
        *,
        lan: bool = False,
        port: int = 0,
        max_viewers: int = MAX_VIEWERS,
        heartbeat: float = HEARTBEAT,
        poll: float | None = POLL,
        on_viewers: Callable[[int], None] | None = None,
    ) -> None:
        self.source = source
        self.lan = lan
        self.port = port
        self.max_viewers = max_viewers
        self.heartbeat = heartbeat
        self.poll = poll
        self.on_viewers = on_viewers
        self.token = new_token()
        self._token_bytes = self.token.encode("ascii")
        self.host = "0.0.0.0" if lan else "127.0.0.1"
        self.url = ""
        self.version = 0
        self._state_json = ""
        self._stamp: object = None
        self._viewers: set[_Viewer] = set()
        self._runner: web.AppRunner | None = None
        self._poller: asyncio.Task[None] | None = None
        self._files = {path: (page_file(name), kind) for path, (name, kind) in FILES.items()}

    # Starting and stopping ----------------------------------------------------
    async def start(self) -> str:
        """Listens, and returns the viewing URL; OSError if the port cannot be had."""
        self._refresh(force=True)
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        app.on_response_prepare.append(self._add_headers)
        runner = web.AppRunner(app, handle_signals=False, access_log=None, handler_cancellation=True, shutdown_timeout=1.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        bound = runner.addresses[0]
        self.port = int(bound[1])
        shown = (lan_address() or "127.0.0.1") if self.lan else "127.0.0.1"
        self.url = f"http://{shown}:{self.port}/{self.token}/"
        if self.poll is not None:
            self._poller = asyncio.get_running_loop().create_task(self._poll(self.poll))
        return self.url

    async def stop(self) -> None:
        """Closes every stream and the port."""
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        for viewer in list(self._viewers):
            viewer.queue.put_nowait(None)
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def viewers(self) -> int:
        """How many phones are watching: the event streams open now."""
        return len(self._viewers)

    # Changes --------------------------------------------------------------------
    def changed(self) -> bool:
        """Reads the game again and, if it changed, pushes it to every phone; True if it did."""
        if not self._refresh():
            return False
        message = (self.version, self.state_json())
        for viewer in self._viewers:
            viewer.queue.put_nowait(message)
        return True

    def _refresh(self, force: bool = False) -> bool:
        """The state read again when its source's stamp moved (or ``force``); True if it changed."""
        stamp = self.source.stamp()
        if stamp == self._stamp and not force:
            return False
        try:
            state = self.source.state()
        except (OSError, ValueError):
            return False  # a file caught half-written by another program: the next look reads it whole
        self._stamp = stamp
        text = json.dumps(state, ensure_ascii=False, sort_keys=True)
        if text == self._state_json:
            return False
        self.version += 1
        self._state_json = text
        return True

    async def _poll(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            self.changed()

    def state_json(self) -> str:
        """The state served now: ``{"version": N, "state": {...}}``."""
        return f'{{"version": {self.version}, "state": {self._state_json}}}'

    # Requests -------------------------------------------------------------------
    async def _add_headers(self, _request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(HEADERS)

    def _under_token(self, request: web.Request) -> str | None:
        """The path after ``/TOKEN/``, or None when the token is missing or wrong (compared in constant time)."""
        raw = request.rel_url.raw_path
        parts = raw.split("/", 2)
        if len(parts) < 3 or parts[0] != "":
            return None
        given = parts[1].encode("ascii", "replace")
        if not hmac.compare_digest(given, self._token_bytes):
            return None
        return parts[2]

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        rest = self._under_token(request)
        if rest is None or (rest not in FILES and rest not in ("state.json", "events")):
            return web.Response(status=404, text="Not found.\n")
        if request.method not in ALLOWED:
            return web.Response(status=405, text="Only GET and HEAD.\n", headers={"Allow": ", ".join(ALLOWED)})
        if rest == "events":
            return await self._events(request)
        if rest == "state.json":
            return web.Response(text=self.state_json(), content_type="application/json")
        if rest == "" and self.viewers >= self.max_viewers:
            return self._full()
        body, kind = self._files[rest]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    def _full(self) -> web.Response:
        return web.Response(
            status=503,
            text=f"{self.max_viewers} phones are watching already; try again when one has closed the page.\n",
            headers={"Retry-After": "30"},
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """One phone's stream: the state each time the game changes, a comment as a heartbeat."""
        if request.method == "HEAD":
            return web.Response(content_type="text/event-stream")
        if self.viewers >= self.max_viewers:
            return self._full()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        viewer = _Viewer(asyncio.Queue())
        self._viewers.add(viewer)
        self._tell_viewers()
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
            self._tell_viewers()
        return response

    def _tell_viewers(self) -> None:
        if self.on_viewers is not None:
            self.on_viewers(self.viewers)


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
