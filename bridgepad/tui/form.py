"""What every form shares, so that they all behave alike.

A hand, a new game, the rules and an export are typed the same way: entering a field
selects its text (typing replaces it: ``1c`` over ``pass`` is ``1c``), Tab and
shift+Tab move between the fields before the next key is read, Enter does the form's
work (``action_submit``), and Escape backs out, asking first when something typed would
be lost. Every field is a ``FormField``: Enter in it does the form's work at once, in
order after the keys typed before it.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TypeVar

from textual.screen import ModalScreen
from textual.widgets import Input

from bridgepad.tui import keys
from bridgepad.tui.closing import close

ResultT = TypeVar("ResultT")


class FormField(Input):
    """A form's field. Enter calls the form straight away, in the field's own turn, so it
    is read after every key typed before it; as a message it would climb through the
    form's containers and reach the form only some turns later."""

    async def action_submit(self) -> None:
        screen = self.screen
        if isinstance(screen, FormScreen):
            screen.action_submit()
        else:
            await super().action_submit()


class FormScreen(ModalScreen[ResultT]):
    KEY_SECTION = "form"
    # Tab moves on at once, before the keys typed after it are read: a quick typist's
    # "4s<Tab>n" must not land "n" in the contract field.
    BINDINGS = keys.bindings(KEY_SECTION)
    # The question Escape asks when typing would be lost; each form words what it holds.
    DISCARD_QUESTION = "Throw away what you typed?"

    def __init__(self) -> None:
        super().__init__()
        self._as_opened: dict[str, str] = {}

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

    def keys_line(self, enter_does: str) -> str:
        """``Enter records · Tab next field · Esc cancels``, with the keys as bound now."""
        keymap = keys.keymap_of(self.app)
        nxt, cancel = (keys.key_text(keys.keys_of(keys.KEYS_BY_ID[f"form.{k}"], keymap)) for k in ("next", "cancel"))
        return f"Enter {enter_does} · {nxt} next field · {cancel} cancels"

    def action_cancel(self) -> None:
        if not self.changed():
            close(self, None)
            return
        from bridgepad.tui.confirm import Confirm

        def done(yes: bool | None) -> None:
            if yes:
                close(self, None)

        self.app.push_screen(Confirm(self.DISCARD_QUESTION, "Answer no to go back to the form as you left it."), done)
