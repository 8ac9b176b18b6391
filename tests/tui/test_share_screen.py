"""Sharing from inside the app: the share key starts the server in Textual's own loop, shows
its address, its QR code and how many phones watch, pushes each hand the moment it is
saved, shares on the local network only when asked (and says who can then read), and stops."""

from __future__ import annotations

import re
import socket
from pathlib import Path

from support.share import Stream, request
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import hand_keys, make_app
from support.snapshot_apps.screen import form_open
from support.waiting import until
from textual.widgets import Label, Static

from bridgepad.services.share.qr import qr_lines
from bridgepad.tui import keys, sharing
from bridgepad.tui.screens.share_screen import ShareScreen

SIZE = (80, 34)


def label(app, name: str) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one(f"#{name}", Label).render())


def port_closed(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


def test_the_share_key_is_in_the_list_the_footer_and_help_read() -> None:
    key = keys.KEYS_BY_ID["pad.share"]
    assert key.keys == "p" and key.action == "app.share" and key.show
    assert keys.section("share").keys
    titles = [s.title for s, _ in keys.table()]
    assert "Sharing the pad" in titles


async def test_the_share_key_shows_the_address_its_code_and_the_phones_watching(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        share = app.sharing
        assert share is not None and share.on
        url = label(app, "share-url")
        found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]{22,})/", url)
        assert found is not None, url
        port, token = int(found.group(1)), found.group(2)
        drawn = str(app.screen.query_one("#share-qr", Static).render())
        assert drawn.splitlines() == qr_lines(url, light=app.current_theme.dark)
        assert label(app, "share-viewers") == "No phone is watching yet."
        assert "This computer only" in label(app, "share-where")

        stream = await Stream.open(port, f"/{token}/events")
        await until(pilot, lambda: label(app, "share-viewers") == "1 phone watching.", "one phone counted")
        await stream.close()
        await until(pilot, lambda: label(app, "share-viewers") == "No phone is watching yet.", "the phone gone")

        await keyboard(pilot, ["escape"])
        await until(pilot, lambda: not isinstance(app.screen, ShareScreen), "back to the pad")
        assert share.on  # sharing goes on behind the pad

        await keyboard(pilot, ["p"])  # shown again, the same address
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen again")
        assert label(app, "share-url") == url
        await keyboard(pilot, ["p"])  # p there stops
        await until(pilot, lambda: not isinstance(app.screen, ShareScreen), "stopped")
        assert not share.on
        assert port_closed(port)


async def test_a_hand_typed_on_the_pad_is_pushed_when_saved(data_dir: Path) -> None:
    # No look at the session: only the save itself, published, can tell the phones.
    assert not hasattr(sharing, "IN_APP_POLL")
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        assert app.sharing is not None and app.sharing.server is not None
        server = app.sharing.server
        assert server.changes is app.session.changes
        stream = await Stream.open(server.port, f"/{server.token}/events")
        await keyboard(pilot, ["escape"])
        await until(pilot, lambda: not isinstance(app.screen, ShareScreen), "back to the pad")

        await keyboard(pilot, hand_keys("3s", "n", "10"))
        await until(pilot, lambda: not form_open(app) and app.session.game.hands, "recorded")
        got = await stream.state(timeout=2)
        # Three spades made with an overtrick: 90 below, 30 above, for We (N-S).
        assert got["state"]["hands"][0]["cells"][2:] == ["3♠", "North", "+1", "120", ""]
        assert got["state"]["pad"]["totals"] == ["120", "0"]

        await keyboard(pilot, ["ctrl+z"])  # undo
        got = await stream.state(timeout=2)
        assert got["state"]["hands"] == []
        await stream.close()


async def test_sharing_on_the_local_network_is_asked_for_and_says_who_can_read(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        share = app.sharing
        assert share is not None and not share.lan
        await keyboard(pilot, ["l"])
        await until(pilot, lambda: share.lan and share.on, "shared on the local network")
        assert label(app, "share-where") == "On the local network: anyone there who has the link can read the score."
        server = share.server
        assert server is not None and server.host == "0.0.0.0"
        status, _, _ = await request(server.port, "GET", f"/{server.token}/")
        assert status == 200
        await keyboard(pilot, ["l"])  # back to this computer only
        await until(pilot, lambda: share.on and not share.lan, "this computer only")
        port = share.server.port if share.server is not None else 0
    # The app closed: the server with it.
    assert port_closed(port)
