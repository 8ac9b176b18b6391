"""The score pad app: the screen of the game on the pad (the one its kind names, in
``tui.kinds``), quitting safely, the command palette, and the app's life: the data folder's
lock, a read-only window that follows the other and takes over when it closes, and an end
that never waits for a terminal that has gone."""

from __future__ import annotations

import asyncio
import gc
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, CSSPathType, SystemCommand
from textual.driver import Driver
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import AwaitMount

from bridgepad.core.words.text import visible
from bridgepad.services.changes import GameChanged, Origin, SharingChanged
from bridgepad.services.session import Session
from bridgepad.store.folder_lock import APP, FolderLock, Holder
from bridgepad.store.game_store import data_dir
from bridgepad.tui import keys, kinds
from bridgepad.tui.key_order import KeyOrder
from bridgepad.tui.screens.game_screen import GameScreen
from bridgepad.tui.telling import tell, tell_each
from bridgepad.tui.watchdog import Watchdog

if TYPE_CHECKING:
    from bridgepad.tui.sharing import Sharing

_HERE = Path(__file__).parent
TAKE_OVER_POLL = 1.0  # seconds between a read-only window's looks at the lock
FOLLOW_POLL = 2.0  # seconds between a read-only window's looks at what the other window saved
SETTLE = 0.6  # at most this long, at the end, for what was typed before it (well inside the watchdog's grace)


def unwritable_message(root: Path, error: OSError) -> str:
    """Why a window on a folder it may read but not write only looks."""
    why = error.strerror or str(error)
    return (
        f"This data folder cannot be written ({why}), so this window is read-only: the games can be "
        f"looked at, the history and the tally read. Make {visible(str(root))} writable, then start bridgepad again."
    )


def read_only_message(holder: Holder | None) -> str:
    """Why this window only looks, who to close, and that it will take over by itself."""
    if holder is None:
        return (
            "Another bridgepad keeps the score in this data folder, so this window is read-only: "
            "quit the other window, and this one takes over by itself."
        )
    if holder.what != APP:
        return (
            f"Another bridgepad, {holder.what} ({holder.describe()}), is writing to this data folder, "
            "so this window is read-only until it finishes; it then takes over by itself."
        )
    return (
        f"Another bridgepad keeps the score in this data folder ({holder.describe()}), so this window is "
        f"read-only: quit the other window, or: kill {holder.pid}. This one then takes over by itself."
    )


# Every style is loaded by the app: Textual's stylesheet is one for all screens (a screen's
# CSS_PATH joins it the first time the screen is shown, and restyles every widget then).
# The pad's files before the first paint; every other file beside the screens just after it.
PAD_CSS = (_HERE / "app.tcss", _HERE / "widgets" / "game_view.tcss", _HERE / "widgets" / "hand_list.tcss")


def later_css() -> list[Path]:
    return [p for p in sorted(_HERE.rglob("*.tcss")) if p not in PAD_CSS]


class PhonesNews(Message):
    """The share server's news of the phones, brought onto the app's loop: why their writes
    fail or they are refused now ("" once they save again)."""

    def __init__(self, trouble: str) -> None:
        super().__init__()
        self.trouble = trouble


