"""One home for each phrase: the vulnerability, IMPs, a game's number, a rule's choices,
and a contract that cannot be read for sure."""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.scenarios import hand_keys, make_app, new_duplicate
from support.snapshot_apps.screen import entry_form, explain_text, form_open, status_text, text_of
from support.waiting import press, settle

from bridgepad.core.model import SIDES
from bridgepad.core.readers.new_game import CHOICES
from bridgepad.core.rules.vulnerability import vulnerability_text
from bridgepad.store.game_store import GameStore
from bridgepad.tui.forms.game_form import GameForm


async def test_the_first_chicago_after_three_rubbers_is_chicago_1(data_dir: Path) -> None:
    from datetime import datetime, timedelta

    store = GameStore(data_dir)
    now = datetime.now().replace(microsecond=0)
    from bridgepad.core.readers.log import parse_log

    played = parse_log("N 1C 7").games()[0].game  # a hand each: a game with none may be replaced
    for k in (3, 2, 1):  # three rubbers started earlier today (a second, two, three before now)
        last = store.add(played, (now - timedelta(seconds=k)).isoformat())
    store.set_current(last.id)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert status_text(app).startswith(" Rubber 3 ")
        await press(pilot, "n", "c", "enter")  # the mode field's text is selected: c replaces rubber
        await settle(pilot)
        assert status_text(app).startswith(" Chicago 1 "), status_text(app)
        await press(pilot, "n", "r", "enter")
        await settle(pilot)
        assert status_text(app).startswith(" Rubber 4 "), status_text(app)


async def test_the_status_bar_and_the_form_say_vulnerability_in_the_same_words(data_dir: Path) -> None:
    # Duplicate board 4: West deals, both sides vulnerable.
    new_duplicate(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await press(pilot, *hand_keys("pass"))
        await settle(pilot)
        both = vulnerability_text(frozenset(SIDES))
        assert both == "Both vulnerable"
        assert both in status_text(app) and "Both sides" not in status_text(app)
        await press(pilot, "plus")
        await settle(pilot)
        assert form_open(app)
        assert entry_form(app).form_title.endswith(both)


async def test_one_imp_is_one_imp(data_dir: Path) -> None:
    # Board 1, nobody vulnerable: 4S by N making 10 is +420; the other table +400: 20 apart, 1 IMP.
    new_duplicate(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *hand_keys("4S", "N", "10", "400"))
        await settle(pilot)
        assert "N-S +1 IMP" in status_text(app) and "+1 IMPs" not in status_text(app)
        assert "+1 IMP for N-S" in explain_text(app)


async def test_the_rules_form_s_hint_and_error_name_the_same_choices(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "s")
        await settle(pilot)
        assert isinstance(app.screen, GameForm)
        hint = text_of(app.screen.query_one("#m-chicago_vulnerable"))
        assert hint == CHOICES["chicago_vulnerable"] == "opponents, dealer or dealer-then-opponents (o, d or m)"
        await press(pilot, "tab", "x", "enter")  # Chicago 2 & 3: x is none of them
        await settle(pilot)
        error = text_of(app.screen.query_one("#m-chicago_vulnerable"))
        assert error != hint and CHOICES["chicago_vulnerable"] in error


async def test_a_split_redouble_is_refused_with_a_sentence(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *hand_keys("4sx x", "N", "10"))
        await settle(pilot)
        assert form_open(app)  # not recorded as 4SXX
        assert app.session.state.hands == ()
        error = text_of(app.screen.query_one("#contract-error"))
        assert error == "'4sx x': write a double as X and a redouble as XX, together, e.g. 4SX or 4SXX."
