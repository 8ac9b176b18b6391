"""The contract-entry form: contract, declarer, result, honors; a live preview; Enter records."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from bridgepad.core.model import Hand, Side
from bridgepad.core.readers.entry import FormReading, read_form
from bridgepad.core.rules.game import GameOverError, GameState, HandOutcome
from bridgepad.core.rules.kinds.several_tables.entering import EntryRefused, check_why
from bridgepad.core.rules.modes.base import FIELD_HINTS, FIELD_LABELS
from bridgepad.core.words.summary import making_note, outcome_lines
from bridgepad.tui import keys
from bridgepad.tui.closing import open_screen
from bridgepad.tui.forms.confirm import Confirm
from bridgepad.tui.forms.form import FormParts, enter_field

Preview = Callable[[Hand], tuple[HandOutcome, GameState]]
# What Enter does with a hand read whole and the reason typed (a director's correction): the
# errors by field if it was refused, the form staying open as it was typed; {} once it is done.
Accept = Callable[[Hand, str], dict[str, str]]
Describe = Callable[[HandOutcome, GameState, Side], list[str]]  # the preview's lines for a hand read whole

HINTS = {**FIELD_HINTS, "why": "why the result changes: it is written down with it"}
LABELS = {**FIELD_LABELS, "why": "Reason"}


class EntryForm(FormParts, Vertical):
    """A widget of the pad's screen, at its foot, over the pad's keys: it gives the hand
    typed to ``done``, or None when cancelled with Escape.

    Composed once and shown again for every hand (``open``), in place: no screen is
    pushed or styled at ``+``, and the pad stays in view above it. Only the fields the
    game takes are there (honors, or the other tables at duplicate); they change when a
    game of another kind begins.
    """

    KEY_SECTION = "form"
    # Tab moves on at once, before the keys typed after it are read (key_order.py).
    BINDINGS = keys.bindings(KEY_SECTION)
    DISCARD_QUESTION = "Throw away the hand you typed?"

    def __init__(self) -> None:
        super().__init__(id="entry-form")
        self.form_title = ""
        self.preview_fn: Preview = _no_preview
        self.before: GameState | None = None
        self.values: dict[str, str] = {}
        self.we = Side.NS
        self.honors_on = True
        self.others_on = False
        self.board: int | None = None
        self.fields = ["contract", "declarer", "result"]
        self._rows: list[str] = []  # the fields composed now
        self.shown_errors: set[str] = set()
        self._shown: dict[str, tuple[str, bool, bool]] = {}
        self._as_opened = {}
        self._done: Callable[[Hand | None], None] | None = None
        self._accept: Accept | None = None
        self._describe: Describe = outcome_lines
        # The forms' styles are the app's, read once the pad is painted (app.py); a form
        # made before that reads them now.
        try:
            load = getattr(self.app, "load_later_css", None)
        except RuntimeError:  # Textual's NoActiveAppError: made outside an app
            load = None
        if load is not None:
            load()

    @property
    def is_open(self) -> bool:
        return self._done is not None

    def open(
        self,
        title: str,
        preview: Preview,
        *,
        values: dict[str, str] | None = None,
        we: Side = Side.NS,
        honors_on: bool = True,
        others_on: bool = False,
        before: GameState | None = None,
        reason: bool = False,
        accept: Accept | None = None,
        describe: Describe = outcome_lines,
        done: Callable[[Hand | None], None] | None = None,
    ) -> EntryForm:
        """Shows the form for a hand: its title, its fields and what they hold, the focus in
        the contract, its text selected; ``done`` gets the hand, or None.

        ``before``: the state the hand goes into, for saying whether a contract would make game.
        ``reason``: a field for why (a director's correction), read by the core's rule for it;
        ``accept``: what Enter does with the hand and the reason before the form closes, the form
        staying open, as typed, with the errors it gives beside their fields; ``describe``: the
        preview's lines for a hand (what the hand writes in the game, by default)."""
        self._done = done or (lambda hand: None)
        self._accept = accept
        self._describe = describe
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
        if reason:
            self.fields.append("why")
        self.shown_errors = set()
        if self.is_mounted:
            self._fill()
        return self

    def _finish(self, hand: Hand | None) -> None:
        """Hidden, and the hand (or None) handed on, before the next key is read."""
        done, self._done = self._done, None
        self.display = False
        if done is not None:
            done(hand)

    def action_cancel(self) -> None:
        if not self.changed():
            self._finish(None)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._finish(None)

        open_screen(self.app, Confirm(self.DISCARD_QUESTION, "Answer no to go back to the form as you left it."), answered)

    def compose(self) -> ComposeResult:
        # The title and the keys stay in view; the fields and the preview scroll between them.
        with Vertical(id="form", classes="form-box"):
            yield Label(self.form_title, id="form-title", classes="form-title", markup=False)
            with VerticalScroll(id="form-body", classes="form-body", can_focus=False):
                with Grid(id="fields", classes="form-fields"):
                    for name in self.fields:
                        yield from self._row(name)
                yield Static(id="preview")
            yield Label(self.keys_line("records"), id="form-keys", classes="form-keys", markup=False)

    def _row(self, name: str) -> ComposeResult:
        return self.field_row(LABELS[name], HINTS[name], self.values.get(name, ""), field_id=name, hint_id=f"{name}-error")

    def on_mount(self) -> None:
        self._rows = list(self.fields)
        self._fill()

    def _fill(self) -> None:
        """The fields this hand takes, holding its values, the first one to be focused."""
        self._show("#form-title", self.form_title, plain=True)
        if self._rows != self.fields:
            # Another game's fields (honors, or the other tables): the rows after the
            # first three are made again. Rare: when a game of another kind begins.
            grid = self.query_one("#fields", Grid)
            for name in self._rows[3:]:
                for widget in (self.query_one(f"#{name}"), self.query_one(f"#{name}-error")):
                    index = grid.children.index(widget)
                    if widget.id == name:
                        grid.children[index - 1].remove()  # its label
                    widget.remove()
            grid.mount_all([w for name in self.fields[3:] for w in self._row(name)])
            self._rows = list(self.fields)
        for name in self.fields:
            self.query_one(f"#{name}", Input).value = self.values.get(name, "")
        self.display = True
        # Entering the first field selects its text, so that typing replaces an edited hand's contract.
        enter_field(self.query_one("#contract", Input))
        self._as_opened = self._typed()
        self.refresh_preview()

    def _typed(self) -> dict[str, str]:
        return self.field_values()

    def field_values(self) -> dict[str, str]:
        return {name: self.query_one(f"#{name}", Input).value for name in self.fields}

    def reading(self) -> FormReading:
        values = self.field_values()
        reading = read_form(values, we=self.we, honors_on=self.honors_on, others_on=self.others_on, board=self.board)
        if "why" in self.fields:
            try:
                check_why(values["why"])
            except EntryRefused as e:
                reading.errors["why"] = str(e)
        return reading

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if self.is_open:  # a change from the hand before, read after it was recorded: nothing to show
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
        except GameOverError as e:
            self._show("#preview", f"This hand cannot go here: {e}.", error=True)
            return
        self._show("#preview", "\n".join(self._describe(outcome, after, self.we)))

    def _show(self, selector: str, text: str, *, error: bool = False, hint: bool = False, plain: bool = False) -> None:
        """Updates a label only when its words change: a repaint per keystroke is what costs.
        ``plain``: a label with no hint or error style (the title)."""
        key = (text, error, hint)
        before = self._shown.get(selector)
        if before == key:
            return
        self._shown[selector] = key
        widget = self.query_one(selector, Static)
        # As many lines as before, none of them wrapped: the form keeps its height, and only
        # this label is painted again, not the form laid out anew (most keys typed).
        width = widget.content_size.width
        same_height = (
            before is not None
            and width > 0
            and before[0].count("\n") == text.count("\n")
            and all(cell_len(line) <= width for line in (*before[0].split("\n"), *text.split("\n")))
        )
        widget.update(Text(text), layout=not same_height)
        if plain:
            return
        widget.set_class(error, "field-error")
        widget.set_class(hint or (not error and selector != "#preview"), "field-hint")

    def action_submit(self) -> None:
        if not self.is_open:  # a second Enter, read after the first recorded the hand
            return
        reading = self.reading()
        if reading.ok:
            assert reading.hand is not None
            try:
                self.preview_fn(reading.hand)
            except GameOverError as e:
                self._show("#preview", f"This hand cannot go here: {e}.", error=True)
                return
            if self._accept is not None:
                refused = self._accept(reading.hand, self.field_values().get("why", ""))
                if refused:
                    self._refused(refused)
                    return
            self._finish(reading.hand)
            return
        self.shown_errors = set(reading.errors)
        self.refresh_preview()
        for name in self.fields:
            if name in reading.errors:
                enter_field(self.query_one(f"#{name}", Input))
                break

    def _refused(self, errors: dict[str, str]) -> None:
        """What ``accept`` refused, beside its field (or under the preview), the form as it was typed."""
        for name in self.fields:
            if name in errors:
                self._show(f"#{name}-error", errors[name], error=True)
                enter_field(self.query_one(f"#{name}", Input))
                break
        rest = [why for name, why in errors.items() if name not in self.fields]
        if rest:
            self._show("#preview", " ".join(rest), error=True)


def _no_preview(hand: Hand) -> tuple[HandOutcome, GameState]:
    raise ValueError("no game to score it in")
