"""An old game's pad, exactly as it was drawn at the table, to look at only.

A game of another kind is reviewed by that kind's screen (``tui.kinds``), made from this one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen

from bridgepad.core.rules.game import GameState
from bridgepad.store.game_store import StoredGame
from bridgepad.tui import keys
from bridgepad.tui.closing import close
from bridgepad.tui.widgets.game_view import GameView
from bridgepad.tui.widgets.key_footer import KeyFooter
from bridgepad.tui.widgets.status_bar import StatusBar


class ReviewScreen(Screen[None]):
    KEY_SECTION = "review"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, stored: StoredGame, state: GameState) -> None:
        super().__init__()
        self.stored = stored
        self.state = state

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield GameView(self.state, id="review", solved=self.stored.solved)
        yield KeyFooter()

    def on_mount(self) -> None:
        started = self.stored.created[:16].replace("T", " ")
        self.query_one(StatusBar).show(self.state, 0, review=f"Review · {started} · read-only")
        self.show_game()

    def show_game(self) -> None:
        self.query_one(GameView).focus_hands()

    def action_explain(self, pages: int) -> None:
        self.query_one(GameView).scroll_explanation(pages)

    def action_export(self) -> None:
        from bridgepad.tui.forms.export_dialog import export_game

        export_game(self.app, self.stored)

    def action_close(self) -> None:
        close(self, None)
