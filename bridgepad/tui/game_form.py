"""The new-game dialog (``n``) and the settings screen (``s``): typed fields, like the entry form."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Input, Label

from bridgepad.core.new_game import CHOICES, GAME_FIELDS, RULE_FIELDS, NewGameReading, read_new_game, read_rules
from bridgepad.core.settings import Settings
from bridgepad.tui.closing import close
from bridgepad.tui.form import FormField, FormScreen

LABELS = {
    "mode": "Mode",
    "dealer": "First dealer",
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
    "honors": "Honors",
    "chicago_vulnerable": "Chicago 2 & 3",
    "chicago_part_score": "Part scores",
    "pass_word": "Pass word",
    "we": "We are",
    "next_dealer": "Next dealer",
}
# The choices are worded by the core, which words their errors the same way.
HINTS = {
    "dealer": "N, E, S or W (duplicate: by board)",
    "N": "optional name",
    "E": "optional name",
    "S": "optional name",
    "W": "optional name",
    **CHOICES,
}


class GameForm(FormScreen[NewGameReading | Settings | None]):
    """``new``: returns a NewGameReading with the game to start; ``settings``: the new defaults."""

    CSS_PATH = "game_form.tcss"

    def __init__(self, kind: str, title: str, values: dict[str, str]) -> None:
        super().__init__()
        self.kind = kind
        self.form_title = title
        self.values = values
        self.fields = GAME_FIELDS if kind == "new" else RULE_FIELDS
        self.DISCARD_QUESTION = "Throw away the changes to this game?" if kind == "new" else "Throw away the changes to the rules?"

    def compose(self) -> ComposeResult:
        # The title and the keys stay in view; the fields scroll between them on a short terminal.
        with Vertical(id="game-form"):
            yield Label(self.form_title, id="game-form-title", markup=False)
            with VerticalScroll(id="game-fields-scroll", can_focus=False):
                with Grid(id="game-fields"):
                    for name in self.fields:
                        yield Label(LABELS[name], classes="field-label")
                        yield FormField(value=self.values.get(name, ""), id=f"f-{name}")
                        yield Label(HINTS[name], id=f"m-{name}", classes="field-hint", markup=False)
            yield Label(self.keys_line("saves"), id="game-form-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(f"#f-{self.fields[0]}", Input).focus()

    def field_values(self) -> dict[str, str]:
        return {name: self.query_one(f"#f-{name}", Input).value for name in self.fields}

    def _read(self) -> tuple[NewGameReading | Settings | None, dict[str, str]]:
        values = self.field_values()
        if self.kind == "new":
            reading = read_new_game(values)
            return (reading if reading.game else None), reading.errors
        errors: dict[str, str] = {}
        settings = read_rules(values, errors)
        return settings, errors

    def action_submit(self) -> None:
        result, errors = self._read()
        for name in self.fields:
            label = self.query_one(f"#m-{name}", Label)
            msg = errors.get(name, "")
            label.update(msg or HINTS[name])
            label.set_class(bool(msg), "field-error")
            label.set_class(not msg, "field-hint")
        if result is not None and not errors:
            close(self, result)
            return
        for name in self.fields:
            if name in errors:
                self.query_one(f"#f-{name}", Input).focus()
                break
