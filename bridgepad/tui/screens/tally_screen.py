"""The tally of the evening: each player's net, the money, who pays whom, the
duplicate sessions by IMPs or matchpoints, and who sat out."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from bridgepad.core.evening.tally import GameResult, Tally, notes, tally
from bridgepad.core.evening.windows import Window, since, window_start
from bridgepad.core.rules.duplicate import imps_figure
from bridgepad.core.rules.settlement import StakeError, read_stake
from bridgepad.core.words.labels import tally_name
from bridgepad.services.history import History
from bridgepad.services.session import Session
from bridgepad.store.errors import SaveError
from bridgepad.tui import keys, looks
from bridgepad.tui.closing import close
from bridgepad.tui.forms.form import FormField, enter_field
from bridgepad.tui.telling import tell_each
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.net_chart import NetChart
from bridgepad.tui.widgets.reading import Progressed, Read, Reading, read_in_background

NAME_WIDTH = 24  # a longer name is cut: the figures beside it matter more


def name_width(names: Iterable[str]) -> int:
    """The names' column: as wide as the longest name (a narrow terminal keeps its figures), at most NAME_WIDTH."""
    return min(NAME_WIDTH, max([9, *(len(n) for n in names)]))


class TallyTable(DataTable[Text], can_focus=False):
    """A table of the tally: shown, not browsed (the page around it scrolls)."""

    def signed(self, value: int) -> Style | str:
        """A figure won (above 0) or lost (below), in the theme's colours."""
        return looks.rich_style(looks.GAIN if value > 0 else looks.LOSS) if value else ""


class TallyScreen(Screen[None]):
    CSS_PATH = "tally_screen.tcss"
    KEY_SECTION = "tally"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.read_only = session.read_only
        self.window = Window.TONIGHT
        self.prefs = session.tally_preferences()
        self.rounding = self.prefs.rounding
        try:
            self.stake = read_stake(self.prefs.stake)
        except StakeError:
            self.stake = None
        self.results: list[GameResult] = []  # read when mounted (reading.py)

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
        return self.session.history()

    def on_mount(self) -> None:
        tell_each(self.app, self.prefs.problems)
        self.query_one("#tally-body", VerticalScroll).focus()
        if self.history.quick():
            self.results = self.history.results()
            self.refresh_tally()
        else:
            self.query_one("#tally-title", Label).update(Text(" Tally · reading the games… ", style="bold"))
            read_in_background(self, self.history, lambda h, progress: h.results(progress))
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_tally())

    def on_progressed(self, message: Progressed) -> None:
        self.query_one("#tally-reading", Reading).show(message.done, message.total)

    def on_read(self, message: Read) -> None:
        self.query_one("#tally-reading", Reading).display = False
        self.results = message.result
        self.refresh_tally()

    def compute(self) -> Tally:
        start = window_start(self.window, datetime.now().astimezone(), self.results)
        return tally(since(self.results, start), 100 if self.rounding else None, self.stake)

    def refresh_tally(self) -> None:
        t = self.compute()
        rounding = "rounded to 100" if self.rounding else "exact margins"
        stake = f"{self.stake} per 100" if self.stake is not None else "no stake"
        games = f"{t.games} game{'s' if t.games != 1 else ''}"
        if t.in_play:
            games += f" (+{t.in_play} in play)"
        if t.sessions:
            games += f", {t.sessions} duplicate"
        self.query_one("#tally-title", Label).update(
            Text(f" Tally · {self.window.label} · {games} · {rounding} · {stake} ", style="bold")
        )
        table = self.query_one("#tally", TallyTable)
        table.clear(columns=True)
        table.add_column("Player", width=name_width(tally_name(p.name, p.pair) for p in t.players))
        table.add_column("Games", width=5)
        if t.rotation:
            table.add_column("Out", width=3)
        table.add_column("Points", width=8)
        table.add_column("Money", width=10)
        for p in t.players:
            name = tally_name(p.name, p.pair)
            money = "" if p.money is None else f"{p.money:+,.2f}"
            style = table.signed(p.points)
            cells = [Text(name), Text(str(p.games))]
            if t.rotation:
                cells.append(Text("" if p.pair else str(p.sat_out)))
            cells += [Text(f"{p.points:+,}", style=style), Text(money, style=style)]
            table.add_row(*cells)
        pay = Text()
        if t.payments:
            pay.append("To settle:\n", style="bold")
            for payment in t.payments:
                pay.append(f"  {payment.text}\n")
        elif t.games:
            pay.append("All square: nobody pays.\n", style="italic")
        for line in notes(t):
            pay.append(f"{line}\n", style="italic")
        self.query_one("#payments", Static).update(pay)
        self._show_duplicate(t)
        names = [p.name for p in t.players]
        self.query_one("#chart", NetChart).show(t.running, names, width=max(30, self.size.width - 4))

    def _show_duplicate(self, t: Tally) -> None:
        """The duplicate sessions, by IMPs and matchpoints: not points, not money."""
        table = self.query_one("#duplicate", TallyTable)
        table.display = bool(t.sessions)
        table.clear(columns=True)
        if not t.sessions:
            return
        table.add_column("Duplicate", width=name_width(tally_name(d.name, d.pair) for d in t.duplicate))
        table.add_column("Sessions", width=8)
        if t.duplicate_rotation:
            table.add_column("Out", width=3)
        table.add_column("IMPs", width=8)
        table.add_column("Matchpoints", width=18)
        for d in t.duplicate:
            cells = [Text(tally_name(d.name, d.pair)), Text(str(d.sessions))]
            if t.duplicate_rotation:
                cells.append(Text("" if d.pair else str(d.sat_out)))
            imps = "" if d.imps is None else imps_figure(d.imps)
            pct = "" if d.percent is None else f"{d.percent:.2f}% ({d.matchpoints}/{d.top})"
            cells += [Text(imps), Text(pct)]
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
            self.session.save_tally_preferences(self.rounding, "" if self.stake is None else str(self.stake))
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
