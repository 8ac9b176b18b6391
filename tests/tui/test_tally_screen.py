"""The tally screen's content: tonight's games first, the duplicate sessions by IMPs
apart from the money, and the window key going on to this week and all time."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from support.builders import create_current
from support.record.games import duplicate
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import make_app
from support.waiting import settle
from textual.widgets import DataTable, Label

from bridgepad.core.readers.log import parse_log
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.store.game_store import GameStore, StoredGame
from bridgepad.tui.screens.tally_screen import TallyScreen


def plant(root: Path) -> None:
    """Tonight: a rubber (Ann and Cy beat Bob and Di by 900) and a team match (N-S +13 IMPs,
    worked in support.record.games); a week ago, another rubber."""
    store = GameStore(root)
    store.ensure()
    now = datetime.now().astimezone().replace(microsecond=0)
    (rubber,) = (st.game for st in parse_log("players N=Ann E=Bob S=Cy W=Di\nN 3NT 9\nS 3NT 9\n").games())
    # Tonight's games within the last 90 minutes, or squeezed in after 05:00 today when those
    # would begin before it (a new day of bridge begins at 05:00): tonight at any hour.
    day_begins = now.replace(hour=5, minute=0, second=0)
    room = now - day_begins if day_begins <= now < day_begins + timedelta(minutes=95) else timedelta(minutes=95)

    def t(minutes: int) -> str:
        ago = timedelta(minutes=minutes) if minutes > 95 else room * minutes / 95
        return (now - ago).replace(microsecond=0).isoformat()

    store.save(StoredGame("20261101-000000-0001", rubber, t(90), t(60)))
    store.save(StoredGame("20261101-000000-0002", duplicate(DuplicateScoring.IMPS), t(50), t(10)))
    store.save(StoredGame("20261101-000000-0003", rubber, t(60 * 24 * 8), t(60 * 24 * 8)))


def rows(table: DataTable) -> list[list[str]]:  # type: ignore[type-arg]
    return [[str(c) for c in table.get_row_at(k)] for k in range(table.row_count)]


async def test_the_tally_opens_on_tonight_with_the_duplicate_session_apart(tmp_path: Path) -> None:
    root = tmp_path / "data"
    plant(root)
    (on_pad,) = (st.game for st in parse_log("N 1C 7\n").games())
    create_current(GameStore(root), on_pad)  # the rubber on the pad, a hand into it: in play
    app = make_app(root)
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(pilot)
        await keyboard(pilot, ["t"])
        for _ in range(100):  # the screen fills its table once it is mounted
            await settle(pilot)
            if isinstance(app.screen, TallyScreen) and str(app.screen.query_one("#tally-title", Label).render()):
                break
        screen = app.screen
        assert isinstance(screen, TallyScreen)
        title = str(screen.query_one("#tally-title", Label).render())
        assert "Tally · tonight · 1 game (+1 in play), 1 duplicate" in title  # the pad's rubber is in play
        money = rows(screen.query_one("#tally", DataTable))
        assert [r[0] for r in money] == ["Ann", "Cy", "Bob", "Di"] and money[0][2] == "+900"
        dup = screen.query_one("#duplicate", DataTable)
        assert dup.display
        # N-S (Ann, Cy) +13 IMPs; E-W (Bob, Di) -13; no pairs game: no matchpoints.
        assert rows(dup) == [["Ann", "1", "+13", ""], ["Cy", "1", "+13", ""], ["Bob", "1", "-13", ""], ["Di", "1", "-13", ""]]
        await keyboard(pilot, ["w", "w"])  # this week, then all time
        await settle(pilot)
        assert "Tally · all time · 2 games (+1 in play), 1 duplicate" in str(screen.query_one("#tally-title", Label).render())
        assert rows(screen.query_one("#tally", DataTable))[0][1:3] == ["2", "+1,800"]


def test_a_small_net_beside_a_large_one_is_drawn_off_the_zero_line() -> None:
    # Ann +520, Bob -12,000 after one game: one scale over 8 rows would round +520 onto the zero
    # line (and label that row +520); each side of zero keeps a row of its own.
    from bridgepad.core.evening.tally import TallyStep
    from bridgepad.tui.widgets.net_chart import render_chart

    lines = render_chart([TallyStep("g1", None, {"Ann": 520, "Bob": -12000})], ["Ann", "Bob"], 40, 8).plain.splitlines()
    labels = {line.split("│")[0].strip(): line for line in lines if "│" in line}
    assert "+520" in labels and "0" in labels and "-12,000" in labels
    assert "┈" not in labels["+520"] and "A" in labels["+520"]  # Ann's point, above the zero line
    assert "┈" in labels["0"] and "B" in labels["-12,000"]
