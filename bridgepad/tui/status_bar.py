"""The state of play, always in view: games, vulnerability, who deals, which hand."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bridgepad.core.game import GameState, Mode
from bridgepad.core.model import SIDES
from bridgepad.core.summary import headline
from bridgepad.tui.names import seat_label, side_label


class StatusBar(Static):
    def show(self, state: GameState, number: int) -> None:
        self.update(render_status(state, number))


def render_status(state: GameState, number: int) -> Text:
    game = state.game
    we = game.settings.we
    t = Text(no_wrap=True, overflow="ellipsis")
    title = f"{state.mode.word.capitalize()} {number}"
    t.append(f" {title} ", style="bold reverse")
    t.append("  ")
    if state.over:
        t.append(headline(state, we), style="bold green")
        t.append("\n ")
        nxt = "rubber" if state.mode is Mode.RUBBER else state.mode.word
        t.append(f"Press + to start the next {nxt}; {seat_label(game, state.next_first_dealer)} deals.", style="italic")
        return t
    if state.mode is Mode.RUBBER:
        t.append(f"Hand {state.next_deal}", style="bold")
        t.append(f" · Games: We {state.games[we]} – They {state.games[we.other]}")
    elif state.mode is Mode.CHICAGO:
        t.append(f"Deal {state.next_deal} of 4", style="bold")
        t.append(f" · Games: We {state.games[we]} – They {state.games[we.other]}")
    else:
        t.append(f"Board {state.next_deal}", style="bold")
        if any(h.imps is not None for h in state.hands):
            t.append(f" · IMPs for N-S: {state.imps_total:+d}")
    t.append(" · ")
    t.append(headline(state, we).rstrip("."))
    t.append("\n ")
    t.append(f"{seat_label(game, state.next_dealer)} deals", style="bold")
    t.append(" · ")
    t.append_text(vulnerability_badge(state))
    return t


def vulnerability_badge(state: GameState) -> Text:
    """Who is vulnerable on the next hand, in words and in colour."""
    game = state.game
    t = Text()
    vul = state.next_vulnerable
    if not vul:
        t.append(" Nobody vulnerable ", style="black on green")
    elif len(vul) == 2:
        t.append(" Both sides vulnerable ", style="bold white on red")
    else:
        for side in SIDES:
            if side in vul:
                t.append(f" {side_label(game, side)} vulnerable ", style="bold white on red")
    return t
