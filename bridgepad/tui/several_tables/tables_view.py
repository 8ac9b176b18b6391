"""A game of several tables on the laptop: the tables' progress, each board's traveller, the
ranking, the changes and the guide cards, one view at a time (the keys 1 to 5).

Drawn from the core's derived state only (``several_tables.scores.SeveralState``), in the
core's words (``core.words.several_text``, ``core.words.movement_text``): nothing here
works out a figure. It is shown by the pad's screen in place of the pad when the game on
the pad is one of several tables, and read-only by the review of such a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.coordinate import Coordinate
from textual.visual import VisualType
from textual.widgets import ContentSwitcher, DataTable, Static

from bridgepad.core.model import Side
from bridgepad.core.rules.kinds.several_tables.entering import board_range
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, Pair, Sitting
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState, TravellerRow
from bridgepad.core.words.movement_text import (
    guide_card,
    movement_title,
    movement_words,
    next_words,
    sitting_out_words,
    team_label,
)
from bridgepad.core.words.several_text import (
    boards_in_words,
    change_lines,
    matchpoints_words,
    names_of,
    pair_of,
    progress_line,
    progress_state,
    row_details,
    sitting_words,
    standing_words,
    team_pairs,
    team_words,
    traveller_lines,
    traveller_title,
)
from bridgepad.tui import keys, looks

VIEWS = ("tables", "boards", "ranking", "changes", "cards")
TITLES = {"tables": "Tables", "boards": "Boards", "ranking": "Ranking", "changes": "Changes", "cards": "Cards"}
WIDE = 110  # from this width the tables and the travellers name the pairs
SIDE = 150  # from this width the ranking stands beside the view (beside the ranking, the changes)
NARROW = 70  # below this width the traveller's headers are short
CARD_WIDTH = 38  # a guide card's column: its longest line is ``Round 7: N-S 8 v E-W 8, boards 22–24``


def _same(a: Text, b: Text) -> bool:
    """Two cells that look alike (``Text``'s own == leaves out its style and justification)."""
    return a.plain == b.plain and a.spans == b.spans and a.style == b.style and a.justify == b.justify


class ShownTable(DataTable[Text]):
    """A table of the view, filled again each time the session changes: with the same columns
    and as many rows, only the cells that changed are written (a table's result changes a line
    or two), so that the table keeps what it has rendered of the others."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._header: tuple[tuple[str, ...], frozenset[int]] | None = None
        self._cells: list[tuple[Text, ...]] = []

    def fill(self, columns: Sequence[str], rows: Sequence[Sequence[Text | str]], right: frozenset[int] = frozenset()) -> None:
        header = (tuple(columns), right)
        cells = [
            tuple(c if isinstance(c, Text) else Text(c, justify="right" if n in right else "left") for n, c in enumerate(row))
            for row in rows
        ]
        if header == self._header and len(cells) == len(self._cells) and all(len(r) == len(columns) for r in cells):
            changed = [
                (Coordinate(y, x), a)
                for y, (new, old) in enumerate(zip(cells, self._cells))
                for x, (a, b) in enumerate(zip(new, old))
                if not _same(a, b)
            ]
            # A line or two (a table's result): those cells alone. More (another board's
            # traveller) is filled again whole: each cell written on its own measures its column again.
            if len(changed) <= 2 * len(columns):
                for at, cell in changed:
                    self.update_cell_at(at, cell, update_width=True)
                self._cells = cells
                return
        keep = self.cursor_row
        self.clear(columns=True)
        for n, title in enumerate(columns):
            self.add_column(Text(title, justify="right" if n in right else "left"), key=str(n))
        for row in cells:
            self.add_row(*row)
        self._header, self._cells = header, cells
        if rows:
            self.move_cursor(row=min(max(keep, 0), len(rows) - 1), animate=False)


class TablesView(Vertical):
    """The laptop's view of a game of several tables; ``show`` draws it from the derived state."""

    DEFAULT_CLASSES = "tables-view"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: SeveralState | None = None
        self.view = "tables"
        self.board = 0  # the board whose traveller is shown (0: the first)
        self._rows: dict[int, int] = {}  # the traveller's selected line, by board
        self._wide = False
        self.data_shown = False
        # What each of the view's texts was last drawn from: a text whose figures did not change
        # is not written again (each write lays out and paints it again, for every result saved).
        self._drawn: dict[str, object] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="tables-views")
        with Horizontal(id="tables-body"):
            with ContentSwitcher(initial="tables", id="tables-switcher"):
                with Vertical(id="tables"):
                    yield ShownTable(id="tables-progress", cursor_type="row", zebra_stripes=True)
                    yield Static(id="tables-note")
                with Vertical(id="boards"):
                    yield Static(id="boards-title")
                    yield ShownTable(id="boards-traveller", cursor_type="row", zebra_stripes=True)
                    yield Static(id="boards-detail")
                with VerticalScroll(id="ranking"):
                    yield Static(id="ranking-body")
                with VerticalScroll(id="changes"):
                    yield Static(id="changes-list")
                with VerticalScroll(id="cards"):
                    yield Static(id="cards-title")
                    yield Grid(id="cards-grid")
            # A big screen: the ranking beside every other view (beside the ranking, the changes).
            with VerticalScroll(id="tables-side", can_focus=False):
                yield Static(id="side-body")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self._redraw())

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= WIDE
        if wide != self._wide:
            self._wide = wide
            self.set_class(wide, "wide")
        side = event.size.width >= SIDE
        if side != self.has_class("side"):
            self.set_class(side, "side")
        self._redraw()

    def _redraw(self) -> None:
        if self.state is not None:
            self.show(self.state)

    def _put(self, selector: str, key: object, make: Callable[[], VisualType]) -> None:
        """``selector``'s Static drawn by ``make``, unless it was drawn last from the same ``key`` (in the same theme)."""
        full = (key, self.app.theme)
        if self._drawn.get(selector) == full:
            return
        self._drawn[selector] = full
        self.query_one(selector, Static).update(make())

    # Which view -------------------------------------------------------------------
    def focus_view(self) -> None:
        """The focus on the view shown: its table, or its page that scrolls."""
        target = {
            "tables": "#tables-progress",
            "boards": "#boards-traveller",
            "ranking": "#ranking",
            "changes": "#changes",
            "cards": "#cards",
        }[self.view]
        self.screen.set_focus(self.query_one(target))

    def show_view(self, view: str) -> None:
        self.view = view
        self.query_one(ContentSwitcher).current = view
        self._views_bar()
        if self.state is not None:
            self._pages(self.state)
            self._side(self.state)
        self.focus_view()

    def step_board(self, step: int) -> None:
        """The board before or after the one shown, on the boards' view."""
        if self.state is None or not self.state.travellers:
            return
        boards = [t.board for t in self.state.travellers]
        at = boards.index(self.board) if self.board in boards else 0
        self.board = boards[(at + step) % len(boards)]
        self._boards(self.state)

    def show_board(self, board: int) -> None:
        self.board = board
        if self.state is not None:
            self._boards(self.state)

    def selected_line(self) -> tuple[int, Sitting, TravellerRow | None] | None:
        """The traveller's selected line: its board, the table that plays it there, its result if in."""
        if self.state is None:
            return None
        lines = self.state.traveller_sittings(self.board)
        if not lines:
            return None
        row = self.query_one("#boards-traveller", ShownTable).cursor_row
        sitting, result = lines[min(max(row, 0), len(lines) - 1)]
        return self.board, sitting, result

    # Drawing ----------------------------------------------------------------------
    def show(self, state: SeveralState) -> None:
        """The whole session, as the derived state has it now."""
        self.state = state
        if self.board not in {t.board for t in state.travellers}:
            self.board = state.travellers[0].board if state.travellers else 0
        with self.app.batch_update():
            self._views_bar()
            self._tables(state)
            self._boards(state)
            self._pages(state)
            self._side(state)
        self.data_shown = True

    def _views_bar(self) -> None:
        keymap = keys.keymap_of(self.app)
        parts: list[tuple[str, str]] = []
        for view in VIEWS:
            key = keys.first_key(f"tables.view_{view}", keymap)
            word = f" {key} {TITLES[view]} "
            if view == "changes" and self.state is not None and self.state.change_log:
                word = f" {key} {TITLES[view]} ({len(self.state.change_log)}) "
            parts.append((word, looks.TITLE if view == self.view else ""))
            parts.append((" ", ""))
        self._put("#tables-views", tuple(parts), lambda: Content.assemble(*parts))

    def _pair_cell(self, state: SeveralState, pair: object) -> str:
        if not isinstance(pair, Pair):
            return "-"
        return pair_of(state, pair) if self._wide else pair.label

    def _tables(self, state: SeveralState) -> None:
        table = self.query_one("#tables-progress", ShownTable)
        rows = []
        m = state.movement
        for t in state.tables:
            s = t.sitting
            rows.append(
                [
                    str(t.table),
                    f"{t.round} of {m.rounds}" if s is not None else "done",
                    self._pair_cell(state, s.ns if s else None),
                    self._pair_cell(state, s.ew if s else None),
                    _boards_cell(s),
                    boards_in_words(t),
                    progress_state(t),
                ]
            )
        table.fill(("Table", "Round", "N-S", "E-W", "Boards", "In", "State"), rows)
        self._table_note(state)

    def _table_note(self, state: SeveralState) -> None:
        lines: list[str] = []
        rounds = sorted({t.round for t in state.tables if not t.finished})
        lines += [w for r in rounds if (w := sitting_out_words(state.movement, r))]
        row = self.query_one("#tables-progress", ShownTable).cursor_row
        if state.tables and 0 <= row < len(state.tables):
            t = state.tables[row]
            if lines:
                lines.append("")
            if t.sitting is not None and t.sitting.plays:
                lines.append(sitting_words(state, t.sitting))
            lines.append(f"Table {t.table}. {progress_line(t, state.movement)}")
            if t.sitting is not None and t.done:
                lines += next_words(state.movement, t.table, t.round)
        if state.teams:
            lines.append("")
            lines += [f"{team_label(team.team)}: {team_pairs(state, team)}." for team in state.teams]
        self._put("#tables-note", tuple(lines), lambda: Text("\n".join(lines)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.state is None:
            return
        if event.data_table.id == "tables-progress":
            self._table_note(self.state)
        elif event.data_table.id == "boards-traveller":
            self._rows[self.board] = event.cursor_row
            self._board_detail(self.state)

    def _boards(self, state: SeveralState) -> None:
        if not state.travellers:
            return
        mp = state.matchpointed
        figure = "MP" if mp else "IMP"
        keymap = keys.keymap_of(self.app)
        choose = f"  {keys.first_key('tables.previous_board', keymap)} {keys.first_key('tables.next_board', keymap)}"
        title = traveller_title(state, self.board)
        self._put("#boards-title", (title, choose), lambda: Content.assemble((title, looks.STRONG), (choose, looks.HINT)))
        red = looks.rich_style(looks.RED_SUIT)
        rows: list[list[Text | str]] = []
        for line in traveller_lines(state, self.board):
            contract = (
                _contract_text(line.contract, red)
                if line.row is not None
                else Text(line.contract, style=looks.rich_style(looks.HINT))
            )
            ns, ew = line.ns, line.ew
            if self._wide and line.row is not None:
                ns = pair_of(state, line.row.sitting.ns)
                ew = pair_of(state, line.row.sitting.ew)
            score = Text(line.score, justify="right")
            rows.append(
                [
                    line.round,
                    line.table,
                    ns,
                    ew,
                    contract,
                    line.by,
                    line.result + ("*" if line.changed else ""),
                    score,
                    line.ns_figure,
                    line.ew_figure,
                ]
            )
        traveller = self.query_one("#boards-traveller", ShownTable)
        keep = self._rows.get(self.board, 0)
        narrow = (self.size.width or self.app.size.width) < NARROW
        pairs = ("NS", "EW") if narrow else ("N-S", "E-W")
        traveller.fill(
            (
                "Rd",
                "Tb",
                *pairs,
                "Contract",
                "By",
                "Res",
                "Score",
                *(f"{figure} {p}" if narrow else f"{p} {figure}" for p in pairs),
            ),
            rows,
            right=frozenset({7, 8, 9}),
        )
        if rows:
            traveller.move_cursor(row=min(keep, len(rows) - 1), animate=False)
        self._board_detail(state)

    def _board_detail(self, state: SeveralState) -> None:
        chosen = self.selected_line()
        lines: list[str] = []
        if chosen is not None:
            _, sitting, row = chosen
            lines = row_details(state, sitting, row)
            keymap = keys.keymap_of(self.app)
            if any(line.changed for line in traveller_lines(state, self.board)):
                lines.append(
                    f"* a result that took another's place (the changes: {keys.first_key('tables.view_changes', keymap)})."
                )
        correct = keys.first_key("tables.correct", keys.keymap_of(self.app))
        lines.append(f"{correct}: the director's correction of this line.")
        self._put("#boards-detail", tuple(lines), lambda: Text("\n".join(lines)))

    def _room(self, *, main: bool) -> int:
        """The width a view's text has: the screen's, less the side panel when it is shown."""
        width = self.size.width or self.app.size.width
        if self.has_class("side"):
            side = max(50, width * 2 // 5)
            return width - side - 2 if main else side - 2
        return width - 2

    def _pages(self, state: SeveralState) -> None:
        """The ranking's, the changes' or the cards' page, whichever is shown: the others are
        drawn when their key shows them (the tables' results change the ranking each time)."""
        room = self._room(main=True)
        if self.view == "ranking":
            self._put("#ranking-body", ("ranking", _ranking_key(state, room)), lambda: _RenderedOnce(self._ranking(state, room)))
        elif self.view == "changes":
            self._put("#changes-list", ("changes", state.change_log), lambda: self._changes(state))
        elif self.view == "cards":
            self._cards(state)

    def _side(self, state: SeveralState) -> None:
        if not self.has_class("side"):  # not shown on a screen this narrow: drawn once it is wide enough
            return
        if self.view == "ranking":
            self._put("#side-body", ("changes", state.change_log), lambda: self._changes(state))
        else:
            room = self._room(main=False)
            self._put("#side-body", ("ranking", _ranking_key(state, room)), lambda: _RenderedOnce(self._ranking(state, room)))

    def _ranking(self, state: SeveralState, room: int) -> Group:
        """The ranking: a team match's teams, then each direction's pairs, best first."""
        mp = state.matchpointed
        strong = looks.rich_style(looks.STRONG)
        parts: list[RenderableType] = []
        if state.kind is MovementKind.TEAMS:
            for t in state.team_ranking:
                parts.append(Text(f"{t.rank or '-'}  {team_words(t, mp)}: {team_pairs(state, t)}", style=strong))
            parts.append(Text(""))
        names_room = max(10, room - 40)
        for side in (Side.NS, Side.EW):
            title = side.word if state.kind is MovementKind.MITCHELL else f"The pairs sitting {side.short}"
            table = Table(title=title, title_justify="left", title_style=strong, box=None, padding=(0, 1), expand=False)
            teams = state.kind is MovementKind.TEAMS  # a team match ranks its teams; a pair is shown with its team
            table.add_column("Team" if teams else "Rank")
            table.add_column("Pair", no_wrap=True)
            table.add_column("Names", max_width=names_room, overflow="ellipsis", no_wrap=True)
            table.add_column("Bd", justify="right")
            if mp:
                table.add_column("MPs", justify="right", no_wrap=True)
            table.add_column("%" if mp else "IMPs", justify="right", no_wrap=True)
            for s in state.ranking(side):
                first = str(state.movement.team_of(s.pair)) if teams else s.rank or "-"
                cells = [first, s.pair.label, names_of(state, s.pair), str(s.played)]
                if mp:
                    cells.append(matchpoints_words(s))
                cells.append(standing_words(s, mp))
                table.add_row(*cells)
            parts += [table, Text("")]
        return Group(*parts)

    def _changes(self, state: SeveralState) -> Group:
        """Every change, the last first: when, who, where; what it was and what it is, and why."""
        if not state.change_log:
            return Group(
                Text("No result has been changed: each one stands as its table entered it.", style=looks.rich_style(looks.HINT))
            )
        parts: list[RenderableType] = [Text("The changes, the last first", style=looks.rich_style(looks.STRONG)), Text("")]
        for change in reversed(state.change_log):
            head, what = change_lines(change)
            parts += [Text(head, style=looks.rich_style(looks.STRONG)), Padding(Text(what), (0, 0, 1, 2))]
        return Group(*parts)

    def _cards(self, state: SeveralState) -> None:
        room = self._room(main=True)
        drawn = (state.inputs.setup, room, self.app.theme)
        if self._drawn.get("#cards") == drawn:  # the movement's cards: the same all evening
            return
        self._drawn["#cards"] = drawn
        m = state.movement
        title = Text(movement_title(state.inputs.setup), style=looks.rich_style(looks.STRONG))
        title.append("\n" + "\n".join(movement_words(m)), style="not bold")
        self.query_one("#cards-title", Static).update(title)
        grid = self.query_one("#cards-grid", Grid)
        cards = [guide_card(m, t) for t in range(1, m.tables + 1)]
        texts = []
        for card in cards:
            t = Text()
            t.append(card[0] + "\n", style=looks.rich_style(looks.STRONG))
            t.append("\n".join(card[1:]))
            texts.append(t)
        shown = list(grid.query(Static))
        if len(shown) != len(texts):
            grid.remove_children()
            grid.mount_all([Static(t, classes="guide-card") for t in texts])
        else:
            for widget, t in zip(shown, texts):
                widget.update(t)
        grid.styles.grid_size_columns = max(1, min(len(texts), room // CARD_WIDTH))


class _RenderedOnce:
    """The ranking, rendered once for each width. Textual renders a Rich renderable twice when
    it changes, once to count its lines and once to draw them; the ranking's 30 pairs are two
    Rich tables that take about 15 ms a render, paid again after every result while it is
    shown. Its lines do not depend on the height given (a Rich table renders its cells and
    itself with none), so the lines counted are the lines drawn."""

    def __init__(self, renderable: RenderableType) -> None:
        self._renderable = renderable
        self._lines: dict[tuple[object, ...], list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = (options.max_width, options.min_width, options.justify, options.overflow, options.no_wrap, options.highlight)
        lines = self._lines.get(key)
        if lines is None:
            lines = self._lines[key] = list(console.render(self._renderable, options.update(height=None)))
        yield from lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._renderable)


def _ranking_key(state: SeveralState, room: int) -> object:
    """What the ranking is drawn from: the standings (with the pairs' names), the teams, the movement, the width."""
    return (state.standings, state.teams, state.inputs.setup, state.scoring, room)


def _boards_cell(s: Sitting | None) -> str:
    return board_range(s.boards) if s is not None and s.plays else "-"


def _contract_text(contract: str, red: object) -> Text:
    """A contract in the hand list's colours: hearts and diamonds in the theme's red."""
    t = Text()
    for ch in contract:
        t.append(ch, style=red if ch in "♥♦" else "")  # type: ignore[arg-type]
    return t
