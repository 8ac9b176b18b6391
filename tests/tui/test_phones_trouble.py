"""The pad says under its status line why the phones' writes fail (or phones are refused), as the
share server publishes it, on whichever of the two game screens shows the game; and stops
saying it once they save again."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import make_app, several_mitchell
from support.waiting import settle, until

from bridgepad.services.changes import SharingChanged
from bridgepad.tui.widgets.status_bar import StatusBar

FAILED = "Table 1's result was not saved (its phone sends it again): Could not save: No space left on device."


def status_text(app: object) -> str:
    return str(app.game_screen.showing().query_one(StatusBar).render())  # type: ignore[attr-defined]


async def test_the_phones_trouble_is_said_under_the_status_line_until_they_save_again(data_dir: Path) -> None:
    several_mitchell(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert FAILED not in status_text(app)
        app._heard_phones(SharingChanged(0, trouble=FAILED))  # as the share server's news hub calls it
        await until(pilot, lambda: FAILED in status_text(app), "the trouble under the status line")
        app._heard_phones(SharingChanged(0, trouble=""))
        await until(pilot, lambda: FAILED not in status_text(app), "the trouble gone once the phones save again")


async def test_the_trouble_is_heard_through_the_sharing_news_hub(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # the share key: the server starts, its news heard by the app
        await until(pilot, lambda: app.sharing is not None and app.sharing.on, "sharing on")
        assert app.sharing is not None
        app.sharing.news.publish(SharingChanged(1, trouble="Phones refused: 256 connections are open."))
        await until(pilot, lambda: app.phones_trouble.startswith("Phones refused"), "the app told")
        await pilot.press("escape")
        await until(pilot, lambda: "Phones refused" in status_text(app), "the pad's status line says it")
