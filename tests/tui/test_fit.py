"""Nothing out of reach: the newest hand stays in view, every screen fits 80×24 and stays
usable at 60×20 (columns drop by priority, nothing essential is cut), and what scrolls can
be scrolled to."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.builders import create_current
from support.snapshot_apps.scenarios import (
    FIFTEEN_BOARDS,
    WORKED_RUBBER,
    evening,
    hand_keys,
    make_app,
    new_duplicate,
    seed,
)
from support.snapshot_apps.screen import entry_form, form_open, hand_list, screen_lines, screen_words, shown_in, visible_text
from support.waiting import press, settle

from bridgepad.core.rules.game import Game
from bridgepad.store.game_store import GameStore
from bridgepad.tui.forms.game_form import GameForm

SIZES = [(80, 24), (60, 20)]


def visible_rows(app) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The hand list's rows that are on screen now, each as its words."""
    return [line.split() for line in visible_text(hand_list(app)).splitlines()]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "60x20"])
async def test_board_16_is_in_view_as_soon_as_it_is_entered(data_dir: Path, size: tuple[int, int]) -> None:
    new_duplicate(data_dir)
    seed(data_dir, FIFTEEN_BOARDS)
    app = make_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await press(pilot, *hand_keys("3NT", "N", "9", "400 600 -100"))  # three results: a long explanation
        await settle(pilot)
        await settle(pilot)
        assert len(app.session.state.hands) == 16
        rows = visible_rows(app)
        assert any(r[:1] == ["16"] for r in rows), rows  # the board's number leads its row
        assert "Board 16" in shown_in(app, app.screen.query_one(".explain"))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "60x20"])
async def test_the_twentieth_hand_of_a_rubber_is_in_view(data_dir: Path, size: tuple[int, int]) -> None:
    seed(data_dir, [("1C", "N", "6", "")] * 19)  # nineteen hands down one: no game, one long rubber
    app = make_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await press(pilot, *hand_keys("2H", "E", "7"))
        await settle(pilot)
        await settle(pilot)
        assert len(app.session.state.hands) == 20
        rows = visible_rows(app)
        assert any("2♥" in r for r in rows), rows
        assert hand_list(app).cursor_row == 19


async def test_the_hand_list_drops_columns_by_priority_and_keeps_the_scores(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = hand_list(app)
        assert [c.header for c in table.columns] == ["#", "Dlr", "Contract", "By", "Res", "We", "They"]
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        await settle(pilot)
        labels = [c.header for c in table.columns]
        # Who declared (the seat's letter) is the last column cut: the result goes before it.
        assert labels == ["Contract", "By", "We", "They"], labels
        assert "Dlr" not in labels  # the dealer goes first: the status bar and the explanation say it
        assert all(c in visible_text(table).splitlines()[0].split() for c in labels)  # every header shows whole
        # The figures of hand 4 (They 250 below and above) are on screen in the list.
        assert any("250" in r for r in visible_rows(app))


async def test_at_60_columns_the_status_wraps_rather_than_cutting(data_dir: Path) -> None:
    from support.snapshot_apps.scenarios import new_chicago

    new_chicago(data_dir)
    seed(data_dir, (("1NT", "N", "7", ""), ("pass", "", "", ""), ("4S", "S", "10", "")))
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        words = screen_words(app)
        # The headline on one line; the lead, which would wrap it, goes to the line of what each side needs.
        assert "Chicago 1 Deal 3 of 4 · Games We 1–0 They" in words and "We lead by 660" in words
        assert "Cy (S) deals · Ann (N) shuffles · They (E-W) vulnerable" in words


async def test_the_entry_form_title_is_whole_at_60_columns(data_dir: Path) -> None:
    create_current(GameStore(data_dir), Game(players=("Alexandrina-Josephine", "Bartholomew", "Cy", "Di")))
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await press(pilot, "plus")
        await settle(pilot)
        assert form_open(app)
        title = entry_form(app).form_title
        assert len(title) > 56  # longer than the form is wide: it wraps
        assert " ".join(title.split()) in screen_words(app)
        assert "Enter records · Tab next field · Esc cancels" in screen_words(app)


async def test_the_new_game_dialog_keeps_its_title_and_keys_and_scrolls_to_its_last_field(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, GameForm)
        words = screen_words(app)
        assert "New game · the game on the pad stays saved" in words
        assert "Enter saves · Tab next field · Esc cancels" in words
        assert "Next dealer" not in words  # below, for now
        # Tab passes by the rows this game does not take (a rubber: no tables, no movement).
        shown = [name for name in app.screen.fields if app.screen.query_one(f"#f-{name}").display]
        await press(pilot, *["tab"] * (len(shown) - 1))
        await settle(pilot)
        words = screen_words(app)
        assert "Next dealer" in words and "Enter saves" in words and "New game" in words


def ended_early(root: Path) -> None:
    """A rubber of long names ended early, the words the history is widest for."""
    from bridgepad.core.readers.log import parse_log

    state = parse_log("players N=Alice E=Bob S=Carol W=Dave\nN 3S 10\nend\n").games()[0]
    store = GameStore(root)
    store.set_current(store.add(state.game, "2026-11-27T20:00:00+00:00").id)


async def test_the_history_shows_players_and_state_whole_at_80_and_60_columns(data_dir: Path) -> None:
    ended_early(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "h")
        await settle(pilot)
        line = next(x for x in screen_lines(app) if x.startswith("2026-11-27 20:00"))
        assert "Alice & Carol v Bob & Dave" in line and "ended early" in line and "rubber" in line
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        await settle(pilot)
        line = next(x for x in screen_lines(app) if x.startswith("2026-11-27 20:00"))
        assert "Alice & Carol v Bob & Dave" in line and "ended early" in line
        assert "History · 1 game, newest first" in screen_words(app)


async def test_the_review_title_and_what_the_game_came_to_are_whole_at_80(data_dir: Path) -> None:
    evening(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "h", "down", "enter")
        await settle(pilot)
        top = screen_lines(app)[:2]
        assert "Review · 2026-11-27 20:25 · read-only" in top[0]
        assert "We win the rubber 2–1, 770 to 100, by 670." in top[1]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "60x20"])
