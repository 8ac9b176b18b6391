"""The laptop's screen for a game of several tables, typed at with the keyboard: its views,
the results filling in as the tables send them (through the app's own session, as the entry
server writes), a read-only window following the folder, the director's correction in the
pad's own entry form, the pairs' names, and a four-table Mitchell started from the n dialog.

Figures are worked by hand: board 1 of the Mitchell (nobody vulnerable) has 4♠= +420 at table 1,
4♠+1 +450 at table 4 and 4♠= +420 at table 3: 1, 4 and 1 matchpoints of 4 for N-S. Board 5
(N-S vulnerable) at table 2 was 3♠= +140 (90 + 50) and the director made it 3♠+1 +170."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from support.builders import hand
from support.several import TEAM_MATCH, Entry, mitchell, on_pad, team_match
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, make_app, tables_shown
from support.snapshot_apps.screen import Notes, entry_form, form_open, rows_of, screen_words, status_text, text_of
from support.waiting import press, settle, until
from textual.widgets import DataTable, Input

from bridgepad.core.rules.kinds.several_tables.inputs import By
from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp
from bridgepad.tui.forms.game_form import NewGameForm
from bridgepad.tui.several_tables.names_form import NamesForm

SIZE = (80, 24)


def traveller(app: BridgepadApp) -> list[list[str]]:
    return rows_of(app.screen.query_one("#boards-traveller", DataTable))


async def shown(pilot, app: BridgepadApp) -> None:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: tables_shown(app), "the tables' view drawn")


def several_of(app: BridgepadApp):  # type: ignore[no-untyped-def]
    s = app.session.state.session
    assert s is not None and s.several is not None
    return s.several


async def test_every_view_shows_the_derived_session(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        status = status_text(app)
        assert "Mitchell, 4 tables, 12 boards: 3 rounds of 3 · matchpoints" in status
        assert "29 of 36 results in; round 3: every table is playing." in status
        tables = rows_of(app.screen.query_one("#tables-progress", DataTable))
        assert tables[0] == ["1", "3 of 3", "N-S 1", "E-W 2", "7–9", "2/3", "playing"]
        # The explanation is painted after the table it explains: wait for the frame that holds it.
        words = "Table 1. Round 3 of 3: 2 of 3 boards in, board 9 to come."
        await until(pilot, lambda: words in screen_words(app), "the selected table explained on the screen")
        await press(pilot, "2")
        await settle(pilot)
        rows = traveller(app)
        # Board 1 by round: N-S 1 v E-W 1, N-S 4 v E-W 3, N-S 3 v E-W 4.
        assert [r[:9] for r in rows] == [
            ["1", "1", "1", "1", "4♠", "N", "=", "+420", "1"],
            ["2", "4", "4", "3", "4♠", "N", "+1", "+450", "4"],
            ["3", "3", "3", "4", "4♠", "N", "=", "+420", "1"],
        ]
        await press(pilot, "left")  # the board before board 1: the last, 12
        await settle(pilot)
        assert "Board 12 · West deals · N-S vulnerable" in screen_words(app)
        assert [r[4] for r in traveller(app)] == ["2♦", "3♦", "to come"]
        await press(pilot, "3")
        await settle(pilot)
        words = screen_words(app)
        assert "North-South" in words and "East-West" in words
        best = several_of(app).ranking(several_of(app).standings[0].pair.side)[0]
        assert f"{best.pair.label} {' & '.join(best.names)}" in words
        await press(pilot, "4")
        await settle(pilot)
        words = screen_words(app)
        assert "21:15 · the director · board 5 at table 2, round 1" in words
        assert "was 3♠ by S, 9 tricks (N-S +140); now 3♠ by S, 10 tricks (N-S +170)" in words
        await press(pilot, "5")
        await settle(pilot)
        cards = [text_of(card) for card in app.screen.query(".guide-card")]
        assert cards[3].splitlines() == [
            "Table 4",
            "Round 1: N-S 4 v E-W 4, boards 10–12",
            "Round 2: N-S 4 v E-W 3, boards 1–3",
            "Round 3: N-S 4 v E-W 1, boards 4–6",  # the skip: E-W 1 jumps a table after round 2
        ]


async def test_a_result_sent_by_a_table_fills_the_screen_in_at_once(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        await press(pilot, "2", "left", "left", "left", "left")  # board 9: 12, 11, 10, 9
        await settle(pilot)
        assert traveller(app)[2][4] == "to come"
        # The entry server writes through the app's own session, in the app's loop: nothing else is told.
        TableResults(app.session).submit(1, 9, hand("3NT", "N", "9"), "phone-1")
        await until(pilot, lambda: traveller(app)[2][4] == "3NT", "the result on the traveller")
        assert "30 of 36 results in" in status_text(app)
        assert ["1", "3 of 3", "N-S 1", "E-W 2", "7–9", "3/3", "round done"] == rows_of(
            app.screen.query_one("#tables-progress", DataTable)
        )[0]


async def test_a_read_only_window_follows_the_results_the_other_window_saves(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    writer = Session.open(GameStore(data_dir))
    app = BridgepadApp(Session.open(GameStore(data_dir), read_only=True))
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        assert "29 of 36 results in" in status_text(app)
        TableResults(writer).submit(1, 9, hand("3NT", "N", "9"), "phone-1")
        await until(pilot, lambda: "30 of 36 results in" in status_text(app), "the other window's result shown")
        await press(pilot, "2", "e")
        await settle(pilot)
        assert not form_open(app)  # a window that only looks changes nothing


async def test_a_director_s_correction_typed_end_to_end(data_dir: Path) -> None:
    on_pad(data_dir, mitchell(with_change=False))
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=SIZE, message_hook=notes) as pilot:
        await shown(pilot, app)
        # Board 1, its first line: table 1's 4♠= by N, +420.
        await press(pilot, "2", "e")
        await until(pilot, lambda: form_open(app), "the entry form")
        form = entry_form(app)
        assert form.fields == ["contract", "declarer", "result", "why"]
        assert form.query_one("#contract", Input).value == "4S"
        words = screen_words(app)
        assert "Correct board 1 · Table 1, round 1: N-S 1 (Ann & Bob) v E-W 1 (Cy & Di)" in words
        assert "Was 4♠ by N, 10 tricks (N-S +420)." in words
        # A contract that cannot be: the form's own sentence beside it; the reason typed stays.
        await keyboard(pilot, [*field_keys("8s", "n", "11", "N-S claimed eleven"), "enter"])
        await settle(pilot)
        assert form_open(app)
        from bridgepad.core.readers.notation import NotationError, parse_contract

        try:
            parse_contract("8s")
        except NotationError as e:
            sentence = str(e)
        assert text_of(form.query_one("#contract-error")) == sentence
        assert form.query_one("#why", Input).value == "N-S claimed eleven"
        assert app.focused is form.query_one("#contract", Input)
        # The contract mended, the reason cleared: the core's sentence beside the reason.
        await keyboard(pilot, ["4", "s", "tab", "tab", "tab", "ctrl+u", "enter"])
        await settle(pilot)
        assert form_open(app)
        assert (
            text_of(form.query_one("#why-error")) == "Say why the result is changed: the change is written down with its reason."
        )
        assert (form.query_one("#contract", Input).value, form.query_one("#result", Input).value) == ("4s", "11")
        # The preview: what the board would score, against the other tables' +450 and +420.
        assert "+450 beats 1 of 2, ties 1: 3 of 4, 75.0%" in screen_words(app)
        await keyboard(pilot, [*"N-S claimed eleven", "enter"])
        await until(pilot, lambda: not form_open(app), "the correction recorded")
        # On disk, with when and why; the traveller and the changes show it.
        game = GameStore(data_dir).load(app.session.stored.id).game
        last = game.several_tables.results[-1]  # type: ignore[union-attr]
        assert (last.table, last.board, last.by, last.why, last.hand.tricks) == (1, 1, By.DIRECTOR, "N-S claimed eleven", 11)
        assert last.hand.at is not None
        assert traveller(app)[0][5:8] == ["N", "+1*", "+450"]
        await press(pilot, "4")
        await settle(pilot)
        assert "now 4♠ by N, 11 tricks (N-S +450): N-S claimed eleven" in screen_words(app)
        # ctrl+z takes it back.
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert len(app.session.game.several_tables.results) == len(game.several_tables.results) - 1  # type: ignore[union-attr]
        assert "No result has been changed" in screen_words(app)


async def test_the_director_enters_a_board_a_table_has_not_sent(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        await press(pilot, "2", "left", "left", "left", "left", "down", "down")  # board 9, table 1's line: to come
        await settle(pilot)
        assert traveller(app)[2][4] == "to come"
        await press(pilot, "e")
        await until(pilot, lambda: form_open(app), "the entry form")
        assert entry_form(app).query_one("#contract", Input).value == ""
        await keyboard(pilot, [*field_keys("1nt", "w", "7", "the table's phone had no battery"), "enter"])
        await until(pilot, lambda: not form_open(app), "recorded")
        assert traveller(app)[2][4:8] == ["1NT", "W", "=", "-90"]
        last = app.session.game.several_tables.results[-1]  # type: ignore[union-attr]
        assert (last.table, last.board, last.round, last.by) == (1, 9, 3, By.DIRECTOR)


async def test_the_pairs_are_named_once_for_the_session(data_dir: Path) -> None:
    on_pad(data_dir, team_match(()))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        await press(pilot, "N")
        await until(pilot, lambda: isinstance(app.screen, NamesForm), "the names")
        form = app.screen
        assert form.query_one("#f-NS1", Input).value == "Ann & Bob"
        await keyboard(pilot, ["ctrl+u", *"Ann & Bob & Cy", "enter"])
        await settle(pilot)
        assert isinstance(app.screen, NamesForm)
        assert text_of(form.query_one("#m-NS1")) == "N-S 1 is two players; put one & between their names."
        await keyboard(pilot, ["ctrl+u", *"Ann and Zoe", "enter"])
        await until(pilot, lambda: not isinstance(app.screen, NamesForm), "named")
        game = GameStore(data_dir).load(app.session.stored.id).game
        assert dict(game.several_tables.names)[  # type: ignore[union-attr]
            next(p for p, _ in game.several_tables.names if p.key == "NS1")  # type: ignore[union-attr]
        ] == ("Ann", "Zoe")
        await press(pilot, "3")
        await settle(pilot)
        assert "Ann & Zoe" in screen_words(app)


async def test_a_four_table_mitchell_started_from_the_n_dialog_shows_its_guide_cards(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameForm), "the dialog")
        # Nine tables: the core's sentence beside the field, nothing else lost.
        await keyboard(pilot, [*field_keys("d", "9", "12", "", "", "", "NS1=Ann & Bob"), "enter"])
        await settle(pilot)
        form = app.screen
        assert isinstance(form, NewGameForm)
        assert text_of(form.query_one("#m-tables")) == "A Mitchell is played at 3 to 8 tables, not 9."
        assert form.query_one("#f-names", Input).value == "NS1=Ann & Bob"
        assert not form.query_one("#f-N", Input).display  # at several tables no seats of one table
        assert form.query_one("#f-duplicate_scoring", Input).value == "matchpoints"  # a Mitchell's, proposed
        assert app.focused is form.query_one("#f-tables", Input)  # the field in the wrong, its text selected
        await keyboard(pilot, ["4", "enter"])
        await until(pilot, lambda: app.session.game.several_tables is not None and tables_shown(app), "the Mitchell on the pad")
        await until(pilot, lambda: app.game_screen.tables_view.view == "cards", "the guide cards shown")
        inputs = app.session.game.several_tables
        assert (inputs.setup.tables, inputs.setup.boards, inputs.setup.rounds) == (4, 12, 3)  # type: ignore[union-attr]
        assert app.session.game.settings.duplicate_scoring.value == "matchpoints"
        cards = [text_of(card) for card in app.screen.query(".guide-card")]
        assert len(cards) == 4 and cards[0].splitlines()[:2] == ["Table 1", "Round 1: N-S 1 v E-W 1, boards 1–3"]
        assert "0 of 36 results in" in status_text(app)


async def test_the_hand_keys_do_nothing_at_several_tables_and_the_footer_says_so(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        before = app.session.game
        await press(pilot, "plus", "d")
        await settle(pilot)
        assert not form_open(app) and app.session.game == before
        footer = screen_words(app).split("\n")[-1] if "\n" in screen_words(app) else screen_words(app)
        assert "e Correct" in footer and "N Names" in footer and "+ Add" not in footer
        commands = {c.title for c in app.get_system_commands(app.screen)}
        assert "Correct the selected result" in commands and "Add a hand" not in commands


async def test_the_help_says_what_the_screen_shows(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        await press(pilot, "question_mark")
        await settle(pilot)
        words = screen_words(app)
        assert "A game of several tables: each table enters its own results from a phone" in words
        assert "On the pad, in a game of several tables" in words


async def team_ranking(data_dir: Path, entries: tuple[Entry, ...] = TEAM_MATCH) -> tuple[str, str, Decimal | None]:
    """The team match of ``entries`` on the pad, its ranking view (3): the screen's words, the
    status line and team 1's VPs."""
    on_pad(data_dir, team_match(entries))
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await shown(pilot, app)
        await press(pilot, "3")
        await settle(pilot)
        return screen_words(app), status_text(app), several_of(app).teams[0].vp


