"""What the share server's handlers find on its ``web.Application`` and on each request."""

from __future__ import annotations

from aiohttp import web

from bridgepad.services.share.addresses import Addresses
from bridgepad.services.share.desk import PhonesDesk
from bridgepad.services.share.doors import Doors
from bridgepad.services.share.links import Link, Links
from bridgepad.services.share.streams import Streams

LINKS = web.AppKey("links", Links)  # the tokens, and the state each link serves
STREAMS = web.AppKey("streams", Streams)  # the phones watching
DESK = web.AppKey("desk", PhonesDesk)  # where a table's phone writes (set only when tables are served)
ADDRESSES = web.AppKey("addresses", Addresses)  # the laptop's own addresses the server answers at
DOORS = web.AppKey("doors", Doors)  # the connections open now
WHO = web.RequestKey("who", Link)  # the link a request's token is: set by ``guards.gate`` before any handler
