"""Changing the pad: edit, delete, undo, ending early, a new rubber, help, and the rubber after a finished one."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from support.snapshot_apps.scenarios import WORKED_RUBBER, field_keys, hand_keys, make_app, seed
from support.snapshot_apps.screen import (
    Notes,
    entry_form,
    explain_text,
    folder_bytes,
    form_open,
    hand_list,
    hand_rows,
    pad_text,
    status_text,
    text_of,
)
from support.waiting import press, settle, until
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.game import Status
from bridgepad.store.game_store import GameStore
from bridgepad.tui.forms.entry_form import EntryForm
from bridgepad.tui.screens.help_screen import HelpScreen


def on_disk(root: Path) -> tuple:  # type: ignore[type-arg]
    """The hands of the current game as the data folder holds them."""
    store = GameStore(root)
    game_id = store.current_id()
    assert game_id is not None
    return store.load(game_id).game.hands


def totals(app) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    st = app.session.state
    return st.total(Side.NS), st.total(Side.EW)


async def test_edit_opens_the_hand_prefilled_and_reworks_the_figures(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:3])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.state.games[Side.NS] == 1  # 90 + 40: a game for We
        await press(pilot, "e")  # the last hand is selected
        await settle(pilot)
        form = entry_form(app)
        assert isinstance(form, EntryForm)
        assert text_of(form.query_one("#form-title")).startswith("Edit hand 3 · South dealt")
        assert [form.query_one(f"#{n}", Input).value for n in ("contract", "declarer", "result", "honors")] == [
            "2C",
            "S",
            "8",
            "",
        ]
        # Eight tricks become seven: one down, 50 to They, and 90 below is no game.
        await press(pilot, "tab", "tab", "backspace", "7")
        await settle(pilot)
        assert "They 50 above" in text_of(form.query_one("#preview"))
        await press(pilot, "enter")
        await settle(pilot)
        assert not form_open(app)
        st = app.session.state
        assert st.hands[2].hand.tricks == 7
        assert st.games[Side.NS] == 0 and st.next_vulnerable == frozenset()
        assert totals(app) == (90 + 30 + 300, 50)
        assert on_disk(data_dir) == app.session.game.hands
        assert hand_rows(app)[2][2:5] == ["2♣", "S", "-1"]
        assert "Nobody vulnerable" in status_text(app)


async def test_escape_on_an_edit_changes_nothing(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:2])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        files = folder_bytes(data_dir)
        await press(pilot, "e", "backspace", "9", "escape", "y")  # typed, so Escape asks; y throws it away
        await settle(pilot)
        assert not isinstance(app.screen, ModalScreen)
        assert folder_bytes(data_dir) == files
        assert app.session.undo_stack == []


async def test_delete_asks_first_and_n_keeps_the_hand(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:3])
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await settle(pilot)
        files = folder_bytes(data_dir)
        await press(pilot, "d")
        await settle(pilot)
        assert isinstance(app.screen, ModalScreen)
        question = " ".join(text_of(w) for w in app.screen.query(Static))
        assert "Delete hand 3" in question and "2♣ by S" in question
        await press(pilot, "n")
        await settle(pilot)
        assert not isinstance(app.screen, ModalScreen)
        assert len(app.session.state.hands) == 3
        assert folder_bytes(data_dir) == files

        await press(pilot, "d", "y")
        await settle(pilot)
        st = app.session.state
        assert len(st.hands) == 2 and st.games[Side.NS] == 0
        assert totals(app) == (420, 0)
        assert on_disk(data_dir) == app.session.game.hands
        assert len(hand_rows(app)) == 2
        assert any("Hand 3 deleted" in m for m in notes.texts)


async def test_undo_walks_back_add_edit_and_delete_one_by_one(data_dir: Path) -> None:
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        history = [app.session.game.hands]
        for keys in (
            hand_keys("3S", "N", "10"),
            hand_keys("4HX", "E", "8"),
            ["e", "tab", "tab", "backspace", "7", "enter"],  # hand 2 now three down: We 500
            ["d", "y"],  # and then deleted
        ):
            await press(pilot, *keys)
            await settle(pilot)
            history.append(app.session.game.hands)
        assert [len(h) for h in history] == [0, 1, 2, 2, 1]
        assert history[3][1].tricks == 7

        for expected in reversed(history[:-1]):
            await press(pilot, "ctrl+z")
            await settle(pilot)
            assert app.session.game.hands == expected
            assert on_disk(data_dir) == expected
            assert len(hand_rows(app)) == len(expected)
        assert totals(app) == (0, 0)
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert any("Nothing to undo" in m for m in notes.texts)
        assert [m for m in notes.texts if m.startswith("Undone")] == [
            "Undone: hand 2 deleted.",
            "Undone: hand 2 edited.",
            "Undone: new hand.",
            "Undone: new hand.",
        ]


async def test_ending_a_rubber_early_pays_the_unfinished_bonuses(data_dir: Path) -> None:
    # Hands 1-6 of the worked rubber: a game each, and They have 60 toward the third.
    seed(data_dir, WORKED_RUBBER[:6])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert totals(app) == (460, 510)
        files = folder_bytes(data_dir)
        await press(pilot, "x", "n")  # asked, and refused
        await settle(pilot)
        assert app.session.state.status is Status.IN_PLAY
        assert folder_bytes(data_dir) == files

        await press(pilot, "x")
        await settle(pilot)
        assert isinstance(app.screen, ModalScreen)
        await press(pilot, "y")
        await settle(pilot)
        st = app.session.state
        assert st.status is Status.ENDED
        bonuses = sorted((e.side.value, e.points) for e in st.bonuses)
        assert bonuses == [("EW", 100), ("EW", 300), ("NS", 300)]
        assert totals(app) == (760, 910)
        assert "ended early" in status_text(app)
        assert "They lead, 910 to 760, by 150" in status_text(app)
        assert "760" in pad_text(app) and "910" in pad_text(app)
        assert json.loads((data_dir / "games" / f"{app.session.stored.id}.json").read_text())  # saved, readable


async def test_n_starts_a_new_rubber_after_asking_and_keeps_the_old_one(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:2])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        old_id = app.session.stored.id
        files = folder_bytes(data_dir)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, ModalScreen)
        await press(pilot, "escape")  # refused
        await settle(pilot)
        assert not isinstance(app.screen, ModalScreen)
        assert app.session.stored.id == old_id and folder_bytes(data_dir) == files

        await press(pilot, "n")
        await settle(pilot)
        await press(pilot, "enter")  # yes, as offered
        await settle(pilot)
        assert not isinstance(app.screen, ModalScreen)
        assert app.session.stored.id != old_id
        st = app.session.state
        assert st.hands == () and st.status is Status.IN_PLAY
        assert st.next_dealer is Seat.S  # the deal passes on: North, East, then South
        assert "Rubber 2" in status_text(app)
        assert "South deals" in status_text(app)
        assert len(GameStore(data_dir).load(old_id).game.hands) == 2  # the old rubber stays saved
        assert hand_rows(app) == []

        await press(pilot, "ctrl+z")  # and undo goes back to it
        await settle(pilot)
        assert app.session.stored.id == old_id and len(app.session.state.hands) == 2


async def test_help_shows_the_keys_and_scoring_tables_and_escape_closes_it(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        out = io.StringIO()
        console = Console(width=100, file=out, color_system=None)
        for w in app.screen.query(Static):  # Labels, and the Statics that hold the rich tables
            console.print(w.content)
        text = out.getvalue()
        for words in ("On the pad", "ctrl+z", "Trick score", "Overtricks", "Undertricks", "Slams", "Honors", "The rubber"):
            assert words in text, words
        for figures in ("750", "1,500", "700", "500"):
            assert figures in text, figures
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)
        assert not isinstance(app.screen, ModalScreen)


async def test_plus_after_a_finished_rubber_starts_the_next_in_a_new_file(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.state.status is Status.WON
        old_id = app.session.stored.id
        old_bytes = (data_dir / "games" / f"{old_id}.json").read_bytes()
        await press(pilot, "plus")
        await settle(pilot)
        form = entry_form(app)
        assert isinstance(form, EntryForm)
        assert text_of(form.query_one("#form-title")) == "Rubber 2 · hand 1 · West deals · Nobody vulnerable"
        await press(pilot, *field_keys("1NT", "W", "7"), "enter")
        await settle(pilot)
        assert not form_open(app)
        new_id = app.session.stored.id
        assert new_id != old_id
        assert (data_dir / "current").read_text().strip() == new_id
        assert (data_dir / "games" / f"{old_id}.json").read_bytes() == old_bytes
        st = app.session.state
        assert len(st.hands) == 1 and st.hands[0].dealer is Seat.W
        assert st.next_dealer is Seat.N
        assert totals(app) == (0, 40)
        assert "Rubber 2" in status_text(app) and "Hand 2" in status_text(app)
        assert hand_rows(app)[0][:4] == ["1", "W", "1NT", "W"]
        assert "West dealt" in explain_text(app)


async def test_x_on_a_finished_rubber_says_so_and_changes_nothing(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER)
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await settle(pilot)
        files = folder_bytes(data_dir)
        await press(pilot, "x")
        await settle(pilot)
        assert not isinstance(app.screen, ModalScreen)
        assert any("already over" in m for m in notes.texts)
        assert folder_bytes(data_dir) == files


async def test_arrow_keys_select_a_hand_straight_away(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:3])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert hand_list(app).cursor_row == 2
        await press(pilot, "up")
        await settle(pilot)
        assert hand_list(app).cursor_row == 1
        assert explain_text(app).startswith("Hand 2")


async def test_a_notice_goes_when_the_next_entry_begins(data_dir: Path) -> None:
    def shown(app) -> int:  # type: ignore[no-untyped-def]
        return len(app._notifications)  # the notices up on screen (Textual keeps them there, privately)

    seed(data_dir, WORKED_RUBBER[:3])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+z")  # undoes hand 3: "Undone: ..." is said
        await until(pilot, lambda: shown(app) > 0, "the undo's notice")
        assert shown(app) == 1, "the undo said nothing"
        await press(pilot, "plus")  # the next entry: the notice must not hide the preview
        await until(pilot, lambda: form_open(app), "the entry form open")
        assert form_open(app) and shown(app) == 0


def tonight_s_rubbers(root: Path, count: int) -> list[str]:
    """``count`` rubbers of one hand each, begun one after the other in the last minutes (or
    squeezed in after 05:00 today, when a new day of bridge begins): tonight at any hour."""
    from datetime import datetime, timedelta

    from bridgepad.core.readers.log import parse_log

    store = GameStore(root)
    store.ensure()
    now = datetime.now().astimezone().replace(microsecond=0)
    day_begins = now.replace(hour=5, minute=0, second=0)
    room = min(timedelta(minutes=10), now - day_begins) if day_begins <= now else timedelta(minutes=10)
    (rubber,) = (st.game for st in parse_log("N 2S 8\n").games())
    ids = []
    for i in range(count):
        begun = now - room + room * i / count
        stored = store.add(rubber, begun.isoformat())
        stored.updated = (begun + room / (2 * count)).isoformat()
        store.save(stored)
        ids.append(stored.id)
    return ids


async def test_the_rubber_after_a_resumed_older_one_follows_the_evening_s_last(data_dir: Path) -> None:
    # Rubber 4 on the pad again while rubber 5 was played: ended, the next rubber is 6.
    rubbers = tonight_s_rubbers(data_dir, 5)
    GameStore(data_dir).set_current(rubbers[3])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Rubber 4" in status_text(app)
        await press(pilot, "x", "y")
        await until(pilot, lambda: app.session.state.status is Status.ENDED, "rubber 4 ended")
        await press(pilot, "plus")
        await until(pilot, lambda: form_open(app), "the entry form open")
        assert text_of(entry_form(app).query_one("#form-title")).startswith("Rubber 6 · hand 1 ·")
        await press(pilot, *field_keys("1NT", "W", "7"), "enter")
        await until(pilot, lambda: not form_open(app), "the hand recorded")
        assert app.session.stored.id not in rubbers
        assert "Rubber 6" in status_text(app)
