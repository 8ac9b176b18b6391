"""The hand list as a player uses it: the cursor and the explanation that follows it, the
newest hand kept in view, one row drawn for a hand added, the rows in the theme's colours."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import WORKED_RUBBER, hand_keys, make_app, seed
from support.snapshot_apps.screen import explain_text, hand_list, visible_text
from support.waiting import press, settle, until
from textual.color import Color


async def test_the_arrows_move_the_cursor_and_the_explanation_follows(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hl = hand_list(app)
        assert hl.cursor_row == 3 and explain_text(app).startswith("Hand 4")
        for key, row in (("up", 2), ("up", 1), ("home", 0), ("up", 0), ("down", 1), ("end", 3), ("down", 3)):
            await press(pilot, key)
            await until(pilot, lambda row=row: explain_text(app).startswith(f"Hand {row + 1}"), f"hand {row + 1} explained")
            assert hl.cursor_row == row, key


async def test_the_newest_hand_is_in_view_after_enter_even_from_the_top_of_a_long_rubber(data_dir: Path) -> None:
    seed(data_dir, [("1C", "N", "6", "")] * 29)  # 29 hands one down: no game, one long rubber
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hl = hand_list(app)
        await press(pilot, "home")
        await until(pilot, lambda: hl.cursor_row == 0, "the first hand selected")
        assert visible_text(hl).splitlines()[1].split()[0] == "1"  # the list scrolled to its top
        await press(pilot, *hand_keys("2H", "E", "7"))
        await until(pilot, lambda: len(app.session.state.hands) == 30, "the 30th hand recorded")
        await settle(pilot)
        assert hl.cursor_row == 29
        shown = [line.split() for line in visible_text(hl).splitlines()]
        assert shown[0][:3] == ["#", "Dlr", "Contract"]  # the header stays on top as the list scrolls
        assert any(r[:1] == ["30"] and "2♥" in r for r in shown), shown
        assert explain_text(app).startswith("Hand 30")


async def test_a_hand_added_draws_its_row_and_the_row_the_cursor_left_nothing_else(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hl = hand_list(app)
        await press(pilot, *hand_keys("4S", "N", "9"))  # hand 5: North one down
        await until(pilot, lambda: hl.row_count == 5, "the fifth row")
        await settle(pilot)
        # Rows 0-2 stand as they were; row 3 lost the cursor, row 4 is new: only they are drawn.
        assert sorted(set(hl.rendered)) == [3, 4]
        assert [str(c) for c in hl.get_row_at(4)][2:5] == ["4♠", "N", "-1"]
        assert visible_text(hl).splitlines()[5].split()[:3] == ["5", "N", "4♠"]


async def test_a_new_theme_colours_the_rows_again(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:4])  # hand 2 is 4♥ doubled: a red suit
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hl = hand_list(app)

        def heart() -> tuple[object, object]:
            line = hl.render_line(2)  # the header, hand 1, hand 2
            seg = next(s for s in line if "♥" in s.text)
            return seg.style.color, seg.style.bgcolor  # type: ignore[union-attr]

        dark = heart()
        app.theme = "textual-light"
        await settle(pilot)
        light = heart()
        # The suit in the light theme's error colour, on the light theme's stripe, not the dark one's.
        assert Color.parse(app.get_css_variables()["text-error"]).rich_color == light[0] != dark[0]
        assert light[1] != dark[1]


async def test_at_60_columns_the_list_keeps_who_declared(data_dir: Path) -> None:
    # Who played a hand is read without selecting it: the declarer's letter is the last column cut.
    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        keys = [c.key for c in hand_list(app).columns]
        assert "by" in keys and {"contract", "we", "they"} <= set(keys), keys
        assert [str(hand_list(app).get_row_at(n)[keys.index("by")]) for n in range(4)] == ["N", "E", "S", "W"]


async def test_at_200_columns_the_list_is_as_wide_as_its_columns_and_the_explanation_has_the_rest(data_dir: Path) -> None:
    from bridgepad.tui.widgets.explanation import Explanation

    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await settle(pilot)
        hands = hand_list(app)
        table = sum(c.width + 2 for c in hands.columns)
        assert hands.columns[1].header == "Dealer", "the roomy columns"
        # Its columns, their spare cells and the scroll bar's room: not stretched across the screen.
        assert hands.size.width <= table + 4, (hands.size.width, table)
        # The explanation takes what is left: its longest line on one line.
        explanation = app.screen.query_one(Explanation)
        assert app.screen.query_one(".explain").size.width > 66, app.screen.query_one(".explain").size  # 66 it had
        assert all(len(line.rstrip()) < explanation.size.width for line in visible_text(explanation).splitlines())
        assert len([line for line in visible_text(explanation).splitlines() if line.strip()]) == len(
            explanation.plain.splitlines()
        )
