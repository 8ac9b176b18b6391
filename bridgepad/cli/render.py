"""Pads drawn for the terminal with rich, for ``bridgepad replay``."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from bridgepad.core.board_table import board_table
from bridgepad.core.game import GameState, Mode
from bridgepad.core.pad import layout, text_lines
from bridgepad.core.summary import headline


def print_games(games: list[GameState]) -> None:
    console = Console(highlight=False)
    grand = {True: 0, False: 0}
    for n, st in enumerate(games, 1):
        if st.mode is Mode.DUPLICATE:
            print_boards(console, st, n)
            continue
        pad = layout(st)
        title = Text(f"{st.mode.word.capitalize()} {n}", style="bold")
        console.print(title)
        for line in text_lines(pad, "We (N-S)", "They (E-W)"):
            style = "dim" if set(line.strip()) <= set("─┼═╪│ ") else ""
            console.print(Text(line, style=style))
        console.print(Text(headline(st), style="bold green" if st.complete else "yellow"))
        console.print()
        grand[True] += st.total(pad.we)
        grand[False] += st.total(pad.they)
    if len(games) > 1 and games[0].mode is not Mode.DUPLICATE:
        console.print(Text(f"All {len(games)}: We {grand[True]:,}, They {grand[False]:,}", style="bold"))


def print_boards(console: Console, st: GameState, n: int) -> None:
    """A duplicate session: its table of boards, then how it stands."""
    table = board_table(st)
    console.print(Text(f"Duplicate {n}", style="bold"))
    console.print(Text(table.header, style="bold"))
    for row in table.rows:
        console.print(Text(row))
    console.print(Text(table.rule, style="dim"))
    console.print(Text(table.total, style="bold"))
    if table.vp:
        console.print(Text(table.vp, style="bold"))
    console.print(Text(headline(st), style="bold green" if st.compared else "yellow"))
    console.print()
