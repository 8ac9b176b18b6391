"""An old evening of several tables, shown as the laptop showed it (the tables, the
travellers, the ranking, the changes and the guide cards, the keys 1 to 5 and ← →), to look
at only: the history's review of a game of this kind."""

from __future__ import annotations

from textual.app import ComposeResult

from bridgepad.core.rules.game import GameState
from bridgepad.store.game_store import StoredGame
from bridgepad.tui import keys
from bridgepad.tui.screens.review_screen import ReviewScreen
from bridgepad.tui.several_tables.tables_view import TablesView
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.status_bar import StatusBar

# Of the tables' keys, those that only look.
LOOKING = frozenset({"view", "board"})


class TablesReviewScreen(ReviewScreen):
    BINDINGS = keys.bindings("tables", only=LOOKING)

    def __init__(self, stored: StoredGame, state: GameState) -> None:
        super().__init__(stored, state)
        assert state.session is not None and state.session.several is not None
        self.several = state.session.several

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield TablesView(id="review-tables")
        yield KeyFooter()

    def show_game(self) -> None:
        view = self.query_one(TablesView)
        view.show(self.several)
        view.focus_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "explain"  # no hand of its own to explain

    def action_view(self, view: str) -> None:
        self.query_one(TablesView).show_view(view)

    def action_board(self, step: int) -> None:
        tables = self.query_one(TablesView)
        if tables.view != "boards":
            tables.show_view("boards")
            return
        tables.step_board(step)
