"""The tally of the evening: each player's net, the money, and who pays whom."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from bridgepad.core.tally import Tally, Window, since, tally
from bridgepad.history import History
from bridgepad.store import Store
from bridgepad.tui import keys, looks
from bridgepad.tui.closing import close
from bridgepad.tui.key_footer import KeyFooter
from bridgepad.tui.net_chart import NetChart


def parse_stake(text: str) -> Decimal | None:
    """``0.10`` or ``1`` per 100 points; empty for no stake. Raises ValueError with a sentence."""
    t = text.strip().replace(",", ".")
    if not t:
        return None
    try:
        stake = Decimal(t)
    except InvalidOperation:
        raise ValueError("The stake is an amount per 100 points, such as 0.10 or 1; leave it empty for none.") from None
    if not stake.is_finite() or stake < 0 or stake > 1_000_000:
        raise ValueError("The stake is an amount per 100 points from 0 up, such as 0.10 or 1.")
    return stake


class TallyTable(DataTable[Text], can_focus=False):
    """The players' table: shown, not browsed (the page around it scrolls)."""

    def signed(self, value: int) -> Style | str:
        """A figure won (above 0) or lost (below), in the theme's colours."""
        return looks.rich_style(looks.GAIN if value > 0 else looks.LOSS) if value else ""


class TallyScreen(Screen[None]):
    CSS_PATH = "tally_screen.tcss"
    KEY_SECTION = "tally"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, store: Store, read_only: bool = False) -> None:
        super().__init__()
        self.store = store
        self.read_only = read_only
        self.window = Window.TODAY
        self.rounding, stake_text = store.load_tally_prefs()
        try:
            self.stake = parse_stake(stake_text)
        except ValueError:
            self.stake = None
        self.results = History(store, read_only=read_only).results()

    def compose(self) -> ComposeResult:
        yield Label("", id="tally-title")
        with Horizontal(id="stake-row"):
            yield Label("Stake per 100 points ", classes="field-label")
            yield Input(value="" if self.stake is None else str(self.stake), id="stake", placeholder="none")
        yield Label("", id="stake-error", markup=False)
        # The whole page scrolls, from the players down to the chart's axis and legend.
        with VerticalScroll(id="tally-body"):
            yield TallyTable(id="tally", zebra_stripes=True, show_cursor=False)
            yield Static(id="payments")
            yield NetChart(id="chart")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#tally-body", VerticalScroll).focus()
        self.refresh_tally()
        self.app.theme_changed_signal.subscribe(self, lambda _: self.refresh_tally())

    def compute(self) -> Tally:
        chosen = since(self.results, self.window.start())
        return tally(chosen, 100 if self.rounding else None, self.stake)

    def refresh_tally(self) -> None:
        t = self.compute()
        rounding = "rounded to 100" if self.rounding else "exact margins"
        stake = f"{self.stake} per 100" if self.stake is not None else "no stake"
        games = f"{t.games} game{'s' if t.games != 1 else ''}"
        if t.in_play:
            games += f" (+{t.in_play} in play)"
        self.query_one("#tally-title", Label).update(
            Text(f" Tally · {self.window.label} · {games} · {rounding} · {stake} ", style="bold")
        )
        table = self.query_one("#tally", TallyTable)
        table.clear(columns=True)
        table.add_column("Player", width=24)
        table.add_column("Games", width=5)
        table.add_column("Points", width=8)
        table.add_column("Money", width=10)
        for p in t.players:
            name = p.name + (" (each)" if p.pair else "")
            money = "" if p.money is None else f"{p.money:+,.2f}"
            style = table.signed(p.points)
            table.add_row(Text(name), Text(str(p.games)), Text(f"{p.points:+,}", style=style), Text(money, style=style))
        pay = Text()
        if t.payments:
            pay.append("To settle:\n", style="bold")
            for payment in t.payments:
                pay.append(f"  {payment.text}\n")
        elif t.games:
            pay.append("All square: nobody pays.\n", style="italic")
        self.query_one("#payments", Static).update(pay)
        names = [p.name for p in t.players]
        self.query_one("#chart", NetChart).show(t.running, names, width=max(30, self.size.width - 4))

    def action_window(self) -> None:
        self.window = self.window.next
        self.refresh_tally()

    def action_rounding(self) -> None:
        self.rounding = not self.rounding
        self._save_prefs()
        self.refresh_tally()

    def action_stake(self) -> None:
        self.query_one("#stake", Input).focus()

    @on(Input.Submitted, "#stake")
    def _stake(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one("#stake-error", Label)
        try:
            self.stake = parse_stake(event.value)
        except ValueError as e:
            error.update(str(e))
            error.display = True
            return
        error.update("")
        error.display = False
        self._save_prefs()
        self.query_one("#tally-body", VerticalScroll).focus()
        self.refresh_tally()

    def _save_prefs(self) -> None:
        if self.read_only:
            return
        try:
            self.store.save_tally_prefs(self.rounding, "" if self.stake is None else str(self.stake))
        except OSError:
            pass  # a preference only: the tally on screen is right either way

    def action_close(self) -> None:
        stake = self.query_one("#stake", Input)
        if stake.has_focus:
            # Escape backs out of the stake field first, leaving the stake as it was.
            stake.value = "" if self.stake is None else str(self.stake)
            self.query_one("#stake-error", Label).display = False
            self.query_one("#tally-body", VerticalScroll).focus()
            return
        close(self, None)
