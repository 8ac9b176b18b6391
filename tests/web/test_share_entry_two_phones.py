"""Two phones enter the same round at two tables at once, through the pad's own share key, and
what watches the session shows both within 2 s: the read-only page in Chromium, at a phone's
size, and the laptop's own screen.

The pad runs in this test's loop (Textual's ``run_test``), its share key serving each
table's link from inside it; the phones and the read-only page are pages of Debian's
Chromium driven by Playwright's async API in the same loop. ``WATCHERS`` is each thing that
must show both results, each a coroutine given the page, the two boards, the pilot and the app.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from support.browser import ARGS, PHONE, chromium_path
from support.entry import saved_game, several_game
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import make_app
from support.snapshot_apps.screen import rows_of
from support.waiting import until
from textual.widgets import DataTable

from bridgepad.tui.screens.share_screen import ShareScreen

SHOWN_WITHIN_MS = 2000


async def phone_enters(page: Any, url: str, board: int, contract: str, declarer: str, tricks: str) -> None:
    """A table's phone: the board entered, scored, and agreed by East-West."""
    await page.goto(url)
    await page.wait_for_selector(f"#enter-{board}")
    await page.tap(f"#enter-{board}")
    await page.fill("#contract", contract)
    await page.tap(f"#declarer-{declarer}")
    await page.fill("#tricks", tricks)
    await page.tap("#check")
    await page.wait_for_selector("#agree")


async def read_only_shows(page: Any, boards: tuple[int, int], _pilot: Any, _app: Any) -> None:
    await page.wait_for_function(
        "(boards) => boards.every(b => document.querySelector('#traveller-' + b))", arg=list(boards), timeout=SHOWN_WITHIN_MS
    )


async def laptop_shows(_page: Any, boards: tuple[int, int], pilot: Any, app: Any) -> None:
    """The pad's own screen, under the share screen: each table's row counts its board in, and
    each board's traveller holds the table's result, as the derived session the screen draws."""

    def shown() -> bool:
        rows = rows_of(app.game_screen.query_one("#tables-progress", DataTable))
        several = app.session.state.session.several
        travellers = [several.traveller(b) for b in boards]
        return [r[5] for r in rows[:2]] == ["1/3", "1/3"] and all(len(t.rows) == 1 for t in travellers)

    await until(pilot, shown, "both tables' results on the laptop's screen", deadline=SHOWN_WITHIN_MS / 1000)


Watcher = Callable[[Any, tuple[int, int], Any, Any], Awaitable[None]]
WATCHERS: list[Watcher] = [read_only_shows, laptop_shows]


async def test_two_phones_at_two_tables_at_once_are_shown_within_2_s(data_dir: Path) -> None:
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found (apt-get install chromium): the browser tests need one")
    several_game(data_dir, names="NS1=Ann & Bob; NS2=Cy & Di").close()
    app = make_app(data_dir)
    async with app.run_test(size=(80, 34)) as pilot, async_playwright() as p:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        assert app.sharing is not None and app.sharing.server is not None
        server = app.sharing.server
        browser = await p.chromium.launch(executable_path=path, args=ARGS)
        try:
            contexts = [await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in range(3)]
            at_1, at_2, watching = [await c.new_page() for c in contexts]
            await watching.goto(server.url)
            await watching.wait_for_selector("#tables")
            # Round 1: table 1 plays boards 1–3, table 2 boards 4–6. Both phones at once.
            await asyncio.gather(
                phone_enters(at_1, server.table_url(1), 1, "4S", "N", "10"),
                phone_enters(at_2, server.table_url(2), 4, "4H", "S", "10"),
            )
            assert await at_1.inner_text("#score") == "N-S +420"  # nobody vulnerable: 120 and 300
            assert await at_2.inner_text("#score") == "N-S +620"  # both vulnerable: 120 and 500
            await asyncio.gather(at_1.tap("#agree"), at_2.tap("#agree"))
            boards = (1, 4)
            await asyncio.gather(*(watch(watching, boards, pilot, app) for watch in WATCHERS))
            assert (await watching.inner_text("#traveller-1 tbody")).split() == ["1", "1", "4♠", "N", "=", "+420"]
            assert (await watching.inner_text("#traveller-4 tbody")).split() == ["2", "2", "4♥", "S", "=", "+620"]
            for page in (at_1, at_2):
                await page.wait_for_selector("#flash")
        finally:
            await browser.close()
        inputs = app.session.game.several_tables
        assert inputs is not None and sorted((r.table, r.board) for r in inputs.results) == [(1, 1), (2, 4)]
    saved = saved_game(data_dir).several_tables
    assert saved is not None and sorted((r.table, r.board) for r in saved.results) == [(1, 1), (2, 4)]
