"""The history and the tally while the index is rebuilt from many games (read in processes,
one a core): the progress bar moving, the rows and the tally of the games read so far filling
in, the keys live meanwhile, and then every game."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from snapshot_apps.scenarios import make_app
from test_history import T0, TEMPLATES, gid, write_game
from textual.widgets import DataTable
from waiting import press, screen_is, until

from bridgepad.services import history as history_module
from bridgepad.services.history import INDEX_NAME
from bridgepad.store.game_store import GameStore
from bridgepad.tui.screens.history_screen import HistoryScreen
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.tally_screen import TallyScreen
from bridgepad.tui.widgets.reading import Reading

GAMES = 700  # more than a key reads on the spot (History.quick): read in the background


@pytest.fixture
def lifetime(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    store = GameStore(data_dir)
    store.ensure()
    for k in range(GAMES):
        write_game(store, gid(k), TEMPLATES[k % 4], T0 + timedelta(hours=6 * k))
    # In processes from 200 games up, 50 at a time, the games so far shown after every share.
    monkeypatch.setattr(history_module, "POOL_FROM", 200)
    monkeypatch.setattr(history_module, "POOL_SHARE", 50)
    monkeypatch.setattr(history_module, "PARTIAL_SECONDS", 0.0)
    return data_dir


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

    monkeypatch.setattr(kind, "on_partial", watched)
    shown: list[int] = []
    show = Reading.show
    monkeypatch.setattr(Reading, "show", lambda self, done, total: (shown.append(done), show(self, done, total))[1])
    app = make_app(lifetime)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.later_css_loaded, "the pad's first paint")
        await press(pilot, key)
        await screen_is(pilot, kind)
        screen = app.screen
        await until(pilot, lambda: screen.data_shown, "every game read and shown")
        # The games so far came several times before the last, each more, none taken for the whole.
        assert len(seen) >= 3 and [n for n, _ in seen] == sorted(n for n, _ in seen) and seen[0][0] < GAMES
        assert not any(final for _, final in seen)
        assert shown[-1] == GAMES and len(set(shown)) >= 3
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
        await until(pilot, lambda: app.later_css_loaded, "the pad's first paint")
        await press(pilot, "h")
        await screen_is(pilot, HistoryScreen)
        screen = app.screen
        await until(pilot, lambda: bool(screen.rows), "the first games read")  # type: ignore[attr-defined]
        await press(pilot, "down", "escape")
        await screen_is(pilot, PadScreen)
        await press(pilot, "h")  # the read again, from what the index kept or anew
        await screen_is(pilot, HistoryScreen)
        again = app.screen
        await until(pilot, lambda: again.data_shown, "every game read and shown")
        assert len(again.rows) == GAMES  # type: ignore[attr-defined]
