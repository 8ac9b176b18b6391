"""What the screen of the game on the pad does whatever the game's kind: the status line, the
keys every kind shares (undo, a new game, the rules, the history, the tally, help...), saving
and saying so, the entry form at its foot, and hearing each change the session saves.

Each kind of game has its screen (``tui.kinds``): the pad's hands (``PadScreen``), or the
tables' views (``TablesScreen``). When the game on the pad becomes
one of the other kind (a new game, undo, a game resumed from the history, another window's),
the screen of that kind takes its place, at the bottom of the app's stack.
"""

from __future__ import annotations

import time
from abc import ABCMeta, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.notifications import Notification
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds import kind_of
from bridgepad.core.rules.settings import Settings
from bridgepad.services.changes import GameChanged, Origin, Subscription
from bridgepad.services.session import Session
from bridgepad.store.errors import Problem, SaveError
from bridgepad.tui import keys, kinds
from bridgepad.tui.closing import open_screen
from bridgepad.tui.telling import notice, tell, tell_each, tell_until, withdraw
from bridgepad.tui.textual_private import MessagePumpMeta, switch_bottom_screen
from bridgepad.tui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from bridgepad.core.readers import new_game
    from bridgepad.services import evening
    from bridgepad.tui.forms import confirm, entry_form, export_dialog, game_form
    from bridgepad.tui.forms.entry_form import EntryForm
    from bridgepad.tui.screens import help_screen, history_screen, stats_screen, tally_screen
else:  # each loaded the first time its key is pressed: the pad's first paint does without them
    new_game = lazy("bridgepad.core.readers.new_game")
    evening = lazy("bridgepad.services.evening")
    confirm = lazy("bridgepad.tui.forms.confirm")
    entry_form = lazy("bridgepad.tui.forms.entry_form")
    export_dialog = lazy("bridgepad.tui.forms.export_dialog")
    game_form = lazy("bridgepad.tui.forms.game_form")
    help_screen = lazy("bridgepad.tui.screens.help_screen")
    history_screen = lazy("bridgepad.tui.screens.history_screen")
    stats_screen = lazy("bridgepad.tui.screens.stats_screen")
    tally_screen = lazy("bridgepad.tui.screens.tally_screen")


# Changes heard (a table's result, another window's save) are drawn at most this often: the first
# at once, those that follow within this time together at its end. Four redraws a second keep a
# room of tables' results live on the screen while leaving the loop to the director's keys.
HEARD_REDRAW_EVERY = 0.25


class HeardChange(Message):
    """A change the session saved (this window's, a table's through the entry server, or
    another window's that a read-only window read), brought onto the screen's own loop."""

    def __init__(self, change: GameChanged) -> None:
        super().__init__()
        self.change = change


class _AbstractScreen(ABCMeta, MessagePumpMeta):
    """Textual's screens' metaclass with ABC's: a game screen that leaves out a hook cannot be made."""


