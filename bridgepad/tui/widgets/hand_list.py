"""The hands of this game as a list: who dealt, the contract, by whom, the result, the score.

On a narrow terminal the columns that matter least go first: the dealer, then the
declarer's name (the seat's letter stays), the hand's number, the result; the scores
(We and They, or N-S and the comparison) always stay. The newest hand is kept in view as the list grows or shrinks.
On a wide list (a big terminal) every column takes its roomy form: the dealer and the declarer
by name, who was vulnerable, the honors when a hand held some, the headers in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widgets import DataTable

from bridgepad.core.model import SEATS, Strain
from bridgepad.core.rules.duplicate import comparison_figure
from bridgepad.core.rules.game import GameState, HandOutcome
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.rules.vulnerability import vulnerable_word
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
        Column("by", "By", by_width, 5, narrow=2, narrow_drop=3, wide=("Declarer", max(8, seat_w))),
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
    cells: dict[str, Text | str] = {"vul": vulnerable_word(h.vulnerable, we), "honors": honors_label(h.hand.honors, we)}
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


class HandList(DataTable[Text]):
    """One row a hand; the cursor selects the hand that the pad highlights and explains."""

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.zebra_stripes = True
        self._columns_for: tuple[object, ...] = ()
        self._state: GameState | None = None
        self._room = 0
        self._rows: list[tuple[Text, ...]] = []  # the hands' rows as written, to add only what is new
        self._bonus: tuple[Text, ...] | None = None
        # Suit colours are the theme's: when it changes the rows are written again in the new one.
        self.app.theme_changed_signal.subscribe(self, lambda _: self._redraw())

    def _redraw(self) -> None:
        if self._state is not None:
            self._columns_for = ()  # the rows are written again in the theme's colours
            self.show(self._state)

    def _columns(self, state: GameState) -> list[Column]:
        """The columns for this game at the list's width now."""
        by_width = max(2, min(12, max((len(seat_label(state.game, s)) for s in _declarers(state)), default=2)))
        room = (self.size.width or self.app.size.width) - SCROLLBAR
        return fit_columns(columns_for(state, by_width), room, self.cell_padding)

    @staticmethod
    def _columns_key(state: GameState, shown: list[Column]) -> tuple[object, ...]:
        return (state.rules, state.game.settings.duplicate_scoring, tuple((c.key, c.width) for c in shown))

    def show(self, state: GameState) -> None:
        """Writes the game's rows; when the hands before are unchanged (a hand added, the
        usual Enter) only the new rows are added, the rest of the table left as it is."""
        self._state = state
        keep = self.cursor_row
        shown = self._columns(state)
        key = self._columns_key(state, shown)
        rows = self._hand_rows(state, shown)
        bonus = self._bonus_row(state, shown)
        old = self._rows
        if key == self._columns_for and rows == old and bonus == self._bonus:
            new, add_bonus = [], False  # nothing changed: not a cell is written again
        elif key == self._columns_for and rows[: len(old)] == old:
            if self._bonus is not None:  # it stays the last row
                self.remove_row("bonus")
            new, add_bonus = rows[len(old) :], True
        else:
            if key == self._columns_for:
                self.clear()  # the same columns: only the rows are written again
            else:
                self.clear(columns=True)
                self._columns_for = key
                for c in shown:
                    self.add_column(c.header, width=c.width, key=c.key)
            old, new, add_bonus = [], rows, True
        for index, cells in enumerate(new, start=len(old)):
            # Plain Text, never markup: a player's name may hold brackets.
            self.add_row(*cells, key=f"hand-{index}")
        if bonus is not None and add_bonus:
            self.add_row(*bonus, key="bonus")
        self._rows, self._bonus = rows, bonus
        if self.row_count:
            row = min(keep, self.row_count - 1) if keep >= 0 else self.row_count - 1
            self.move_cursor(row=row, animate=False)

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

    def on_resize(self, event: events.Resize) -> None:
        # Narrower or wider: the columns are chosen again. Shorter (the explanation under the
        # list grew): the selected hand, often the newest, is brought back into view.
        if self._state is not None and event.size.width != self._room:
            self._room = event.size.width
            if self._columns_key(self._state, self._columns(self._state)) != self._columns_for:
                self.show(self._state)
        if self.row_count:
            self.move_cursor(row=self.cursor_row, animate=False)


def _text(cell: Text | str) -> Text:
    return cell if isinstance(cell, Text) else Text(cell)


def _declarers(state: GameState):  # type: ignore[no-untyped-def]
    return [h.hand.declarer for h in state.hands if h.hand.declarer is not None]
