"""The pad itself: We and They, the line across, a rule under each game."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bridgepad.core.game import Entry, GameState
from bridgepad.core.pad import PadLayout, layout
from bridgepad.tui.names import side_label

MIN_COL = 11


class PadView(Static):
    """Draws the layout the core computes; the selected hand's figures stand out."""

    def show(self, state: GameState, selected: int | None) -> None:
        pad = layout(state, state.game.settings.we)
        self.update(render_pad(pad, state, selected))


def _cell(entry: Entry | None, selected: int | None, align: str, col: int) -> Text:
    if entry is None:
        return Text(" " * col)
    text = f"{entry.points:,}"
    cell = f"{text:>{col - 1}} " if align == "right" else f" {text:<{col - 1}}"
    if selected is not None and entry.hand == selected:
        style = "bold black on yellow"
    elif entry.hand is None:
        style = "bold"
    else:
        style = ""
    return Text(cell, style=style)


def render_pad(pad: PadLayout, state: GameState, selected: int | None) -> Text:
    """Every row is a cell, the vertical rule, a cell: the rule stays straight down the page."""
    game = state.game
    vul = state.next_vulnerable if not state.over else frozenset()
    we_head = side_label(game, pad.we)
    they_head = side_label(game, pad.they)
    col = max(MIN_COL, len(we_head) + 2, len(they_head) + 2, len(f"{max(pad.totals):,}") + 2)
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