async def test_the_tally_chart_s_axis_and_legend_can_be_scrolled_to(data_dir: Path, size: tuple[int, int]) -> None:
    evening(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "t", "w", "w")
        await settle(pilot)
        assert "games" not in screen_words(app).split()[-12:]  # below the edge at first
        await press(pilot, "end")
        await settle(pilot)
        words = screen_words(app)
        # The chart's foot: the game numbers, the players' initials and what * means.
        assert "0" in words and "3 games" in words
        assert "A Ann" in words and "D Di" in words
        assert "* two or more players on the same point" in words


async def test_the_stake_error_is_a_whole_sentence_at_80_columns(data_dir: Path) -> None:
    evening(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "t", "dollar_sign", "x", "enter")
        await settle(pilot)
        from bridgepad.core.rules.settlement import read_stake

        with pytest.raises(ValueError) as refused:  # the core's one sentence for a bad stake
            read_stake("x")
        assert str(refused.value) in screen_words(app)


def words_of(text: str) -> str:
    return " ".join(text.split())


async def test_at_60x20_the_last_hand_of_the_worked_rubber_is_explained_to_its_end(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER)
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await settle(pilot)
        shown = words_of(shown_in(app, app.screen.query_one(".explain")).lstrip("─\n"))  # its rule above
        # Hand 7, 6♦ by South: the rubber won two games to one earns 500, and We end 1,830 to 510.
        assert shown.startswith("Hand 7"), shown
        assert "We 500 above: rubber bonus, two games to one: 500" in shown, shown
        assert shown.endswith("We win the rubber 2–1, 1,830 to 510, by 1,320."), shown
        lines = screen_lines(app)
        # The pad's heading and its totals stay on screen beside it.
        assert any("We (N-S)" in x and "They (E-W)" in x for x in lines)
        assert any("1,830" in x and "510" in x for x in lines[3:])


def filled_columns(lines: list[str], rows: range) -> int:
    """How many of the screen's columns hold something drawn on any of ``rows``."""
    return sum(1 for c in range(len(lines[0])) if any(lines[r][c] not in " ▕▏│" for r in rows))


