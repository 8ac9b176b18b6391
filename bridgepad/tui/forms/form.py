"""What every form shares, so that they all behave alike.

A hand, a new game, the rules and an export are typed the same way: entering a field
selects its text (typing replaces it: ``1c`` over ``pass`` is ``1c``), Tab and
shift+Tab move between the fields before the next key is read, Enter does the form's
work (``action_submit``), and Escape backs out, asking first when something typed would
be lost. Every field is a ``FormField``: Enter in it does the form's work at once, in
order after the keys typed before it.

``FormParts`` is what every form shares: its rows of label, field and hint
(``field_row``), the hint that turns into an error (``show_message``), whether anything
was typed, and its look, written once in ``form.tcss``. ``FieldForm`` is a form of its
own screen (a new game, the rules, an export); the entry form is a widget of the pad's
screen, shown and hidden in place (entry_form.py).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.dom import DOMNode
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static
from textual.widgets.input import Selection

from bridgepad.tui import keys
from bridgepad.tui.closing import close, open_screen
from bridgepad.tui.forms.confirm import Confirm

ResultT = TypeVar("ResultT")


def enter_field(field: Input) -> None:
    """Focuses ``field`` now, its text selected (typing replaces it).

    Not ``Widget.focus``, which focuses a turn later, nor Input's own selection on focus,
    which runs in the field's turn: a key typed meanwhile would go to the field left, or
    be typed and then selected away by the next."""
    field.select_on_focus = False
    field.screen.set_focus(field)
    field.selection = Selection(0, len(field.value))


class FormField(Input):
    """A form's field. Enter calls the form straight away, in the field's own turn, so it
    is read after every key typed before it; as a message it would climb through the
    form's containers and reach the form only some turns later. Its text is selected as
    it is entered, by ``enter_field`` or the key that moved to it (key_order.py)."""

    # Input sets its virtual size to the text's width at every key, and Textual lays out the
    # whole screen when a virtual size changes: most of a typed key's time. A field's place and
    # size never depend on its text (one line, the width its form gives it), and the text's
    # scrolling reads the virtual size when it scrolls, so a change repaints the field alone.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(
        self,
        *args: Any,
        on_submit: Callable[[str], None] | None = None,
        on_change: Callable[[str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        """``on_submit``: what Enter does with the field's text, for a field outside a form.
        ``on_change``: called as the text changes, before the next key (an ``Input.Changed``
        message is read some turns later, after the keys typed meanwhile)."""
        self.on_change = on_change
        super().__init__(*args, select_on_focus=False, **kwargs)
        self.on_submit = on_submit

    def watch_value(self, value: str) -> None:
        if self.on_change is not None and self.is_mounted:
            self.on_change(value)

    async def action_submit(self) -> None:
        if self.on_submit is not None:
            self.on_submit(self.value)
            return
        form = next((node for node in self.ancestors_with_self if isinstance(node, FormParts)), None)
        if form is not None:
            form.action_submit()
        else:
            await super().action_submit()


class FormParts(DOMNode):
    """What every form has, a screen of its own or the entry form in the pad's screen."""

    # The question Escape asks when typing would be lost; each form words what it holds.
    DISCARD_QUESTION = "Throw away what you typed?"

    _as_opened: dict[str, str]

    def _typed(self) -> dict[str, str]:
        return {field.id or "": field.value for field in self.query(Input)}

    def changed(self) -> bool:
        """Whether anything was typed since the form opened (typing it back as it was is no change)."""
        return self._typed() != self._as_opened

    def action_next_field(self) -> None:
        self._step_field(1)

    def action_previous_field(self) -> None:
        self._step_field(-1)

    def _step_field(self, step: int) -> None:
        """Tab and shift+Tab go round the form's fields, the last to the first: a form at the
        foot of the pad would otherwise hand the focus to the hands behind it, and the next key
        typed would land there instead of in a field."""
        fields = [w for w in self.screen.focus_chain if isinstance(w, FormField) and self in w.ancestors]
        if not fields:
            return
        focused = self.screen.focused
        at = fields.index(focused) if focused in fields else (-1 if step > 0 else 0)
        enter_field(fields[(at + step) % len(fields)])

    @abstractmethod
    def action_submit(self) -> None:
        """Enter: what the form is for (record the hand, start the game, export); every form has its own."""

    @staticmethod
    def field_row(
        label: str,
        hint: str,
        value: str,
        *,
        field_id: str,
        hint_id: str,
        suggester: Suggester | None = None,
        label_id: str | None = None,
    ) -> ComposeResult:
        """One row of the form's grid (``.form-fields``): its label, its field, and the hint
        beside it that turns into the field's error."""
        yield Label(label, classes="field-label", id=label_id)
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


class FieldForm(FormParts, ModalScreen[ResultT]):
    """A form on a screen of its own: a new game, the rules, an export."""

    KEY_SECTION = "form"
    # Tab moves on at once, before the keys typed after it are read: a quick typist's
    # "4s<Tab>n" must not land "n" in the contract field.
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self) -> None:
        super().__init__()
        self._as_opened = {}
        # A form's styles are the app's, read once the pad is painted (app.py); a form opened
        # before that reads them now.
        try:
            load = getattr(self.app, "load_later_css", None)
        except RuntimeError:  # Textual's NoActiveAppError: made outside an app: its styles are read as it is shown
            load = None
        if load is not None:
            load()

    def on_mount(self) -> None:
        self._as_opened = self._typed()
        if isinstance(self.focused, Input):  # its AUTO_FOCUS field, focused as it was composed
            enter_field(self.focused)

    def action_cancel(self) -> None:
        if not self.changed():
            close(self, None)
            return

        def done(yes: bool | None) -> None:
            if yes:
                close(self, None)

        open_screen(self.app, Confirm(self.DISCARD_QUESTION, "Answer no to go back to the form as you left it."), done)


# The name the export dialog knows the base by.
FormScreen = FieldForm
