"""The entry form: where it opens, pass, Escape, messages for bad fields, the preview."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import field_keys, hand_keys, make_app
from support.snapshot_apps.screen import (
    entry_form,
    explain_text,
    folder_bytes,
    form_open,
    hand_list,
    status_text,
    text_of,
)
from support.waiting import press, settle
from textual.widgets import Input

from bridgepad.core.model import Seat, Side, Strain
from bridgepad.tui.app import BridgepadApp
from bridgepad.tui.forms.entry_form import HINTS, EntryForm

FIELDS = ("contract", "declarer", "result", "honors")


def form(app: BridgepadApp) -> EntryForm:
    shown = entry_form(app)
    assert shown is not None, f"the entry form is not open: {app.screen!r}"
    return shown


def value(app: BridgepadApp, name: str) -> str:
    return form(app).query_one(f"#{name}", Input).value


def message(app: BridgepadApp, name: str) -> str:
    """The words beside a field: an error, or (when nothing is wrong) its hint or nothing."""
    return text_of(form(app).query_one(f"#{name}-error"))


def assert_no_error(app: BridgepadApp, name: str) -> None:
    assert message(app, name) in ("", HINTS[name]), f"{name}: {message(app, name)!r}"


async def test_the_form_opens_with_focus_in_the_contract_field(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus")
        await settle(pilot)
        f = form(app)
        assert app.focused is f.query_one("#contract", Input)
        assert text_of(f.query_one("#form-title")) == "Hand 1 · North deals · Nobody vulnerable"
        assert [value(app, n) for n in FIELDS] == ["", "", "", ""]
        for name in FIELDS:
            assert_no_error(app, name)  # no complaint before the player has pressed Enter
        assert "Type the contract" in text_of(f.query_one("#preview"))


async def test_tab_goes_round_the_fields_and_never_leaves_the_form(data_dir: Path) -> None:
    """Tab past the last field is the first again, shift+Tab before the first the last: the form
    at the foot of the pad never hands the focus to the hands behind it, where the next key
    typed would go astray."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus")
        await settle(pilot)
        f = form(app)
        for _ in FIELDS:
            await press(pilot, "tab")
        assert app.focused is f.query_one("#contract", Input)
        await press(pilot, "shift+tab")
        assert app.focused is f.query_one("#honors", Input)
        for key in ("tab", *"4s", "tab", "n", "tab", *"10", "tab", "tab", *"4h"):
            await press(pilot, key)
        assert [value(app, n) for n in FIELDS] == ["4h", "n", "10", ""]


