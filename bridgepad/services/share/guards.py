"""What every request of the share server passes before its handler, and what every answer carries.

- ``router_answers``: aiohttp's own answers for no route (404) and for a method a path does
  not take (405, with ``Allow``), said in JSON like every other refusal: ``{"error": sentence}``.
- ``gate``: the token a path starts with, looked up once (``Links.whose``): 404 for none,
  410 for a table's link of a game no longer on the pad, 403 for a write under the read-only
  link (whatever the method), 404 for a path that link does not have. Then the handler, with
  the link as ``request[WHO]``.
- ``json_body``: the three writes' body rules: from no other site (403), ``application/json``
  (415), at most ``MAX_BODY`` bytes (413), JSON (400).
- ``add_safety_headers``: every response, a refusal or a stream, says where its page may load
  from, that it is not cached, and to send no referrer.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import partial, wraps
from typing import Any

from aiohttp import web

from bridgepad.services.share.app_keys import LINKS, WHO
from bridgepad.services.share.links import WRITES, Retired

MAX_BODY = 4096  # bytes of a table's request: a result is about 100

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


def split_path(request: web.Request) -> tuple[str, str] | None:
    """The token and what follows it, from the path as sent (never decoded: ``app%2ejs`` is
    not ``app.js``); None for a path not of the form ``/TOKEN/REST``."""
    parts = request.rel_url.raw_path.split("/", 2)
    if len(parts) < 3 or parts[0] != "":
        return None
    return (parts[1], parts[2])


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
    request[WHO] = link
    return await handler(request)


def json_body(write: Callable[[web.Request, Any], Awaitable[web.Response]]) -> Handler:
    """A table's write: the body read by the rules above and given to ``write`` as JSON."""

    @wraps(write)
    async def checked(request: web.Request) -> web.StreamResponse:
        if not _same_origin(request):
            return refusal(403, CROSS_SITE)
        if request.content_type != "application/json":
            return refusal(415, NOT_JSON)
        if request.content_length is not None and request.content_length > MAX_BODY:
            return refusal(413, TOO_BIG)
        raw = bytearray()
        while len(raw) <= MAX_BODY:  # a chunked body has no length to check first
            chunk = await request.content.read(MAX_BODY + 1 - len(raw))
            if not chunk:
                break
            raw += chunk
        if len(raw) > MAX_BODY:
            return refusal(413, TOO_BIG)
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            return refusal(400, BAD_JSON)
        return await write(request, data)

    return checked


def _same_origin(request: web.Request) -> bool:
    """No ``Origin`` but this server's, and no fetch from another site (a program sends neither)."""
    origin = request.headers.get("Origin")
    fetched_from = request.headers.get("Sec-Fetch-Site")
    return (origin is None or origin == f"{request.scheme}://{request.host}") and fetched_from in (None, "same-origin", "none")


async def add_safety_headers(_request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
