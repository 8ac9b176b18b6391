"""The pad's layout as on paper: We and They, premiums climbing above the line,
trick scores below it with a rule under each game. Plain data, drawn by the screens
and by the command line alike."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Entry, GameState


@dataclass(frozen=True, slots=True)
class PadRow:
    we: Entry | None
    they: Entry | None


@dataclass(frozen=True, slots=True)
class PadLayout:
    we: Side
    above: tuple[PadRow, ...]  # top of the page first: the newest premium is highest
    below: tuple[tuple[PadRow, ...], ...]  # one block per game, oldest first
    closed: int  # how many of the below blocks are finished games (a rule under each)
    totals: tuple[int, int]  # we, they
    above_totals: tuple[int, int]
    below_totals: tuple[int, int]

    @property
    def they(self) -> Side:
        return self.we.other


def _rows(we_list: list[Entry], they_list: list[Entry]) -> tuple[PadRow, ...]:
    return tuple(PadRow(a, b) for a, b in zip_longest(we_list, they_list))


def layout(state: GameState, we: Side = Side.NS) -> PadLayout:
    they = we.other
    entries = state.entries
    above_we = [e for e in entries if e.above and e.side is we]
    above_they = [e for e in entries if e.above and e.side is they]
    # Written upward from the line: reverse so the first premium sits just above it.
    above = tuple(reversed(_rows(above_we, above_they)))
    sections = state.sections
    blocks = []
    for k in range(sections + 1):
        bw = [e for e in entries if not e.above and e.side is we and e.section == k]
        bt = [e for e in entries if not e.above and e.side is they and e.section == k]
        if bw or bt or k < sections or not state.over:
            blocks.append(_rows(bw, bt))
    closed = min(sections, len(blocks))
    return PadLayout(
        we=we,
        above=above,
        below=tuple(blocks),
        closed=closed,
        totals=(state.total(we), state.total(they)),
        above_totals=(state.above(we), state.above(they)),
        below_totals=(state.below(we), state.below(they)),
    )


def _cell(entry: Entry | None) -> str:
    return f"{entry.points:,}" if entry else ""


def text_lines(pad: PadLayout, we_label: str = "We", they_label: str = "They", col: int = 12) -> list[str]:
    """The pad as plain text, for the command line and for pasting into a message."""
    lines = [f"{we_label:>{col}} │ {they_label:<{col}}", f"{'':>{col}} │"]
    for row in pad.above:
        lines.append(f"{_cell(row.we):>{col}} │ {_cell(row.they):<{col}}")
    lines.append("═" * (col + 1) + "╪" + "═" * (col + 1))
    for k, block in enumerate(pad.below):
        for row in block:
            lines.append(f"{_cell(row.we):>{col}} │ {_cell(row.they):<{col}}")
        if k < pad.closed:
            lines.append("─" * (col + 1) + ("┼" if k < len(pad.below) - 1 else "┴") + "─" * (col + 1))
    if pad.closed < len(pad.below) or not pad.below:
        lines.append("─" * (col + 1) + "┴" + "─" * (col + 1))
    lines.append(f"{pad.totals[0]:>{col},}   {pad.totals[1]:<{col},}")
    return lines
