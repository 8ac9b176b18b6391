"""The statistics screen, typed with the keyboard: one key from the pad, its span (``w``), its
mode (``m``) and one player (``p``, a name, Enter; the nearest names for one that is nobody),
its chart's game numbers never running together at any size, and a rebuild's progress shown."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import make_app
from support.three_evenings import three_evenings
from support.waiting import press, screen_is, settle, until
from textual.widgets import DataTable, Label

from bridgepad.core.evening.stats_view import tables
from bridgepad.core.model import Seat
from bridgepad.core.readers.log import parse_log
from bridgepad.core.rules.game import Game
from bridgepad.services.history import INDEX_NAME, History
from bridgepad.store.game_store import GameStore, StoredGame
from bridgepad.store.preferences_file import PreferencesFile
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.stats_screen import StatsScreen
from bridgepad.tui.widgets.net_chart import AXIS_WORD, NetChart
from bridgepad.tui.widgets.reading import Reading


def title(screen: StatsScreen) -> str:
    return str(screen.query_one("#stats-title", Label).render())


def first_column(screen: StatsScreen, table: str) -> list[str]:
    t = screen.query_one(f"#{table}-table", DataTable)
    return [str(t.get_row_at(k)[0]) for k in range(t.row_count)]


async def open_stats(pilot) -> StatsScreen:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: pilot.app.later_css_loaded, "the pad's first paint")
    await press(pilot, "S")
    await screen_is(pilot, StatsScreen)
    screen = pilot.app.screen
    await until(pilot, lambda: screen.data_shown, "the statistics painted")
    return screen  # type: ignore[no-any-return]


async def test_the_keys_choose_the_span_the_mode_and_one_player(tmp_path: Path) -> None:
    three_evenings(tmp_path / "data")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats(pilot)
        assert "Statistics · all time · every mode · 3 games, 1 duplicate · 5 players" in title(screen)
        assert first_column(screen, "players") == ["Ann", "Bob", "Cy", "Eve", "Di"]
        assert first_column(screen, "partnerships")[0] == "Ann & Bob"
        await press(pilot, "m")  # rubber
        assert "· rubber · 2 games · 4 players" in title(screen)
        await press(pilot, "m", "m")  # Chicago, duplicate
        assert "· duplicate · 0 games, 1 duplicate · 4 players" in title(screen)
        assert not screen.query_one("#players-table").display and screen.query_one("#duplicate-table").display
        await press(pilot, "m", "w")  # every mode, this year
        this_year = sum(1 for y in (2026, 2026, 2026) if y == datetime.now().year)
        assert "· this year · every mode · " in title(screen) and f"· {this_year} game" in title(screen)
        await press(pilot, "w", "w", "w", "w")  # this month, this week, tonight, all time again
        assert "· all time ·" in title(screen)
        # One player: a name that is nobody is answered with the nearest names, and nothing changes.
        await keyboard(pilot, ["p", *"evie", "enter"])
        error = screen.query_one("#player-error", Label)
        assert error.display and str(error.render()) == "No player 'evie'; did you mean Eve?"
        assert "· 5 players" in title(screen)
        await keyboard(pilot, ["escape"])
        assert not error.display and "· 5 players" in title(screen)
        await keyboard(pilot, ["p", *"ANN", "enter"])
        assert title(screen).rstrip().endswith("· Ann")
        assert first_column(screen, "players") == ["Ann"] and first_column(screen, "declarer") == ["Ann"]
        assert first_column(screen, "partnerships") == ["Ann & Bob", "Ann & Cy", "Ann & Eve"]
        await keyboard(pilot, ["p", "backspace", "enter"])  # the name selected and deleted: everyone again
        assert "· 5 players" in title(screen)
        await press(pilot, "escape")
        await screen_is(pilot, PadScreen)


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (200, 50)])
async def test_every_figure_is_on_the_screen_whatever_its_size(tmp_path: Path, size: tuple[int, int]) -> None:
    three_evenings(tmp_path / "data")
    PreferencesFile(tmp_path / "data").save_tally(False, Decimal("0.10"))  # the money column too
    app = make_app(tmp_path / "data")
    async with app.run_test(size=size) as pilot:
        screen = await open_stats(pilot)
        await settle(pilot)
        assert screen.stats is not None
        for table in tables(screen.stats):
            # A table too wide comes in parts, one under the other: every column in one of them,
            # the names in each, and no part wider than the screen.
            shown = [t for t in screen.query_one(f"#{table.name}-parts").query(DataTable) if t.display]
            titles = [str(c.label) for t in shown for c in t.columns.values()]
            assert sorted(titles) == sorted([table.heading] * len(shown) + [c.title for c in table.columns]), table.name
            for t in shown:
                assert [str(t.get_row_at(k)[0]) for k in range(t.row_count)] == [r.name for r in table.rows]
                assert t.virtual_size.width <= size[0] - 2, (table.name, t.virtual_size.width)
            assert (len(shown) > 1) == (table.width() > size[0] - 2), table.name


async def test_a_resized_terminal_gets_its_tables_and_chart_again(tmp_path: Path) -> None:
    three_evenings(tmp_path / "data")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)

        def parts() -> int:
            return sum(1 for t in screen.query_one("#players-parts").query(DataTable) if t.display)

        assert parts() == 2
        await pilot.resize_terminal(200, 50)
        await until(pilot, lambda: parts() == 1, "the players' table whole at 200 columns")
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: parts() >= 2, "the players' table in parts again at 60 columns")


@pytest.mark.parametrize(("size", "rows"), [((80, 24), 14), ((60, 20), 8), ((200, 50), 38)])
async def test_the_chart_fills_the_page_scrolled_to_its_end(tmp_path: Path, size: tuple[int, int], rows: int) -> None:
    busy_evenings(tmp_path / "data", 31)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=size) as pilot:
        screen = await open_stats(pilot)
        await press(pilot, "end")
        body = screen.query_one("#stats-body")
        chart = screen.query_one("#stats-chart", NetChart)
        title = screen.query_one("#chart-title")
        await until(pilot, lambda: body.scroll_y == body.max_scroll_y, "the page scrolled to its end")
        await settle(pilot)
        # The chart's title, plot, axis and legend all in view at once, the plot as tall as the page allows.
        assert body.region.y <= title.region.y and chart.region.bottom <= body.region.bottom
        lines = str(chart.render()).splitlines()
        assert sum(1 for line in lines if "│" in line) >= rows
        assert any(line.startswith(" A Ann") for line in lines) and max(len(line) for line in lines) <= size[0]


def busy_evenings(root: Path, games: int) -> None:
    """``games`` short rubbers among four, one after another."""
    store = GameStore(root)
    store.ensure()
    (won,) = parse_log("N 3NT 9\nN 3NT 9\n").games()
    (lost,) = parse_log("E 3NT 9\nE 3NT 9\n").games()
    for k in range(games):
        game = Game(players=("Ann", "Bob", "Cy", "Di"), hands=(won if k % 3 else lost).game.hands, first_dealer=Seat.N)
        at = f"2026-01-{1 + k // 20:02d}T{12 + (k % 20) // 2:02d}:{(k % 2) * 30:02d}:00+00:00"
        store.save(StoredGame(f"2026{k:010d}", game, at, at))


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (200, 50)])
@pytest.mark.parametrize("games", [9, 31, 137])
async def test_the_chart_s_game_numbers_never_run_together(tmp_path: Path, size: tuple[int, int], games: int) -> None:
    busy_evenings(tmp_path / "data", games)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=size) as pilot:
        screen = await open_stats(pilot)
        await press(pilot, "end")
        await settle(pilot)
        lines = str(screen.query_one("#stats-chart", NetChart).render()).splitlines()
        axis = next(line for line in lines if line.rstrip().endswith(AXIS_WORD.strip()))
        numbers = axis[: axis.rindex(AXIS_WORD.strip())].split()
        # Each a number on its own, ascending, from the first game to the last.
        assert all(re.fullmatch(r"[0-9]+", n) for n in numbers), axis
        values = [int(n) for n in numbers]
        assert values == sorted(set(values)) and values[0] == 0 and values[-1] == games, axis
        assert max(len(line) for line in lines) <= size[0]


async def test_a_missing_index_is_rebuilt_with_its_progress_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    three_evenings(tmp_path / "data")
    (tmp_path / "data" / INDEX_NAME).unlink(missing_ok=True)
    # As with a lifetime of games, too many to read on the key: read in a worker, the bar moving.
    monkeypatch.setattr(History, "quick", lambda self, at_most=500: False)
    shown: list[tuple[int, int]] = []
    real = Reading.show
    monkeypatch.setattr(Reading, "show", lambda self, done, total: (shown.append((done, total)), real(self, done, total))[1])
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert shown and shown[-1] == (4, 4)
        assert not screen.query_one("#stats-reading", Reading).display
        assert "· 3 games, 1 duplicate ·" in title(screen)
    assert (tmp_path / "data" / INDEX_NAME).exists()  # the app, a writer, keeps what it built


async def test_the_figures_are_worked_out_beside_the_screen_and_a_span_chosen_meanwhile_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read in the background, the statistics are worked out in the reading's thread too (at
    20,000 games a third of a second the screen's keys would otherwise wait); a span chosen
    while the games are read is the one they come in, not the figures of no games meanwhile."""
    import threading

    from bridgepad.core.evening.stats import Reach
    from bridgepad.tui.screens import stats_screen

    three_evenings(tmp_path / "data")
    (tmp_path / "data" / INDEX_NAME).unlink(missing_ok=True)
    monkeypatch.setattr(History, "quick", lambda self, at_most=500: False)
    go = threading.Event()
    real = History.summaries

    def held(self, *a, **k):  # type: ignore[no-untyped-def]
        go.wait(60)  # the read, held until the span is chosen
        return real(self, *a, **k)

    monkeypatch.setattr(History, "summaries", held)
    on_screen_thread: list[bool] = []
    real_statistics = stats_screen.statistics
    monkeypatch.setattr(
        stats_screen,
        "statistics",
        lambda *a, **k: (
            on_screen_thread.append(threading.current_thread() is threading.main_thread()),
            real_statistics(*a, **k),
        )[1],
    )
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.later_css_loaded, "the pad's first paint")
        await pilot.press("S")  # (press() would wait for the read, which is held)
        await until(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.reading, "the games being read")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await pilot.press("w")  # all time → this year, while the games are read
        await until(pilot, lambda: screen.reach is Reach.ALL.next, "the span chosen")
        assert not screen.data_shown and "reading the games" in title(screen)
        go.set()
        await until(pilot, lambda: screen.data_shown, "the statistics painted")
        assert screen.reach is Reach.ALL.next and f"Statistics · {Reach.ALL.next.label} ·" in title(screen)
        assert on_screen_thread == [False]  # once, in the reading's thread, for the span chosen


