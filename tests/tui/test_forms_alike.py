"""Every form behaves alike: entering a field selects its text, so typing replaces it;
Escape asks before throwing away what was typed, and only then."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import WORKED_RUBBER, evening, make_app, seed
from support.snapshot_apps.screen import folder_bytes, form_open
from support.waiting import press, settle
from textual.widgets import Input

from bridgepad.core.model import Contract, Doubling, Seat, Strain
from bridgepad.tui.forms.confirm import Confirm
from bridgepad.tui.forms.export_dialog import ExportDialog
from bridgepad.tui.forms.game_form import GameForm
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.tally_screen import TallyScreen


def field(app, name: str) -> Input:  # type: ignore[no-untyped-def]
    return app.screen.query_one(f"#{name}", Input)


async def test_editing_a_passed_out_hand_typing_replaces_pass(data_dir: Path) -> None:
    # Hand 2 passed out; e on it, then "1c": the contract field holds 1c, not pass1c.
    seed(data_dir, (WORKED_RUBBER[0], ("pass", "", "", "")))
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "e")
        await settle(pilot)
        assert form_open(app)
        assert field(app, "contract").selected_text == "pass"
        await press(pilot, "1", "c", "tab", "n", "tab", "7", "enter")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen)
        hand = app.session.state.hands[1].hand
        assert hand.contract == Contract(1, Strain.C, Doubling.NONE) and hand.declarer is Seat.N and hand.tricks == 7


async def test_tab_into_a_filled_field_selects_it_in_every_form(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:1])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "e", "tab")  # the entry form's declarer, N
        await settle(pilot)
        assert field(app, "declarer").selected_text == "N"
        await press(pilot, "escape")
        await settle(pilot)
        await press(pilot, "n", "tab")  # the new-game dialog's first dealer
        await settle(pilot)
        assert isinstance(app.screen, GameForm)
        assert field(app, "f-dealer").selected_text == field(app, "f-dealer").value != ""
        await press(pilot, "escape", "s")  # the rules form: its first field is selected on opening
        await settle(pilot)
        assert isinstance(app.screen, GameForm)
        assert field(app, "f-honors").selected_text == "yes"
        await press(pilot, "escape", "E", "tab")  # the export dialog's file name
        await settle(pilot)
        assert isinstance(app.screen, ExportDialog)
        assert field(app, "export-path").selected_text == field(app, "export-path").value


async def test_escape_asks_before_a_typed_hand_is_lost_and_no_keeps_it(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = folder_bytes(data_dir)
        await press(pilot, "plus", "4", "s", "tab", "n", "escape")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        assert "Throw away the hand you typed?" in str(app.screen.question)
        await press(pilot, "n")  # no: back to the form, as it was left
        await settle(pilot)
        assert form_open(app)
        assert (field(app, "contract").value, field(app, "declarer").value) == ("4s", "n")
        await press(pilot, "escape", "escape")  # Escape on the question is no, too
        await settle(pilot)
        assert form_open(app)
        await press(pilot, "escape", "y")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen)
        assert app.session.state.hands == ()
        assert folder_bytes(data_dir) == before


async def test_escape_on_an_untouched_form_closes_it_at_once(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:1])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for opener in ("plus", "e", "n", "s", "E"):
            await press(pilot, opener)
            await settle(pilot)
            assert form_open(app) or not isinstance(app.screen, PadScreen), opener
            await press(pilot, "escape")
            await settle(pilot)
            assert isinstance(app.screen, PadScreen) and not form_open(app), opener
        # Typed, then typed back as it was: nothing would be lost, so nothing is asked.
        await press(pilot, "e", "tab", "e", "backspace", "N", "escape")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen) and not form_open(app)


async def test_escape_asks_in_the_new_game_dialog_once_a_name_is_typed(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.session.stored.id
        await press(pilot, "n", "tab", "tab", "A", "n", "n", "escape")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, GameForm) and field(app, "f-N").value == "Ann"
        await press(pilot, "escape", "y")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen) and app.session.stored.id == before


async def test_escape_in_the_stake_field_backs_out_of_it_and_keeps_the_stake(data_dir: Path) -> None:
    evening(data_dir)  # a stake of 0.10
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "t", "dollar_sign")
        await settle(pilot)
        stake = app.screen.query_one("#stake", Input)
        assert stake.has_focus and stake.selected_text == "0.10"
        await press(pilot, "5", "escape")
        await settle(pilot)
        assert isinstance(app.screen, TallyScreen)  # still the tally
        assert stake.value == "0.10" and not stake.has_focus
        assert str(app.screen.stake) == "0.10"
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen)
