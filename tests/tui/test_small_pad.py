"""At 60×20 a long rubber scrolls its pad to the totals, and the heading stays above it."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import make_app, seed
from support.snapshot_apps.screen import pad_text, screen_lines
from support.waiting import settle

from bridgepad.tui.widgets.game_view import PadScroll
from bridgepad.tui.widgets.status_bar import StatusBar

# Twelve times 1♠ by North one down, not vulnerable: They 50 above, twelve times; no game yet.
DOWN_ONE = (("1S", "N", "6", ""),) * 12
HEADING = ["We", "(N-S)", "│", "They", "(E-W)"]


async def test_a_long_pad_at_60_by_20_shows_its_heading_and_its_totals(data_dir: Path) -> None:
    seed(data_dir, DOWN_ONE)
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        scroll = app.screen.query_one(PadScroll)
        assert scroll.max_scroll_y > 0, "the pad is longer than the room: it scrolls"
        assert pad_text(app).splitlines()[0].split() == HEADING
        assert pad_text(app).splitlines()[-1].split() == ["0", "600"]
        # As the screen draws it: the heading under the status, the totals over the footer.
        lines = screen_lines(app)
        below_status = app.screen.query_one(StatusBar).region.bottom
        assert lines[below_status].split()[:5] == HEADING, lines
        assert lines[-2].split()[:2] == ["0", "600"], lines


def test_the_first_line_of_the_state_of_play_does_not_wrap_when_narrow() -> None:
    from bridgepad.core.readers.log import parse_log
    from bridgepad.tui.widgets.status_bar import render_status

    (state,) = parse_log("N 1NT 7\n").games()  # We 40 below: We lead by 40
    wide = render_status(state, 1).plain.splitlines()
    assert wide[0] == " Rubber 1   Hand 2 · Games We 0–0 They · We lead by 40"
    narrow = render_status(state, 1, width=len(wide[0]) - 1).plain.splitlines()
    assert narrow[0] == " Rubber 1   Hand 2 · Games We 0–0 They"  # who leads moves down, beside the need
    assert narrow[2] == "N-S 40 on: need 60 · E-W need 100 · We lead by 40"
    assert render_status(state, 1, width=len(wide[0])).plain.splitlines() == wide  # room enough: as it was
