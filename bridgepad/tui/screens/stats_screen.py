"""The statistics of a lifetime of evenings: each player's results, as declarer and as
defender, each partnership, the duplicate sessions, and a chart of each player's running net.

The figures are the core's (``bridgepad.core.evening.stats``, the words and the tables
``stats_view``); this lays them out, a table too wide for the screen in parts, one under the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Input, Label, Static

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.evening.persons import MergeRefused, Merges, find, persons
from bridgepad.core.evening.stats import Evenings, Reach, Span, Stats, statistics
from bridgepad.core.evening.stats_view import Table, count_words, said_words, tables
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.settlement import rounding_unit
from bridgepad.services.history import History
from bridgepad.services.session import Session
from bridgepad.tui import keys, looks
from bridgepad.tui.closing import close
from bridgepad.tui.forms.form import FormField, enter_field
from bridgepad.tui.screens.tally_screen import CHART_ROWS, TallyTable
from bridgepad.tui.telling import tell_each
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.net_chart import NetChart
from bridgepad.tui.widgets.reading import Partial, Progressed, Read, Reading, read_in_background

TABLES = ("players", "declarer", "defender", "partnerships", "duplicate")


Asked = tuple[Span, Merges, int | None, Decimal | None, str | None]  # statistics' choices, in its order


class _Kept:
    """The last statistics worked out, and the evenings of the games they came from: a look
    again at the same history (the History gives the same list while nothing has changed)
    with the same choices shows them without working them out again."""

    games: list[GameSummary] | None = None
    evenings: Evenings | None = None
    asked: Asked | None = None
    stats: Stats | None = None


_kept = _Kept()


def _evenings_of(results: list[GameSummary]) -> Evenings:
    """The evenings of ``results``, worked out once for the same list (kept in ``_kept``)."""
    if _kept.games is not results or _kept.evenings is None:
        _kept.games, _kept.evenings, _kept.stats = results, Evenings.of(results), None
    return _kept.evenings


def _figures(results: list[GameSummary], evenings: Evenings | None, asked: Asked) -> Stats:
    """The statistics of ``results`` for the choices ``asked``: those kept, if they are of the same
    games and the same choices, or worked out and kept."""
    if _kept.games is results and _kept.stats is not None and _kept.asked == asked:
        return _kept.stats
    st = statistics(results, *asked, evenings)
    if _kept.games is results:
        _kept.asked, _kept.stats = asked, st
    return st


@dataclass(frozen=True, slots=True)
class _Part:
    """The games read so far while the rest are read, and their figures for the choices ``asked``."""

    results: list[GameSummary]
    evenings: Evenings
    asked: Asked
    stats: Stats


MODES: tuple[frozenset[Mode] | None, ...] = (None, *(frozenset({m}) for m in Mode))


def mode_label(modes: frozenset[Mode] | None) -> str:
    return "every mode" if modes is None else " and ".join(m.word for m in Mode if m in modes)


class StatsTable(TallyTable):
    """One table of the statistics, its figures won and lost in the theme's colours."""

    def show(self, table: Table | None) -> None:
        self.clear(columns=True)
        if table is None:
            return
        self.add_column(table.heading, width=table.name_width)
        for column in table.columns:
            self.add_column(Text(column.title, justify="right"), width=column.width)
        for row in table.rows:
            style = self.signed(row.net)
            cells = [Text(row.name)]
            cells += [Text(cell, style=style if c.signed else "", justify="right") for c, cell in zip(table.columns, row.cells)]
            self.add_row(*cells)


def part_table(id: str) -> StatsTable:
    return StatsTable(id=id, classes="stats-table", zebra_stripes=True, show_cursor=False)


