"""Why each figure of the selected hand is on the pad."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.board_facts import board_facts
from bridgepad.core.rules.game import GameState
from bridgepad.core.words.labels import seat_label
from bridgepad.core.words.summary import entry_text, headline, outcome_lines
from bridgepad.tui.keys import first_key, keymap_of

if TYPE_CHECKING:
    from bridgepad.core.words import board_words
else:
    board_words = lazy("bridgepad.core.words.board_words")  # a board with its cards only


class Explanation(Static):
    _shown: Text | None = None

    def show(self, state: GameState, index: int | None, solved: Solved | None = None) -> None:
        """Painted again only when the words change: each update lays the screen out again."""
        text = render_explanation(state, index, first_key("pad.add", keymap_of(self.app)), solved)
        if text != self._shown:
            self._shown = text
            self.update(text)


def render_explanation(state: GameState, index: int | None, add_key: str = "+", solved: Solved | None = None) -> Text:
    game = state.game
    we = game.settings.we
    if index is not None and index == len(state.hands) and state.bonuses:
        t = Text("The game's own bonuses", style="bold")
        for e in state.bonuses:
            t.append("\n  " + entry_text(e, we))
        t.append("\n  " + headline(state, we))
        return t
    if index is None or not (0 <= index < len(state.hands)):
        return Text(f"No hands yet. Press {add_key} to enter the first hand.", style="italic")
    h = state.hands[index]
    t = Text(no_wrap=False)
    t.append(state.rules.hand_label(h.number, h.deal), style="bold")
    t.append(f" · {seat_label(game, h.dealer)} dealt · {state.rules.vulnerability_words(h.vulnerable, game.settings.we)}")
    if h.hand.contract is not None and h.hand.declarer is not None:
        t.append(f" · {h.hand.contract.pretty} by {seat_label(game, h.hand.declarer)}, {h.hand.tricks} tricks")
    for line in outcome_lines(h, state, game.settings.we):
        t.append("\n  " + line)
    facts = board_facts(game, h.deal, h.ns_score, solved or {}) if game.deals is not None and h.deal is not None else None
    if facts is not None:
        hand = h.hand
        for line in board_words.board_lines(facts, hand.contract, hand.declarer, h.tricks, game.settings.duplicate_scoring):
            t.append("\n  " + line)
    return t
