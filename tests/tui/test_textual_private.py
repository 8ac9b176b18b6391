"""Each piece of Textual's private API that bridgepad reaches (``bridgepad/tui/textual_private.py``)
still does what it did in the release it was written for: a Textual upgrade that moves one
fails here, naming it, instead of in a screen at random."""

from __future__ import annotations

import threading
from importlib.metadata import version

from support.waiting import pause, until
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.widgets import Footer

from bridgepad.tui import textual_private as private

WHERE = f"bridgepad/tui/textual_private.py was written for Textual {private.WRITTEN_FOR}; this is {version('textual')}"


def test_a_key_list_is_normalized_as_textual_binds_it() -> None:
    assert private.normalize_key_list("+, a,ctrl+e") == "plus,a,ctrl+e", WHERE


def test_the_app_s_keymap_is_read_back_as_set() -> None:
    app = App[None]()
    assert private.app_keymap(app) == {}, WHERE
    app.set_keymap({"pad.add": "a"})
    assert private.app_keymap(app) == {"pad.add": "a"}, WHERE


def test_a_new_footer_has_no_bindings_yet() -> None:
    assert "_bindings_ready" in vars(Footer), WHERE
    assert private.footer_has_bindings(Footer()) is False, WHERE


async def test_a_footer_made_ready_composes_its_screen_s_keys_at_once() -> None:
    from textual.app import ComposeResult
    from textual.binding import Binding

    class Watched(Footer):
        def __init__(self, ready: bool) -> None:
            super().__init__(show_command_palette=False)
            self.ready = ready
            self.composed: list[list[str]] = []  # the keys of each compose, in turn

        def compose(self) -> ComposeResult:
            if self.ready:
                private.footer_ready(self)
            keys = list(super().compose())
            self.composed.append([str(getattr(w, "description", "")) for w in keys])
            yield from keys

    class Keyed(App[None]):
        BINDINGS = [Binding("x", "mark", "Mark")]

        def __init__(self, footer: Footer) -> None:
            super().__init__()
            self.footer = footer

        def compose(self) -> ComposeResult:
            yield self.footer

    for ready, first in ((False, []), (True, ["Mark"])):
        footer = Watched(ready)
        app = Keyed(footer)
        async with app.run_test() as pilot:
            await until(pilot, lambda: footer.is_mounted and footer.composed, "the footer composed")
            assert footer.composed[0] == first, WHERE  # before the screen first says its bindings changed
            assert private.footer_has_bindings(footer) is True, WHERE


async def test_the_linux_driver_keeps_its_output_and_writer_where_they_were() -> None:
    app = App[None]()
    driver = LinuxDriver(app)  # a driver is made inside the app's running loop
    assert private.driver_output(driver) is not None, WHERE
    stand_in = object()
    private.replace_driver_output(driver, stand_in)
    assert private.driver_output(driver) is stand_in, WHERE
    assert private.driver_writer(driver) is None, WHERE  # none runs before application mode
    driver._writer_thread = threading.Thread(target=lambda: None)  # as start_application_mode sets it
    assert private.driver_writer(driver) is driver._writer_thread, WHERE


async def test_a_key_s_binding_is_run_and_a_key_handed_on_as_textual_does() -> None:
    from textual import events
    from textual.binding import Binding
    from textual.screen import Screen

    seen: list[str] = []

    class Listening(Screen[None]):
        def on_key(self, event: events.Key) -> None:
            seen.append(event.key)

    class Keyed(App[None]):
        BINDINGS = [Binding("x", "mark", "mark")]
        marked = 0

        def get_default_screen(self) -> Screen[None]:
            return Listening()

        def action_mark(self) -> None:
            self.marked += 1

    app = Keyed()
    async with app.run_test() as pilot:
        assert await private.check_bindings(app, "x") is True, WHERE
        assert await private.check_bindings(app, "y") is False, WHERE
        assert app.marked == 1, WHERE
        private.forward_key(app.screen, events.Key("z", "z"))
        await pause(pilot)
        assert seen == ["z"], WHERE


async def test_one_notification_is_taken_down_and_the_others_stay() -> None:
    from textual.notifications import Notification, Notify

    app = App[None]()
    async with app.run_test(notifications=True) as pilot:
        first, second = Notification("a", "", "error", 30), Notification("b", "", "information", 30)
        app.post_message(Notify(first))
        app.post_message(Notify(second))
        await until(pilot, lambda: len(app._notifications) == 2, "both notifications shown")
        assert [n.message for n in app._notifications] == ["a", "b"], WHERE
        private.unnotify(app, second)
        private.unnotify(app, second)  # one the app no longer has is let be
        await until(pilot, lambda: len(app._notifications) == 1, "one notification taken down")
        assert [n.message for n in app._notifications] == ["a"], WHERE


async def test_a_footer_key_settled_before_it_is_mounted_is_not_restyled_for_its_compact_style() -> None:
    from textual.app import ComposeResult
    from textual.reactive import reactive
    from textual.widgets._footer import FooterKey

    restyled: list[object] = []

    class Counting(FooterKey):
        def update_node_styles(self, animate: bool = True) -> None:
            restyled.append(self)
            super().update_node_styles(animate)

    class FooterLike(App[None]):
        compact = reactive(False)  # a footer's own: not compact

        def __init__(self, settle: bool) -> None:
            super().__init__()
            self.settle = settle

        def compose(self) -> ComposeResult:
            key = Counting("x", "x", "Mark", "mark")
            if self.settle:
                private.settle_footer_key(key, False)
            yield key.data_bind(compact=FooterLike.compact)  # as Footer.compose yields its keys

    for settle, times in ((False, 2), (True, 0)):
        restyled.clear()
        app = FooterLike(settle)
        async with app.run_test() as pilot:
            await until(pilot, lambda: app.query(Counting).first().is_mounted, "the key mounted")
            key = app.query_one(Counting)
            assert key.compact is False and not key.has_class("-compact"), WHERE
        assert len(restyled) == times, (settle, len(restyled), WHERE)


async def test_the_default_screen_can_be_switched_for_another() -> None:
    from textual.screen import Screen

    first, second = Screen[None](id="first"), Screen[None](id="second")

    class Switching(App[None]):
        def get_default_screen(self) -> Screen[None]:
            return first

    app = Switching()
    async with app.run_test() as pilot:
        await private.switch_bottom_screen(app, second)
        await pause(pilot)
        assert app.screen_stack == [second], WHERE
        assert not first.is_attached, WHERE  # the default screen taken away, as switch_screen takes the one it replaces


def test_a_game_screen_that_leaves_out_a_hook_cannot_be_made() -> None:
    # The shim's metaclass is Textual's own: a screen with abstract hooks is still a screen.
    import pytest

    from bridgepad.tui.screens.game_screen import GameScreen
    from bridgepad.tui.textual_private import MessagePumpMeta

    assert isinstance(GameScreen, MessagePumpMeta)
    assert GameScreen.__abstractmethods__ == frozenset({"draw", "focus_game", "started"})
    with pytest.raises(TypeError):
        GameScreen(None)  # type: ignore[abstract, arg-type]
