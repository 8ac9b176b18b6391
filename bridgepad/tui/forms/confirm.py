"""A yes-or-no question before a change that a player should not make by accident."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from bridgepad.tui import keys
from bridgepad.tui.closing import close


class Confirm(ModalScreen[bool]):
    CSS_PATH = "confirm.tcss"
    KEY_SECTION = "confirm"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Label(self.question, id="question", markup=False)
            if self.detail:
                yield Label(self.detail, id="detail", markup=False)
            yield Label(self.answer_keys(), id="answer-keys", markup=False)

    def answer_keys(self) -> str:
        """``y or Enter: yes · n or Esc: no``, as the keys are bound now."""
        keymap = keys.keymap_of(self.app)
        yes, no = keys.KEYS_BY_ID["confirm.yes"], keys.KEYS_BY_ID["confirm.no"]
        return f"{keys.key_text(keys.keys_of(yes, keymap))}: yes · {keys.key_text(keys.keys_of(no, keymap))}: no"

    def action_answer(self, yes: bool) -> None:
        close(self, yes)
