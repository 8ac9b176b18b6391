"""A yes-or-no question before a change that a player should not make by accident."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label
from bridgepad.tui.closing import close


class Confirm(ModalScreen[bool]):
    CSS_PATH = "confirm.tcss"
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Label(self.question, id="question", markup=False)
            if self.detail:
                yield Label(self.detail, id="detail", markup=False)
            yield Label("[b]y[/b] or Enter: yes    [b]n[/b] or Esc: no", id="answer-keys")

    def action_answer(self, yes: bool) -> None:
        close(self, yes)
