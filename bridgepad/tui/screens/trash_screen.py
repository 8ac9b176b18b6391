"""The trash: games deleted from the history, newest first, each one a key from coming back."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Label

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.model import Side
from bridgepad.core.rules.game import GameOverError
from bridgepad.core.rules.kinds import derive, nothing_entered
from bridgepad.core.words.text import fit
from bridgepad.services.session import Session
from bridgepad.store.errors import Problem
from bridgepad.store.game_store import TrashedGame
from bridgepad.tui import keys
from bridgepad.tui.closing import close
from bridgepad.tui.telling import tell
from bridgepad.tui.widgets.game_columns import players_text, started_text
from bridgepad.tui.widgets.key_footer import KeyFooter


class TrashScreen(Screen[None]):
    CSS_PATH = "history_screen.tcss"
    KEY_SECTION = "trash"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.rows: list[tuple[TrashedGame, GameSummary | None]] = []

    def compose(self) -> ComposeResult:
        yield Label("Trash", id="history-title", markup=False)
        yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        self.rows = []
        for trashed, stored in self.session.files.trashed():
            if stored is not None and nothing_entered(stored.game):
                continue  # a game left empty, set aside when another took the pad: nothing to restore
            summary = None
            if stored is not None:
                try:
                    summary = GameSummary.of_state(derive(stored.game), stored.id, stored.created, stored.updated)
                except GameOverError:  # hands after the end: listed, but not summed
                    summary = None
            self.rows.append((trashed, summary))
        table = self.query_one("#history", DataTable)
        keep = table.cursor_row
        table.clear(columns=True)
        table.cell_padding = 0
        for name, width in (("Deleted", 17), ("Started", 17), ("Mode", 8), ("Players", 21), ("   N-S ", 7), ("   E-W ", 7)):
            table.add_column(name, width=width)
        for trashed, s in self.rows:
            table.add_row(*self._cells(trashed, s), key=trashed.name)
        if self.rows:
            table.move_cursor(row=max(0, min(keep, len(self.rows) - 1)), animate=False)
        table.focus()
        n = len(self.rows)
        title = f"Trash · {n:,} game{'s' if n != 1 else ''}, last deleted first · Enter restores one to the history"
        self.query_one("#history-title", Label).update(
            title if self.rows else "Trash · empty: games deleted from the history (d) come here"
        )

    def _cells(self, trashed: TrashedGame, s: GameSummary | None) -> list[Text]:
        deleted = datetime.fromtimestamp(trashed.trashed_at).strftime("%Y-%m-%d %H:%M")
        if s is None:
            return [Text(deleted), Text(""), Text("?"), Text(fit(trashed.name, 20)), Text(""), Text("")]
        return [
            Text(deleted),
            Text(started_text(s)),
            Text(s.mode.word),
            Text(fit(players_text(s), 20)),
            Text(f"{s.total(Side.NS):>6,} "),
            Text(f"{s.total(Side.EW):>6,} "),
        ]

    def action_restore(self) -> None:
        table = self.query_one("#history", DataTable)
        if not self.rows or not 0 <= table.cursor_row < len(self.rows):
            return
        trashed, s = self.rows[table.cursor_row]
        if self.session.read_only:
            self.app.notify("This window is read-only: restore games from the other one.", severity="warning")
            return
        what = f"{s.mode.word} of {started_text(s)}" if s is not None else trashed.name
        try:
            self.session.restore(trashed.name, f"the {what} restored from the trash")
        except Problem as e:
            tell(self.app, e, title="", lead="Not restored: ", timeout=10)
            return
        self.app.notify(f"Restored: the {what} is back in the history.", markup=False)
        self.fill()

    def action_close(self) -> None:
        close(self, None)
