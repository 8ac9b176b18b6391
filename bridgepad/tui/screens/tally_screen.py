"""The tally of the evening: each player's net, the money, who pays whom, the
duplicate sessions by IMPs or matchpoints, and who sat out."""

from __future__ import annotations

from datetime import datetime

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.evening.tally import Tally, tally
from bridgepad.core.evening.tally_view import TableView, view
from bridgepad.core.evening.windows import Window, since, window_start
from bridgepad.core.rules.settlement import StakeError, read_stake, rounding_unit
from bridgepad.services.history import History
from bridgepad.services.session import Session
from bridgepad.store.errors import SaveError
from bridgepad.tui import keys, looks
from bridgepad.tui.closing import close
from bridgepad.tui.forms.form import FormField, enter_field
from bridgepad.tui.telling import tell_each
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.net_chart import NetChart
from bridgepad.tui.widgets.reading import Partial, Progressed, Read, Reading, read_in_background

CHART_ROWS = 8


class TallyTable(DataTable[Text], can_focus=False):
    """A table of the tally: shown, not browsed (the page around it scrolls)."""

    def signed(self, value: int) -> Style | str:
        """A figure won (above 0) or lost (below), in the theme's colours."""
        return looks.rich_style(looks.GAIN if value > 0 else looks.LOSS) if value else ""


class TallyScreen(Screen[None]):
    CSS_PATH = "tally_screen.tcss"
    KEY_SECTION = "tally"
    # The page, not the stake's field: a key pressed as the screen opens is the tally's, never typed into the stake.
    AUTO_FOCUS = "#tally-body"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.read_only = session.read_only
        self.window = Window.TONIGHT
        self.prefs = session.files.tally_preferences()
        self.rounding = self.prefs.rounding
        self.stake = self.prefs.stake
        self.people = session.files.people()  # names merged as one person (bridgepad players)
        self.results: list[GameSummary] = []  # read when mounted (reading.py)
        self.data_shown = False  # the figures read and on screen: what a test of the screen waits for
        self.reading = False  # the games are being read in the background: what is shown is of those so far

    def compose(self) -> ComposeResult:
        yield Label("", id="tally-title")
        with Horizontal(id="stake-row"):
            yield Label("Stake per 100 points ", classes="field-label")
            yield FormField(
                value="" if self.stake is None else str(self.stake), id="stake", placeholder="none", on_submit=self._stake
            )
        yield Label("", id="stake-error", markup=False)
        yield Reading(id="tally-reading")
        # The whole page scrolls, from the players down to the chart's axis and legend.
        with VerticalScroll(id="tally-body"):
            yield TallyTable(id="tally", zebra_stripes=True, show_cursor=False)
            yield Static(id="payments")
            yield TallyTable(id="duplicate", zebra_stripes=True, show_cursor=False)
            yield NetChart(id="chart")
        yield KeyFooter()

    @property
    def history(self) -> History:
        return self.session.files.history()

    def on_mount(self) -> None:
        tell_each(self.app, [*self.prefs.problems, *self.people.problems])
        self.query_one("#tally-body", VerticalScroll).focus()
        if self.history.quick():
            self.results = self.history.summaries()
            self.refresh_tally()
        else:
            self.query_one("#tally-title", Label).update(Text(" Tally · reading the games… ", style="bold"))
            self.reading = True
            read_in_background(self, self.history, lambda h, progress, partial: h.summaries(progress, partial=partial))
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_tally())

    def on_progressed(self, message: Progressed) -> None:
        self.query_one("#tally-reading", Reading).show(message.done, message.total)

    def on_partial(self, message: Partial) -> None:
        """The tally of the games read so far, while the rest are read."""
        self.results = message.result
        self.refresh_tally()

    def on_read(self, message: Read) -> None:
        self.query_one("#tally-reading", Reading).display = False
        self.reading = False
        self.results = message.result
        self.refresh_tally()

    def compute(self) -> Tally:
        start = window_start(self.window, datetime.now().astimezone(), self.results)
        return tally(since(self.people.merges.apply(self.results), start), rounding_unit(self.rounding), self.stake)

    def refresh_tally(self) -> None:
        v = view(self.compute())
        self.query_one("#tally-title", Label).update(
            Text(f" Tally · {self.window.label} · {v.count} · {v.rounding} · {v.stake} ", style="bold")
        )
        self._fill(self.query_one("#tally", TallyTable), v.games)
        pay = Text()
        if v.payments:
            pay.append("To settle:\n", style="bold")
            for payment in v.payments:
                pay.append(f"  {payment}\n")
        elif v.settled:
            pay.append(f"{v.settled}\n", style="italic")
        for line in v.notes:
            pay.append(f"{line}\n", style="italic")
        self.query_one("#payments", Static).update(pay)
        # The duplicate sessions, by IMPs and matchpoints (not points, not money): only when there are some.
        sessions = self.query_one("#duplicate", TallyTable)
        sessions.display = bool(v.sessions.lines)
        self._fill(sessions, v.sessions if v.sessions.lines else None)
        names = [p.name for p in v.tally.players]
        # Eight rows at 80x24; a taller screen gives the chart its extra rows (28 at 50 rows).
        height = max(CHART_ROWS, self.size.height - 22)
        self.query_one("#chart", NetChart).show(v.tally.running, names, width=max(30, self.size.width - 4), height=height)
        self.data_shown = not self.reading

    def _fill(self, table: TallyTable, part: TableView | None) -> None:
        """One of the view's tables drawn (None: emptied), the figures won and lost in the theme's colours."""
        table.clear(columns=True)
        if part is None:
            return
        table.add_column(part.heading, width=part.name_width)
        for column in part.columns:
            table.add_column(column.title, width=column.width)
        for line in part.lines:
            style = table.signed(line.net)
            cells = [Text(line.name)]
            cells += [Text(cell, style=style if c.signed else "") for c, cell in zip(part.columns, line.cells)]
            table.add_row(*cells)

    def action_window(self) -> None:
        self.window = self.window.next
        self.refresh_tally()

    def action_rounding(self) -> None:
        self.rounding = not self.rounding
        self._save_prefs()
        self.refresh_tally()

    def action_stake(self) -> None:
        enter_field(self.query_one("#stake", Input))

    def _stake(self, value: str) -> None:
        """Enter in the stake field, at once: the keys typed after it are the tally's again."""
        error = self.query_one("#stake-error", Label)
        try:
            self.stake = read_stake(value)
        except StakeError as e:
            error.update(str(e))
            error.display = True
            return
        error.update("")
        error.display = False
        self._save_prefs()
        self.set_focus(self.query_one("#tally-body", VerticalScroll))
        self.refresh_tally()

    def _save_prefs(self) -> None:
        if self.read_only:
            return
        try:
            self.session.files.save_tally_preferences(self.rounding, self.stake)
        except SaveError:
            pass  # a preference only: the tally on screen is right either way

    def action_close(self) -> None:
        stake = self.query_one("#stake", Input)
        if stake.has_focus:
            # Escape backs out of the stake field first, leaving the stake as it was.
            stake.value = "" if self.stake is None else str(self.stake)
            self.query_one("#stake-error", Label).display = False
            self.set_focus(self.query_one("#tally-body", VerticalScroll))
            return
        close(self, None)
