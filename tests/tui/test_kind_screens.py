"""The screen is the game's kind's: the pad's hands for a rubber, the tables' views for an
evening of several tables; the app opens the one the game on the pad names, and moves to the
other as the game changes kind (a new game from the n dialog, ctrl+z), the keys typed meanwhile
landing in order. Each screen hears each save once, through the session's one change event."""

from __future__ import annotations

from pathlib import Path

from support.builders import hand
from support.robust.keys import burst
from support.several import mitchell, on_pad
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, hand_keys, make_app, tables_shown
from support.snapshot_apps.screen import form_open
from support.waiting import press, settle, until
from textual.message import Message

from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.tui.app import BridgepadApp
from bridgepad.tui.forms.game_form import NewGameForm
from bridgepad.tui.screens.game_screen import GameScreen, HeardChange
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.several_tables.tables_screen import TablesScreen

SIZE = (80, 24)


def heard(screen: GameScreen) -> tuple[list[HeardChange], list[bool]]:
    """Every change message posted to ``screen``, and each drawing of its game, from now on."""
    messages: list[HeardChange] = []
    draws: list[bool] = []
    post, draw = screen.post_message, screen.draw

    def posted(message: Message) -> bool:
        if isinstance(message, HeardChange):
            messages.append(message)
        return post(message)

    def drawn(select_last: bool) -> None:
        draws.append(select_last)
        draw(select_last)

    screen.post_message = posted  # type: ignore[method-assign]
    screen.draw = drawn  # type: ignore[method-assign]
    return messages, draws


async def test_a_rubber_opens_on_the_pad_s_screen(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert type(app.screen) is PadScreen and app.game_screen is app.screen
        assert not app.screen.query("#tables-view")  # the pad's screen draws hands only


async def test_an_evening_of_several_tables_opens_on_the_tables_screen(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: tables_shown(app), "the tables drawn")
        assert type(app.screen) is TablesScreen and app.game_screen is app.screen
        assert not app.screen.query("#game")


async def test_a_new_evening_typed_from_the_n_dialog_switches_screens_and_ctrl_z_switches_back(data_dir: Path) -> None:
    app: BridgepadApp = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pad = app.screen
        assert isinstance(pad, PadScreen)
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameForm), "the dialog")
        await keyboard(pilot, field_keys("d", "4", "12"))
        # Enter starts the evening, and the 2 typed right after it reaches the tables' screen once
        # it is there: the boards' view, after the guide cards the new evening opens on.
        await burst(pilot, ["enter", "2"])
        await until(pilot, lambda: isinstance(app.screen, TablesScreen) and tables_shown(app), "the tables' screen")
        tables = app.screen
        assert isinstance(tables, TablesScreen) and app.game_screen is tables
        await until(pilot, lambda: tables.tables_view.view == "boards", "the 2 typed ahead, after the cards")
        assert app.screen_stack == [tables] and not pad.is_attached  # the pad's screen gone, not buried
        # ctrl+z takes the evening back: the rubber, on the pad's screen, and the + typed at once opens its form.
        await burst(pilot, ["ctrl+z", "plus"])
        await until(pilot, lambda: isinstance(app.screen, PadScreen) and form_open(app), "the pad's form")
        assert app.session.game.several_tables is None and app.screen_stack == [app.game_screen]
        assert not tables.is_attached


async def test_one_save_is_one_message_and_one_drawing_on_the_pad_s_screen(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.game_screen
        messages, draws = heard(screen)
        await keyboard(pilot, hand_keys("4S", "N", "10"))
        await until(pilot, lambda: len(app.session.state.hands) == 1 and not form_open(app), "the hand saved")
        await settle(pilot)
        assert len(messages) == 1, messages
        assert draws == [True]  # drawn by the key that made it, not again when heard


async def test_one_table_s_result_is_one_message_and_one_drawing_on_the_tables_screen(data_dir: Path) -> None:
    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: tables_shown(app), "the tables drawn")
        await settle(pilot)
        messages, draws = heard(app.game_screen)
        TableResults(app.session).submit(1, 9, hand("3NT", "N", "9"), "phone-1")
        await until(pilot, lambda: draws, "the result drawn")
        await settle(pilot)
        assert len(messages) == 1 and messages[0].change.table == 1
        assert draws == [False]