async def test_at_200x50_the_pad_the_hand_list_and_the_explanation_use_the_room(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER)
    app = make_app(data_dir)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await settle(pilot)
        lines = screen_lines(app)
        # The rows of the pad and the list: written across more than 150 of the 200 columns.
        assert filled_columns(lines, range(2, 12)) > 150
        table = hand_list(app)
        labels = [c.header for c in table.columns]
        assert labels == ["#", "Dealer", "Contract", "Declarer", "Vulnerable", "Honors", "Result", "We", "They"]
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        # Hand 4, 3NT by West: East-West held 150 in honors, N-S were vulnerable after hand 3's game.
        assert rows[3][:6] == ["4", "West", "3NT", "West", "We (N-S)", "They 150"]
        assert rows[6][:5] == ["7", "South", "6♦", "South", "Both"]
        # The explanation beside the list, the whole of it, its heading on one line.
        explain = app.screen.query_one(".explain")
        assert explain.region.x >= table.region.right and explain.region.height > 40
        assert (
            shown_in(app, explain).splitlines()[0].strip("▏ ")
            == "Hand 7 · South dealt · Both vulnerable · 6♦ by South, 12 tricks"
        )
        # The pad's cells are roomier than at 80 columns (11): the rule across is 18 + 1 + 18.
        assert any("═" * 18 + "╪" + "═" * 18 in x for x in lines)


async def test_at_200x50_the_evening_s_chart_is_tall_and_says_each_player_s_net(data_dir: Path) -> None:
    evening(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(200, 50)) as pilot:
        await press(pilot, "t", "w", "w")
        await settle(pilot)
        nets = {x.split()[0]: x.split()[3] for x in screen_lines(app)[3:8]}  # the tally's Points column
        await press(pilot, "end")
        await settle(pilot)
        lines = screen_lines(app)
        plot = [x for x in lines if "│" in x[:10]]
        assert len(plot) >= 24, len(plot)  # 8 rows at 80x24
        labelled = [x.split("│")[0].strip() for x in plot if x.split("│")[0].strip()]
        assert len(labelled) >= 6, labelled  # the top, zero, the bottom and rows between
        words = screen_words(app)
        for name, net in nets.items():
            assert f"{name[:1]} {name} {net}" in words, (name, net)


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (200, 50)], ids=["80x24", "60x20", "200x50"])
async def test_every_view_of_several_tables_fits(data_dir: Path, size: tuple[int, int]) -> None:
    from support.several import mitchell, on_pad
    from support.snapshot_apps.scenarios import tables_shown
    from support.waiting import until
    from textual.widgets import DataTable

    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: tables_shown(app), "the tables' view drawn")
        for view in "12345":
            await press(pilot, view)
            await settle(pilot)
            words = screen_words(app)
            # The five views named whole, the way out in the footer, the session's state above.
            assert "1 Tables 2 Boards 3 Ranking 4 Changes (1) 5 Cards" in words, (view, words)
            assert "q Quit" in words and "29 of 36 results in" in words
            for table in app.screen.query(DataTable):
                if table.display and table.region.width:
                    assert table.virtual_size.width <= table.size.width, (view, table.id)  # no column off the edge


@pytest.mark.parametrize("key", ["n", "s"], ids=["new-game", "rules"])
async def test_at_60x20_no_word_of_a_field_s_hint_is_broken_across_lines(data_dir: Path, key: str) -> None:
    """The hint column holds the longest word it has to show (``dealer-then-opponents``), so
    Textual never cuts one in two ("dealer-then-opponent" / "s")."""
    from textual.widgets import Label

    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await press(pilot, key)
        await settle(pilot)
        hints = [h for h in app.screen.query(".field-hint").results(Label) if h.display]
        assert len(hints) >= 7  # the rules' seven, the new game's more
        for hint in hints:
            longest = max(str(hint.render()).split(), key=len)
            assert len(longest) <= hint.size.width, (hint.id, longest, hint.size.width)


async def test_an_explanation_line_that_wraps_goes_on_under_its_own_text(data_dir: Path) -> None:
    # Hand 4 of the worked rubber, at 80 columns: "They 150 above: honors, four aces in one hand
    # at notrump: 150" wraps. Its second line hangs under its text, two cells further in, never
    # at the explanation's left edge as if it were a line of its own.
    from bridgepad.tui.widgets.explanation import Explanation

    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        explanation = app.screen.query_one(Explanation)
        lines = visible_text(explanation).splitlines()
        assert lines[0].startswith("Hand 4") and len(lines) > 4, lines
        honors = next(n for n, line in enumerate(lines) if "They 150 above" in line)
        assert lines[honors].startswith("  They 150 above: honors") and not lines[honors].rstrip().endswith("150"), lines
        assert lines[honors + 1].startswith("    ") and lines[honors + 1].split() == ["notrump:", "150"], lines
        assert "Game for They: the line is drawn." in lines[-1], lines  # every line counted: the last one shown too
        # Each of the explanation's lines starts two cells in, or four where it goes on.
        for line in lines[next(n for n, line in enumerate(lines) if line.startswith("  ")) :]:
            if line.strip():
                assert line.startswith("  "), lines
