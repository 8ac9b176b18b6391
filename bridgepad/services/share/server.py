"""The shared view's web server: a page, its state and its events, for phones at the table;
and, in a game of several tables, each table's own link, where its phone enters its results.

aiohttp's web server, run in whatever asyncio loop starts it (``bridgepad share``'s own,
or Textual's inside the app). It serves fixed paths under secret tokens and nothing else,
and reads the game through a source (``services.share.source``).

- The read-only token is new at each start, 192 random bits, compared in constant time; a
  path without it (or with another) is 404, whatever the method. It never writes: GET and
  HEAD only (405 for the rest; 403 with a sentence for a table's writes).
- With a desk (``services.share.entry``: the session of the one writer, the pad or
  ``bridgepad share --entry``), each table of a game of several tables has a token of its
  own, 192 bits, new at each start and for each game, compared in constant time with every
  other. Under it the table's page, its state and its events, and three writes, POST only:
  ``results``, ``check`` and ``next``; each body ``application/json`` (415 otherwise) of at
  most ``MAX_BODY`` bytes (413), from no other site (a cross-site ``Origin`` is 403). The
  desk answers each; a table's link of a game no longer on the pad is 410.
- Every response says ``Content-Security-Policy: default-src 'self'``, ``Cache-Control:
  no-store`` and ``Referrer-Policy: no-referrer``; every refusal is JSON, ``{"error": sentence}``.
- At most ``MAX_VIEWERS`` read-only event streams at once, and ``MAX_TABLE_VIEWERS`` a
  table: the next phone gets 503. Each stream carries a heartbeat every ``HEARTBEAT``
  seconds, and its socket gives up on data left unacknowledged for ``GIVE_UP`` seconds, so
  a phone that vanished without closing its connection is dropped within 30 seconds; one
  that closed it is dropped at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

if TYPE_CHECKING:
    from bridgepad.services.share.entry import Answer, Desk

TOKEN_BYTES = 24  # 192 bits, sent as 32 URL-safe characters
MAX_VIEWERS = 12
MAX_TABLE_VIEWERS = 4  # a table's phones: one, or each side's
HEARTBEAT = 10.0  # seconds between two comments on an idle event stream
GIVE_UP = 20.0  # seconds a stream's socket waits for its data to be acknowledged
POLL = 0.3  # seconds between two looks at the source for a change
RETRY_MS = 1000  # how soon a phone's browser reconnects a dropped stream
MAX_BODY = 4096  # bytes of a table's request: a result is about 100
MAX_RETIRED = 64  # the tables' tokens of earlier games still answered with 410

HEADERS = {
    "Content-Security-Policy": "default-src 'self'",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
FILES = {  # what is served under the read-only token: the file of the page folder, and its type
    "": ("index.html", "text/html"),
    "app.js": ("app.js", "text/javascript"),
    "app.css": ("app.css", "text/css"),
}
TABLE_FILES = {  # under a table's token: its own page, on the read-only page's style
    "": ("table.html", "text/html"),
    "table.js": ("table.js", "text/javascript"),
    "table.css": ("table.css", "text/css"),
    "app.css": ("app.css", "text/css"),
}
WRITES = ("results", "check", "next")  # a table's requests that send a body, POST only
ALLOWED = ("GET", "HEAD")

READ_ONLY = "This is the read-only link: it never writes. A table enters its results from its own link."
CROSS_SITE = "Refused: a table's results come from the table's own page, not from another site."
NOT_JSON = "A table's request is JSON: send it with Content-Type: application/json."
TOO_BIG = f"A table's request is at most {MAX_BODY:,} bytes: a result is about a hundred."
OTHER_GAME = "This table's link was for a game no longer on the pad: open the table's new link, from the laptop."
NOT_FOUND = "Nothing here: check the address, as the laptop shows it (a table's own link, or the read-only one)."


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
    table: int | None = None  # the table whose phone this is; None: the read-only page


@dataclass(eq=False, slots=True)
class TableLink:
    """One table's link: its token, and the state its phone was last sent."""

    table: int
    token: str = field(default_factory=new_token)
    version: int = 0
    state_json: str = ""

    @property
    def token_bytes(self) -> bytes:
        return self.token.encode("ascii")

    def payload(self) -> str:
        return f'{{"version": {self.version}, "state": {self.state_json}}}'


_dumps = partial(json.dumps, ensure_ascii=False)


def _json(status: int, body: dict[str, Any], **headers: str) -> web.Response:
    return web.json_response(body, status=status, dumps=_dumps, headers=headers or None)