async def test_a_team_match_shows_the_teams_imps_and_victory_points(data_dir: Path) -> None:
    words, status, vp = await team_ranking(data_dir)
    assert f"1 Team 1 +12 IMPs, {vp} VPs: N-S 1 (Ann & Bob) and E-W 2 (Eve & Fay)" in words
    assert "2 Team 2 -12 IMPs, " in words
    assert "All 16 results are in; the winners: Team 1 +12 IMPs" in status


async def test_the_team_in_front_is_ranked_first_whichever_its_number(data_dir: Path) -> None:
    """The team match with board 4 at table 1 five diamonds made by West (-600), as at table 2:
    board 4 is 0 IMPs, not 15, and team 1's +12 becomes -3 (10 + 1 + 1 - 12 + 0 - 5 + 2)."""
    entries = tuple((1, 4, "5D", "W", "11") if e == (1, 4, "5DX", "W", "9") else e for e in TEAM_MATCH)
    words, status, _ = await team_ranking(data_dir, entries)
    first, second = words.index("1 Team 2 +3 IMPs"), words.index("2 Team 1 -3 IMPs")
    assert first < second, words
    assert "the winners: Team 2 +3 IMPs" in status


async def test_each_view_fits_60x20_and_uses_200x50(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await shown(pilot, app)
        await press(pilot, "2")
        await settle(pilot)
        table = app.screen.query_one("#boards-traveller", DataTable)
        assert table.virtual_size.width <= table.size.width  # every column in view: nothing scrolled off
        assert "MP EW" in screen_words(app)
        await pilot.resize_terminal(200, 50)
        await settle(pilot)
        await settle(pilot)
        words = screen_words(app)
        assert "N-S 1 (Ann & Bob)" in words  # the pairs named on the traveller
        assert app.screen.query_one("#tables-side").display and "North-South" in words  # the ranking beside it
