"""The contract-entry form: contract, declarer, result, honors; a live preview; Enter records."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from bridgepad.core.entry import FormReading, read_form
from bridgepad.core.game import GameState, HandOutcome
from bridgepad.core.model import Hand, Side
from bridgepad.core.summary import making_note, outcome_lines
from bridgepad.tui.closing import close
from bridgepad.tui.form import FormField, FormScreen

Preview = Callable[[Hand], tuple[HandOutcome, GameState]]

HINTS = {
    "contract": "4S, 3NTX, 6HXX, or pass",
    "declarer": "N, E, S or W",
    "result": "tricks, or =, +1, -2; a revoke: 9 rev EW 2",
    "honors": "optional: NS 100, EW 150",
    "others": "optional: N-S scores there, e.g. 420 450",
}
LABELS = {
    "contract": "Contract",
    "declarer": "Declarer",
    "result": "Result",
    "honors": "Honors",
    "others": "Other tables",
}


class EntryForm(FormScreen[Hand | None]):
    """Returns the hand typed, or None when cancelled with Escape."""

    CSS_PATH = "entry_form.tcss"
    AUTO_FOCUS = "#contract"
    DISCARD_QUESTION = "Throw away the hand you typed?"

    def __init__(
        self,
        title: str,
        preview: Preview,
        *,
        values: dict[str, str] | None = None,
        we: Side = Side.NS,
        honors_on: bool = True,
        others_on: bool = False,
        before: GameState | None = None,
    ) -> None:
        """``before``: the state the hand goes into, for saying whether a contract would make game."""
        super().__init__()
        self.form_title = title
        self.preview_fn = preview
        self.before = before
        self.values = values or {}
        self.we = we
        self.honors_on = honors_on
        self.others_on = others_on
        # The board the hand goes on (the state it goes into says which): others are checked against it.
        self.board = before.next_deal if others_on and before is not None else None
        self.fields = ["contract", "declarer", "result"]
        if honors_on:
            self.fields.append("honors")
        if others_on:
            self.fields.append("others")
        self.shown_errors: set[str] = set()
        self._shown: dict[str, tuple[str, bool, bool]] = {}

    def compose(self) -> ComposeResult:
        # The title and the keys stay in view; the fields and the preview scroll between them.
        with Vertical(id="form"):
            yield Label(self.form_title, id="form-title", markup=False)
            with VerticalScroll(id="form-body", can_focus=False):
                with Grid(id="fields"):
                    for name in self.fields:
                        yield Label(LABELS[name], classes="field-label")
                        yield FormField(value=self.values.get(name, ""), id=name)
                        yield Label(HINTS[name], id=f"{name}-error", classes="field-hint", markup=False)
                yield Static(id="preview")
            yield Label(self.keys_line("records"), id="form-keys", markup=False)

    def on_mount(self) -> None:
        self.refresh_preview()

    def field_values(self) -> dict[str, str]:
        return {name: self.query_one(f"#{name}", Input).value for name in self.fields}

    def reading(self) -> FormReading:
        return read_form(self.field_values(), we=self.we, honors_on=self.honors_on, others_on=self.others_on, board=self.board)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        self.refresh_preview()

    def refresh_preview(self) -> None:
        reading = self.reading()
        for name in self.fields:
            # Errors appear once the player has pressed Enter, then follow the typing.
            msg = reading.errors.get(name, "") if name in self.shown_errors else ""
            self._show(f"#{name}-error", msg or HINTS[name], error=bool(msg))
        if reading.hand is None:
            if reading.contract is not None and self.before is not None:
                side = reading.declarer.side if reading.declarer is not None else None
                self._show("#preview", making_note(self.before, reading.contract, side))
                return
            self._show("#preview", "Type the contract, declarer and result to see what the hand scores.", hint=True)
            return
        try:
            outcome, after = self.preview_fn(reading.hand)
        except ValueError as e:
            self._show("#preview", f"This hand cannot go here: {e}.", error=True)
            return
        self._show("#preview", "\n".join(outcome_lines(outcome, after, self.we)))

    def _show(self, selector: str, text: str, *, error: bool = False, hint: bool = False) -> None:
        """Updates a label only when its words change: a repaint per keystroke is what costs."""
        key = (text, error, hint)
        if self._shown.get(selector) == key:
            return
        self._shown[selector] = key
        widget = self.query_one(selector, Static)
        widget.update(Text(text))
        widget.set_class(error, "field-error")
        widget.set_class(hint or (not error and selector != "#preview"), "field-hint")

    def action_submit(self) -> None:
        reading = self.reading()
        if reading.ok:
            try:
                self.preview_fn(reading.hand)  # type: ignore[arg-type]
            except ValueError as e:
                self._show("#preview", f"This hand cannot go here: {e}.", error=True)
                return
            close(self, reading.hand)
            return
        self.shown_errors = set(reading.errors)
        self.refresh_preview()
        for name in self.fields:
            if name in reading.errors:
                self.query_one(f"#{name}", Input).focus()
                break
