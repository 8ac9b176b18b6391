"""Games drawn for the terminal with rich, for ``bridgepad replay``: each game's record
as its pad (a rubber, a Chicago) or its table of boards (duplicate), and the grand
total of several games. Every figure is the record's; nothing is added up here."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from bridgepad.core.board_table import board_table
from bridgepad.core.game import Mode
from bridgepad.core.labels import game_title, side_heading
from bridgepad.core.model import Side
from bridgepad.core.pad import layout, text_lines
from bridgepad.core.record import GameRecord, grand_total

_RULE = set("─┼═╪│┴ ")


def print_games(records: Sequence[GameRecord]) -> None:
    console = Console(highlight=False)
    for n, r in enumerate(records, 1):
        console.print(Text(game_title(r.mode, n), style="bold"))
        if r.mode is Mode.DUPLICATE:
            print_boards(console, r)
            continue
        pad, we = layout(r.state), r.game.settings.we
        for line in text_lines(pad, side_heading(pad.we, we), side_heading(pad.they, we)):
            console.print(Text(line, style="dim" if set(line.strip()) <= _RULE else ""))
        console.print(Text(r.headline, style="bold green" if r.state.complete else "yellow"))
        console.print()
    if len(records) > 1 and all(r.mode is not Mode.DUPLICATE for r in records):
        total = grand_total(records)
        ns, ew = total.total(Side.NS), total.total(Side.EW)
        console.print(Text(f"All {len(records)}: We {ns:,}, They {ew:,}", style="bold"))


def print_boards(console: Console, r: GameRecord) -> None:
    """A duplicate session: its table of boards (the core lays it out), then how it stands."""
    table = board_table(r.state)
    console.print(Text(table.header, style="bold"))
    for row in table.rows:
        console.print(Text(row))
    console.print(Text(table.rule, style="dim"))
    console.print(Text(table.total, style="bold"))
    if table.vp:
        console.print(Text(table.vp, style="bold"))
    console.print(Text(r.headline, style="bold green" if r.state.compared else "yellow"))
    console.print()
