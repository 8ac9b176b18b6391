"""The pad beside the hands of the game and the explanation of the selected one.

Used by the score pad and, read-only, by the history's review of an old game.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.rules.game import GameState
from bridgepad.tui.widgets.explanation import Explanation
from bridgepad.tui.widgets.hand_list import HandList
from bridgepad.tui.widgets.pad_view import PadHead, PadView


class PadScroll(VerticalScroll, can_focus=False):
    """Scrolls a long pad; never takes the focus, so the arrows always move through the hands."""


class ExplainScroll(VerticalScroll, can_focus=False):
    """Scrolls an explanation taller than its room (a board's cards on a small screen), by
    shift+arrows or the wheel; never takes the focus, for the same reason."""


# From this width the explanation stands beside the hand list, and the pad's cells are roomier:
# on a big screen the rows below a short list would otherwise stay empty.
WIDE = 150


class GameView(Horizontal):
    DEFAULT_CLASSES = "game-view"

    def __init__(self, state: GameState | None = None, *, id: str | None = None, solved: Solved | None = None) -> None:
        super().__init__(id=id)
        self.state = state
        self.solved: Solved = solved or {}  # the double-dummy cache of the game's boards
        self._explained: tuple[int | None, object] = (None, None)  # the row explained, and its hand

    def compose(self) -> ComposeResult:
        with Vertical(classes="pad-column"):
            yield PadHead(classes="pad-head")
            with PadScroll(classes="pad-scroll"):
                yield PadView(classes="pad")
        with Vertical(classes="right"):
            yield HandList(classes="hands")
            with ExplainScroll(classes="explain"):
                yield Explanation()

    def on_mount(self) -> None:
        if self.state is not None:
            self.show(self.state, select_last=True)

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= WIDE
        if wide != self.has_class("wide"):
            self.set_class(wide, "wide")
            self.query_one(PadView).roomy = wide
            self._fit_hands()
            self.refresh_selection()

    def _fit_hands(self) -> None:
        """On a big screen the hand list is as wide as its roomy columns, and the explanation
        beside it has the rest: a list stretched across the screen set its columns far apart
        and left the explanation wrapping in a narrow column."""
        hl = self.query_one(HandList)
        width = hl.roomy_width(self.state) if self.state is not None and self.has_class("wide") else None
        if hl.styles.width != width:
            hl.styles.width = width

    def focus_hands(self) -> None:
        self.query_one(HandList).focus()

    def show(self, state: GameState, select_last: bool = False, solved: Solved | None = None) -> None:
        self.state = state
        if solved is not None:
            self.solved = solved
        hl = self.query_one(HandList)
        self._fit_hands()
        hl.show(state, select=len(state.hands) - 1 if select_last and state.hands else None)
        self.refresh_selection()
        self.query_one(PadScroll).scroll_end(animate=False)

    def selected(self) -> int | None:
        """The selected row: a hand's index, or one past the last hand for the bonus row."""
        if self.state is None:
            return None
        hl = self.query_one(HandList)
        if not hl.row_count:
            return None
        row = hl.cursor_row
        return row if 0 <= row < hl.row_count else hl.row_count - 1

    def selected_hand(self) -> int | None:
        """The index of the selected hand, or None when none (or the bonus row) is selected."""
        row = self.selected()
        if row is None or self.state is None or row >= len(self.state.hands):
            return None
        return row

    def refresh_selection(self) -> None:
        if self.state is None:
            return
        sel = self.selected()
        self.query_one(PadHead).show(self.query_one(PadView).show(self.state, sel, self.solved))
        self.query_one(Explanation).show(self.state, sel, self.solved)
        # A new hand's words from their start (another row, or its hand changed); not when the same
        # hand's words grow (its board solved meanwhile): the page a player scrolled to stays.
        hands = self.state.hands
        explained = (sel, hands[sel].hand if sel is not None and sel < len(hands) else None)
        if explained != self._explained:
            self._explained = explained
            self.query_one(ExplainScroll).scroll_home(animate=False)

    def scroll_explanation(self, pages: int) -> None:
        """A page of the explanation on (or back), keeping a line of the last page in view."""
        scroll = self.query_one(ExplainScroll)
        scroll.scroll_relative(y=pages * max(1, scroll.scrollable_content_region.height - 1), animate=False)

    def on_hand_list_highlighted(self, event: HandList.Highlighted) -> None:
        self.refresh_selection()
