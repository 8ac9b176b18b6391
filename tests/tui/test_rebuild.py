"""The history and the tally while the index is rebuilt from many games (read in processes,
one a core): the progress bar moving, the rows and the tally of the games read so far filling
in, the keys live meanwhile, and then every game."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from support.history_games import T0, TEMPLATES, gid, write_game
from support.snapshot_apps.scenarios import make_app
from support.waiting import press, screen_is, settle, until
from textual.widgets import DataTable, Label

from bridgepad.services import history as history_module
from bridgepad.services.history import INDEX_NAME, History
from bridgepad.services.workers import AHEAD, cores
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp
from bridgepad.tui.screens.history_screen import COLUMNS, HistoryScreen
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.tally_screen import TallyScreen
from bridgepad.tui.widgets.reading import Reading

GAMES = 700  # more than a key reads on the spot (History.quick): read in the background


@pytest.fixture
def lifetime(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    store = GameStore(data_dir)
    store.ensure()
    # Written in no order, so that a folder's listing gives them in none (as a folder of years does).
    for k in random.Random(36).sample(range(GAMES), GAMES):
        write_game(store, gid(k), TEMPLATES[k % 4], T0 + timedelta(hours=6 * k))
    # In processes from 200 games up, 50 at a time, the games so far shown after every share.
    monkeypatch.setattr(history_module, "POOL_FROM", 200)
    monkeypatch.setattr(history_module, "POOL_SHARE", 50)
    monkeypatch.setattr(history_module, "PARTIAL_SECONDS", 0.0)
    return data_dir


async def opened(pilot, key: str = "h", kind: type = HistoryScreen):  # type: ignore[no-untyped-def]
    """The pad painted, then ``key`` pressed: the screen it opens, its games being read."""
    await until(pilot, lambda: pilot.app.later_css_loaded, "the pad's first paint")
    await press(pilot, key)
    await screen_is(pilot, kind)
    return pilot.app.screen


@pytest.mark.parametrize(("key", "kind"), [("h", HistoryScreen), ("t", TallyScreen)])
async def test_the_rows_fill_in_while_the_rest_are_read(
    lifetime: Path, monkeypatch: pytest.MonkeyPatch, key: str, kind: type
) -> None:
    (lifetime / INDEX_NAME).unlink(missing_ok=True)
    seen: list[tuple[int, bool]] = []
    real = kind.on_partial  # type: ignore[attr-defined]

    def watched(self, message) -> None:  # type: ignore[no-untyped-def]
        real(self, message)
        seen.append((len(message.result), self.data_shown))
        seen_ids.append([s.id for s in message.result])

    seen_ids: list[list[str]] = []

    monkeypatch.setattr(kind, "on_partial", watched)
    shown: list[int] = []
    show = Reading.show
    monkeypatch.setattr(Reading, "show", lambda self, done, total: (shown.append(done), show(self, done, total))[1])
    app = make_app(lifetime)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot, key, kind)
        await until(pilot, lambda: screen.data_shown, "every game read and shown")
        # The games so far came several times before the last, each more, none taken for the whole.
        assert len(seen) >= 3 and [n for n, _ in seen] == sorted(n for n, _ in seen) and seen[0][0] < GAMES
        assert not any(final for _, final in seen)
        assert shown[-1] == GAMES and len(set(shown)) >= 3
        # Read newest first: the first games in view are among the newest (those at the top when every
        # game is in): the first share back is one of the first given out, two ahead to each process.
        first = next(ids for ids in seen_ids if ids)
        given_first = cores() * AHEAD * 50
        assert len(first) < GAMES and min(first) >= gid(GAMES - given_first), (first, given_first)
        if kind is HistoryScreen:
            assert screen.query_one("#history", DataTable).row_count == 100 and len(screen.rows) == GAMES  # type: ignore[attr-defined]
        else:
            assert len(screen.results) == GAMES  # type: ignore[attr-defined]
        await press(pilot, "escape")
        await screen_is(pilot, PadScreen)


async def test_the_keys_stay_live_and_escape_leaves_a_rebuild_under_way(lifetime: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (lifetime / INDEX_NAME).unlink(missing_ok=True)
    app = make_app(lifetime)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await until(pilot, lambda: bool(screen.rows), "the first games read")
        await press(pilot, "down", "escape")
        await screen_is(pilot, PadScreen)
        await press(pilot, "h")  # the read again, from what the index kept or anew
        await screen_is(pilot, HistoryScreen)
        again = app.screen
        await until(pilot, lambda: again.data_shown, "every game read and shown")
        assert len(again.rows) == GAMES  # type: ignore[attr-defined]


async def test_a_resize_while_the_games_are_read_lays_them_out_again_without_reading_them_again(
    lifetime: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The columns are chosen again for the new width, for the rows in hand and those still to
    come; the history is not read a second time for it (at 20,000 games a listing of the folder)."""
    (lifetime / INDEX_NAME).unlink(missing_ok=True)
    reads: list[bool] = []
    real = History.summaries
    monkeypatch.setattr(History, "summaries", lambda self, *a, **k: (reads.append(True), real(self, *a, **k))[1])
    # The app's own look at the index once it is built (its read ahead, after the first paint) is not the screen's.
    monkeypatch.setattr(BridgepadApp, "_read_history_ahead", lambda self: None)
    app = make_app(lifetime)
    async with app.run_test(size=(60, 24)) as pilot:
        await until(pilot, lambda: app.later_css_loaded, "the pad's first paint")
        reads.clear()
        await press(pilot, "h")
        await screen_is(pilot, HistoryScreen)
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        await until(pilot, lambda: bool(screen.rows), "the first games read")
        narrow = [c.key for c in screen.columns]
        await pilot.resize_terminal(120, 30)
        await until(pilot, lambda: screen.data_shown, "every game read and shown")
        await until(pilot, lambda: screen.query_one("#history", DataTable).size.width > 100, "the table at its new width")
        await settle(pilot)
        table = screen.query_one("#history", DataTable)
        assert [c.key for c in screen.columns] != narrow and [c.key for c in screen.columns] == [c.key for c in COLUMNS]
        assert screen._room == table.size.width and table.row_count == 100
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: screen._room == screen.query_one("#history", DataTable).size.width, "the rows laid out again")
        assert len(reads) == 1  # the one read the screen began with


async def test_the_progress_line_keeps_its_width_while_its_figures_grow(lifetime: Path) -> None:
    """The words are as wide as they will get from the first report, so that a report repaints the
    line alone and never lays out the screen again; and they show whole."""
    (lifetime / INDEX_NAME).unlink(missing_ok=True)
    app = make_app(lifetime)
    async with app.run_test(size=(80, 24)) as pilot:
        reading = (await opened(pilot)).query_one(Reading)
        label = reading.query_one(Label)
        widths: set[int] = set()
        for done in (0, 50, 350, GAMES):
            reading.show(done, GAMES)
            await settle(pilot)
            widths.add(label.size.width)
            assert str(label.render()).strip() == f"reading {done:,} of {GAMES:,} games"
        assert widths == {len(f"reading {GAMES:,} of {GAMES:,} games")}
