"""What every request of the share server passes before its handler, and what every answer carries.

- ``at_the_door``: a request's head has arrived, so its connection is no longer one that
  waits (``doors``); once answered it waits again, for the next request or its close.
- ``router_answers``: aiohttp's own answers for no route (404) and for a method a path does
  not take (405, with ``Allow``), said in JSON like every other refusal: ``{"error": sentence}``.
- ``gate``: the ``Host`` the request was sent to, one of the laptop's own addresses
  (``addresses``: 403 for another name, as a DNS-rebinding page sends); the token a path starts with, looked up once (``Links.whose``): 404 for none,
  410 for a table's link of a game no longer on the pad, 403 for a write under the read-only
  link (whatever the method), 404 for a path that link does not have, 503 for a link with
  ``PER_LINK`` requests under way already. Then the handler, with the link as ``request[WHO]``.
- ``json_body``: the three writes' body rules: from a page of the laptop's own addresses
  (403), ``application/json`` not compressed (415), at most ``MAX_BODY`` bytes (413) arriving
  within ``BODY_TIMEOUT`` seconds (408), JSON with each name once (400).
- ``add_safety_headers``: every response, a refusal or a stream, says where its page may load
  from, that it is not cached, and to send no referrer.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from functools import partial, wraps
from typing import Any

from aiohttp import web

from bridgepad.core.words.text import visible
from bridgepad.services.share.app_keys import ADDRESSES, DOORS, LINKS, WHO
from bridgepad.services.share.links import WRITES, Retired

MAX_BODY = 4096  # bytes of a table's request: a result is about 100
BODY_TIMEOUT = 5.0  # seconds for a table's body to arrive once its head has: a result is one packet
PER_LINK = 32  # requests under way at once under one link: a table's phones, or the read-only page's twelve

HEADERS = {
    "Content-Security-Policy": "default-src 'self'",
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

READ_ONLY = "This is the read-only link: it never writes. A table enters its results from its own link."
CROSS_SITE = "Refused: a table's results come from the table's own page, not from another site."
NOT_JSON = "A table's request is JSON: send it with Content-Type: application/json."
TOO_BIG = f"A table's request is at most {MAX_BODY:,} bytes: a result is about a hundred."
BAD_JSON = "The body is not JSON: a result is {id, board, contract, declarer, tricks}."
TWICE = "The body names {name} twice: each field is given once."
COMPRESSED = "A table's request is sent as it is: Content-Encoding is identity or not given."
SLOW_BODY = f"The request's body did not arrive within {BODY_TIMEOUT:g} seconds: send it again."
OTHER_HOST = "Refused: this server answers only at the laptop's own address, as the laptop shows it."
BUSY_LINK = f"{PER_LINK} requests are under way on this link already: try again in a moment."
OTHER_GAME = "This table's link was for a game no longer on the pad: open the table's new link, from the laptop."
NOT_FOUND = "Nothing here: check the address, as the laptop shows it (a table's own link, or the read-only one)."
READS_ONLY = "Only GET and HEAD here."
METHODS = ("GET", "HEAD", "POST")  # in the order ``Allow`` names them

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_dumps = partial(json.dumps, ensure_ascii=False)


def answer(status: int, body: dict[str, Any], **headers: str) -> web.Response:
    return web.json_response(body, status=status, dumps=_dumps, headers=headers or None)


def refusal(status: int, sentence: str, **headers: str) -> web.Response:
    return answer(status, {"error": sentence}, **headers)


def closing(response: web.Response) -> web.Response:
    """``response``, after which the connection is closed: its body was left unread, and is not waited for."""
    response.force_close()
    return response


def split_path(request: web.Request) -> tuple[str, str] | None:
    """The token and what follows it, from the path as sent (never decoded: ``app%2ejs`` is
    not ``app.js``); None for a path not of the form ``/TOKEN/REST``."""
    parts = request.rel_url.raw_path.split("/", 2)
    if len(parts) < 3 or parts[0] != "":
        return None
    return (parts[1], parts[2])


@web.middleware
async def at_the_door(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The connection is busy while its request is answered, and waits for the next one after."""
    doors = request.app.get(DOORS)
    door = doors.of(request.transport) if doors is not None else None
    if door is not None:
        door.busy()
    try:
        return await handler(request)
    finally:
        if door is not None and door.transport is not None and not door.transport.is_closing():
            door.wait()