class StatsScreen(Screen[None]):
    CSS_PATH = "stats_screen.tcss"
    KEY_SECTION = "stats"
    AUTO_FOCUS = "#stats-body"  # the page, not the player's field: a key pressed as it opens is the screen's
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.reach = Reach.ALL
        self.modes: frozenset[Mode] | None = None
        self.player: str | None = None  # the one person shown (their name), or everyone
        self.prefs = session.files.tally_preferences()
        people = session.files.people()
        self.merges: Merges = people.merges
        self.problems = [*self.prefs.problems, *people.problems]
        self.results: list[GameSummary] = []  # read when mounted (reading.py)
        self.evenings: Evenings | None = None  # of ``results``, worked out once for every look at them
        self.stats: Stats | None = None
        self.data_shown = False  # the figures read and on screen: what a test of the screen waits for
        self.reading = False  # the games being read (and their figures worked out) in the background
        self._part: _Part | None = None  # meanwhile, the figures of the games read so far
        self.drawn_at = Size(0, 0)  # the screen's size when they were drawn

    def compose(self) -> ComposeResult:
        yield Label("", id="stats-title")
        with Horizontal(id="player-row"):
            yield Label("Player ", classes="field-label")
            yield FormField(value="", id="player", placeholder="everyone", on_submit=self._player)
        yield Label("", id="player-error", markup=False)
        yield Reading(id="stats-reading")
        with VerticalScroll(id="stats-body"):
            yield Static("", id="stats-heading")
            for name in TABLES:
                yield Label("", id=f"{name}-title", classes="stats-table-title")
                # A table too wide for the screen comes in parts, one under the other: the first
                # part here, the others mounted when a screen first needs them.
                with Vertical(id=f"{name}-parts", classes="stats-parts"):
                    yield part_table(f"{name}-table")
                yield Static("", id=f"{name}-note", classes="stats-note", markup=False)
            yield Label("Each player's running net", id="chart-title", classes="stats-table-title")
            yield NetChart(id="stats-chart")
        yield KeyFooter()

    @property
    def history(self) -> History:
        return self.session.files.history()

    def on_mount(self) -> None:
        tell_each(self.app, self.problems)
        self.query_one("#stats-body", VerticalScroll).focus()
        if self.history.quick():
            self._take(self.history.summaries())
        else:
            self.reading = True
            self.query_one("#stats-title", Label).update(Text(" Statistics · reading the games… ", style="bold"))
            # The figures of the games read so far meanwhile, as the history and the tally fill in
            # their rows. They are worked out in the reading's thread, as the last (at 20,000 games
            # a third of a second): the screen only lays them out, and its keys stay live all the while.
            read_in_background(
                self,
                self.history,
                lambda h, progress, partial: self._worked_out(
                    h.summaries(progress, partial=lambda so_far: partial(self._part_worked_out(so_far)))
                ),
            )
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_stats())

    def _part_worked_out(self, results: list[GameSummary]) -> _Part:
        """In the reading's thread: the figures of the games read so far, for the choices made so
        far; not kept (``_kept`` is the whole's, which the screen's loop may be looking at)."""
        evenings = Evenings.of(results)
        asked = self._asked(results)
        return _Part(results, evenings, asked, statistics(results, *asked, evenings))

    def on_partial(self, message: Partial) -> None:
        """The figures of the games read so far, while the rest are read."""
        part = message.result
        self.results, self.evenings, self._part = part.results, part.evenings, part
        self.refresh_stats()

    def _worked_out(self, results: list[GameSummary]) -> list[GameSummary]:
        """In the reading's thread: the evenings of ``results`` and their statistics for the
        choices made so far, kept for the screen to show (``compute`` finds them)."""
        _figures(results, _evenings_of(results), self._asked(results))
        return results

    def on_progressed(self, message: Progressed) -> None:
        self.query_one("#stats-reading", Reading).show(message.done, message.total)

    def on_read(self, message: Read) -> None:
        self.reading = False
        self._part = None
        self.query_one("#stats-reading", Reading).display = False
        tell_each(self.app, message.problems)
        self._take(message.result)

    def _take(self, results: list[GameSummary]) -> None:
        if results is not self.results or self.evenings is None:
            self.results, self.evenings = results, _evenings_of(results)
        self.refresh_stats()

    def _asked(self, results: list[GameSummary]) -> Asked:
        """The choices the figures are worked out for, in ``statistics``' order: the span (from
        now), the merges, the rounding, the stake, the player."""
        span = Span(self.reach.since(datetime.now().astimezone(), results), None, self.modes)
        return (span, self.merges, rounding_unit(self.prefs.rounding), self.prefs.stake, self.player)

    def compute(self) -> Stats:
        return _figures(self.results, self.evenings, self._asked(self.results))

    def refresh_stats(self) -> None:
        if self.reading:
            so_far = self._part
            if so_far is None:
                return  # a choice made meanwhile is taken when the games come
            # The games read so far: their figures as the reading's thread worked them out, or, for
            # a choice made since, worked out here (a part of the games, and only on a key).
            asked = self._asked(so_far.results)
            st = so_far.stats if so_far.asked == asked else statistics(so_far.results, *asked, so_far.evenings)
        else:
            st = self.compute()
        self.stats = st
        title = self._title_text(st) + ("· reading the rest… " if self.reading else "")
        self.query_one("#stats-title", Label).update(Text(title, style="bold"))
        said = self.query_one("#stats-heading", Static)
        words = said_words(st, self.player)
        said.update(Text(words, style=looks.HINT) if words else "")
        said.display = words is not None
        shown = {t.name: t for t in tables(st)}
        room = max(30, self.size.width - 2)  # the page's scroll bar
        for name in TABLES:
            table = shown.get(name)
            for part in ("title", "parts", "note"):
                self.query_one(f"#{name}-{part}").display = table is not None
            self._show_parts(name, () if table is None else table.parts(room))
            if table is None:
                continue
            self.query_one(f"#{name}-title", Label).update(Text(table.title, style="bold"))
            self.query_one(f"#{name}-note", Static).update(Text(table.note, style=looks.HINT))
        names = [p.name for p in st.players if p.games]
        chart = self.query_one("#stats-chart", NetChart)
        self.query_one("#chart-title").display = chart.display = bool(names)
        # Scrolled to its end, the chart fills the page under its title: the legend and the
        # axis in view, the rest of the room its rows (15 at 80x24, 41 at 200x50).
        page = self.size.height - 3 - (len(self._title_text(st)) > self.size.width)  # the title, the player, the keys
        chart.fill(st.tally.running, names, width=max(30, self.size.width - 4), lines=page - 2, least=CHART_ROWS)
        self.drawn_at = self.size
        self.data_shown = not self.reading  # every game's figures, not those of the games read so far

    def _show_parts(self, name: str, parts: tuple[Table, ...]) -> None:
        """The parts of a table in its stack of DataTables, one a part; those not needed hidden."""
        stack = self.query_one(f"#{name}-parts", Vertical)
        have = list(stack.query(StatsTable))
        if len(parts) > len(have):
            more = [part_table(f"{name}-table-{k + 1}") for k in range(len(have), len(parts))]
            stack.mount_all(more)
            have += more
        for k, widget in enumerate(have):
            widget.display = k < len(parts)
            widget.show(parts[k] if k < len(parts) else None)

    def on_resize(self) -> None:
        # The tables' parts and the chart made again for a new size (not for the first, which
        # the figures were drawn at when the screen came).
        if self.stats is not None and self.size != self.drawn_at:
            self.refresh_stats()

    def _title_text(self, st: Stats) -> str:
        who = f" · {self.player}" if self.player is not None else f" · {len(st.players):,} players"
        return f" Statistics · {self.reach.label} · {mode_label(self.modes)} · {count_words(st)}{who} "

    def action_window(self) -> None:
        self.reach = self.reach.next
        self.refresh_stats()

    def action_mode(self) -> None:
        self.modes = MODES[(MODES.index(self.modes) + 1) % len(MODES)]
        self.refresh_stats()

    def action_player(self) -> None:
        enter_field(self.query_one("#player", Input))

    def _player(self, value: str) -> None:
        """Enter in the player's field: that person, or everyone for an empty name."""
        error = self.query_one("#player-error", Label)
        if value.strip():
            try:
                person = find(value, persons(self.results, self.merges), self.merges)
            except MergeRefused as e:
                error.update(str(e))
                error.display = True
                return
            self.player = person.name
            self.query_one("#player", Input).value = person.name
        else:
            self.player = None
        error.update("")
        error.display = False
        self.set_focus(self.query_one("#stats-body", VerticalScroll))
        self.refresh_stats()

    def action_close(self) -> None:
        field = self.query_one("#player", Input)
        if field.has_focus:
            # Escape backs out of the field first, leaving the player as they were.
            field.value = self.player or ""
            self.query_one("#player-error", Label).display = False
            self.set_focus(self.query_one("#stats-body", VerticalScroll))
            return
        close(self, None)
