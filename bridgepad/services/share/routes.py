"""The share server's paths, each under a link's token (``guards.gate`` has found whose it is,
and that the link has the path, before any handler here runs).

GET and HEAD: the page (``/TOKEN/``), its files, ``state.json`` and ``events``. POST, a
table's link only: ``results``, ``check`` and ``next``, their bodies read by ``guards.json_body``
and answered by the desk (``services.share.desk``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from aiohttp import web

from bridgepad.services.share.app_keys import DESK, STREAMS, WHO
from bridgepad.services.share.desk import Answer
from bridgepad.services.share.guards import answer, json_body, refusal
from bridgepad.services.share.links import Link

routes = web.RouteTableDef()


@cache
def page_file(name: str) -> bytes:
    return resources.files("bridgepad.services.share").joinpath("page", name).read_bytes()


def _file(link: Link, path: str) -> web.Response:
    name, kind = link.files[path]
    return web.Response(body=page_file(name), content_type=kind, charset="utf-8")


def _full(most: int) -> web.Response:
    return refusal(503, f"{most} phones have this page open already; try again when one has closed it.", **{"Retry-After": "30"})


@routes.get("/{token}/")
async def page(request: web.Request) -> web.Response:
    link = request[WHO]
    most = request.app[STREAMS].full(link.table)
    return _full(most) if most is not None else _file(link, "")


@routes.get("/{token}/app.js")
@routes.get("/{token}/app.css")
@routes.get("/{token}/table.js")
@routes.get("/{token}/table.css")
async def page_files(request: web.Request) -> web.Response:
    return _file(request[WHO], request.path.rpartition("/")[2])


@routes.get("/{token}/state.json")
async def state(request: web.Request) -> web.Response:
    return web.Response(text=request[WHO].published.payload(), content_type="application/json")


@routes.get("/{token}/events")
async def events(request: web.Request) -> web.StreamResponse:
    if request.method == "HEAD":
        return web.Response(content_type="text/event-stream")
    table = request[WHO].table
    streams = request.app[STREAMS]
    most = streams.full(table)
    return _full(most) if most is not None else await streams.serve(request, table)


def _answered(reply: Answer) -> web.Response:
    return answer(reply.status, reply.body, **({"Retry-After": "2"} if reply.status == 503 else {}))


def _table(request: web.Request) -> int:
    table = request[WHO].table
    assert table is not None  # the gate lets only a table's link write
    return table


# Each write is saved by the session, which then publishes it (``GameChanged``): the server
# hears that and tells the phones, before the answer goes.
@routes.post("/{token}/results")
@json_body
async def results(request: web.Request, data: Any) -> web.Response:
    return _answered(request.app[DESK].submit(_table(request), data))


@routes.post("/{token}/check")
@json_body
async def check(request: web.Request, data: Any) -> web.Response:
    return _answered(request.app[DESK].check(_table(request), data))


@routes.post("/{token}/next")
@json_body
async def next_round(request: web.Request, data: Any) -> web.Response:
    return _answered(request.app[DESK].move(_table(request), data))
