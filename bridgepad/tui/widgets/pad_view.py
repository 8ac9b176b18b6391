"""The pad itself: We and They, the line across, a rule under each game.

Every colour is a role of ``looks`` (the theme's design tokens), resolved as the pad is
painted, so it reads the same in every theme, light ones too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import Entry, GameState, SessionState
from bridgepad.core.words.labels import partnership, side_heading
from bridgepad.core.words.pad import PadLayout, layout
from bridgepad.core.words.text import fit
from bridgepad.tui import looks

if TYPE_CHECKING:
    from bridgepad.core.words import board_table
else:
    board_table = lazy("bridgepad.core.words.board_table")  # duplicate only: a rubber's pad never needs it

MIN_COL = 11
MAX_COL = 16
ROOMY_COL = 18  # a cell's width on a big screen, the figures read from across the table

Part = tuple[str, str]  # text and its style: a role of ``looks``, or ""


class PadHead(Static):
    """The heading of the pad, We and They (and their names), held above the pad as it
    scrolls: on a short terminal a long rubber scrolls to its totals, and the heading stays."""

    _shown: tuple[object, ...] = ()

    def show(self, content: Content | None) -> None:
        """``None``: a session of boards, whose table has its heading in it."""
        self.display = content is not None
        if content is None:
            return
        shown = (content.plain, *content.spans)
        if shown != self._shown:
            self._shown = shown
            self.update(content)


class PadView(Static):
    """Draws the layout the core computes; the selected hand's figures stand out."""

    _shown: tuple[object, ...] = ()  # what is painted: Content's == compares the text alone, not its colours
    roomy = False  # a big screen's wider cells (set by the game view)

    def show(self, state: GameState, selected: int | None, solved: Solved | None = None) -> Content | None:
        """Paints the pad below its heading, and returns the heading (None for a session of boards)."""
        session = state.session
        if session is not None:  # a session of boards: its table, not a pad
            self._paint(render_boards(session, selected, solved))
            return None
        pad = layout(state, state.game.settings.we)
        if selected is not None and selected >= len(state.hands):
            selected = -1  # the bonus row: light up the game's own bonuses
        head, body = render_pad(pad, state, selected, ROOMY_COL if self.roomy else MIN_COL)
        self._paint(body)
        return head

    def _paint(self, content: Content) -> None:
        """Painted again only when a cell changes: each update lays the screen out again."""
        shown = (content.plain, *content.spans)
        if shown != self._shown:
            self._shown = shown
            self.update(content)


def _cell(entry: Entry | None, selected: int | None, align: str, col: int) -> Part:
    if entry is None:
        return (" " * col, "")
    text = f"{entry.points:,}"
    cell = f"{text:>{col - 1}} " if align == "right" else f" {text:<{col - 1}}"
    if selected is not None and (entry.hand == selected or (entry.hand is None and selected < 0)):
        return (cell, looks.SELECTED)
    return (cell, looks.STRONG if entry.hand is None else "")  # the game's own bonuses


def render_pad(pad: PadLayout, state: GameState, selected: int | None, min_col: int = MIN_COL) -> tuple[Content, Content]:
    """The heading and the pad below it. Every row is a cell, the vertical rule, a cell: the
    rule stays straight down the page, through the heading too."""
    game = state.game
    vul = state.next_vulnerable if not state.over else frozenset()
    we_head, they_head = (side_heading(s, game.settings.we) for s in (pad.we, pad.they))
    we_names, they_names = partnership(game, pad.we), partnership(game, pad.they)
    # Wide enough for the partnerships' names, within reason: they are cut beyond that.
    col = max(min_col, len(f"{max(pad.totals):,}") + 2, min(MAX_COL, max(len(we_names), len(they_names)) + 2))
    out: list[Part] = []

    def row(left: Part, right: Part) -> None:
        out.extend((left, ("│", looks.RULE), right, ("\n", "")))

    def rule(line: str, cross: str, style: str = looks.STRONG) -> None:
        out.append((line * col + cross + line * col + "\n", style))

    row(
        (f"{we_head:>{col - 1}} ", looks.VULNERABLE if pad.we in vul else looks.STRONG),
        (f" {they_head:<{col - 1}}", looks.VULNERABLE if pad.they in vul else looks.STRONG),
    )
    if we_names or they_names:
        row((f"{fit(we_names, col - 1):>{col - 1}} ", ""), (f" {fit(they_names, col - 1):<{col - 1}}", ""))
    out[-1] = ("", "")  # the heading's last line ends the widget, not a row
    head = Content.assemble(*out)
    out = []
    row((" " * col, ""), (" " * col, ""))
    for r in pad.above:
        row(_cell(r.we, selected, "right", col), _cell(r.they, selected, "left", col))
    rule("═", "╪")
    for k, block in enumerate(pad.below):
        for r in block:
            row(_cell(r.we, selected, "right", col), _cell(r.they, selected, "left", col))
        if k < pad.closed:
            rule("─", "┴" if k == len(pad.below) - 1 else "┼")
    if pad.closed < len(pad.below) or not pad.below:
        # The game in play: room for the next trick score, then the foot of the rule.
        row((" " * col, ""), (" " * col, ""))
        rule("─", "┴", looks.RULE)
    we_total, they_total = pad.totals
    out.append((f"{we_total:>{col - 1},}  ", looks.STRONG))
    out.append((f" {they_total:<{col - 1},}", looks.STRONG))
    return head, Content.assemble(*out)


def render_boards(state: SessionState, selected: int | None, solved: Solved | None = None) -> Content:
    """Duplicate: the table of boards the core lays out (``board_table``), the selected board lit up."""
    table = board_table.board_table(state, solved)
    out: list[Part] = [(table.header + "\n", looks.STRONG)]
    for index, row in enumerate(table.rows):
        out.append((row, looks.SELECTED if index == selected else ""))
        out.append(("\n", ""))
    out.append((table.rule + "\n", looks.RULE))
    out.append((table.total, looks.STRONG))
    if table.vp:
        out.append(("\n" + table.vp, looks.STRONG))
    for line in table.field_lines:  # as wide as the table at most: the pad's column keeps its width
        out.append(("\n" + line, looks.STRONG))
    return Content.assemble(*out)