class ShareServer:
    """Serves ``source`` read-only and, with a ``desk``, each table's link; ``changed``
    pushes the game to every phone watching."""

    def __init__(
        self,
        source: Source,
        *,
        desk: Desk | None = None,
        lan: bool = False,
        port: int = 0,
        max_viewers: int = MAX_VIEWERS,
        heartbeat: float = HEARTBEAT,
        poll: float | None = POLL,
        on_viewers: Callable[[int], None] | None = None,
        on_links: Callable[[], None] | None = None,
        on_written: Callable[[], None] | None = None,
    ) -> None:
        self.source = source
        self.desk = desk
        self.lan = lan
        self.port = port
        self.max_viewers = max_viewers
        self.heartbeat = heartbeat
        self.poll = poll
        self.on_viewers = on_viewers
        self.on_links = on_links  # told when the tables' links change (another game on the pad)
        self.on_written = on_written  # told when a table's phone has written a result or a move
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
        self._table_files = {path: (page_file(name), kind) for path, (name, kind) in TABLE_FILES.items()}
        self.tables: dict[int, TableLink] = {}  # the links of the game whose tables are served
        self._game: tuple[str, int] | None = None  # that game: its id and its number of tables
        self._retired: list[bytes] = []  # tokens of the tables of games no longer served

    # Starting and stopping ----------------------------------------------------
    async def start(self) -> str:
        """Listens, and returns the viewing URL; OSError if the port cannot be had."""
        self._refresh(force=True)
        app = web.Application(client_max_size=MAX_BODY)
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
        """How many phones are watching the read-only page: its event streams open now."""
        return sum(1 for v in self._viewers if v.table is None)

    def table_viewers(self, table: int) -> int:
        """How many phones have ``table``'s page open."""
        return sum(1 for v in self._viewers if v.table == table)

    def table_url(self, table: int) -> str:
        """``table``'s link (empty until the server listens, or if the table is not served)."""
        link = self.tables.get(table)
        if link is None or not self.url:
            return ""
        return self.url.removesuffix(f"{self.token}/") + f"{link.token}/"

    # Changes --------------------------------------------------------------------
    def changed(self) -> bool:
        """Reads the game again and, if it changed, pushes it to every phone; True if it did."""
        return self._refresh()

    def _refresh(self, force: bool = False) -> bool:
        """The state read again when its source's stamp moved (or ``force``), and sent to the
        phones it changed for; True if any did."""
        stamp = self.source.stamp()
        if stamp == self._stamp and not force:
            return False
        try:
            state = self.source.state()
            tables = self._table_states()
        except (OSError, ValueError):
            return False  # a file caught half-written by another program: the next look reads it whole
        self._stamp = stamp
        changed = False
        text = json.dumps(state, ensure_ascii=False, sort_keys=True)
        if text != self._state_json:
            self.version += 1
            self._state_json = text
            self._send(None, (self.version, self.state_json()))
            changed = True
        for link, table_state in tables:
            text = json.dumps(table_state, ensure_ascii=False, sort_keys=True)
            if text != link.state_json:
                link.version += 1
                link.state_json = text
                self._send(link.table, (link.version, link.payload()))
                changed = True
        return changed

    def _table_states(self) -> list[tuple[TableLink, dict[str, Any]]]:
        """Each served table's state; the links made anew when another game is on the pad."""
        if self.desk is None:
            return []
        game = self.desk.game()
        if game != self._game:
            self._retire()
            self._game = game
            self.tables = {t: TableLink(t) for t in range(1, game[1] + 1)} if game is not None else {}
            if self.on_links is not None:
                self.on_links()
        desk = self.desk
        return [(link, desk.table_state(t)) for t, link in self.tables.items()]

    def _retire(self) -> None:
        """The tables' links of the game that leaves the pad: their phones told, their tokens answered 410."""
        for viewer in list(self._viewers):
            if viewer.table is not None:
                viewer.queue.put_nowait(None)
        self._retired = ([link.token_bytes for link in self.tables.values()] + self._retired)[:MAX_RETIRED]

    def _send(self, table: int | None, message: tuple[int, str]) -> None:
        for viewer in self._viewers:
            if viewer.table == table:
                viewer.queue.put_nowait(message)

    async def _poll(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            self.changed()

    def state_json(self) -> str:
        """The read-only state served now: ``{"version": N, "state": {...}}``."""
        return f'{{"version": {self.version}, "state": {self._state_json}}}'

    # Requests -------------------------------------------------------------------
    async def _add_headers(self, _request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(HEADERS)

    def _under_token(self, request: web.Request) -> tuple[str, TableLink | None, str]:
        """Whose token the path starts with (``read-only``, ``table`` with its link, ``retired``,
        or "" for none) and the path after it. Every token is compared, each in constant time."""
        parts = request.rel_url.raw_path.split("/", 2)
        if len(parts) < 3 or parts[0] != "":
            return ("", None, "")
        given = parts[1].encode("ascii", "replace")
        whose, found = "", None
        if hmac.compare_digest(given, self._token_bytes):
            whose = "read-only"
        for link in self.tables.values():
            if hmac.compare_digest(given, link.token_bytes):
                whose, found = "table", link
        for old in self._retired:
            if hmac.compare_digest(given, old):
                whose = "retired"
        return (whose, found, parts[2])

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        whose, link, rest = self._under_token(request)
        if whose == "table" and link is not None:
            return await self._table(request, link, rest)
        if whose == "retired":
            return _json(410, {"error": OTHER_GAME})
        if whose != "read-only" or (rest not in FILES and rest not in ("state.json", "events", *WRITES)):
            return _json(404, {"error": NOT_FOUND})
        if rest in WRITES:
            return _json(403, {"error": READ_ONLY})
        if request.method not in ALLOWED:
            return _json(405, {"error": "Only GET and HEAD here."}, Allow=", ".join(ALLOWED))
        if rest == "events":
            return await self._events(request, None)
        if rest == "state.json":
            return web.Response(text=self.state_json(), content_type="application/json")
        if rest == "" and self.viewers >= self.max_viewers:
            return self._full(self.max_viewers)
        body, kind = self._files[rest]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _table(self, request: web.Request, link: TableLink, rest: str) -> web.StreamResponse:
        """A table's own paths: its page, its state, its events, and its writes."""
        if rest in WRITES:
            if request.method != "POST":
                return _json(405, {"error": f"{rest} takes POST only."}, Allow="POST")
            return await self._write(request, link.table, rest)
        if rest not in TABLE_FILES and rest not in ("state.json", "events"):
            return _json(404, {"error": NOT_FOUND})
        if request.method not in ALLOWED:
            return _json(405, {"error": "Only GET and HEAD here."}, Allow=", ".join(ALLOWED))
        if rest == "events":
            return await self._events(request, link.table)
        if rest == "state.json":
            return web.Response(text=link.payload(), content_type="application/json")
        if rest == "" and self.table_viewers(link.table) >= MAX_TABLE_VIEWERS:
            return self._full(MAX_TABLE_VIEWERS)
        body, kind = self._table_files[rest]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _write(self, request: web.Request, table: int, what: str) -> web.Response:
        """A table's write: from its own page (or a program), JSON, small; the desk's answer."""
        origin = request.headers.get("Origin")
        fetched_from = request.headers.get("Sec-Fetch-Site")
        if (origin is not None and origin != f"{request.scheme}://{request.host}") or fetched_from not in (
            None,
            "same-origin",
            "none",
        ):
            return _json(403, {"error": CROSS_SITE})
        if request.content_type != "application/json":
            return _json(415, {"error": NOT_JSON})
        if request.content_length is not None and request.content_length > MAX_BODY:
            return _json(413, {"error": TOO_BIG})
        raw = bytearray()
        while len(raw) <= MAX_BODY:
            chunk = await request.content.read(MAX_BODY + 1 - len(raw))
            if not chunk:
                break
            raw += chunk
        if len(raw) > MAX_BODY:
            return _json(413, {"error": TOO_BIG})
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            return _json(400, {"error": "The body is not JSON: a result is {id, board, contract, declarer, tricks}."})
        assert self.desk is not None
        answer: Answer = {"results": self.desk.submit, "check": self.desk.check, "next": self.desk.move}[what](table, data)
        self.changed()  # the phones told of what was written, before the answer
        if what != "check" and answer.status in (200, 201) and self.on_written is not None:
            self.on_written()
        extra = {"Retry-After": "2"} if answer.status == 503 else {}
        return _json(answer.status, answer.body, **extra)

    def _full(self, most: int) -> web.Response:
        sentence = f"{most} phones have this page open already; try again when one has closed it."
        return _json(503, {"error": sentence}, **{"Retry-After": "30"})

    async def _events(self, request: web.Request, table: int | None) -> web.StreamResponse:
        """One phone's stream: the state each time the game changes, a comment as a heartbeat."""
        if request.method == "HEAD":
            return web.Response(content_type="text/event-stream")
        if table is None and self.viewers >= self.max_viewers:
            return self._full(self.max_viewers)
        if table is not None and self.table_viewers(table) >= MAX_TABLE_VIEWERS:
            return self._full(MAX_TABLE_VIEWERS)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        viewer = _Viewer(asyncio.Queue(), table)
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
