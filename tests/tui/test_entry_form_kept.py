"""The entry form is composed once and shown again for every hand, at the foot of the pad:
each hand starts from empty fields, an error shown for one hand is gone at the next, the
fields follow the game (honors, or the other tables at duplicate), and the pad stays in
view behind it."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.snapshot_apps.scenarios import field_keys, make_app
from support.snapshot_apps.screen import entry_form, form_open, text_of
from support.waiting import press, settle
from textual.widgets import Input

from bridgepad.core.rules.game import Mode
from bridgepad.tui.forms.entry_form import HINTS, EntryForm


def shown_fields(form: EntryForm) -> list[str]:
    return [str(w.id) for w in form.query(Input)]


async def test_the_same_form_each_hand_starts_empty_with_no_error_left(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus", *"4s", "enter")  # no declarer: refused, named beside its field
        await settle(pilot)
        first = entry_form(app)
        assert isinstance(first, EntryForm)
        assert text_of(first.query_one("#declarer-error")) != HINTS["declarer"]
        await press(pilot, "escape", "y")  # thrown away, after the question
        await settle(pilot)
        assert not form_open(app) and not app.session.state.hands
        await press(pilot, "plus")
        await settle(pilot)
        assert entry_form(app) is first  # the same form, not composed again
        assert [first.query_one(f"#{n}", Input).value for n in ("contract", "declarer", "result")] == ["", "", ""]
        assert text_of(first.query_one("#declarer-error")) == HINTS["declarer"]
        assert app.focused is first.query_one("#contract", Input)
        await press(pilot, *field_keys("4s", "n", "10"), "enter")
        await settle(pilot)
        assert len(app.session.state.hands) == 1
        # The pad is behind the form, in view: the form's screen is see-through.
        assert first.styles.background.a == 0


@pytest.mark.slow
async def test_the_fields_follow_the_game_when_a_duplicate_begins(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus")
        await settle(pilot)
        form = entry_form(app)
        assert isinstance(form, EntryForm)
        assert shown_fields(form) == ["contract", "declarer", "result", "honors"]
        await press(pilot, "escape", "n", *"duplicate", "enter")  # a duplicate session, from the n dialog
        await settle(pilot)
        assert app.session.game.mode is Mode.DUPLICATE
        await press(pilot, "plus")
        await settle(pilot)
        assert entry_form(app) is form  # the same form: honors gone, the other tables come
        assert shown_fields(form) == ["contract", "declarer", "result", "others"]
        assert text_of(form.query_one("#form-title")).startswith("Board 1 ·")
        await press(pilot, *field_keys("3nt", "n", "9", "400"), "enter")
        await settle(pilot)
        assert not form_open(app)
        assert len(app.session.state.hands) == 1
        # Back to a rubber: honors again, in their place after the result.
        await press(pilot, "n", *"rubber", "enter", "plus")
        await settle(pilot)
        assert entry_form(app) is form
        assert shown_fields(form) == ["contract", "declarer", "result", "honors"]
