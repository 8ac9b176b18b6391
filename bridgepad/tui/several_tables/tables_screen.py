"""The screen of an evening of several tables: the five views (the tables, the boards, the
ranking, the changes, the guide cards), the director's correction in the entry form, the
pairs' names, and the keys every game's screen shares (``GameScreen``).

The results come from the tables' phones (the entry server, through the session): each one
saved is heard as a change (``GameScreen.on_heard_change``) and drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult

from bridgepad.core.lazy import lazy
from bridgepad.core.model import Hand
from bridgepad.core.readers.entry import form_values
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds.several_tables.entering import EntryRefused, check_why
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
from bridgepad.core.words.movement_text import movement_title
from bridgepad.core.words.several_text import hand_words, signed, sitting_words
from bridgepad.core.words.summary import board_lines
from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store.errors import SaveError
from bridgepad.tui import keys
from bridgepad.tui.closing import open_screen
from bridgepad.tui.screens.game_screen import GameScreen
from bridgepad.tui.several_tables.tables_view import TablesView
from bridgepad.tui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from bridgepad.tui.several_tables import names_form
else:
    names_form = lazy("bridgepad.tui.several_tables.names_form")  # loaded the first time N is pressed

# The pad's keys that enter hands: a game of several tables takes its results from the tables.
HANDS = frozenset({"add", "edit", "delete", "explain"})
SHARED = frozenset(k.action.split("(")[0] for k in keys.section("pad").keys if k.action) - HANDS


def why_refused(text: str) -> str:
    """The entry form's check of a director's reason: the core's sentence if it cannot stand."""
    try:
        check_why(text)
    except EntryRefused as e:
        return str(e)
    return ""


class TablesScreen(GameScreen):
    """The tables' own keys first, then those it shares with the pad's screen."""

    KIND: ClassVar[str] = "tables"
    KEY_SECTION: ClassVar[str] = "tables"
    BINDINGS = keys.bindings("tables") + keys.bindings("pad", only=SHARED)

    def __init__(self, session: Session, *, opening: bool = True) -> None:
        super().__init__(session, opening=opening, id="tables-screen")
        self._first_view: str | None = None  # the view a game just begun opens on, once mounted

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield TablesView(id="tables-view")
        yield KeyFooter()

    @property
    def tables_view(self) -> TablesView:
        return self.query_one("#tables-view", TablesView)

    @property
    def several(self) -> SeveralState:
        """What the tables sent, worked out (a game of this screen's kind always has it)."""
        st = self.session.state
        assert st.session is not None and st.session.several is not None, "the tables' screen on a game of one table"
        return st.session.several

    def draw(self, select_last: bool) -> None:
        self.tables_view.show(self.several)
        if self._first_view is not None:
            self.tables_view.show_view(self._first_view)
            self._first_view = None

    def focus_game(self) -> None:
        self.tables_view.focus_view()

    def footer_keep(self) -> dict[str, int]:
        # The key a club night starts with (each table's link): never left out of the footer.
        return {"app.share": 1}

    def nothing_to_end(self) -> str:
        return "" if self.several.results else "no table has sent a result"

    def started(self, game: Game) -> None:
        """A game of several tables begun: its guide cards, for the tables to sit down by."""
        inputs = game.several_tables
        assert inputs is not None
        share = keys.first_key("pad.share", keys.keymap_of(self.app))
        if self.is_mounted:
            self.call_after_refresh(self.tables_view.show_view, "cards")
        else:  # this screen takes the place of the pad's: the cards once it is drawn
            self._first_view = "cards"
        self.say(
            f"New {movement_title(inputs.setup, in_sentence=True)}. The guide cards are on the screen; {share} gives each table its link. "
            "The last game stays saved.",
            timeout=12,
        )

    # The views ------------------------------------------------------------------
    def action_view(self, view: str) -> None:
        self.tables_view.show_view(view)

    def action_board(self, step: int) -> None:
        view = self.tables_view
        if view.view != "boards":
            view.show_view("boards")
            return
        view.step_board(step)

    # The director's correction ------------------------------------------------------
    def action_correct(self) -> None:
        """The director's correction of the selected line of a traveller: the entry form, and a reason."""
        if not self.writable():
            return
        view = self.tables_view
        keymap = keys.keymap_of(self.app)
        if view.view != "boards":
            view.show_view("boards")
            arrows = " ".join(keys.first_key(k, keymap) for k in ("tables.previous_board", "tables.next_board"))
            self.say(f"Choose the board ({arrows}) and its line (↑ ↓), then {keys.first_key('tables.correct', keymap)}.")
            return
        chosen = view.selected_line()
        if chosen is None:
            return
        several = self.several
        board, sitting, row = chosen
        title = f"Correct board {board} · {sitting_words(several, sitting)}"
        table = sitting.table
        was = [f"Was {hand_words(row.result.hand)} (N-S {signed(row.ns_score)})."] if row is not None else []
        results = TableResults(self.session)

        def accept(hand: Hand, why: str) -> dict[str, str]:
            return self._correct(table, board, hand, why)

        def done(hand: Hand | None) -> None:
            self.form_closed()
            if hand is not None:
                self.refresh_all()
                self.say(
                    f"Board {board} at table {table} changed; the change is written down. "
                    f"{keys.first_key('pad.undo', keys.keymap_of(self.app))} takes it back."
                )

        self.entry_form().open(
            title,
            lambda hand: results.correction_preview(table, board, hand),
            values=form_values(row.result.hand) if row is not None else {},
            honors_on=False,
            before=results.board_start(board),
            reason=why_refused,
            accept=accept,
            describe=lambda outcome, after, we: [*board_lines(outcome, after.game.settings.duplicate_scoring), *was],
            done=done,
        )

    def _correct(self, table: int, board: int, hand: Hand, why: str) -> dict[str, str]:
        """The correction made through the session; what was refused, if it was (the form stays open as typed)."""
        try:
            TableResults(self.session).correct(table, board, hand, why)
        except EntryRefused as e:
            return {"": f"Not changed: {e}"}
        except SaveError as e:
            return {"": f"Not changed: {e} Press Enter to try again."}
        return {}

    # The pairs' names -------------------------------------------------------------
    def action_names(self) -> None:
        """The pairs' names, typed once for the session."""
        if not self.writable():
            return
        inputs = self.session.game.several_tables
        if inputs is None:
            return

        def done(result: object) -> None:
            if isinstance(result, SeveralTables) and self.apply(
                "Naming the pairs", TableResults(self.session).name_pairs, result
            ):
                self.refresh_all()
                self.say(f"The pairs are named. {keys.first_key('pad.undo', keys.keymap_of(self.app))} takes it back.")

        open_screen(self.app, names_form.NamesForm(inputs), done)
