"""The history: every game in the data folder, newest first, read from the summary index."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Label

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.model import Side
from bridgepad.core.rules.duplicate import standing_figure
from bridgepad.core.rules.game import Status
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.labels import we_they
from bridgepad.core.words.text import fit
from bridgepad.services.history import History
from bridgepad.services.session import Session
from bridgepad.store.errors import Problem
from bridgepad.tui import keys, kinds
from bridgepad.tui.closing import close, open_screen
from bridgepad.tui.telling import tell, tell_each
from bridgepad.tui.widgets.game_columns import players_text, started_text
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.reading import Partial, Progressed, Read, Reading, read_in_background

STATE_WORDS = {Status.IN_PLAY: "in play", Status.WON: "won", Status.FINISHED: "finished", Status.ENDED: "ended early"}


def state_word(s: GameSummary) -> str:
    """``We won`` or ``They won`` for a rubber won (the side with two games), else the state's word."""
    winner = s.rubber_winner
    return STATE_WORDS[s.status] if winner is None else f"{we_they(winner, s.we)} won"


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    header: str
    width: int  # the players' column takes this at least, and whatever room is left
    drop: int  # on a narrow screen the highest goes first; 0 never goes
    right: bool = False


# Who played and how it stands are what a player looks for: those never go; the sides'
# totals go first (the margin says who won and by how much), then the games, the margin, the mode.
COLUMNS = (
    Column("started", "Started", 16, 0),
    Column("mode", "Mode", 9, 2),
    Column("players", "Players", 19, 0),
    Column("games", "Games", 5, 4),
    Column("ns", "N-S", 6, 5, right=True),
    Column("ew", "E-W", 6, 5, right=True),
    Column("margin", "Margin", 6, 3, right=True),
    Column("state", "State", max(len(w) for w in (*STATE_WORDS.values(), "They won")), 0),
)
SCROLLBAR = 2
PLAYERS_AT_MOST = 40  # names longer than this are cut rather than every other column dropped


def fit_columns(room: int, players: int) -> tuple[list[Column], int]:
    """The columns that fit ``room`` cells (each with a space after it but the last) while the
    players' names, ``players`` wide, show whole; and the players' column's width.

    Columns of one rank go together (a side's total without the other's says little)."""
    room += 1  # the last column needs no space after it
    kept = list(COLUMNS)
    others = lambda: sum(c.width + 1 for c in kept if c.key != "players")
    while others() + players + 1 > room and any(c.drop for c in kept):
        rank = max(c.drop for c in kept)
        kept = [c for c in kept if c.drop != rank]
    return kept, max(COLUMNS[2].width, room - others() - 1)


RESUMED = "resumed"  # what the history returns when a game it opened is now on the pad