class GameScreen(Screen[None], metaclass=_AbstractScreen):
    """Its keys are the game's alone: under the history, the tally or a form they do nothing."""

    KIND: ClassVar[str]  # the name of the kind of game this screen shows (``GameKind.screen``)
    KEY_SECTION: ClassVar[str]
    # Textual repaints the whole screen when its focus moves; the widgets that gain and lose
    # it repaint themselves (their :focus style): Tab in the entry form paints two fields.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def __init__(self, session: Session, *, opening: bool = True, id: str | None = None) -> None:
        """``opening``: the app's first screen, which says what opening the folder found; a
        screen that takes another's place (the game changed kind) has nothing new to say."""
        super().__init__(id=id)
        self.session = session
        self._opening = opening
        self._number = 1
        self._numbered = ""
        self._retry_timer: Timer | None = None
        self._not_saved: list[Notification] = []  # taken down as soon as a retry saves
        self._said: list[Notification] = []  # the notice of the last change, replaced by the next
        self._entry_form: EntryForm | None = None  # composed once, shown for every entry
        self._shown: object = None  # the stored game last drawn: a save already shown is not drawn again
        self._listening: Subscription | None = None
        self._next: GameScreen | None = None  # the screen of another kind that took this one's place
        self._switch_waits = False  # the game changed kind under a screen on top: switched once back
        self._drawn_at = float("-inf")  # when the game was last drawn (time.monotonic)
        self._heard_timer: Timer | None = None  # the redraw of the changes heard since, once due
        self._heard_last = False  # one of them asks for the last line selected (another window's)

    # Layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")

    def on_mount(self) -> None:
        self._listening = self.session.changes.subscribe(self._heard)
        self.refresh_all(select_last=True)
        self.focus_game()
        if not self._opening:
            return
        if self.session.read_only:
            self.say(self.session.read_only_reason, title="Read-only", severity="warning", timeout=15)
        if self.session.save_error:
            self._save_failed()
        tell_each(self.app, self.session.problems)

    def on_unmount(self) -> None:
        self.stop_listening()

    def stop_listening(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            self._listening = None

    # Each change saved, heard once -------------------------------------------------
    def _heard(self, change: GameChanged) -> None:
        """Called by the session, on whatever thread saved: handed to the screen's own loop."""
        self.post_message(HeardChange(change))

    def on_heard_change(self, message: HeardChange) -> None:
        # This window's own changes were drawn as they were made; a table's, or another
        # window's (read-only), are drawn now, or, in a stream of them, with the next ones.
        if self.session.stored is self._shown:
            return
        self._heard_last = self._heard_last or message.change.origin is Origin.OTHER_WINDOW
        if self._heard_timer is not None:
            return  # a redraw is on its way: it shows this change too
        wait = self._drawn_at + HEARD_REDRAW_EVERY - time.monotonic()
        if wait <= 0:
            self._draw_heard()
        else:
            self._heard_timer = self.set_timer(wait, self._draw_heard)

    def _draw_heard(self) -> None:
        """The changes heard since the last redraw, drawn once: fifteen tables' phones saving a
        result a second each must not redraw the screen fifteen times a second, or the keys
        typed meanwhile wait behind the redraws."""
        self._heard_timer = None
        select_last, self._heard_last = self._heard_last, False
        if self.session.stored is not self._shown:
            self.refresh_all(select_last=select_last)

    def say(self, message: str, *, title: str = "", severity: str = "information", timeout: float = 6) -> None:
        """A notification; never parsed as markup, since it may quote what a player typed.

        It replaces the one before: a notice is about the last change, and two would hide the
        explanation beneath them. A file's trouble or a failed save stays up beside it."""
        withdraw(self.app, self._said)
        self._said = [notice(self.app, message, title=title, severity=severity, timeout=timeout)]  # type: ignore[arg-type]

    # Drawing ------------------------------------------------------------------
    def refresh_all(self, select_last: bool = False) -> None:
        """Draws the game on the pad; a game of another kind is handed to that kind's screen."""
        if kind_of(self.session.game).screen != self.KIND:
            self._switch(select_last)
            return
        self._shown = self.session.stored
        self._drawn_at = time.monotonic()
        if self._numbered != self.session.stored.id:  # the games folder is listed once a game
            self._number = self.session.game_number()
            self._numbered = self.session.stored.id
        with self.app.batch_update():  # one frame for the status and the game
            self.show_status()
            self.draw(select_last)
        self.refresh_bindings()  # the footer's keys may follow the game (a game finished: its statistics)
        self.drawn()

    def show_status(self, note: str = "") -> None:
        trouble = getattr(self.app, "phones_trouble", "")  # the share server's news, kept by the app
        self.query_one(StatusBar).show(self.session.state, self._number, self.session, note=note, trouble=trouble)

    @abstractmethod
    def draw(self, select_last: bool) -> None:
        """The game below the status line, as its kind shows it."""

    def drawn(self) -> None:
        """After each drawing: what follows from it (the pad solves its boards' cards)."""

    @abstractmethod
    def focus_game(self) -> None:
        """The focus where the game is read."""

    def showing(self) -> GameScreen:
        """The screen that shows the game on the pad now: this one, or the one that took its place."""
        return self if self._next is None else self._next.showing()

    def _switch(self, select_last: bool) -> None:
        """The screen of the game's kind in this one's place: now if this one is in front, else
        as soon as what covers it closes (the history, the share screen)."""
        if not self.is_current:
            self._switch_waits = True
            return
        self._switch_waits = False
        self.stop_listening()
        following = cast(GameScreen, kinds.game_screen(self.session, opening=False))
        following.take_notices(self)
        self._next = following
        # The keys typed meanwhile wait until it is mounted (key_order waits for the screen on top).
        switch_bottom_screen(self.app, following)

    def on_screen_resume(self) -> None:
        if self._switch_waits:
            self._switch(select_last=False)

    def take_notices(self, before: GameScreen) -> None:
        """The notices the screen before put up: the next change replaces them here, and a failed save is still retried."""
        self._said, self._not_saved = before._said, before._not_saved
        if before._retry_timer is not None:
            before._retry_timer.stop()
            self._retry_timer = None
            self.call_later(self._retry_soon)

    def _retry_soon(self) -> None:
        if self._retry_timer is None and self._not_saved:
            self._retry_timer = self.set_interval(3, self._retry_save)

    # Changes ----------------------------------------------------------------
    def apply(self, change: str, fn: Callable[..., Any], *args: Any) -> bool:
        """Makes a change through the session; False if it was refused."""
        try:
            saved = fn(*args)
        except SaveError as e:
            tell(self.app, e, title="Not changed")
            return False
        except Problem as e:
            tell(self.app, f"{change} was not made: {e}.", severity="warning", timeout=10)
            return False
        if saved is False:
            self._save_failed()
        elif self._not_saved and self.session.save_error is None:  # saved with this change
            withdraw(self.app, self._not_saved)
            self._not_saved.clear()
        return True

    def _save_failed(self) -> None:
        """The change stands on screen but is not on disk: say so, and keep trying."""
        self._not_saved.append(tell_until(self.app, self.session.save_error or "Could not save.", title="NOT SAVED"))
        if self._retry_timer is None:
            self._retry_timer = self.set_interval(3, self._retry_save)

    def _retry_save(self) -> None:
        if self.session.flush():
            if self._retry_timer is not None:
                self._retry_timer.stop()
                self._retry_timer = None
            withdraw(self.app, self._not_saved)
            self._not_saved.clear()
            self.say("Saved: every hand on the pad is on disk again.", title="Saved")
        self.show_status()

    def writable(self) -> bool:
        if self.session.read_only:
            self.say(self.session.read_only_reason, title="Read-only", severity="warning", timeout=10)
            return False
        return True

    def entry_form(self) -> EntryForm:
        """The entry form, a widget of this screen, mounted the first time (the keys typed
        meanwhile wait for it) and shown in place for every entry after."""
        # The next entry begins: the notice of the last change goes, or it would hide the
        # preview's last lines while the hand is typed (a file's trouble or a failed save stays).
        withdraw(self.app, self._said)
        self._said = []
        if self._entry_form is None:
            self._entry_form = entry_form.EntryForm()
            key_order = getattr(self.app, "key_order", None)
            mounted = self.mount(self._entry_form)
            if key_order is not None:
                key_order.wait_for(mounted)
        return self._entry_form

    @property
    def form_open(self) -> bool:
        return self._entry_form is not None and self._entry_form.is_open

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While an entry is typed, the screen's own keys wait (the form covers their footer).
        # A read-only window (another holds the folder) offers no key that would change the
        # game: its footer and palette leave them out (pressed, one says why: on_key).
        if self.session.read_only and action in keys.WRITES:
            return False
        return not self.form_open

    def on_key(self, event: events.Key) -> None:
        # A key the read-only window does not offer, pressed from habit: said why, not ignored.
        if self.session.read_only and keys.writing_action(self.KEY_SECTION, event.key, keys.keymap_of(self.app)):
            event.stop()
            self.writable()

    def footer_keep(self) -> dict[str, int]:
        """The footer's ranks (``Key.keep``) this screen gives its keys now, where the game
        makes one of them more needed than ``keys.py`` says: none here."""
        return {}

    def form_closed(self) -> None:
        """Back to the game, as the form hides: the next key is the screen's."""
        self.focus_game()

    # The keys every kind shares --------------------------------------------------
    def action_undo(self) -> None:
        if not self.writable():
            return
        try:
            what = self.session.undo()
        except SaveError as e:
            tell(self.app, e, title="Not saved")
            return
        if what is None:
            self.say("Nothing to undo.")
            return
        self.refresh_all()
        self.showing().say(f"Undone: {what}.")

    def action_end_game(self) -> None:
        if not self.writable():
            return
        st = self.session.state
        if st.over:
            add = keys.first_key("pad.add", keys.keymap_of(self.app))
            self.say(f"This {st.mode.word} is already over. Press {add} to start the next.")
            return
        nothing = self.nothing_to_end()
        if nothing:
            self.say(f"Nothing to end yet: {nothing}.")
            return

        def done(yes: bool | None) -> None:
            if yes and self.apply("Ending", self.session.end_game):
                self.refresh_all()

        open_screen(self.app, confirm.Confirm(f"End this {st.rules.word} now, unfinished?", st.rules.ending_early), done)

    def nothing_to_end(self) -> str:
        """Why the game cannot be ended yet, in a few words; empty if it can."""
        st = self.session.state
        return "" if st.hands else f"no hand of this {st.mode.word} has been entered"

    def action_new_game(self) -> None:
        if not self.writable():
            return
        st = self.session.state
        values = new_game.game_values(self.session.game, st.next_first_dealer)
        # The rules are those new games start with (the s screen), not the old game's.
        defaults = self.session.files.defaults()
        values.update(new_game.rule_values(defaults.settings))
        tell_each(self.app, defaults.problems)
        # The session's one history, only looked at: opening a dialog writes nothing.
        tonight = evening.tonight(self.session.files.history(), self.session.stored.id, self.session.game)

        def done(result: object) -> None:
            if not isinstance(result, new_game.NewGameReading) or result.game is None or result.settings is None:
                return
            game = result.game
            if self.apply("The new game", self.session.start, game, f"new {game.mode.word}", result.given):
                self._save_defaults(result.settings, game.players)
                self.refresh_all()
                self.showing().started(game)
                for line in result.said:  # a deals file's tables that could not be read: those boards are solved
                    self.say(line, severity="warning", timeout=10)

        form = game_form.NewGameForm(
            "New game · the game on the pad stays saved",
            values,
            names=tonight.names,
            proposal=tonight.next_rubber(st.next_first_dealer),
        )
        open_screen(self.app, form, done)

    @abstractmethod
    def started(self, game: Game) -> None:
        """A new game of this screen's kind is on the pad: say so."""

    def action_settings(self) -> None:
        if not self.writable():
            return
        defaults = self.session.files.defaults()
        tell_each(self.app, defaults.problems)

        def done(result: object) -> None:
            if isinstance(result, Settings) and self._save_defaults(result, defaults.players):
                self.say("Saved. New games use these rules; the game on the pad keeps the rules it started with.")

        open_screen(self.app, game_form.RulesForm("Rules for new games", new_game.rule_values(defaults.settings)), done)

    def _save_defaults(self, settings: Settings, players: tuple[str, str, str, str]) -> bool:
        try:
            self.session.files.save_defaults(settings, players)
        except SaveError as e:
            tell(self.app, e, title="", timeout=20)
            return False
        return True

    def action_history(self) -> None:
        resumed = history_screen.RESUMED

        def back(result: str | None) -> None:
            self.refresh_all(select_last=result == resumed)
            if result == resumed:
                self.showing().say(
                    f"Resumed: {self.session.game.mode.word} on the pad again. ctrl+z goes back to the game that was here."
                )

        open_screen(self.app, history_screen.HistoryScreen(self.session), back)

    def action_tally(self) -> None:
        self.session.flush()
        self.app.push_screen(tally_screen.TallyScreen(self.session))

    def action_stats(self) -> None:
        self.session.flush()
        self.app.push_screen(stats_screen.StatsScreen(self.session))

    def action_export(self) -> None:
        export_dialog.export_game(self.app, self.session.stored)

    def action_help(self) -> None:
        self.app.push_screen(help_screen.HelpScreen(self.session.game))
