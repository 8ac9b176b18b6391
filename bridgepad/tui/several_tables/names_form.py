"""The pairs' names in a game of several tables (``N`` on the pad): a field a pair, typed once for the session.

Each field is read as the new-game dialog's names field reads a pair (``Ann & Bob``, or
``Ann and Bob``), by the core's reader; a name that cannot stand is refused beside its field
in the same sentence, and nothing typed is lost.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Input, Label

from bridgepad.core.readers.several_tables_setup import names_by_pair, read_pair_fields
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables
from bridgepad.tui.closing import close
from bridgepad.tui.forms.form import FieldForm, enter_field

HINT = "Ann & Bob; may stay empty"


class NamesForm(FieldForm[SeveralTables]):
    """Returns the game's inputs with the names typed, or None on Escape."""

    DISCARD_QUESTION = "Throw away the names you typed?"

    def __init__(self, inputs: SeveralTables) -> None:
        super().__init__()
        self.inputs = inputs
        self.pairs = inputs.setup.movement().pairs
        self.values = names_by_pair(inputs)

    def compose(self) -> ComposeResult:
        with Vertical(id="names-form", classes="form-box"):
            yield Label("The pairs' names · each typed once for the session", classes="form-title", markup=False)
            with VerticalScroll(classes="form-body", can_focus=False), Grid(id="names-fields", classes="form-fields"):
                for pair in self.pairs:
                    yield from self.field_row(
                        pair.label, HINT, self.values.get(pair.key, ""), field_id=f"f-{pair.key}", hint_id=f"m-{pair.key}"
                    )
            yield Label(self.keys_line("saves"), classes="form-keys", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        enter_field(self.query_one(f"#f-{self.pairs[0].key}", Input))

    def action_submit(self) -> None:
        typed = {p.key: self.query_one(f"#f-{p.key}", Input).value for p in self.pairs}
        errors: dict[str, str] = {}
        names = read_pair_fields(typed, self.pairs, errors)
        for pair in self.pairs:
            self.show_message(self.query_one(f"#m-{pair.key}", Label), errors.get(pair.key, ""), HINT)
        if errors:
            first = next(p for p in self.pairs if p.key in errors)
            enter_field(self.query_one(f"#f-{first.key}", Input))
            return
        close(self, self.inputs.with_names(names))
