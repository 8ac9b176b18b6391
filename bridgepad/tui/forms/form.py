"""What every form shares, so that they all behave alike.

A hand, a new game, the rules and an export are typed the same way: entering a field
selects its text (typing replaces it: ``1c`` over ``pass`` is ``1c``), Tab and
shift+Tab move between the fields before the next key is read, Enter does the form's
work (``action_submit``), and Escape backs out, asking first when something typed would
be lost. Every field is a ``FormField``: Enter in it does the form's work at once, in
order after the keys typed before it.

``FieldForm`` is the base of every form: its keys, its rows of label, field and hint
(``field_row``), the hint that turns into an error (``show_message``), and its look,
written once in ``form.tcss``.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from bridgepad.tui import keys
from bridgepad.tui.closing import close

ResultT = TypeVar("ResultT")


class FormField(Input):
    """A form's field. Enter calls the form straight away, in the field's own turn, so it
    is read after every key typed before it; as a message it would climb through the
    form's containers and reach the form only some turns later."""

    async def action_submit(self) -> None:
        screen = self.screen
        if isinstance(screen, FieldForm):
            screen.action_submit()
        else:
            await super().action_submit()


class FieldForm(ModalScreen[ResultT]):
    KEY_SECTION = "form"
    # Tab moves on at once, before the keys typed after it are read: a quick typist's
    # "4s<Tab>n" must not land "n" in the contract field.
    BINDINGS = keys.bindings(KEY_SECTION)
    # The question Escape asks when typing would be lost; each form words what it holds.
    DISCARD_QUESTION = "Throw away what you typed?"

    def __init__(self) -> None:
        super().__init__()
        self._as_opened: dict[str, str] = {}
        # A form's styles are the app's, read once the pad is painted (app.py); a form opened
        # before that reads them now.
        try:
            load = getattr(self.app, "load_later_css", None)
        except RuntimeError:  # Textual's NoActiveAppError: made outside an app: its styles are read as it is shown
            load = None
        if load is not None:
            load()

    def on_mount(self) -> None:
        # Entering a field selects its text: Textual's Input does so unless told not to, and
        # no form here tells it not to (test_tui_forms_alike.py checks each form).
        self._as_opened = self._typed()

    def _typed(self) -> dict[str, str]:
        return {field.id or "": field.value for field in self.query(Input)}

    def changed(self) -> bool:
        """Whether anything was typed since the form opened (typing it back as it was is no change)."""
        return self._typed() != self._as_opened

    @abstractmethod
    def action_submit(self) -> None:
        """Enter: what the form is for (record the hand, start the game, export); every form has its own."""

    @staticmethod
    def field_row(
        label: str, hint: str, value: str, *, field_id: str, hint_id: str, suggester: Suggester | None = None
    ) -> ComposeResult:
        """One row of the form's grid (``.form-fields``): its label, its field, and the hint
        beside it that turns into the field's error."""
        yield Label(label, classes="field-label")
        yield FormField(value=value, id=field_id, suggester=suggester)
        yield Label(hint, id=hint_id, classes="field-hint", markup=False)

    @staticmethod
    def show_message(widget: Static, message: str, hint: str) -> None:
        """The field's error in its place, or its hint when there is none; plain text, never
        markup, since an error may quote what was typed."""
        widget.update(Text(message or hint))
        widget.set_class(bool(message), "field-error")
        widget.set_class(not message, "field-hint")

    def keys_line(self, enter_does: str) -> str:
        """``Enter records · Tab next field · Esc cancels``, with the keys as bound now."""
        keymap = keys.keymap_of(self.app)
        nxt, cancel = (keys.key_text(keys.keys_of(keys.KEYS_BY_ID[f"form.{k}"], keymap)) for k in ("next", "cancel"))
        return f"Enter {enter_does} · {nxt} next field · {cancel} cancels"

    def action_cancel(self) -> None:
        if not self.changed():
            close(self, None)
            return
        from bridgepad.tui.forms.confirm import Confirm

        def done(yes: bool | None) -> None:
            if yes:
                close(self, None)

        self.app.push_screen(Confirm(self.DISCARD_QUESTION, "Answer no to go back to the form as you left it."), done)


# The name the export dialog knows the base by.
FormScreen = FieldForm
