"""The pad's screen: the state of play, the pad beside the hands, and the keys that change them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.message import Message
from textual.notifications import Notification
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from bridgepad.core.model import Hand
from bridgepad.core.readers.entry import form_values
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.vulnerability import vulnerability_text
from bridgepad.core.words.labels import hand_word, seat_label
from bridgepad.services.changes import GameChanged
from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store.errors import Problem, SaveError
from bridgepad.tui import keys
from bridgepad.tui.closing import open_screen
from bridgepad.tui.telling import notice, tell, tell_each, tell_until, withdraw
from bridgepad.tui.widgets.game_view import GameView
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from bridgepad.core.boards.cards import Deal
    from bridgepad.core.boards.double_dummy import Solution
    from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
    from bridgepad.tui.forms.entry_form import EntryForm
    from bridgepad.tui.solving import BoardSolver
    from bridgepad.tui.widgets.tables_view import TablesView

# The keys of a game of one table's hands, and those of a game of several tables: each answers
# in its own kind of game only (a game of several tables takes its results from the tables).
HANDS_ONLY = frozenset({"add", "edit", "delete", "explain"})
TABLES_ONLY = frozenset(k.action.split("(")[0] for k in keys.section("tables").keys if k.action)


class Saved(Message):
    """A change reached the disk, from this window or another way in (the entry server, through the session)."""

    def __init__(self, change: GameChanged) -> None:
        super().__init__()
        self.change = change


class PadScreen(Screen[None]):
    """Its keys are the pad's alone: under the history, the tally or a form they do nothing.

    The game on the pad may be one of several tables: the screen then shows the tables'
    view (``TablesView``) in place of the pad, and answers to that game's keys."""

    BINDINGS = keys.bindings("pad") + keys.bindings("tables")
    # Textual repaints the whole screen when its focus moves; the widgets that gain and lose
    # it repaint themselves (their :focus style): Tab in the entry form paints two fields.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def __init__(self, session: Session) -> None:
        super().__init__(id="pad-screen")
        self.session = session
        self._number = 1
        self._numbered = ""
        self._retry_timer: Timer | None = None
        self._not_saved: list[Notification] = []  # taken down as soon as a retry saves
        self._said: list[Notification] = []  # the notice of the last change, replaced by the next
        self._follow_timer: Timer | None = None
        self._entry_form: EntryForm | None = None  # composed once, shown for every hand
        self._tables_view: TablesView | None = None  # mounted when a game of several tables is first shown
        self._shown: object = None  # the stored game last drawn: a save already shown is not drawn again
        self._solver: BoardSolver | None = None  # the boards being solved double dummy, off the loop
        self._solving_note = ""  # their progress, in the status line

    # Layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield GameView(id="game")
        yield KeyFooter()

    @property
    def KEY_SECTION(self) -> str:
        return "tables" if self.several else "pad"

    @property
    def several(self) -> bool:
        """Whether the game on the pad is one of several tables."""
        return self.session.game.several_tables is not None

    def on_mount(self) -> None:
        self._listening = self.session.changes.subscribe(self._told_saved)
        self.refresh_all(select_last=True)
        self.focus_game()
        if self.session.read_only:
            self.say(self.session.read_only_reason, title="Read-only", severity="warning", timeout=15)
            self._follow_timer = self.set_interval(2, self._follow)
        if self.session.save_error:
            self._save_failed()
        tell_each(self.app, self.session.problems)

    def _told_saved(self, change: GameChanged) -> None:
        """At every save (of any thread, and of the entry server in the app's loop): a game of
        several tables is drawn again with what the tables sent."""
        if self.several:
            self.post_message(Saved(change))

    def on_saved(self, message: Saved) -> None:
        if self.session.stored is not self._shown:
            self.refresh_all()

    def _follow(self) -> None:
        """Read-only: show what the other window writes, as it writes it."""
        if not self.session.read_only:  # this window has taken over: what it shows is its own
            if self._follow_timer is not None:
                self._follow_timer.stop()
            return
        if self.session.reload():
            self.refresh_all(select_last=True)

    def say(self, message: str, *, title: str = "", severity: str = "information", timeout: float = 6) -> None:
        """A notification; never parsed as markup, since it may quote what a player typed.

        It replaces the one before: a notice is about the last change, and two would hide the
        explanation beneath them. A file's trouble or a failed save stays up beside it."""
        withdraw(self.app, self._said)
        self._said = [notice(self.app, message, title=title, severity=severity, timeout=timeout)]  # type: ignore[arg-type]

    # Drawing ------------------------------------------------------------------
    @property
    def game_view(self) -> GameView:
        return self.query_one("#game", GameView)

    def selected(self) -> int | None:
        """The selected hand's index (None when no hand, or the bonus row, is selected)."""
        return self.game_view.selected_hand()

    def refresh_all(self, select_last: bool = False) -> None:
        st = self.session.state
        self._shown = self.session.stored
        if self._numbered != self.session.stored.id:  # the games folder is listed once a game
            self._number = self.session.game_number()
            self._numbered = self.session.stored.id
        several = st.session.several if st.session is not None else None
        with self.app.batch_update():  # one frame for the status, the hands, the pad and the explanation
            self.query_one(StatusBar).show(st, self._number, self.session, note=self._solving_note)
            if several is not None:
                self._show_several(several)
            else:
                if self._tables_view is not None and self._tables_view.display:
                    self._tables_view.display = False
                    self.game_view.display = True
                    self.focus_game()
                self.game_view.show(st, select_last=select_last, solved=self.session.stored.solved)
        self._solve_boards()

    # Double dummy, off the screen's loop ----------------------------------------
    def _solve_boards(self) -> None:
        """Starts solving the boards the game on the pad knows the cards of and has not solved yet."""
        game_id = self.session.stored.id
        if self._solver is not None and not self._solver.finished:
            if self._solver.game_id == game_id:
                return
            self._solver.cancel()  # another game came on the pad: its boards are solved instead
            self._solver = None
        if self.session.game.deals is None:
            self._solving_note = ""
            return
        jobs = self.session.unsolved()
        if not jobs or (self._solver is not None and self._solver.game_id == game_id and self._solver.jobs == jobs):
            return  # nothing waits, or what waits was just tried and failed
        from bridgepad.tui.solving import BoardSolver

        self._solving_note = f"double dummy 0 of {len(jobs)} boards"
        self._solver = BoardSolver(self.app, game_id, jobs, self._board_solved, self._solving_done)
        self._solver.start()
        self.query_one(StatusBar).show(self.session.state, self._number, self.session, note=self._solving_note)

    def _board_solved(self, done: int, total: int, key: tuple[int, Deal], solution: Solution) -> None:
        if self._solver is None or self.session.stored.id != self._solver.game_id:
            return
        if not self.session.keep_solved({key: solution}) and not self.session.read_only:
            self._save_failed()
        self._solving_note = f"double dummy {done} of {total} boards" if done < total else ""
        self.query_one(StatusBar).show(self.session.state, self._number, self.session, note=self._solving_note)
        self.game_view.solved = self.session.stored.solved
        self.game_view.refresh_selection()

    def _solving_done(self, error: str | None) -> None:
        self._solving_note = ""
        self.query_one(StatusBar).show(self.session.state, self._number, self.session)
        if error is not None:
            self.say(f"Double dummy could not be worked out: {error}.", severity="warning", timeout=10)

    def on_unmount(self) -> None:
        self._listening.cancel()
        if self._solver is not None:
            self._solver.cancel()

    def _show_several(self, several: SeveralState) -> None:
        """The tables' view in place of the pad, mounted the first time (the keys typed meanwhile wait)."""
        if self._tables_view is None:
            from bridgepad.tui.widgets.tables_view import TablesView

            self._tables_view = TablesView(id="tables-view")
            mounted = self.mount(self._tables_view, after=self.game_view)
            key_order = getattr(self.app, "key_order", None)
            if key_order is not None:
                key_order.wait_for(mounted)
            self.game_view.display = False
            self.call_after_refresh(self._show_several_now)
            return
        switched = not self._tables_view.display
        self._tables_view.display = True
        self.game_view.display = False
        self._tables_view.show(several)
        if switched:
            self.focus_game()

    def _show_several_now(self) -> None:
        st = self.session.state
        if st.session is not None and st.session.several is not None and self._tables_view is not None:
            self._tables_view.show(st.session.several)
            self.focus_game()

    @property
    def tables_view(self) -> TablesView:
        assert self._tables_view is not None
        return self._tables_view

    def focus_game(self) -> None:
        """The focus where the game is read: the hands, or the view of the tables."""
        if self.several and self._tables_view is not None and self._tables_view.is_mounted:
            self._tables_view.focus_view()
        elif not self.several:
            self.game_view.focus_hands()

    # Changes ----------------------------------------------------------------
    def _apply(self, change: str, fn, *args) -> bool:  # type: ignore[no-untyped-def]
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
        self.query_one(StatusBar).show(self.session.state, self._number, self.session, note=self._solving_note)

    def _writable(self) -> bool:
        if self.session.read_only:
            self.say(self.session.read_only_reason, title="Read-only", severity="warning", timeout=10)
            return False
        return True

    def entry_form(self) -> EntryForm:
        """The entry form, a widget of this screen, mounted the first time (the keys typed
        meanwhile wait for it) and shown in place for every hand after."""
        # The next entry begins: the notice of the last change goes, or it would hide the
        # preview's last lines while the hand is typed (a file's trouble or a failed save stays).
        withdraw(self.app, self._said)
        self._said = []
        if self._entry_form is None:
            from bridgepad.tui.forms.entry_form import EntryForm

            self._entry_form = EntryForm()
            key_order = getattr(self.app, "key_order", None)
            mounted = self.mount(self._entry_form)
            if key_order is not None:
                key_order.wait_for(mounted)
        return self._entry_form

    @property
    def form_open(self) -> bool:
        return self._entry_form is not None and self._entry_form.is_open

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While a hand is typed, the pad's own keys wait (the form covers their footer).
        if self.form_open:
            return False
        if action in TABLES_ONLY:
            return self.several
        if action in HANDS_ONLY:
            return not self.several
        return True

    def _form_closed(self) -> None:
        """Back to the hands, as the form hides: the next key is the pad's."""
        if self.several and self._tables_view is not None:
            self._tables_view.focus_view()
            return
        self.set_focus(self.game_view.query_one("HandList"))

    def action_add(self) -> None:
        if not self._writable():
            return
        st = self.session.state
        game = self.session.game
        before = self.session.hands.before()  # this game, or the next one's start when this one is over
        dealer, vul = before.next_dealer, before.next_vulnerable
        if st.over:
            # The next game follows the evening's last, not this one: this may be an older game resumed.
            number = self.session.next_game_number()
            where = f"{game.rules.game_title(number)} · {game.rules.deal_label(before.next_deal).lower()}"
        else:
            where = self._where(st.next_deal)
        title = f"{where} · {seat_label(game, dealer)} deals · {vulnerability_text(vul, game.settings.we)}"

        def done(hand: Hand | None) -> None:
            self._form_closed()
            if hand is not None and self._apply("The hand", self.session.hands.add, hand):
                self.refresh_all(select_last=True)
                notice = self.session.game.rules.redeal_notice(seat_label(self.session.game, self.session.state.next_dealer))
                if hand.passed_out and notice:
                    self.say(notice)

        fields = game.rules.entry_fields(game.settings)
        self.entry_form().open(
            title,
            self.session.hands.preview,
            we=game.settings.we,
            honors_on=fields.honors,
            others_on=fields.others,
            before=before,
            done=done,
        )

    def _where(self, deal: int) -> str:
        return self.session.game.rules.deal_label(deal)

    def action_edit(self) -> None:
        if not self._writable():
            return
        index = self.selected()
        if index is None:
            self.say(self._no_hand("edit"))
            return
        st = self.session.state
        game = self.session.game
        h = st.hands[index]
        title = (
            f"Edit {hand_word(game.mode, h.number, h.deal)} · {seat_label(game, h.dealer)} dealt"
            f" · {vulnerability_text(h.vulnerable, game.settings.we)}"
        )

        def done(hand: Hand | None) -> None:
            self._form_closed()
            if hand is not None and self._apply("The edit", self.session.hands.replace, index, hand):
                self.refresh_all()

        fields = game.rules.entry_fields(game.settings)
        self.entry_form().open(
            title,
            lambda hand: self.session.hands.preview(hand, index),
            values=form_values(h.hand, game.settings.we),
            we=game.settings.we,
            honors_on=fields.honors,
            others_on=fields.others,
            before=self.session.hands.before(index),
            done=done,
        )

    def _no_hand(self, verb: str) -> str:
        if self.session.state.hands:
            return f"Select a hand with ↑ ↓ to {verb} it; the bonus row is written by the game itself."
        return f"There is no hand to {verb} yet: press {keys.first_key('pad.add', keys.keymap_of(self.app))} to enter one."

    def action_delete(self) -> None:
        if not self._writable():
            return
        from bridgepad.tui.forms.confirm import Confirm

        index = self.selected()
        if index is None:
            self.say(self._no_hand("delete"))
            return
        h = self.session.state.hands[index]
        what = (
            "passed out"
            if h.hand.contract is None
            else f"{h.hand.contract.pretty} by {h.hand.declarer.value if h.hand.declarer else ''}"
        )

        name = hand_word(self.session.game.mode, h.number, h.deal)
        undo = keys.first_key("pad.undo", keys.keymap_of(self.app))

        def done(yes: bool | None) -> None:
            if yes and self._apply("The deletion", self.session.hands.delete, index):
                self.refresh_all()
                self.say(f"{name.capitalize()} deleted. {undo} brings it back.")

        open_screen(self.app, Confirm(f"Delete {name} ({what})?", "Every figure after it is worked out again."), done)

    def action_undo(self) -> None:
        if not self._writable():
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
        self.say(f"Undone: {what}.")

    def action_end_game(self) -> None:
        if not self._writable():
            return
        from bridgepad.tui.forms.confirm import Confirm

        st = self.session.state
        if st.over:
            add = keys.first_key("pad.add", keys.keymap_of(self.app))
            self.say(f"This {st.mode.word} is already over. Press {add} to start the next.")
            return
        several = st.session.several if st.session is not None else None
        if not st.hands and (several is None or not several.results):
            what = "no table has sent a result" if several is not None else f"no hand of this {st.mode.word} has been entered"
            self.say(f"Nothing to end yet: {what}.")
            return
        word = st.rules.word
        detail = st.rules.ending_early

        def done(yes: bool | None) -> None:
            if yes and self._apply("Ending", self.session.end_game):
                self.refresh_all()

        open_screen(self.app, Confirm(f"End this {word} now, unfinished?", detail), done)

    def action_new_game(self) -> None:
        if not self._writable():
            return
        from bridgepad.core.readers.new_game import NewGameReading, game_values, rule_values
        from bridgepad.services.evening import tonight
        from bridgepad.tui.forms.game_form import NewGameForm

        st = self.session.state
        values = game_values(self.session.game, st.next_first_dealer)
        # The rules are those new games start with (the s screen), not the old game's.
        defaults = self.session.files.defaults()
        values.update(rule_values(defaults.settings))
        tell_each(self.app, defaults.problems)
        # The session's one history, only looked at: opening a dialog writes nothing.
        evening = tonight(self.session.files.history(), self.session.stored.id, self.session.game)

        def done(result: object) -> None:
            if not isinstance(result, NewGameReading) or result.game is None or result.settings is None:
                return
            game = result.game
            if self._apply("The new game", self.session.start, game, f"new {game.mode.word}"):
                self._save_defaults(result.settings, game.players)
                self.refresh_all()
                if game.several_tables is not None:
                    self._started_several()
                    return
                cards = ""
                if game.deals is not None:
                    from bridgepad.core.words.board_words import set_words  # a game with its boards' cards

                    cards = f" with {set_words(game.deals)}"
                self.say(f"New {game.mode.word} started{cards}. The last one stays saved.")

        form = NewGameForm(
            "New game · the game on the pad stays saved",
            values,
            names=evening.names,
            proposal=evening.next_rubber(st.next_first_dealer),
        )
        open_screen(self.app, form, done)

    def action_settings(self) -> None:
        if not self._writable():
            return
        from bridgepad.core.readers.new_game import rule_values
        from bridgepad.tui.forms.game_form import RulesForm

        defaults = self.session.files.defaults()
        tell_each(self.app, defaults.problems)

        def done(result: object) -> None:
            if isinstance(result, Settings) and self._save_defaults(result, defaults.players):
                self.say("Saved. New games use these rules; the game on the pad keeps the rules it started with.")

        open_screen(self.app, RulesForm("Rules for new games", rule_values(defaults.settings)), done)

    def _save_defaults(self, settings: Settings, players: tuple[str, str, str, str]) -> bool:
        try:
            self.session.files.save_defaults(settings, players)
        except SaveError as e:
            tell(self.app, e, title="", timeout=20)
            return False
        return True

    def action_history(self) -> None:
        from bridgepad.tui.screens.history_screen import RESUMED, HistoryScreen

        def back(result: str | None) -> None:
            self.refresh_all(select_last=result == RESUMED)
            if result == RESUMED:
                self.say(f"Resumed: {self.session.game.mode.word} on the pad again. ctrl+z goes back to the game that was here.")

        open_screen(self.app, HistoryScreen(self.session), back)

    def action_tally(self) -> None:
        from bridgepad.tui.screens.tally_screen import TallyScreen

        self.session.flush()
        self.app.push_screen(TallyScreen(self.session))

    def action_stats(self) -> None:
        from bridgepad.tui.screens.stats_screen import StatsScreen

        self.session.flush()
        self.app.push_screen(StatsScreen(self.session))

    def action_export(self) -> None:
        from bridgepad.tui.forms.export_dialog import export_game

        export_game(self.app, self.session.stored)

    def action_explain(self, pages: int) -> None:
        self.game_view.scroll_explanation(pages)

    def action_help(self) -> None:
        from bridgepad.tui.screens.help_screen import HelpScreen

        self.app.push_screen(HelpScreen(self.session.game))

    # A game of several tables -------------------------------------------------------
    def _started_several(self) -> None:
        """A game of several tables begun: its guide cards, for the tables to sit down by."""
        from bridgepad.core.words.movement_text import movement_title

        inputs = self.session.game.several_tables
        assert inputs is not None
        share = keys.first_key("pad.share", keys.keymap_of(self.app))
        self.call_after_refresh(self._view_after_mount, "cards")
        self.say(
            f"New {movement_title(inputs.setup, in_sentence=True)}. The guide cards are on the screen; {share} gives each table its link. "
            "The last game stays saved.",
            timeout=12,
        )

    def _view_after_mount(self, view: str) -> None:
        if self._tables_view is not None and self._tables_view.is_mounted:
            self._tables_view.show_view(view)

    def action_view(self, view: str) -> None:
        self.tables_view.show_view(view)

    def action_board(self, step: int) -> None:
        view = self.tables_view
        if view.view != "boards":
            view.show_view("boards")
            return
        view.step_board(step)

    def action_correct(self) -> None:
        """The director's correction of the selected line of a traveller: the entry form, and a reason."""
        if not self._writable():
            return
        from bridgepad.core.readers.entry import form_values
        from bridgepad.core.words.several_text import hand_words, signed, sitting_words
        from bridgepad.core.words.summary import board_lines

        view = self.tables_view
        if view.view != "boards":
            view.show_view("boards")
            arrows = " ".join(keys.first_key(k, keys.keymap_of(self.app)) for k in ("tables.previous_board", "tables.next_board"))
            self.say(
                f"Choose the board ({arrows}) and its line (↑ ↓), then {keys.first_key('tables.correct', keys.keymap_of(self.app))}."
            )
            return
        chosen = view.selected_line()
        several = self.session.state.session.several if self.session.state.session is not None else None
        if chosen is None or several is None:
            return
        board, sitting, row = chosen
        title = f"Correct board {board} · {sitting_words(several, sitting)}"
        table = sitting.table
        was = [f"Was {hand_words(row.result.hand)} (N-S {signed(row.ns_score)})."] if row is not None else []

        def accept(hand: Hand, why: str) -> dict[str, str]:
            return self._correct(table, board, hand, why)

        def done(hand: Hand | None) -> None:
            self._form_closed()
            if hand is not None:
                self.refresh_all()
                self.say(
                    f"Board {board} at table {table} changed; the change is written down. "
                    f"{keys.first_key('pad.undo', keys.keymap_of(self.app))} takes it back."
                )

        self.entry_form().open(
            title,
            lambda hand: TableResults(self.session).correction_preview(table, board, hand),
            values=form_values(row.result.hand) if row is not None else {},
            honors_on=False,
            before=TableResults(self.session).board_start(board),
            reason=True,
            accept=accept,
            describe=lambda outcome, after, we: [*board_lines(outcome, after.game.settings.duplicate_scoring), *was],
            done=done,
        )

    def _correct(self, table: int, board: int, hand: Hand, why: str) -> dict[str, str]:
        """The correction made through the session; what was refused, if it was (the form stays open as typed)."""
        from bridgepad.core.rules.kinds.several_tables.entering import EntryRefused

        try:
            TableResults(self.session).correct(table, board, hand, why)
        except EntryRefused as e:
            return {"": f"Not changed: {e}"}
        except SaveError as e:
            return {"": f"Not changed: {e} Press Enter to try again."}
        return {}

    def action_names(self) -> None:
        """The pairs' names, typed once for the session."""
        if not self._writable():
            return
        from bridgepad.tui.forms.names_form import NamesForm

        inputs = self.session.game.several_tables
        if inputs is None:
            return

        def done(result: object) -> None:
            from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables

            if isinstance(result, SeveralTables) and self._apply(
                "Naming the pairs", TableResults(self.session).name_pairs, result
            ):
                self.refresh_all()
                self.say(f"The pairs are named. {keys.first_key('pad.undo', keys.keymap_of(self.app))} takes it back.")

        open_screen(self.app, NamesForm(inputs), done)
