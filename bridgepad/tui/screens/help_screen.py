"""Help: the keys, and the scoring tables of the game on the pad, its settings applied."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from bridgepad.core.rules.game import Game
from bridgepad.core.words.rules_text import scoring_tables
from bridgepad.core.words.several_text import help_lines
from bridgepad.tui import keys
from bridgepad.tui.closing import close


def _looks_numeric(text: str) -> bool:
    return text.replace(",", "").replace("× ", "").replace("–", "").replace("+", "").isdigit()


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help_screen.tcss"
    KEY_SECTION = "help"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            closes = keys.first_key("help.back", keys.keymap_of(self.app))
            yield Label(f"bridgepad help · {self.game.mode.word} · {closes} closes, ↑↓ scroll", id="help-title", markup=False)
            # The keys as they are bound now, a user keymap included: the same list the footer reads.
            # The pad's and those of every screen first, then the scoring tables, then the other screens'.
            sections = keys.table(keys.keymap_of(self.app))
            width = max(len(shown) for _, rows in sections for shown, _ in rows)
            several = self.game.several_tables is not None
            # A game of several tables: its screen's keys and what they show, before the pad's.
            firsts = ("tables", "pad", "app") if several else ("pad", "app")
            first = sorted(((s, rows) for s, rows in sections if s.name in firsts), key=lambda item: firsts.index(item[0].name))
            if several:
                yield from self._several_help()
            for section, rows in first:
                yield self._keys(section.title, rows, width)
            yield from self._scoring_tables()
            for section, rows in sections:
                if (section, rows) not in first:
                    yield self._keys(section.title, rows, width)

    @staticmethod
    def _keys(title: str, rows: list[tuple[str, str]], width: int) -> Static:
        table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2, 0, 0))
        table.add_column(no_wrap=True, width=width)  # one width in every section: the columns line up
        table.add_column(ratio=1)
        for shown, does in rows:
            table.add_row(Text(shown, style="bold"), Text(does))
        return Static(table, classes="key-table")

    def _several_help(self) -> ComposeResult:
        keymap = keys.keymap_of(self.app)
        named = {
            "tables": "tables.view_tables",
            "boards": "tables.view_boards",
            "ranking": "tables.view_ranking",
            "changes": "tables.view_changes",
            "cards": "tables.view_cards",
            "previous": "tables.previous_board",
            "next": "tables.next_board",
            "correct": "tables.correct",
            "names": "tables.names",
            "undo": "pad.undo",
            "share": "pad.share",
        }
        for line in help_lines({word: keys.first_key(key_id, keymap) for word, key_id in named.items()}):
            yield Label(line, classes="help-words", markup=False)

    def _scoring_tables(self) -> ComposeResult:
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
