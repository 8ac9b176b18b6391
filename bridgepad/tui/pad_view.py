"""The pad itself: We and They, the line across, a rule under each game."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bridgepad.core.board_table import board_table
from bridgepad.core.game import Entry, GameState, Mode
from bridgepad.core.pad import PadLayout, layout
from bridgepad.tui.names import side_names, side_word

MIN_COL = 11
MAX_COL = 16


class PadView(Static):
    """Draws the layout the core computes; the selected hand's figures stand out."""

    def show(self, state: GameState, selected: int | None) -> None:
        if state.mode is Mode.DUPLICATE:
            self.update(render_boards(state, selected))
            return
        pad = layout(state, state.game.settings.we)
        if selected is not None and selected >= len(state.hands):
            selected = -1  # the bonus row: light up the game's own bonuses
        self.update(render_pad(pad, state, selected))


def _cell(entry: Entry | None, selected: int | None, align: str, col: int) -> Text:
    if entry is None:
        return Text(" " * col)
    text = f"{entry.points:,}"
    cell = f"{text:>{col - 1}} " if align == "right" else f" {text:<{col - 1}}"
    if selected is not None and (entry.hand == selected or (entry.hand is None and selected < 0)):
        style = "bold black on yellow"
    elif entry.hand is None:
        style = "bold"
    else:
        style = ""
    return Text(cell, style=style)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render_pad(pad: PadLayout, state: GameState, selected: int | None) -> Text:
    """Every row is a cell, the vertical rule, a cell: the rule stays straight down the page."""
    game = state.game
    vul = state.next_vulnerable if not state.over else frozenset()
    we_head, they_head = side_word(game, pad.we), side_word(game, pad.they)
    we_names, they_names = side_names(game, pad.we), side_names(game, pad.they)
    # Wide enough for the partnerships' names, within reason: they are cut beyond that.
    col = max(MIN_COL, len(f"{max(pad.totals):,}") + 2, min(MAX_COL, max(len(we_names), len(they_names)) + 2))
    out = Text(no_wrap=True, overflow="ellipsis")

    def row(left: Text, right: Text, mid: str = "│", style: str = "dim") -> None:
        out.append_text(left)
        out.append(mid, style=style)
        out.append_text(right)
        out.append("\n")

    row(
        Text(f"{we_head:>{col - 1}} ", style="bold red" if pad.we in vul else "bold"),
        Text(f" {they_head:<{col - 1}}", style="bold red" if pad.they in vul else "bold"),
    )
    if we_names or they_names:
        row(Text(f"{_fit(we_names, col - 1):>{col - 1}} "), Text(f" {_fit(they_names, col - 1):<{col - 1}}"))
    row(Text(" " * col), Text(" " * col))
    for r in pad.above:
        row(_cell(r.we, selected, "right", col), _cell(r.they, selected, "left", col))
    out.append("═" * col + "╪" + "═" * col + "\n", style="bold")
    for k, block in enumerate(pad.below):
        for r in block:
            row(_cell(r.we, selected, "right", col), _cell(r.they, selected, "left", col))
        if k < pad.closed:
            last = k == len(pad.below) - 1
            out.append("─" * col + ("┴" if last else "┼") + "─" * col + "\n", style="bold")
    if pad.closed < len(pad.below) or not pad.below:
        # The game in play: room for the next trick score, then the foot of the rule.
        row(Text(" " * col), Text(" " * col))
        out.append("─" * col + "┴" + "─" * col + "\n", style="dim")
    we_total, they_total = pad.totals
    out.append(f"{we_total:>{col - 1},}  ", style="bold")
    out.append(f" {they_total:<{col - 1},}", style="bold")
    return out


def render_boards(state: GameState, selected: int | None) -> Text:
    """Duplicate: the table of boards the core lays out, the selected board lit up."""
    table = board_table(state)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(table.header + "\n", style="bold")
    for index, row in enumerate(table.rows):
        out.append(row + "\n", style="bold black on yellow" if index == selected else "")
    out.append(table.rule + "\n", style="dim")
    out.append(table.total, style="bold")
    if table.vp:
        out.append("\n" + table.vp, style="bold")
    return out
