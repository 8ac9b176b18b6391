"""The history: every game in the data folder, newest first, read from the summary index."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label

from bridgepad.core.game import Status
from bridgepad.core.model import Side
from bridgepad.history import GameSummary, History
from bridgepad.session import SaveError, Session
from bridgepad.store import UnreadableGame
from bridgepad.tui.closing import close

STATE_WORDS = {Status.IN_PLAY: "in play", Status.WON: "won", Status.FINISHED: "finished", Status.ENDED: "ended early"}


def players_text(s: GameSummary) -> str:
    n, e, so, w = s.players
    if not any(s.players):
        return "N-S v E-W"
    return f"{n or 'N'} & {so or 'S'} v {e or 'E'} & {w or 'W'}"


def started_text(s: GameSummary) -> str:
    t = s.started
    return t.strftime("%Y-%m-%d %H:%M") if t else s.created[:16].replace("T", " ")


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


RESUMED = "resumed"  # what the history returns when a game it opened is now on the pad


class HistoryScreen(Screen[str | None]):
    """Returns RESUMED when a game was put back on the pad, else None."""

    CSS_PATH = "history_screen.tcss"
    BINDINGS = [
        Binding("enter", "open", "Open", priority=True),
        Binding("d,delete", "delete", "Delete", key_display="d"),
        Binding("t", "trash", "Trash"),
        Binding("escape,h,q", "close", "Back", key_display="Esc"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.store = session.store
        self.read_only = session.read_only
        self.rows: list[GameSummary] = []
        self.loaded = 0

    @property
    def current_id(self) -> str:
        return self.session.stored.id

    def compose(self) -> ComposeResult:
        yield Label("History", id="history-title", markup=False)
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.fill()

    # Rows are written a page at a time as the cursor goes down: years of games open as
    # fast as one evening's.
    PAGE = 100

    def fill(self) -> None:
        history = History(self.store, read_only=self.read_only)
        self.rows = history.summaries()
        table = self.query_one("#history", DataTable)
        keep = table.cursor_row
        table.clear(columns=True)
        table.cell_padding = 0
        for name, width in (("Started", 17), ("Mode", 8), ("Players", 19), ("Games", 5), ("   N-S ", 7), ("   E-W ", 7), ("Margin ", 7), (" State", 8)):
            table.add_column(name, width=width)
        self.loaded = 0
        self._load_more(max(self.PAGE, keep + 1))
        if self.rows:
            table.move_cursor(row=max(0, min(keep, self.loaded - 1)), animate=False)
        table.focus()
        for problem in history.problems:
            self.app.notify(problem, title="A data file could not be read", severity="error", timeout=20, markup=False)
        n = len(self.rows)
        title = f"History · {n:,} game{'s' if n != 1 else ''}, newest first · Enter opens one · d to the trash"
        self.query_one("#history-title", Label).update(title if self.rows else "History · no games yet")

    def _load_more(self, count: int) -> None:
        table = self.query_one("#history", DataTable)
        for s in self.rows[self.loaded : self.loaded + count]:
            table.add_row(*self._cells(s), key=s.id)
        self.loaded = min(len(self.rows), self.loaded + count)

    def _cells(self, s: GameSummary) -> list[Text]:
        games = f"{s.games[0]}–{s.games[1]}" if s.mode.value != "duplicate" else ""
        margin = f"{s.margin:+,}" if s.margin else "0"
        on_pad = s.id == self.current_id
        state = "on pad" if on_pad and not s.over else STATE_WORDS[s.status]
        right = (f"{s.total(Side.NS):,}", f"{s.total(Side.EW):,}", margin)
        cells = [Text(started_text(s)), Text(s.mode.word), Text(_fit(players_text(s), 18)), Text(games)]
        cells += [Text(f"{c:>6} ") for c in right] + [Text(" " + state)]
        if on_pad:
            for c in cells:
                c.stylize("bold")
        return cells

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row >= self.loaded - 10 and self.loaded < len(self.rows):
            self._load_more(self.PAGE)

    def _selected(self) -> GameSummary | None:
        table = self.query_one("#history", DataTable)
        if not self.rows or not (0 <= table.cursor_row < len(self.rows)):
            return None
        return self.rows[table.cursor_row]

    def action_open(self) -> None:
        """A finished game is reviewed; one still in play is resumed, ended or reviewed, as asked."""
        from bridgepad.core.game import derive
        from bridgepad.tui.in_play_dialog import END, RESUME, REVIEW, InPlayDialog, ending_text
        from bridgepad.tui.review_screen import ReviewScreen

        s = self._selected()
        if s is None:
            return
        if s.id == self.current_id and not s.over:
            close(self, None)  # already on the pad
            return
        stored = self.store.load_quietly(s.id)
        if stored is None:
            self._say(f"Could not read the game of {started_text(s)}.", error=True)
            return
        try:
            state = derive(stored.game)
        except ValueError as e:
            self._say(f"That game cannot be replayed: {e}.", error=True)
            return
        if state.over or self.read_only:
            self.app.push_screen(ReviewScreen(stored, state))
            return
        what = f"{s.mode.word} of {started_text(s)} ({players_text(s)})"

        def chosen(choice: str | None) -> None:
            if choice == REVIEW:
                self.app.push_screen(ReviewScreen(stored, state))
            elif choice == RESUME and self._change(self.session.resume, s.id, f"the {what} resumed"):
                close(self, RESUMED)
            elif choice == END and self._change(self.session.end_other, s.id, f"the {what} ended"):
                self._say(f"Ended, the {what}: {ending_text(state)} ctrl+z on the pad takes it back.")
                self.fill()

        self.app.push_screen(InPlayDialog(what, state), chosen)

    def _change(self, fn, *args) -> bool:  # type: ignore[no-untyped-def]
        """A change through the session; False, and said, if it could not be made."""
        try:
            saved = fn(*args)
        except (SaveError, FileNotFoundError, UnreadableGame, ValueError) as e:
            why = str(e).rstrip(".") if not isinstance(e, FileNotFoundError) else "its file is gone"
            self._say(f"Not changed: {why[:1].lower()}{why[1:]}.", error=True)
            return False
        if saved is False:
            self._say(self.session.save_error or "Could not save.", error=True)
        return True

    def _say(self, message: str, *, error: bool = False) -> None:
        self.app.notify(message, severity="error" if error else "information", markup=False, timeout=10 if error else 6)

    def action_delete(self) -> None:
        from bridgepad.tui.confirm import Confirm

        s = self._selected()
        if s is None:
            return
        if self.read_only:
            self.app.notify("This window is read-only: delete games from the other one.", severity="warning")
            return
        if s.id == self.current_id:
            self.app.notify("That is the game on the pad. Start a new game (n) before deleting it.", severity="warning")
            return
        what = f"{s.mode.word} of {started_text(s)} ({players_text(s)})"

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                where = self.session.trash(s.id, f"the {what} moved to the trash")
            except (SaveError, ValueError) as e:
                self._say(str(e), error=True)
                return
            self._say(f"Moved to the trash: {where}. t shows the trash, ctrl+z on the pad brings it back.")
            self.fill()

        self.app.push_screen(Confirm(f"Delete the {what}?", "It is moved to the trash folder in the data directory, not destroyed."), done)

    def action_trash(self) -> None:
        from bridgepad.tui.trash_screen import TrashScreen

        def back(_: object) -> None:
            self.fill()

        self.app.push_screen(TrashScreen(self.session), back)

    def action_close(self) -> None:
        close(self, None)