async def test_games_with_nobody_named_say_why_the_tables_are_empty(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    store.ensure()
    (rubber,) = parse_log("N 3NT 9\nN 3NT 9\n").games()
    at = "2026-01-05T20:00:00+00:00"
    store.save(StoredGame("20260105-200000-0001", Game(hands=rubber.game.hands, first_dealer=Seat.N), at, at))
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert "1 game · 0 players" in title(screen)
        said = str(screen.query_one("#stats-heading").render())
        assert said.startswith("The games counted (1 game in all) have no players' names at their seats:"), said
        assert "(n, the new-game dialog)" in said


async def test_a_rebuild_shows_the_figures_of_the_games_read_so_far(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the history and the tally fill in their rows, the statistics show the figures of the
    games read so far while the rest are read (here the two newest, then held), then every game's."""
    import threading

    three_evenings(tmp_path / "data")
    (tmp_path / "data" / INDEX_NAME).unlink(missing_ok=True)
    monkeypatch.setattr(History, "quick", lambda self, at_most=500: False)
    go = threading.Event()
    real = History.summaries

    def slow(self, progress=None, *, look_only=False, partial=None):  # type: ignore[no-untyped-def]
        whole = real(self, progress, look_only=look_only)
        if partial is not None:
            partial(whole[:2])  # the two newest read, the rest still to come
        go.wait(60)
        return whole

    monkeypatch.setattr(History, "summaries", slow)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.later_css_loaded, "the pad's first paint")
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics screen")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await until(pilot, lambda: "reading the rest" in title(screen), "the figures of the games read so far")
        assert "· 1 game, 1 duplicate ·" in title(screen) and not screen.data_shown, title(screen)
        assert first_column(screen, "players"), "the players of the games read so far"
        go.set()
        await until(pilot, lambda: screen.data_shown, "every game's figures")
        assert "· 3 games, 1 duplicate ·" in title(screen) and "reading" not in title(screen)