@web.middleware
async def router_answers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """aiohttp's router decides 404 and 405; this says them as every refusal is said."""
    try:
        return await handler(request)
    except web.HTTPMethodNotAllowed as e:
        allow = ", ".join(m for m in METHODS if m in e.allowed_methods)
        write = request.rel_url.raw_path.rpartition("/")[2]  # results, check or next: the gate let no other through
        return refusal(405, f"{write} takes POST only." if allow == "POST" else READS_ONLY, Allow=allow)
    except web.HTTPNotFound:
        return refusal(404, NOT_FOUND)


@web.middleware
async def gate(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Whose link the token is, and whether it has this path: refused here, in this order, for any method."""
    if not request.app[ADDRESSES].answers(request.headers.get("Host")):
        return refusal(403, OTHER_HOST)
    split = split_path(request)
    link = request.app[LINKS].whose(split[0]) if split is not None else None
    if split is None or link is None:
        return refusal(404, NOT_FOUND)
    if isinstance(link, Retired):
        return refusal(410, OTHER_GAME)
    rest = split[1]
    if link.table is None and rest in WRITES:
        return refusal(403, READ_ONLY)
    if rest not in link.paths:
        return refusal(404, NOT_FOUND)
    if link.busy >= PER_LINK:
        return refusal(503, BUSY_LINK, **{"Retry-After": "5"})
    request[WHO] = link
    link.busy += 1
    try:
        return await handler(request)
    finally:
        link.busy -= 1


def json_body(write: Callable[[web.Request, Any], Awaitable[web.Response]]) -> Handler:
    """A table's write: the body read by the rules above and given to ``write`` as JSON."""

    @wraps(write)
    async def checked(request: web.Request) -> web.StreamResponse:
        if not _same_origin(request):
            return refusal(403, CROSS_SITE)
        if request.content_type != "application/json":
            return refusal(415, NOT_JSON)
        if request.headers.get("Content-Encoding", "identity").strip().lower() != "identity":
            return closing(refusal(415, COMPRESSED))
        if request.content_length is not None and request.content_length > MAX_BODY:
            return refusal(413, TOO_BIG)
        try:
            async with asyncio.timeout(BODY_TIMEOUT):
                raw = await _body(request)
        except TimeoutError:
            return closing(refusal(408, SLOW_BODY))
        if len(raw) > MAX_BODY:
            return refusal(413, TOO_BIG)
        try:
            data = json.loads(raw.decode("utf-8"), object_pairs_hook=_each_name_once)
        except NamedTwice as e:
            return refusal(400, TWICE.format(name=e.name))
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            return refusal(400, BAD_JSON)
        return await write(request, data)

    return checked


async def _body(request: web.Request) -> bytearray:
    """The body, read up to one byte past ``MAX_BODY`` (a chunked body has no length to check first)."""
    raw = bytearray()
    while len(raw) <= MAX_BODY:
        chunk = await request.content.read(MAX_BODY + 1 - len(raw))
        if not chunk:
            break
        raw += chunk
    return raw


class NamedTwice(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _each_name_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose names are each given once (json's own reading keeps the last of two)."""
    obj: dict[str, Any] = {}
    for name, value in pairs:
        if name in obj:
            raise NamedTwice(f'"{visible(name[:16])}"')
        obj[name] = value
    return obj


def _same_origin(request: web.Request) -> bool:
    """No ``Origin`` but a page of the laptop's own addresses (never what ``Host`` claims), and
    no fetch from another site (a program sends neither)."""
    origin = request.headers.get("Origin")
    fetched_from = request.headers.get("Sec-Fetch-Site")
    addresses = request.app[ADDRESSES]
    return (origin is None or addresses.origin(origin)) and fetched_from in (None, "same-origin", "none")


async def add_safety_headers(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
