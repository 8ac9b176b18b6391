"""The pad's first frame is the whole pad as it stays: its footer's keys are in it, not a frame or
two later (Textual's footer composes empty until the screen first says its bindings changed), the
keys the focus then brings change nothing, so the footer is not composed again; the hand list's
columns are those of its width, not of the terminal's (it is filled before it is laid out). What
waits until after it (the collector, the other screens' styles) follows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.snapshot_apps.scenarios import WORKED_RUBBER, make_app, seed
from support.waiting import settle
from textual.widgets import Footer

from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.widgets.hand_list import HandList
from bridgepad.tui.widgets.key_footer import KeyFooter


def _words(screen: Any) -> list[str]:
    return [str(getattr(w, "description", "")) for w in screen.query_one(Footer).children if hasattr(w, "action")]


def watch_first_frame(app: Any) -> dict[str, Any]:
    """What the footer and the hand list held when the pad's first frame was handed to the terminal."""
    seen: dict[str, Any] = {}
    display = app._display

    def first(screen: Any, renderable: Any) -> None:
        if renderable is not None and isinstance(screen, PadScreen) and "footer" not in seen:
            seen["footer"] = _words(screen)
            hands = screen.query_one(HandList)
            seen["headers"] = [c.header for c in hands.columns]
            seen["scroll bar"] = hands.show_horizontal_scrollbar
        display(screen, renderable)

    app._display = first
    return seen


async def test_the_first_frame_of_the_pad_holds_its_footer_s_keys(data_dir: Path) -> None:
    app = make_app(data_dir)
    seen = watch_first_frame(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert seen["footer"][:3] == ["Add", "Edit", "Del"] and "Quit" in seen["footer"], seen
        assert _words(app.screen) == seen["footer"]  # the focus moved to the hands, and nothing changed


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (200, 50)])
async def test_the_first_frame_of_the_hand_list_has_the_columns_of_its_width(data_dir: Path, size: tuple[int, int]) -> None:
    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    seen = watch_first_frame(app)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        hands = app.screen.query_one(HandList)
        assert seen["headers"] == [c.header for c in hands.columns], (seen, size)
        assert seen["scroll bar"] is False and not hands.show_horizontal_scrollbar
        assert hands.row_count == 4 and hands.cursor_row == 3


async def test_the_footer_is_composed_once_when_the_pad_opens(data_dir: Path) -> None:
    composed: list[object] = []
    compose = KeyFooter.compose

    def counting(self: KeyFooter) -> Any:
        composed.append(self)
        return compose(self)

    KeyFooter.compose = counting  # type: ignore[method-assign]
    try:
        app = make_app(data_dir)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await settle(pilot)
            assert len(composed) == 1, len(composed)
    finally:
        KeyFooter.compose = compose  # type: ignore[method-assign]


async def test_the_collector_held_off_by_main_goes_on_after_the_first_paint_with_the_start_frozen(data_dir: Path) -> None:
    import gc

    app = make_app(data_dir)
    seen = watch_first_frame(app)
    frozen = gc.get_freeze_count()
    gc.disable()  # as bridgepad's main holds it off while the modules load
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert seen["footer"] and gc.isenabled()
            assert gc.get_freeze_count() > frozen  # what the start made is out of later collections
    finally:
        gc.unfreeze()  # the rest of this test session collects as before
        gc.enable()


async def test_an_app_whose_collector_was_on_leaves_it_alone(data_dir: Path) -> None:
    import gc

    app = make_app(data_dir)
    frozen = gc.get_freeze_count()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.later_css_loaded and gc.isenabled()
        assert gc.get_freeze_count() == frozen  # a test session's objects are never frozen


def test_every_command_runs_with_the_collector_on_and_main_leaves_it_on(tmp_path: Path, capsys: Any) -> None:
    import gc

    from bridgepad.cli import main

    states: list[bool] = []
    from bridgepad.cli import score

    run = score.run

    def watched(args: Any) -> int:
        states.append(gc.isenabled())
        return run(args)

    score.run = watched  # type: ignore[assignment]
    try:
        assert main(["score", "4S", "10"]) == 0
        assert main(["score", "no such contract"]) != 0  # refused: main leaves the collector on all the same
        assert main(["--no-such-flag"]) != 0
    finally:
        score.run = run  # type: ignore[assignment]
    assert states and all(states), states
    assert gc.isenabled()


async def test_each_style_is_parsed_once_as_the_app_starts(data_dir: Path) -> None:
    # Textual's stylesheet keeps each source it parsed; the other screens' styles, read after the
    # first paint, are parsed alone, not with every source again (Stylesheet.reparse). (Textual
    # parses a widget's default styles again when it ranks them anew for another widget: its own.)
    from collections import Counter

    from textual.css import stylesheet

    parsed: Counter[object] = Counter()
    parse = stylesheet.parse

    def counting(scope: str, css: str, read_from: object, *args: Any, **kwargs: Any) -> Any:
        parsed[read_from] += 1
        return parse(scope, css, read_from, *args, **kwargs)

    stylesheet.parse = counting  # type: ignore[assignment]
    try:
        app = make_app(data_dir)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.later_css_loaded
            await pilot.press("plus")  # the entry form: its fields' styles join the stylesheet
            await settle(pilot)
    finally:
        stylesheet.parse = parse  # type: ignore[assignment]
    ours = {
        Path(str(where[0])).name: n for where, n in parsed.items() if isinstance(where, tuple) and str(where[0]).endswith(".tcss")
    }
    assert {"app.tcss", "hand_list.tcss", "entry_form.tcss", "history_screen.tcss"} <= set(ours), ours
    assert set(ours.values()) == {1}, ours
