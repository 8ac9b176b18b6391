"""An old game's pad, exactly as it was drawn at the table, to look at only.

A game of several tables is shown as the laptop showed it (the tables, the travellers,
the ranking, the changes and the guide cards, the keys 1 to 5 and ← →), with nothing to change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.screen import Screen

from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import GameState
from bridgepad.store.game_store import StoredGame
from bridgepad.tui import keys
from bridgepad.tui.closing import close
from bridgepad.tui.widgets.game_view import GameView
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.status_bar import StatusBar

# Loaded when first used: a game of several tables' view, and the export's dialog.
if TYPE_CHECKING:
    from bridgepad.tui.forms import export_dialog
    from bridgepad.tui.widgets import tables_view
else:
    export_dialog = lazy("bridgepad.tui.forms.export_dialog")
    tables_view = lazy("bridgepad.tui.widgets.tables_view")

# Of a game of several tables' keys, those that only look.
LOOKING = frozenset({"view", "board"})


class ReviewScreen(Screen[None]):
    KEY_SECTION = "review"
    BINDINGS = keys.bindings(KEY_SECTION) + keys.bindings("tables", only=LOOKING)

    def __init__(self, stored: StoredGame, state: GameState) -> None:
        super().__init__()
        self.stored = stored
        self.state = state

    @property
    def several(self) -> bool:
        return self.state.session is not None and self.state.session.several is not None

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        if self.several:
            yield tables_view.TablesView(id="review-tables")
        else:
            yield GameView(self.state, id="review", solved=self.stored.solved)
        yield KeyFooter()

    def on_mount(self) -> None:
        started = self.stored.created[:16].replace("T", " ")
        self.query_one(StatusBar).show(self.state, 0, review=f"Review · {started} · read-only")
        if self.state.session is not None and self.state.session.several is not None:
            view = self.query_one(tables_view.TablesView)
            view.show(self.state.session.several)
            view.focus_view()
            return
        self.query_one(GameView).focus_hands()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "explain":
            return not self.several
        return self.several if action in LOOKING else True

    def action_explain(self, pages: int) -> None:
        self.query_one(GameView).scroll_explanation(pages)

    def action_view(self, view: str) -> None:
        self.query_one(tables_view.TablesView).show_view(view)

    def action_board(self, step: int) -> None:
        tables = self.query_one(tables_view.TablesView)
        if tables.view != "boards":
            tables.show_view("boards")
            return
        tables.step_board(step)

    def action_export(self) -> None:
        export_dialog.export_game(self.app, self.stored)

    def action_close(self) -> None:
        close(self, None)
