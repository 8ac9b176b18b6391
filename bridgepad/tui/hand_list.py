"""The hands of this game as a list: who dealt, the contract, by whom, the result, the score."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from bridgepad.core.game import GameState, HandOutcome, Mode
from bridgepad.core.duplicate import imps_figure
from bridgepad.core.model import Strain
from bridgepad.core.settings import DuplicateScoring
from bridgepad.tui.names import seat_label, seat_label_fit

SUIT_STYLE = {Strain.H: "red", Strain.D: "red"}


def contract_text(outcome: HandOutcome, pass_word: str) -> Text:
    c = outcome.hand.contract
    if c is None:
        return Text(pass_word, style="dim")
    t = Text(str(c.level))
    t.append(c.strain.symbol, style=SUIT_STYLE.get(c.strain, ""))
    t.append(c.doubling.suffix, style="bold")
    return t


def comparison_cell(h: HandOutcome, scoring: DuplicateScoring) -> str:
    """A board's comparison with the other results: its IMPs, or its matchpoint percentage."""
    c = h.comparison
    if c is None or not c.compared:
        return ""
    if scoring is DuplicateScoring.MATCHPOINTS:
        return f"{c.percent:.1f}"
    return imps_figure(c.imps or 0)


def _points(n: int) -> str:
    return f"{n:,}" if n else ""


class HandList(DataTable[Text]):
    """One row a hand; the cursor selects the hand that the pad highlights and explains."""

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.zebra_stripes = True
        self._columns_for: tuple[object, ...] = ()

    def show(self, state: GameState) -> None:
        keep = self.cursor_row
        game = state.game
        we = game.settings.we
        by_width = max(2, min(12, max((len(seat_label(game, s)) for s in _declarers(state)), default=2)))
        columns = (state.mode, by_width)
        if columns == self._columns_for:
            self.clear()  # the same columns: only the rows are written again
        else:
            self.clear(columns=True)
            self._columns_for = columns
            first = {Mode.RUBBER: "#", Mode.CHICAGO: "Deal", Mode.DUPLICATE: "Bd"}[state.mode]
            self.add_column(first, width=4 if state.mode is Mode.CHICAGO else 3)
            self.add_column("Dlr", width=3)
            self.add_column("Contract", width=8)
            self.add_column("By", width=by_width)
            self.add_column("Res", width=3)
            if state.mode is Mode.DUPLICATE:
                self.add_column("N-S", width=6)
                mp = game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
                self.add_column("MP %" if mp else "IMPs", width=6)
            else:
                self.add_column("We", width=6)
                self.add_column("They", width=6)
        pass_word = game.settings.pass_word.value
        for h in state.hands:
            if state.mode is Mode.RUBBER:
                first_cell = str(h.number)
            else:  # a Chicago deal passed out is dealt again: it has no deal number of its own
                first_cell = "–" if h.deal is None else str(h.deal)
            by = seat_label_fit(game, h.hand.declarer, by_width) if h.hand.declarer else ""
            if state.mode is Mode.DUPLICATE:
                score = f"{h.ns_score:+,}" if h.ns_score else "0"
                tail: tuple[str, str] = (score, comparison_cell(h, game.settings.duplicate_scoring))
            else:
                tail = (_points(h.points(we)), _points(h.points(we.other)))
            cells = (first_cell, h.dealer.value, contract_text(h, pass_word), by, h.result, *tail)
            # Plain Text, never markup: a player's name may hold brackets.
            self.add_row(*(c if isinstance(c, Text) else Text(c) for c in cells))
        if state.bonuses and state.mode is not Mode.DUPLICATE:
            # The bonuses that belong to the game, not to a hand: a row of their own.
            label = Text("Bonus", style="italic")
            self.add_row(Text(""), Text(""), label, Text(""), Text(""), Text(_points(state.bonus(we))), Text(_points(state.bonus(we.other))))
        if self.row_count:
            row = min(keep, self.row_count - 1) if keep >= 0 else self.row_count - 1
            self.move_cursor(row=row, animate=False)


def _declarers(state: GameState):  # type: ignore[no-untyped-def]
    return [h.hand.declarer for h in state.hands if h.hand.declarer is not None]
