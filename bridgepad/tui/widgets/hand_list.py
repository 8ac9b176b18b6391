"""The hands of this game as a list: who dealt, the contract, by whom, the result, the score.

On a narrow terminal the columns that matter least go first: the dealer, then the
declarer's name (the seat's letter stays), the hand's number, the result, and only then
the declarer's letter (who played a hand is read without selecting it); the scores
(We and They, or N-S and the comparison) always stay. The newest hand is kept in view as the list grows or shrinks.
On a wide list (a big terminal) every column takes its roomy form: the dealer and the declarer
by name, who was vulnerable, the honors when a hand held some, the headers in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from bridgepad.core.model import SEATS, Strain
from bridgepad.core.rules.duplicate import comparison_figure
from bridgepad.core.rules.game import GameState, HandOutcome
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.labels import honors_label, result_label, seat_label, seat_label_fit, seat_label_wide
from bridgepad.tui import looks

RED_SUITS = (Strain.H, Strain.D)


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    header: str
    width: int
    drop: int  # on a narrow list, the highest goes first; 0 never goes
    narrow: int = 0  # a width it can shrink to before it goes (the declarer: the seat's letter)
    narrow_drop: int = 0  # its rank once shrunk
    wide: tuple[str, int] | None = None  # its header and width on a wide list
    wide_only: bool = False  # shown only on a wide list


def columns_for(state: GameState, by_width: int) -> list[Column]:
    """Every column the list can show for this game, in order."""
    rules = state.rules
    first = rules.deal_column
    game = state.game
    # Wide, a seat is named in full (``South``, ``Ann (N)``), as long as the longest of the four, within reason.
    seat_w = min(20, max(len(seat_label(game, s)) for s in SEATS))
    boards = state.session is not None
    cols = [
        # A duplicate board's number is how the players name it (it always stays); a rubber's hands are in order.
        Column("first", first, max(3, len(first)), 0 if rules.boards else 4, wide=(first, max(4, len(first)))),
        Column("dealer", "Dlr", 3, 6, wide=("Dealer", max(6, seat_w))),
        Column("contract", "Contract", 8, 0, wide=("Contract", 8)),
        Column("by", "By", by_width, 5, narrow=2, narrow_drop=1, wide=("Declarer", max(8, seat_w))),
        Column("vul", "", 0, 9, wide=("Vulnerable", 10), wide_only=True),
    ]
    if not boards and any(h.hand.honors is not None for h in state.hands):
        cols.append(Column("honors", "", 0, 9, wide=("Honors", 8), wide_only=True))
    cols.append(Column("result", "Res", 4, 2, wide=("Result", 6)))
    if boards:
        mp = game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
        compare = "MP %" if mp else "IMPs"
        cols += [Column("ns", "N-S", 6, 0, wide=("N-S", 8)), Column("compare", compare, 6, 0, wide=(compare, 8))]
    else:
        cols += [Column("we", "We", 6, 0, wide=("We", 7)), Column("they", "They", 6, 0, wide=("They", 7))]
    return cols


# A wide list keeps this many cells free, beyond its roomy columns, before it takes their roomy form:
# a list only just wide enough stays in the compact form that 80 columns show.
WIDE_SPARE = 2


def fit_columns(columns: list[Column], room: int, padding: int) -> list[Column]:
    """The columns that fit in ``room`` cells (each takes its width and ``padding`` on both
    sides): every column in its roomy form when all of them fit so, else the compact ones,
    dropping the highest ``drop`` first; the ones that never go always stay."""
    roomy = [Column(c.key, *c.wide, 0) if c.wide else c for c in columns]
    if sum(c.width + 2 * padding for c in roomy) + WIDE_SPARE <= room:
        return roomy
    kept = [c for c in columns if not c.wide_only]
    while sum(c.width + 2 * padding for c in kept) > room:
        droppable = [c for c in kept if c.drop]
        if not droppable:
            break
        worst = max(droppable, key=lambda c: c.drop)
        at = kept.index(worst)
        if worst.narrow and worst.width > worst.narrow:
            kept[at] = Column(worst.key, worst.header, worst.narrow, worst.narrow_drop)
        else:
            del kept[at]
    return kept


def contract_text(outcome: HandOutcome, pass_word: str, red: Style, faint: Style, strong: Style) -> Text:
    c = outcome.hand.contract
    if c is None:
        return Text(pass_word, style=faint)
    t = Text(str(c.level))
    t.append(c.strain.symbol, style=red if c.strain in RED_SUITS else "")
    t.append(c.doubling.suffix, style=strong)
    return t


def wide_cells(h: HandOutcome, state: GameState, widths: dict[str, int]) -> dict[str, Text | str]:
    """The cells a wide list adds or names in full: the dealer, who was vulnerable, the honors."""
    game = state.game
    we = game.settings.we
    cells: dict[str, Text | str] = {
        "vul": state.rules.vulnerable_cell(h.vulnerable, we),
        "honors": honors_label(h.hand.honors, we),
    }
    if "vul" in widths:  # the roomy form: the seats named in full
        cells["dealer"] = seat_label_wide(game, h.dealer, widths.get("dealer", 0))
        if h.hand.declarer is not None:
            cells["by"] = seat_label_wide(game, h.hand.declarer, widths.get("by", 0))
    return cells


def comparison_cell(h: HandOutcome, scoring: DuplicateScoring) -> str:
    """A board's comparison with the other results: its IMPs, or its matchpoint percentage."""
    return comparison_figure(h.comparison, scoring is DuplicateScoring.MATCHPOINTS)


