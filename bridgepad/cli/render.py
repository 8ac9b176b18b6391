"""Games drawn for the terminal with rich, for ``bridgepad replay``: each game's record
as its pad (a rubber, a Chicago) or its table of boards (duplicate), and the grand
total of two or more games. Every figure is the record's; nothing is added up here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from bridgepad.core.model import Side
from bridgepad.core.records.record import Figures, GameRecord, with_grand_total
from bridgepad.core.words.board_table import board_table
from bridgepad.core.words.labels import side_heading
from bridgepad.core.words.pad import layout, text_lines

_RULE = set("─┼═╪│┴ ")


class Printer:
    """``Console.print`` of lines of text, without rich's work where it would change nothing.

    Rich measures the terminal, wraps and styles every line it prints, which was most of
    the time of a long replay. Printed to a file or a pipe (no terminal, no colours), a
    line of printable text narrower than the console comes out as the line and a new
    line: such lines are written so, the rest (colours, a long line) by rich.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self.plain = not console.is_terminal and console.color_system is None
        self.width = console.width
        self._pending: list[str] = []

    def print(self, text: Text | None = None) -> None:
        line = "" if text is None else text.plain
        if self.plain and line.isprintable() and cell_len(line) <= self.width:
            self._pending.append(line)
            return
        self.flush()
        self.console.print(text if text is not None else "")

    def flush(self) -> None:
        if self._pending:
            self.console.file.write("\n".join(self._pending) + "\n")
            self._pending = []


def plain_console(file: IO[str]) -> Console | None:
    """A console writing to ``file`` exactly what one on standard output would write, when that
    is plain text (no terminal, no colours); None otherwise."""
    here = Console(highlight=False)
    if here.is_terminal or here.color_system is not None:
        return None
    return Console(highlight=False, file=file, width=here.width, color_system=None)


def print_games(records: Iterable[GameRecord], console: Console | None = None) -> None:
    """Each game as it comes (a log of a million lines is drawn as it is read), then the
    grand total of two or more rubbers or Chicagos; to ``console``, or standard output."""
    out = Printer(console or Console(highlight=False))
    n = 0
    total = Figures()
    duplicate = False
    for n, (r, total) in enumerate(with_grand_total(records), 1):
        out.print(Text(r.rules.game_title(n), style="bold"))
        if r.session is not None:
            duplicate = True
            print_boards(out, r)
        else:
            pad, we = layout(r.state), r.game.settings.we
            for line in text_lines(pad, side_heading(pad.we, we), side_heading(pad.they, we)):
                out.print(Text(line, style="dim" if set(line.strip()) <= _RULE else ""))
            out.print(Text(r.headline, style="bold green" if r.state.complete else "yellow"))
            out.print()
        out.flush()  # a game at a time: never the whole log in memory
    if n > 1 and not duplicate:
        out.print(Text(f"All {n}: We {total.total(Side.NS):,}, They {total.total(Side.EW):,}", style="bold"))
    out.flush()


def print_boards(console: Printer, r: GameRecord) -> None:
    """A duplicate session: its table of boards (the core lays it out), then how it stands."""
    session = r.session
    assert session is not None  # a session of boards
    table = board_table(session)
    console.print(Text(table.header, style="bold"))
    for row in table.rows:
        console.print(Text(row))
    console.print(Text(table.rule, style="dim"))
    console.print(Text(table.total, style="bold"))
    if table.vp:
        console.print(Text(table.vp, style="bold"))
    console.print(Text(r.headline, style="bold green" if session.compared else "yellow"))
    console.print()