class HistoryScreen(Screen[str | None]):
    """Returns RESUMED when a game was put back on the pad, else None."""

    CSS_PATH = "history_screen.tcss"
    KEY_SECTION = "history"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.read_only = session.read_only
        self.rows: list[GameSummary] = []
        self.loaded = 0
        self.data_shown = False  # the rows read and on screen: what a test of the screen waits for
        self.reading = False  # the rows are being read in the background
        self.again = False  # asked for again while they were: read once more when they come
        self.columns: list[Column] = list(COLUMNS)
        self.players_width = COLUMNS[2].width
        self._room = 0

    @property
    def current_id(self) -> str:
        return self.session.stored.id

    @property
    def history(self) -> History:
        return self.session.files.history()

    def compose(self) -> ComposeResult:
        yield Label("History", id="history-title", markup=False)
        yield Reading(id="history-reading")
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.fill()

    # Rows are written a page at a time as the cursor goes down: years of games open as
    # fast as one evening's.
    PAGE = 100

    def fill(self) -> None:
        """The rows, read on the spot when that is quick, else in the background (reading.py)."""
        if self.reading:
            self.again = True  # once the read under way has come (a change since it began)
            return
        if self.history.quick():
            rows = self.history.summaries()
            self.show_rows(rows, list(self.history.problems))
        else:
            self.reading = True
            self.query_one("#history-title", Label).update("History · reading the games…")
            read_in_background(self, self.history, lambda h, progress, partial: h.summaries(progress, partial=partial))

    def on_progressed(self, message: Progressed) -> None:
        self.query_one("#history-reading", Reading).show(message.done, message.total)

    def on_partial(self, message: Partial) -> None:
        """The games read so far, while the rest are read: rows to look at and open meanwhile."""
        self.show_rows(message.result, [], final=False)

    def on_read(self, message: Read) -> None:
        self.reading = False
        self.query_one("#history-reading", Reading).display = False
        self.show_rows(message.result, message.problems)
        if self.again:
            self.again = False
            self.fill()

    def show_rows(self, rows: list[GameSummary], problems: list[str], final: bool = True) -> None:
        """``final``: all the rows (not those read so far, while the rest are read)."""
        self.rows = rows
        table = self.query_one("#history", DataTable)
        keep = table.cursor_row
        table.clear(columns=True)
        table.cell_padding = 0
        width = table.size.width or self.app.size.width
        height = table.size.height or self.app.size.height - 4
        self._room = width
        # Room for the scroll bar only when the rows need one: then the players have it.
        names = max((len(players_text(s)) for s in self.rows[: self.PAGE]), default=0)
        room = width - (SCROLLBAR if len(self.rows) >= height - 1 else 0)
        self.columns, self.players_width = fit_columns(room, min(names, PLAYERS_AT_MOST))
        for c in self.columns:
            width = self.players_width if c.key == "players" else c.width
            last = c is self.columns[-1]  # a space after each column but the last, as fit_columns counts
            table.add_column(f"{c.header:>{width}} " if c.right else c.header, width=width + (0 if last else 1))
        self.loaded = 0
        self._load_more(max(self.PAGE, keep + 1))
        if self.rows:
            table.move_cursor(row=max(0, min(keep, self.loaded - 1)), animate=False)
        table.focus()
        tell_each(self.app, problems, timeout=20)
        self.data_shown = final
        n = len(self.rows)
        if not final:
            self.query_one("#history-title", Label).update(f"History · reading the games… {n:,} so far, newest first")
            return
        keymap = keys.keymap_of(self.app)
        opens, deletes, trash = (keys.first_key(k, keymap) for k in ("history.open", "history.delete", "history.trash"))
        title = (
            f"History · {n:,} game{'s' if n != 1 else ''}, newest first · {opens} opens · {deletes} deletes · {trash} the trash"
        )
        self.query_one("#history-title", Label).update(title if self.rows else "History · no games yet")

    def _load_more(self, count: int) -> None:
        table = self.query_one("#history", DataTable)
        for s in self.rows[self.loaded : self.loaded + count]:
            table.add_row(*self._cells(s), key=s.id)
        self.loaded = min(len(self.rows), self.loaded + count)

    def _cells(self, s: GameSummary) -> list[Text]:
        on_pad = s.id == self.current_id
        text = {
            "started": started_text(s),
            "mode": s.mode.word,
            "players": fit(players_text(s), self.players_width),
            "games": f"{s.games[0]}–{s.games[1]}",
            "ns": f"{s.total(Side.NS):,}",
            "ew": f"{s.total(Side.EW):,}",
            "margin": f"{s.margin:+,}" if s.margin else "0",
            "state": "on pad" if on_pad and not s.over else state_word(s),
        }
        own = kinds.face_of_summary(s).history_columns  # a kind of game with a line of its own
        if own is not None:
            text.update(own(s))
        elif rules_for(s.mode).boards:
            # A session stands by its scoring form, not by raw points: N-S's IMPs or percentage.
            mp = s.scoring is DuplicateScoring.MATCHPOINTS
            text.update(
                mode="dup MPs" if mp else "dup IMPs",
                games=f"{s.hands} bd",
                ns="",
                ew="",
                margin=standing_figure(mp, s.imps, s.pct),
            )
        cells = []
        for c in self.columns:
            width = self.players_width if c.key == "players" else c.width
            cells.append(Text(f"{text[c.key]:>{width}} " if c.right else text[c.key], style="bold" if on_pad else ""))
        return cells

    def on_resize(self, event: events.Resize) -> None:
        # The columns are chosen for the width: a resize chooses them again, for the rows in hand
        # (the history is not read again for it: at 20,000 games that is a listing of the folder,
        # and rows still being read are laid out for the width they come to).
        table = self.query_one("#history", DataTable)
        if table.size.width and table.size.width != self._room and (self.rows or self.data_shown):
            self.show_rows(self.rows, [], final=self.data_shown)

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
        from bridgepad.core.rules.game import GameOverError
        from bridgepad.core.rules.kinds import derive
        from bridgepad.tui.forms.in_play_dialog import (
            END,
            RESUME,
            REVIEW,
            InPlayDialog,
            ending_text,
        )

        s = self._selected()
        if s is None:
            return
        if s.id == self.current_id and not s.over:
            close(self, None)  # already on the pad
            return
        stored = self.session.read_game(s.id)
        if stored is None:
            self._say(f"Could not read the game of {started_text(s)}.", error=True)
            return
        try:
            state = derive(stored.game)
        except GameOverError as e:
            self._say(f"That game cannot be replayed: {e}.", error=True)
            return
        if state.over or self.read_only:
            self.app.push_screen(kinds.review_screen(stored, state))
            return
        what = f"{s.mode.word} of {started_text(s)} ({players_text(s)})"

        def chosen(choice: str | None) -> None:
            if choice == REVIEW:
                self.app.push_screen(kinds.review_screen(stored, state))
            elif choice == RESUME and self._change(self.session.resume, s.id, f"the {what} resumed"):
                close(self, RESUMED)
            elif choice == END and self._change(self.session.end_other, s.id, f"the {what} ended"):
                self._say(f"Ended, the {what}: {ending_text(state)} ctrl+z on the pad takes it back.")
                self.fill()

        open_screen(self.app, InPlayDialog(what, state), chosen)

    def _change(self, fn, *args) -> bool:  # type: ignore[no-untyped-def]
        """A change through the session; False, and said, if it could not be made."""
        try:
            saved = fn(*args)
        except Problem as e:
            why = str(e).rstrip(".")
            tell(self.app, f"Not changed: {why[:1].lower()}{why[1:]}.", title="", timeout=10)
            return False
        if saved is False:
            tell(self.app, self.session.save_error or "Could not save.", title="", timeout=10)
        return True

    def _say(self, message: str, *, error: bool = False) -> None:
        self.app.notify(message, severity="error" if error else "information", markup=False, timeout=10 if error else 6)

    def action_delete(self) -> None:
        from bridgepad.tui.forms.confirm import Confirm

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
            except Problem as e:
                tell(self.app, e, title="", timeout=10)
                return
            keymap = keys.keymap_of(self.app)
            trash, undo = keys.first_key("history.trash", keymap), keys.first_key("pad.undo", keymap)
            self._say(f"Moved to the trash: {where}. {trash} shows the trash, {undo} on the pad brings it back.")
            self.fill()

        open_screen(
            self.app,
            Confirm(f"Delete the {what}?", "It is moved to the trash folder in the data directory, not destroyed."),
            done,
        )

    def action_trash(self) -> None:
        from bridgepad.tui.screens.trash_screen import TrashScreen

        def back(_: object) -> None:
            self.fill()

        open_screen(self.app, TrashScreen(self.session), back)

    def action_close(self) -> None:
        close(self, None)
