"""The share key in a game of several tables: the pad serves each table's link from inside its own
process, its phones writing through the app's own session; the share screen shows one QR
code and link per table besides the read-only one, one code at a time; a window that only
looks serves no table's link, and says why."""

from __future__ import annotations

from pathlib import Path

from support.entry import result, saved_game, several, several_game
from support.share import folder_bytes
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import make_app
from support.waiting import until
from textual.widgets import Label, Static

from bridgepad.services.session import Session
from bridgepad.services.share.qr import qr_lines
from bridgepad.store.folder_lock import FolderLock
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp
from bridgepad.tui.screens.share_screen import ShareScreen

SIZE = (80, 34)


def label(app: BridgepadApp, name: str) -> str:
    return str(app.screen.query_one(f"#{name}", Label).render())


def code(app: BridgepadApp) -> list[str]:
    return str(app.screen.query_one("#share-qr", Static).render()).splitlines()


async def test_the_share_key_shows_each_table_s_link_and_code_besides_the_read_only_one(data_dir: Path) -> None:
    several_game(data_dir).close()
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        sharing = app.sharing
        assert sharing is not None and sharing.server is not None
        server = sharing.server
        assert sorted(server.tables) == [1, 2, 3, 4]
        assert label(app, "share-title") == "Sharing the pad: each table's link, and the read-only view"
        # Every address in a line, as bridgepad share --entry prints them.
        assert label(app, "share-links").splitlines() == [server.url] + [
            f"table {t}: {server.table_url(t)}" for t in (1, 2, 3, 4)
        ]
        dark = app.current_theme.dark
        assert label(app, "share-name") == "Read-only, for anyone watching (1 of 5)"
        assert label(app, "share-url") == server.url and code(app) == qr_lines(server.url, light=dark)
        for t in (1, 2, 3, 4):
            await keyboard(pilot, ["right"])
            await until(pilot, lambda t=t: label(app, "share-url") == server.table_url(t), f"table {t}'s code")
            assert code(app) == qr_lines(server.table_url(t), light=dark)
            assert label(app, "share-viewers") == "No phone has this table's page open yet."
        assert label(app, "share-name") == "Table 4, Round 1: N-S 4 v E-W 4, boards 10–12 (5 of 5)"
        await keyboard(pilot, ["right"])  # round again to the read-only one
        await until(pilot, lambda: label(app, "share-url") == server.url, "the read-only code again")
        await keyboard(pilot, ["left"])
        await until(pilot, lambda: label(app, "share-url") == server.table_url(4), "back to table 4's")
        assert label(app, "share-note") == "A table's link enters that table's results: give each table its own, and nobody else."


async def test_a_table_s_phone_writes_through_the_pad_s_own_session_and_the_pad_is_told(data_dir: Path) -> None:
    several_game(data_dir).close()
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        told: list[int] = []
        real = app.game_screen.refresh_all
        app.game_screen.refresh_all = lambda select_last=False: (told.append(1), real(select_last))[1]  # type: ignore[method-assign]
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        assert app.sharing is not None and app.sharing.server is not None
        server = app.sharing.server
        got = await result(server.port, server.table_url(2), id="w1", board=4, contract="4H", declarer="S", tricks=10)
        # Board 4, both vulnerable: four hearts made, 120 and 500.
        assert got.status == 201 and got.json["ns_score"] == 620
        inputs = app.session.game.several_tables
        assert inputs is not None and [r.id for r in inputs.results] == ["w1"]
        assert app.session.undo_stack == []  # what a phone was told is saved stays saved
        saved = saved_game(data_dir).several_tables
        assert saved is not None and [r.id for r in saved.results] == ["w1"]
        # Drawn at once, or with the next changes within a quarter of a second (GameScreen.on_heard_change).
        await until(pilot, lambda: told, "the pad told of the table's result")
        # The share screen's table 2 says where that table is.
        await keyboard(pilot, ["right", "right"])
        await until(pilot, lambda: label(app, "share-url") == server.table_url(2), "table 2's code")
        # The game on the pad changes: the links are the new game's.
        old = server.table_url(1)
        assert app.session.start(several(tables=3, boards=9))
        await until(pilot, lambda: sorted(server.tables) == [1, 2, 3] and server.table_url(1) != old, "the new game's links")
        await until(pilot, lambda: len(label(app, "share-links").splitlines()) == 4, "three tables' links shown")
        gone = await result(server.port, old, id="w2", board=1, contract="1NT", declarer="N", tricks=7)
        assert gone.status == 410


async def test_a_window_that_only_looks_serves_no_table_s_link_and_says_why(data_dir: Path) -> None:
    pad = several_game(data_dir)  # another window holds the folder
    try:
        app = BridgepadApp(Session.open(GameStore(data_dir), read_only=True), lock=FolderLock(data_dir))
        async with app.run_test(size=SIZE) as pilot:
            before = folder_bytes(data_dir)
            await keyboard(pilot, ["p"])
            await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
            assert app.sharing is not None and app.sharing.server is not None
            assert app.sharing.server.tables == {}
            assert label(app, "share-title") == "Sharing the pad, read-only"
            assert label(app, "share-note") == (
                "This window only looks, so it serves no table's link: the tables enter their results through the "
                "window (or bridgepad share --entry) that keeps the score."
            )
            assert folder_bytes(data_dir) == before
    finally:
        pad.close()


async def test_a_window_that_takes_over_serves_the_tables_links_from_then_on(data_dir: Path) -> None:
    pad = several_game(data_dir)  # another window holds the folder
    app = BridgepadApp(Session.open(GameStore(data_dir), read_only=True), lock=FolderLock(data_dir))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await keyboard(pilot, ["p"])
            await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
            assert app.sharing is not None and app.sharing.server is not None
            server = app.sharing.server
            assert server.tables == {}
            pad.close()  # the other window goes: this one takes over, and says so once
            await until(pilot, lambda: not app.session.read_only, "taken over")
            await until(pilot, lambda: sorted(server.tables) == [1, 2, 3, 4], "the tables' links served")
            await until(pilot, lambda: len(label(app, "share-links").splitlines()) == 5, "each table's link shown")
    finally:
        pad.close()


async def test_a_game_of_one_table_shares_as_before(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        assert app.sharing is not None and app.sharing.server is not None and app.sharing.server.tables == {}
        assert label(app, "share-title") == "Sharing the pad, read-only"
        for name in ("share-name", "share-links", "share-note"):
            assert not app.screen.query_one(f"#{name}", Label).display, name