class BridgepadApp(App[None]):
    TITLE = "bridgepad"
    CSS_PATH: ClassVar[CSSPathType | None] = list(PAD_CSS)
    ENABLE_COMMAND_PALETTE = True
    # Every way out is action_quit: these keys (q, ctrl+q, ctrl+c, from the one list in
    # keys.py), and the palette's Quit.
    BINDINGS = keys.bindings("app")

    def __init__(
        self, session: Session, lock: FolderLock | None = None, watchdog: Watchdog | None = None, unwritable: str | None = None
    ) -> None:
        """``lock``: the data folder's, held unless ``session`` is read-only, in which case
        the app polls it to take over. ``watchdog``: ends the process if the terminal goes.
        ``unwritable``: why the folder itself cannot be written, when that is why this window only looks."""
        super().__init__()
        self.session = session
        self.lock = lock
        self.watchdog = watchdog
        self._first_screen = kinds.game_screen(session, opening=True)
        self.key_order = KeyOrder(self)
        self._asking_to_quit = False
        self._take_over_timer: Timer | None = None
        self._follow_timer: Timer | None = None
        self._take_over_failed = False
        self.later_css_loaded = False  # the other screens' styles read (load_later_css)
        self._ending: object = None  # the task that ends the app, once the watchdog asks
        self.unwritable = unwritable
        self.sharing: Sharing | None = None  # made when the share key is first pressed
        self.phones_trouble = ""  # why phones' writes fail or phones are refused now: the status line says it
        if unwritable is not None:
            session.read_only_reason = unwritable
        elif session.read_only and lock is not None:
            session.read_only_reason = read_only_message(lock.holder())

    def _read_history_ahead(self) -> None:
        """After the first paint, the summary index read into memory in a worker, so that the
        first h or t finds it there; only an index already built (a rebuild waits for h or t,
        which show its progress), and only looked at: nothing is written or set aside here."""
        session = self.session
        if session.files.history_is_indexed():
            self.run_worker(lambda: session.files.history().summaries(look_only=True), thread=True, group="history-ahead")

    def get_driver_class(self) -> type[Driver]:
        """Textual's terminal driver, with the fixes for a terminal that closes (bridgepad.tui.terminal)."""
        driver = super().get_driver_class()
        if sys.platform != "win32":
            from textual.drivers.linux_driver import LinuxDriver

            if driver is LinuxDriver:
                from bridgepad.tui.terminal import TerminalDriver

                return TerminalDriver
        return driver

    def get_default_screen(self) -> Screen[None]:
        return self._first_screen

    @property
    def game_screen(self) -> GameScreen:
        """The screen of the game on the pad, whatever its kind: always the bottom of the stack
        (a screen of the other kind takes its place there when the game changes kind)."""
        screen = self.screen_stack[0] if self.screen_stack else self._first_screen
        assert isinstance(screen, GameScreen)
        return screen

    async def on_event(self, event: events.Event) -> None:
        # Every key in the order typed, whole, before the next (key_order.py).
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.app_focus = True
            await self.key_order.take(event)
            return
        await super().on_event(event)

    def push_screen(  # type: ignore[override]
        self,
        screen: Screen[Any] | str,
        callback: Callable[[Any], None] | None = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> AwaitMount | asyncio.Future[Any]:
        """A screen pushed; the keys typed while it is being mounted wait for it, in order."""
        shown = super().push_screen(screen, callback, wait_for_dismiss, mode=mode)  # type: ignore[call-overload]
        if isinstance(shown, AwaitMount) and not self.screen.is_mounted:
            self.key_order.wait_for(shown)
        return shown  # type: ignore[no-any-return]

    def on_mount(self) -> None:
        from bridgepad.tui.preferences import apply_preferences

        apply_preferences(self, self.session)
        self.set_timer(0.5, self._read_history_ahead)
        if self.watchdog is not None:
            loop = asyncio.get_running_loop()

            def on_loop(callback: Callable[[], None]) -> None:
                loop.call_soon_threadsafe(callback)

            self.watchdog.attach(self._end_soon, on_loop)
        if self.session.read_only:
            self._follow_timer = self.set_interval(FOLLOW_POLL, self._follow)
        if self.session.read_only and self.lock is not None and self.unwritable is None:
            self._take_over_timer = self.set_interval(TAKE_OVER_POLL, self._try_take_over)
        self.call_after_refresh(self._after_first_paint)

    def _after_first_paint(self) -> None:
        """What waits until the pad is painted: Python's collector, held off by ``bridgepad``'s
        main while the modules loaded, and the other screens' styles."""
        if not gc.isenabled():
            # What lives now lives as long as the app (the modules, the pad's widgets): kept out of
            # every later collection, so that none walks them again while a hand is typed. The few
            # cycles the start left behind (about 1,800 objects, 0.3 MB) stay with them.
            gc.freeze()
            gc.enable()
        self.load_later_css()

    def load_later_css(self) -> None:
        """The styles of the forms and the other screens, once the pad is painted: read now,
        each once, the stylesheet is worked out again once, instead of at each screen's first showing."""
        read = False
        for path in later_css():
            if not self.stylesheet.has_source(str(path), ""):
                self.stylesheet.read(path)
                read = True
        if read:
            # Only the files just read are parsed: the stylesheet keeps what it parsed before
            # (reparse would parse every source again, Textual's own and the pad's: twice the time).
            self.stylesheet.parse()
            self.stylesheet.update(self)
        self.later_css_loaded = True

    # Sharing the pad with the phones at the table ----------------------------------
    async def action_share(self) -> None:
        """Starts sharing and shows its address; while sharing, shows it again (p there stops)."""
        from bridgepad.tui.screens.share_screen import ShareScreen
        from bridgepad.tui.sharing import Sharing  # the web server's modules, loaded only now

        if self.sharing is None:
            self.sharing = Sharing(lambda: self.session)
            self.sharing.news.subscribe(self._heard_phones)
        if not self.sharing.on:
            try:
                await self.sharing.start()
            except OSError as e:
                tell(self, f"Could not share the pad: {e.strerror or e}.")
                return
        self.push_screen(ShareScreen(self.sharing))

    def _heard_phones(self, news: SharingChanged) -> None:
        """The share server's news, from its loop or another thread: handed to the app's loop."""
        self.post_message(PhonesNews(news.trouble))

    def on_phones_news(self, message: PhonesNews) -> None:
        if message.trouble != self.phones_trouble:
            self.phones_trouble = message.trouble
            self.game_screen.showing().show_status()

    async def on_unmount(self) -> None:
        if self.sharing is not None:
            await self.sharing.stop()

    # The end ----------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Quit; every hand is already saved, unless a save failed: then ask first.

        q, ctrl+c, ctrl+q (Textual's) and the palette's Quit all come here.
        """
        from bridgepad.tui.forms.confirm import Confirm

        if self.session.read_only or self.session.flush():
            self.exit()
            return
        if self._asking_to_quit:
            return

        def done(yes: bool | None) -> None:
            self._asking_to_quit = False
            if yes:
                self.exit(return_code=1)

        self._asking_to_quit = True
        self.push_screen(
            Confirm(
                "A change is NOT SAVED. Quit anyway and lose it?",
                f"{self.session.save_error} Press n to stay: saving is tried again every few seconds.",
            ),
            done,
        )

    def _end_soon(self) -> None:
        """The end the watchdog asks for (the terminal gone, a SIGTERM or SIGHUP); on the loop."""
        stop_reading = getattr(self._driver, "stop_reading_if_gone", None)
        if stop_reading is not None:
            stop_reading()
        # A task of its own, not a message handler: the app's queue must go on running meanwhile.
        self._ending = asyncio.get_running_loop().create_task(self._settle_then_exit())

    async def _settle_then_exit(self) -> None:
        """Exits, asking nobody, once what was typed before the end has been handled.

        An Enter read just before the terminal closed travels through a few message
        queues (the key, the form, the pad) before its hand is saved; exiting at once
        would cut it off. Each pass waits until every queue of the app has handled what
        it held when the pass began; a few passes cover the whole journey.
        """
        deadline = time.monotonic() + SETTLE
        for _ in range(4):
            pumps = [self, *(w for screen in self.screen_stack for w in screen.walk_children(with_self=True))]
            done = asyncio.Event()
            left = 0

            def one_done(done: asyncio.Event = done) -> None:
                nonlocal left
                left -= 1
                if left == 0:
                    done.set()

            for pump in pumps:
                left += pump.call_later(one_done)
            if not left:
                break
            try:
                await asyncio.wait_for(done.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                break
        self.exit()

    def terminal_lost(self) -> None:
        """The driver found the terminal gone (from its output thread): save and end, asking nobody."""
        if self.watchdog is not None:
            self.watchdog.trigger("terminal closed")
        else:
            self.exit()  # post_message is thread-safe

    def save_now(self) -> bool:
        """Writes what is not yet on disk, at the end (the app's own, or the watchdog's); True if all is saved."""
        return self.session.read_only or self.session.flush()

    def give_back_terminal(self) -> None:
        """For the watchdog: the terminal restored without the event loop, if it is still there."""
        give_back = getattr(self._driver, "give_back", None)
        if give_back is not None:
            give_back()

    # Read-only, then taking over ------------------------------------------------
    def _follow(self) -> None:
        """Read-only: the app's one look at the folder, for what another process writes there.

        The session reads the game the other window keeps and, if it changed, publishes it as
        a change from another window: the screens draw it as they draw any change they hear.
        This window's own changes are never looked for: the session publishes each as it saves."""
        if not self.session.read_only:  # this window has taken over: what it shows is its own
            if self._follow_timer is not None:
                self._follow_timer.stop()
            return
        self.session.reload()

    def _try_take_over(self) -> None:
        """Read-only: takes over as soon as the window that holds the folder lets it go."""
        assert self.lock is not None
        try:
            taken = self.lock.try_acquire()
        except OSError:
            taken = False  # the folder cannot hold a lock just now; look again later
        if not taken:
            holder = self.lock.holder()
            reason = read_only_message(holder)
            if reason != self.session.read_only_reason:
                self.session.read_only_reason = reason
                if holder is not None:  # a holder named at last, or another one: say who
                    self.game_screen.say(reason, title="Read-only", severity="warning", timeout=15)
            return
        try:
            session = self.session.reopened()
        except OSError as e:
            self.lock.release()
            if not self._take_over_failed:  # said once; the poll goes on
                self._take_over_failed = True
                self.game_screen.say(
                    f"The other window has closed, but this one could not open the data folder to write: "
                    f"{e.strerror or e}. It stays read-only and tries again.",
                    title="Read-only",
                    severity="error",
                    timeout=30,
                )
            return
        if self._take_over_timer is not None:
            self._take_over_timer.stop()
        self.session = session
        screen = self.game_screen
        screen.session = session
        # Told once this window is the one in use: the share server serves the tables' links from now on.
        session.changes.publish(GameChanged(session.stored.id, "taken over", Origin.OTHER_WINDOW))
        screen.refresh_all(select_last=True)
        screen.showing().say("The other window has closed: this window keeps the score now.", title="Taken over", timeout=10)
        tell_each(self, session.problems)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        # The screen's own keys that have a title, from the one list of keys (keys.py).
        yield from keys.palette_commands(screen, keys.keymap_of(self))


def open_folder(root: Path) -> tuple[Session, FolderLock, str | None]:
    """The session on ``root``, the folder's lock (held unless read-only), and why the folder
    cannot be written when that is why the window only looks. OSError: not usable at all."""
    lock = FolderLock(root)
    unwritable: str | None = None
    try:
        Session.make_folder(root)
        # Another window keeping the score leaves this one to look, and to take over later.
        read_only = not lock.try_acquire()
    except OSError as e:
        if not root.is_dir():
            raise
        # A folder that can be read but not written (a read-only disk, someone else's
        # folder): the games can still be looked at, as tally and export read them.
        read_only, unwritable = True, unwritable_message(root, e)
    try:
        session = Session.open_folder(root, read_only=read_only)
    except OSError:
        lock.release()
        raise
    return session, lock, unwritable


def run(data_dir_override: str | None = None) -> int:
    root = data_dir(data_dir_override)
    try:
        session, lock, unwritable = open_folder(root)
    except OSError as e:
        print(f"bridgepad: cannot use the data folder {visible(str(root))}: {e.strerror or e}.", file=sys.stderr)
        return 1
    app = BridgepadApp(session, lock, unwritable=unwritable)
    tty = sys.__stdin__
    watchdog = Watchdog(
        save=app.save_now,
        restore=app.give_back_terminal,
        tty_fd=tty.fileno() if tty is not None and tty.isatty() and sys.platform != "win32" else None,
    )
    app.watchdog = watchdog
    watchdog.catch_signals()
    watchdog.start()
    try:
        app.run()
    finally:
        saved = app.save_now()  # the session in use now: a read-only window may have taken over
        lock.release()
    if not saved:
        try:
            error = app.session.save_error
            # Said as it is now: nothing will be tried again.
            print(f"bridgepad: {error.at_the_end if error is not None else 'the last change was not saved.'}", file=sys.stderr)
        except OSError:
            pass  # no terminal left to say it on
        return 1
    return app.return_code or 0
