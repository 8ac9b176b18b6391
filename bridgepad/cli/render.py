"""Games drawn for the terminal with rich, for ``bridgepad replay``: each game's record
as its pad (a rubber, a Chicago) or its table of boards (duplicate), and the grand
total of several games. Every figure is the record's; nothing is added up here."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from bridgepad.core.duplicate import imps_figure
from bridgepad.core.game import Mode
from bridgepad.core.model import Side, vulnerability_code
from bridgepad.core.pad import layout, text_lines
from bridgepad.core.record import GameRecord, grand_total
from bridgepad.core.settings import DuplicateScoring

_RULE = set("─┼═╪│┴ ")


def print_games(records: Sequence[GameRecord]) -> None:
    console = Console(highlight=False)
    for n, r in enumerate(records, 1):
        console.print(Text(f"{r.mode.word.capitalize()} {n}", style="bold"))
        lines = board_lines(r) if r.mode is Mode.DUPLICATE else text_lines(layout(r.state), "We (N-S)", "They (E-W)")
        for line in lines:
            console.print(Text(line, style="dim" if set(line.strip()) <= _RULE else ""))
        console.print(Text(r.headline, style="bold green" if r.state.complete else "yellow"))
        console.print()
    if len(records) > 1 and all(r.mode is not Mode.DUPLICATE for r in records):
        total = grand_total(records)
        ns, ew = total.total(Side.NS), total.total(Side.EW)
        console.print(Text(f"All {len(records)}: We {ns:,}, They {ew:,}", style="bold"))


def board_lines(r: GameRecord) -> list[str]:
    """A duplicate session as a plain table: the board, the result, N-S's score and the comparison."""
    mp = r.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
    head = f"{'Board':>5}  {'Dlr':<3}  {'Vul':<4}  {'Contract':<8}  {'By':<2}  {'Res':<3}  {'N-S':>6}  "
    head += f"{'MPs':>7}  {'%':>6}" if mp else f"{'IMPs':>6}  {'Total':>6}"
    lines = [head]
    for line in r.hand_lines:
        c, run = line.comparison, line.running
        contract = "Pass" if line.contract is None else line.contract.pretty
        row = f"{line.deal:>5}  {line.dealer.value if line.dealer else '':<3}  {vulnerability_code(line.vulnerable):<4}  "
        row += f"{contract:<8}  {line.declarer.value if line.declarer else '':<2}  {line.result:<3}  {line.ns_score or 0:>+6,}  "
        if c is not None and c.compared and run is not None and c.imps is not None:
            row += f"{f'{c.matchpoints}/{c.top}':>7}  {c.percent:>6.2f}" if mp else f"{imps_figure(c.imps):>6}  {imps_figure(run.imps):>6}"
        lines.append(row.rstrip())
    return lines
