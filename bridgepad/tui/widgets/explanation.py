"""Why each figure of the selected hand is on the pad."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
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


# Where an indented line wraps, it goes on this much further in than it starts: a line that
# goes on reads as one, not as the next line of the explanation (nor as one at the left edge).
HANG = 2


class Hanging:
    """``text`` wrapped to the width it is drawn at, each indented line going on under its own
    text (``HANG`` cells further in); the first, unindented line wraps as it would.
    ``plain`` is the words, as the tests and a screen reader read them."""

    def __init__(self, text: Text) -> None:
        self.text = text

    @property
    def plain(self) -> str:
        return self.text.plain

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        out = Text(no_wrap=True, overflow="crop")  # its end a new line: Textual counts the lines by them
        for n, line in enumerate(self.text.split("\n")):
            indent = len(line.plain) - len(line.plain.lstrip(" "))
            go_on = indent + HANG if indent else 0
            pieces: list[Text]
            if go_on + 1 >= width:  # no room to hang: as it comes
                pieces = list(line.wrap(console, max(1, width), overflow="fold"))
            else:
                first, *rest = list(line[indent:].wrap(console, width - indent, overflow="fold")) or [Text()]
                pieces = [Text(" " * indent) + first]
                if rest:
                    rest_text = Text(" ").join(rest)
                    pieces += [Text(" " * go_on) + p for p in rest_text.wrap(console, width - go_on, overflow="fold")]
            if n:
                out.append("\n")
            out.append_text(Text("\n").join(pieces))
        yield out


class Explanation(Static):
    _shown: Text | None = None

    @property
    def plain(self) -> str:
        """The words shown, without their wrapping."""
        return self._shown.plain if self._shown is not None else ""

    def show(self, state: GameState, index: int | None, solved: Solved | None = None) -> None:
        """Painted again only when the words change: each update lays the screen out again."""
        text = render_explanation(state, index, first_key("pad.add", keymap_of(self.app)), solved)
        if text != self._shown:
            self._shown = text
            self.update(Hanging(text))


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