async def test_pass_and_enter_records_a_passed_out_deal_at_once(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus", *"pass", "enter")
        await settle(pilot)
        assert not form_open(app)
        st = app.session.state
        assert len(st.hands) == 1
        h = st.hands[0]
        assert h.hand.contract is None and h.hand.declarer is None and h.entries == ()
        assert st.next_dealer is Seat.E  # the deal passes on
        assert "Passed out" in explain_text(app)
        assert "East deals" in status_text(app)
        assert hand_list(app).row_count == 1


async def test_escape_cancels_without_a_trace(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        files = folder_bytes(data_dir)
        game = app.session.game
        await press(pilot, *hand_keys("4S", "N", "10", enter=False))
        await settle(pilot)
        assert "Game for We" in text_of(form(app).query_one("#preview"))
        await press(pilot, "escape", "y")  # a hand was typed: Escape asks first, y throws it away
        await settle(pilot)
        assert not form_open(app)
        assert app.session.game == game
        assert app.session.state.hands == ()
        assert app.session.undo_stack == []
        assert folder_bytes(data_dir) == files
        assert hand_list(app).row_count == 0
        await press(pilot, "plus")  # the next form starts empty again
        await settle(pilot)
        assert value(app, "contract") == ""


async def test_bad_contract_and_declarer_are_named_and_focus_goes_to_the_first(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *hand_keys("9S", "Q", "10"))
        await settle(pilot)
        f = form(app)  # still open: nothing was recorded
        assert app.session.state.hands == ()
        assert "9S" in message(app, "contract") and "level must be 1 to 7" in message(app, "contract")
        assert "'Q' is not a seat" in message(app, "declarer")
        assert app.focused is f.query_one("#contract", Input)
        assert [value(app, n) for n in FIELDS] == ["9S", "Q", "10", ""]


async def test_a_wrong_contract_and_wrong_tricks_are_both_named_at_once(data_dir: Path) -> None:
    # 8S and 14 typed, Enter: both are wrong whatever the other says, and both are named, each
    # beside its field, not the tricks only once the contract is mended.
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *hand_keys("8s", "N", "14"))
        await settle(pilot)
        f = form(app)
        assert app.session.state.hands == ()
        assert "level must be 1 to 7" in message(app, "contract")
        assert message(app, "result") == "Declarer cannot take 14 tricks: a hand has 13, so give 0 to 13."
        assert_no_error(app, "declarer")
        assert app.focused is f.query_one("#contract", Input)


async def test_impossible_result_and_wrong_honors_at_notrump(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *hand_keys("6NT", "S", "+3", "NS 100"))
        await settle(pilot)
        f = form(app)
        assert app.session.state.hands == ()
        assert_no_error(app, "contract")
        assert_no_error(app, "declarer")
        assert "+3 is impossible on 6NT" in message(app, "result")
        assert "four aces" in message(app, "honors") and "150" in message(app, "honors")
        assert app.focused is f.query_one("#result", Input)
        assert [value(app, n) for n in FIELDS] == ["6NT", "S", "+3", "NS 100"]

        # Mend the result: its message goes as the typing follows; Enter then points at honors.
        await press(pilot, "backspace", "backspace", "=")
        await settle(pilot)
        assert_no_error(app, "result")
        await press(pilot, "enter")
        await settle(pilot)
        assert app.focused is f.query_one("#honors", Input)
        # Entering the field selected its text: typing replaces it whole.
        assert f.query_one("#honors", Input).selected_text == "NS 100"
        await press(pilot, *"NS 150")
        await settle(pilot)
        assert_no_error(app, "honors")
        preview = text_of(f.query_one("#preview"))
        assert "small slam" in preview.lower() and "150" in preview
        await press(pilot, "enter")
        await settle(pilot)
        assert not form_open(app)
        h = app.session.state.hands[0]
        assert h.hand.contract is not None and h.hand.contract.strain is Strain.NT
        assert h.hand.declarer is Seat.S and h.hand.tricks == 12
        assert h.hand.honors is not None and h.hand.honors.points == 150 and h.hand.honors.side is Side.NS
        st = app.session.state
        # 6NT made, not vulnerable: 190 below, 500 for the slam and 150 for four aces above.
        assert (st.below(Side.NS), st.above(Side.NS), st.total(Side.EW)) == (190, 650, 0)


async def test_preview_shows_what_the_hand_will_write(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus", *field_keys("4S", "N", "10"))
        await settle(pilot)
        preview = text_of(form(app).query_one("#preview"))
        assert "We 120 below" in preview
        assert "trick score" in preview
        assert "Game for We" in preview
        assert app.session.state.hands == ()  # a preview writes nothing
        # One trick fewer: the same contract goes down.
        await press(pilot, "backspace", "backspace", "9")
        await settle(pilot)
        preview = text_of(form(app).query_one("#preview"))
        assert "They 50 above" in preview and "Game for" not in preview


async def test_a_typed_key_that_keeps_the_form_s_height_lays_nothing_out(data_dir: Path) -> None:
    """A key typed in a field repaints the field and the words that changed; the screen is laid
    out again only when the form's height changes. (Counted at the screen's layout pass,
    Textual's ``Screen._refresh_layout``, which every layout goes through.)"""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "plus", "4", "s", "tab")
        await settle(pilot)
        screen = app.screen
        layouts: list[object] = []
        real = screen._refresh_layout

        def counted(*args: object, **kwargs: object) -> object:
            layouts.append(args)
            return real(*args, **kwargs)

        screen._refresh_layout = counted  # type: ignore[method-assign]
        preview = app.screen.query_one("#preview")
        height = preview.size.height
        for key in ("n", "backspace", "e", "tab", "1"):
            await press(pilot, key)
        await settle(pilot)
        assert isinstance(app.focused, Input) and app.focused.value == "1", app.focused
        assert preview.size.height == height  # the keys above change no line count
        assert layouts == [], f"{len(layouts)} layouts for five keys in the fields"
