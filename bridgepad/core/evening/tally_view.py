"""What the tally says, written once for the tally screen and ``bridgepad tally``: the
columns of the money games and of the duplicate sessions, each row's cells, the payments,
the sentence when nobody pays, and the words of the screen's title.

Each renderer lays the view out in its own way (a table on the screen, padded lines on
the command line); neither writes a figure or a sentence of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from bridgepad.core.evening.tally import DuplicateSessions, MoneyGames, Tally, notes
from bridgepad.core.rules.duplicate import imps_figure
from bridgepad.core.words.labels import tally_name

ALL_SQUARE = "All square: nobody pays."
NAME_WIDTH = 24  # a longer name is cut on the screen: the figures beside it matter more


def name_width(names: Iterable[str]) -> int:
    """The names' column: as wide as the longest name (a narrow terminal keeps its figures), at most NAME_WIDTH."""
    return min(NAME_WIDTH, max([9, *(len(n) for n in names)]))


@dataclass(frozen=True, slots=True)
class Column:
    """A column of figures: ``signed`` ones are coloured by the row's net (won or lost)."""

    title: str
    width: int
    signed: bool = False


@dataclass(frozen=True, slots=True)
class Line:
    """One row: the name as shown ("North-South (each)" for a side without names), its cells
    in the order of the table's columns, and its net (above 0 won, below lost)."""

    name: str
    cells: tuple[str, ...]
    net: int = 0


@dataclass(frozen=True, slots=True)
class TableView:
    heading: str  # the names' column
    name_width: int
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class TallyView:
    """The tally as both renderers show it."""

    tally: Tally
    games: TableView  # the money games (no lines while none is counted)
    sessions: TableView  # the duplicate sessions (no lines while none is counted)
    payments: tuple[str, ...]  # "Bob pays Ann 13.20", one a payment
    settled: str  # ALL_SQUARE when games were counted and nobody pays; "" otherwise
    notes: tuple[str, ...]  # what explains the rows: unnamed pairs, partners settled for

    @property
    def count(self) -> str:
        """The screen title's count: ``3 games (+1 in play), 1 duplicate``."""
        t = self.tally
        words = f"{t.games:,} game{'s' if t.games != 1 else ''}"
        if t.in_play:
            words += f" (+{t.in_play:,} in play)"
        if t.sessions:
            words += f", {t.sessions:,} duplicate"
        return words

    @property
    def rounding(self) -> str:
        return f"rounded to {self.tally.round_to:,}" if self.tally.round_to is not None else "exact margins"

    @property
    def stake(self) -> str:
        return stake_words(self.tally.stake)


def stake_words(stake: Decimal | None) -> str:
    return f"{stake} per 100" if stake is not None else "no stake"


def _out(pair: bool, sat_out: int) -> str:
    return "" if pair else str(sat_out)


def games_table(m: MoneyGames) -> TableView:
    columns = [Column("Games", 5)]
    if m.rotation:
        columns.append(Column("Out", 3))
    columns.append(Column("Points", 8, signed=True))
    if m.stake is not None:
        columns.append(Column("Money", 10, signed=True))
    lines = []
    for p in m.players:
        cells = [str(p.games)]
        if m.rotation:
            cells.append(_out(p.pair, p.sat_out))
        cells.append(f"{p.points:+,}")
        if m.stake is not None:
            cells.append("" if p.money is None else f"{p.money:+,.2f}")
        lines.append(Line(tally_name(p.name, p.pair), tuple(cells), p.points))
    return TableView("Player", name_width(line.name for line in lines), tuple(columns), tuple(lines))


def sessions_table(d: DuplicateSessions) -> TableView:
    """The duplicate sessions, by IMPs and matchpoints: not points, not money."""
    columns = [Column("Sessions", 8)]
    if d.rotation:
        columns.append(Column("Out", 3))
    columns += [Column("IMPs", 8), Column("Matchpoints", 18)]
    lines = []
    for p in d.players:
        cells = [str(p.sessions)]
        if d.rotation:
            cells.append(_out(p.pair, p.sat_out))
        cells.append("" if p.imps is None else imps_figure(p.imps))
        cells.append(p.percent_text)
        lines.append(Line(tally_name(p.name, p.pair), tuple(cells)))
    return TableView("Duplicate", name_width(line.name for line in lines), tuple(columns), tuple(lines))


def settled(t: Tally) -> str:
    """ALL_SQUARE when games were counted and nobody pays; "" otherwise (no games, or payments)."""
    return ALL_SQUARE if t.games and not t.payments else ""


def view(t: Tally) -> TallyView:
    return TallyView(
        tally=t,
        games=games_table(t.money),
        sessions=sessions_table(t.sessions_played),
        payments=tuple(p.text for p in t.payments),
        settled=settled(t),
        notes=tuple(notes(t)),
    )