def _points(n: int) -> str:
    return f"{n:,}" if n else ""


# The width of the vertical scroll bar, kept free so that a long list does not push a column off.
SCROLLBAR = 2
PADDING = 1  # blank cells each side of a column's text


class HandList(ScrollView, can_focus=True):
    """One row a hand, under a header line; the cursor selects the hand that the pad
    highlights and explains.

    Drawn line by line (Textual's Line API) from a cache of rendered rows: a hand added
    renders one row and repaints its line, a cursor move repaints two lines, where a
    ``DataTable`` repainted every visible row on any change.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "hand-list--header",
        "hand-list--even-row",
        "hand-list--odd-row",
        "hand-list--cursor",
        "hand-list--cursor-blurred",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home,ctrl+home", "first", "First", show=False),
        Binding("end,ctrl+end", "last", "Last", show=False),
    ]

    class Highlighted(Message):
        """The cursor moved to another row (a hand's index, or the bonus row after them)."""

        def __init__(self, hand_list: HandList, row: int) -> None:
            super().__init__()
            self.hand_list = hand_list
            self.row = row

        @property
        def control(self) -> HandList:
            return self.hand_list

    def __init__(self, *, classes: str | None = None, id: str | None = None) -> None:
        super().__init__(classes=classes, id=id)
        self.columns: list[Column] = []
        self._columns_for: tuple[object, ...] = ()
        self._state: GameState | None = None
        self._room = 0
        self._rows: list[tuple[Text, ...]] = []  # the hands' rows, then the bonus row if any
        self._hands = 0
        self._cursor = 0
        # Rendered lines by row: (the row's cells, its style, its width) -> Strip. The style is in
        # the key, so a theme, or the focus moving, renders again only the rows whose look changed.
        self._strips: dict[int, tuple[tuple[object, ...], Strip]] = {}
        self.rendered: list[int] = []  # rows rendered since the list was last shown (for tests)

    def on_mount(self) -> None:
        # Suit colours are the theme's: when it changes the rows are written again in the new one.
        self.app.theme_changed_signal.subscribe(self, lambda _: self._redraw())

    # The API the pad and the tests read --------------------------------------------------
    @property
    def cursor_row(self) -> int:
        return self._cursor

    @property
    def row_count(self) -> int:
        return len(self._rows)

    def get_row_at(self, row: int) -> list[Text]:
        """The cells of ``row`` as shown (a hand's, or the bonus row)."""
        return list(self._rows[row])

    def move_cursor(self, *, row: int, animate: bool = False) -> None:
        """The cursor to ``row`` (kept inside the list), brought into view; says so if it moved."""
        if self._set_cursor(row):
            self.post_message(self.Highlighted(self, self._cursor))

    def _set_cursor(self, row: int) -> bool:
        row = max(0, min(row, len(self._rows) - 1))
        old, self._cursor = self._cursor, row
        if old != row:
            self._refresh_row(old)
            self._refresh_row(row)
        self._scroll_to_cursor()
        return old != row

    def _scroll_to_cursor(self) -> None:
        room = self.scrollable_content_region.height - 1  # under the header
        if room <= 0:
            return
        top = round(self.scroll_y)
        # The last hand selected: the game's bonus row under it is kept in view with it.
        last = len(self._rows) - 1 if self._cursor == self._hands - 1 else self._cursor
        if self._cursor < top:
            self.scroll_to(y=self._cursor, animate=False, force=True)
        elif last >= top + room:
            self.scroll_to(y=min(self._cursor, last - room + 1), animate=False, force=True)

    # Keys -----------------------------------------------------------------------------
    def action_cursor_up(self) -> None:
        self.move_cursor(row=self._cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(row=self._cursor + 1)

    def action_page_up(self) -> None:
        self.move_cursor(row=self._cursor - max(1, self.scrollable_content_region.height - 1))

    def action_page_down(self) -> None:
        self.move_cursor(row=self._cursor + max(1, self.scrollable_content_region.height - 1))

    def action_first(self) -> None:
        self.move_cursor(row=0)

    def action_last(self) -> None:
        self.move_cursor(row=len(self._rows) - 1)

    # The focus changes only the cursor's colour: its line is repainted, not the whole list.
    def _on_focus(self, event: events.Focus) -> None:
        event.prevent_default()
        self.has_focus = True
        self._refresh_row(self._cursor)
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def _on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        self._refresh_row(self._cursor)
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    # Writing the rows -----------------------------------------------------------------
    def _redraw(self) -> None:
        if self._state is not None:
            self._columns_for = ()  # every row written again, its suits in the theme's colours
            self.show(self._state)

    def _columns(self, state: GameState) -> list[Column]:
        """The columns for this game at the list's width now."""
        by_width = max(2, min(12, max((len(seat_label(state.game, s)) for s in _declarers(state)), default=2)))
        room = (self.size.width or self.app.size.width) - SCROLLBAR
        return fit_columns(columns_for(state, by_width), room, PADDING)

    @staticmethod
    def _columns_key(state: GameState, shown: list[Column]) -> tuple[object, ...]:
        return (state.rules, state.game.settings.duplicate_scoring, tuple((c.key, c.width) for c in shown))

    def show(self, state: GameState, select: int | None = None) -> None:
        """Writes the game's rows and puts the cursor on ``select`` (else where it was, kept
        in the list); only the rows whose cells changed are repainted (a hand added, the usual
        Enter: its row, and the bonus row after it)."""
        self._state = state
        self._room = self.size.width
        shown, key, rows = self._fit(state)
        self.rendered = []
        if key != self._columns_for:
            self._columns_for, self.columns = key, shown
            self._strips.clear()
            self.refresh()
        else:
            for at in range(max(len(rows), len(self._rows))):
                if at >= len(rows) or at >= len(self._rows) or rows[at] != self._rows[at]:
                    self._strips.pop(at, None)
                    self._refresh_row(at)
        grew = len(rows) != len(self._rows)
        self._rows, self._hands = rows, len(state.hands)
        if grew or self.virtual_size.width != self._virtual_width():
            self.virtual_size = Size(self._virtual_width(), len(rows) + 1)
        if rows:
            self._set_cursor(self._cursor if select is None else select)
        else:
            self._cursor = 0

    def _fit(self, state: GameState) -> tuple[list[Column], tuple[object, ...], list[tuple[Text, ...]]]:
        """The columns for the list's width now, their key, and the rows in them."""
        shown = self._columns(state)
        rows = self._hand_rows(state, shown)
        bonus = self._bonus_row(state, shown)
        if bonus is not None:
            rows.append(bonus)
        return shown, self._columns_key(state, shown), rows

    def _refit(self) -> None:
        """The columns chosen again for the width the list is drawn at, as it is drawn: the pad
        shows its game before the list is laid out (its width unknown, the terminal's guessed),
        and the first frame showed that guess, the roomy headers and a scroll bar under them,
        until the list was told its size and drew itself again."""
        assert self._state is not None
        self._room = self.size.width
        shown, key, rows = self._fit(self._state)
        if key != self._columns_for:
            self._columns_for, self.columns, self._rows = key, shown, rows
            self._strips.clear()
        if self.virtual_size.width != self._virtual_width():
            self.virtual_size = Size(self._virtual_width(), len(rows) + 1)  # narrower than its columns: it scrolls

    def roomy_width(self, state: GameState) -> int:
        """The width at which the list shows ``state``'s hands in their roomy columns, and no
        wider: a big screen gives the rest to the explanation beside it."""
        by_width = max(2, min(12, max((len(seat_label(state.game, s)) for s in _declarers(state)), default=2)))
        roomy = [c.wide[1] if c.wide else c.width for c in columns_for(state, by_width)]
        return sum(w + 2 * PADDING for w in roomy) + WIDE_SPARE + SCROLLBAR

    def _table_width(self) -> int:
        return sum(c.width + 2 * PADDING for c in self.columns)

    def _virtual_width(self) -> int:
        """As wide as the columns where they are wider than the list (it scrolls sideways), else
        no wider than the list: before the list is laid out, never a scroll bar for a guess."""
        width = self._table_width()
        return width if self.size.width and width > self.size.width else 0

    @staticmethod
    def _hand_rows(state: GameState, shown: list[Column]) -> list[tuple[Text, ...]]:
        game = state.game
        we = game.settings.we
        red, faint, strong = (looks.rich_style(r) for r in (looks.RED_SUIT, looks.FAINT, looks.STRONG))
        pass_word = game.settings.pass_word.value
        widths = {c.key: c.width for c in shown} | {"by": next((c.width for c in shown if c.key == "by"), 2)}
        rows = []
        rules = state.rules
        boards = state.session is not None
        for h in state.hands:
            first = rules.deal_cell(h.number, h.deal)
            cells: dict[str, Text | str] = {
                "first": first,
                "dealer": h.dealer.value,
                "contract": contract_text(h, pass_word, red, faint, strong),
                "by": seat_label_fit(game, h.hand.declarer, widths["by"]) if h.hand.declarer else "",
                "result": result_label(h.result, h.hand.revoke is not None),
            } | wide_cells(h, state, widths)
            if boards:
                cells["ns"] = f"{h.ns_score:+,}" if h.ns_score else "0"
                cells["compare"] = comparison_cell(h, game.settings.duplicate_scoring)
            else:
                cells["we"] = _points(h.points(we))
                cells["they"] = _points(h.points(we.other))
            rows.append(tuple(_text(cells[c.key]) for c in shown))
        return rows

    @staticmethod
    def _bonus_row(state: GameState, shown: list[Column]) -> tuple[Text, ...] | None:
        """The bonuses that belong to the game, not to a hand: a row of their own."""
        if not state.bonuses or state.session is not None:
            return None
        we = state.game.settings.we
        bonus = {"contract": Text("Bonus", style=looks.rich_style(looks.HINT))}
        bonus.update(we=Text(_points(state.bonus(we))), they=Text(_points(state.bonus(we.other))))
        if "contract" not in {c.key for c in shown}:
            bonus["first"] = bonus["contract"]
        return tuple(bonus.get(c.key, Text("")) for c in shown)

    # Drawing --------------------------------------------------------------------------
    def _refresh_row(self, row: int) -> None:
        """Repaints the line of ``row``, if it is on screen (the header is line 0)."""
        y = row + 1 - round(self.scroll_y)
        if 1 <= y < self.size.height:
            self.refresh(Region(0, y, self.size.width, 1))

    def render_line(self, y: int) -> Strip:
        if self._room != self.size.width and self._state is not None:
            self._refit()
        width = self.size.width
        scroll_x, scroll_y = self.scroll_offset
        if y == 0:
            strip = self._line(-1, tuple(Text(c.header) for c in self.columns), "hand-list--header")
        else:
            row = y - 1 + scroll_y
            if row >= len(self._rows):
                return Strip.blank(width, self.rich_style)
            if row == self._cursor:
                role = "hand-list--cursor" if self.has_focus else "hand-list--cursor-blurred"
            else:
                role = "hand-list--odd-row" if row % 2 else "hand-list--even-row"
            strip = self._line(row, self._rows[row], role)
        return strip.crop(scroll_x, scroll_x + width)

    def _line(self, row: int, cells: tuple[Text, ...], role: str) -> Strip:
        style = self.get_component_rich_style(role)
        # A cursor's colour is over the cells' own (a red suit reads on the cursor's background).
        over = Style.from_color(color=style.color) if role.startswith("hand-list--cursor") else None
        width = max(self.size.width, self._table_width())
        key = (cells, style, width)
        kept = self._strips.get(row)
        if kept is not None and kept[0] == key:
            return kept[1]
        console = self.app.console
        segments: list[Segment] = []
        # Each cell its own segments (its place in the meta, as a DataTable marks them, so that
        # they are never merged): a terminal, or an SVG, that draws a suit's symbol wider than its
        # cell puts the next column back in its place.
        for at, (cell, column) in enumerate(zip(cells, self.columns, strict=False)):
            text = Text(" " * PADDING, end="")
            text.append_text(cell)
            text.truncate(column.width + PADDING, overflow="crop", pad=True)
            text.append(" " * PADDING)
            text.stylize_before(style + Style.from_meta({"row": row, "column": at}))  # under the cells' own colours
            segments.extend(text.render(console))
        used = sum(c.width + 2 * PADDING for c in self.columns)
        if width > used:
            segments.append(Segment(" " * (width - used), style))
        if over is not None:
            segments = list(Segment.apply_style(segments, post_style=over))
        strip = Strip(segments, width)
        self._strips[row] = (key, strip)
        self.rendered.append(row)
        return strip

    def on_resize(self, event: events.Resize) -> None:
        # Narrower or wider: the columns are chosen again. Shorter (the explanation under the
        # list grew): the selected hand, often the newest, is brought back into view.
        # (A row's strip is kept with its width: one drawn at another width is drawn again.)
        if event.size.width != self._room:
            self._room = event.size.width
            if self._state is not None:
                self.show(self._state)
        if self._rows:
            self._scroll_to_cursor()


def _text(cell: Text | str) -> Text:
    return cell if isinstance(cell, Text) else Text(cell)


def _declarers(state: GameState):  # type: ignore[no-untyped-def]
    return [h.hand.declarer for h in state.hands if h.hand.declarer is not None]
