"""Help: the keys, and the scoring tables of the game on the pad, its settings applied."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from bridgepad.core.game import Game
from bridgepad.core.rules_text import scoring_tables
from bridgepad.tui.closing import close

KEYS = (
    ("+ or a", "enter a hand"),
    ("e", "edit the selected hand"),
    ("d or Delete", "delete the selected hand"),
    ("ctrl+z", "undo the last change"),
    ("↑ ↓", "select a hand"),
    ("x", "end the game now, unfinished"),
    ("n", "start a new game: mode, first dealer, players, rules"),
    ("s", "the rules that new games start with"),
    ("h", "the history; Enter resumes, ends or reviews a game"),
    ("h, then d", "move the selected game to the trash"),
    ("h, then t", "the trash: Enter restores a game"),
    ("n, ctrl+r", "the next rubber's seats, by the rule of the table"),
    ("→", "in a name field: take the name offered"),
    ("t", "the tally: each player's net, money, who pays whom"),
    ("E", "export the game on screen: md, csv or json"),
    ("? or F1", "this help"),
    ("ctrl+p", "all commands"),
    ("q", "quit (everything is already saved)"),
)


def _looks_numeric(text: str) -> bool:
    return text.replace(",", "").replace("× ", "").replace("–", "").replace("+", "").isdigit()


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help_screen.tcss"
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Label(f"bridgepad help · {self.game.mode.word} · Esc closes, ↑↓ scroll", id="help-title", markup=False)
            keys = Table(title="Keys", title_justify="left", show_header=False, box=None, padding=(0, 2))
            for key, what in KEYS:
                keys.add_row(Text(key, style="bold"), what)
            yield Static(keys)
            for rt in scoring_tables(self.game.mode, self.game.settings):
                table = Table(title=rt.title, title_justify="left", show_header=any(rt.header), expand=False)
                for i, h in enumerate(rt.header):
                    numeric = i > 0 and all(_looks_numeric(row[i]) for row in rt.rows)
                    table.add_column(h, justify="right" if numeric else "left")
                for row in rt.rows:
                    table.add_row(*row)
                yield Static(table, classes="rule-table")
                if rt.note:
                    yield Label(rt.note, classes="rule-note", markup=False)

    def action_close(self) -> None:
        close(self, None)
