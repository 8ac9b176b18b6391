"""The state of play, always in view: games, who deals and who shuffles, vulnerability, and
what each side needs for game."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bridgepad.core.game import GameState, Mode
from bridgepad.core.model import SIDES
from bridgepad.core.summary import duplicate_standing, headline, lead_text, need_text, shuffler
from bridgepad.session import Session
from bridgepad.tui.names import seat_label, side_label


class StatusBar(Static):
    def show(self, state: GameState, number: int, session: Session | None = None, review: str = "") -> None:
        self.update(render_status(state, number, session, review))


def render_status(state: GameState, number: int, session: Session | None = None, review: str = "") -> Text:
    """``review``: the game is an old one, looked at from the history, and this says so."""
    game = state.game
    we = game.settings.we
    t = Text(no_wrap=True, overflow="ellipsis")
    title = review or f"{state.mode.word.capitalize()} {number}"
    t.append(f" {title} ", style="bold reverse")
    if session is not None and session.read_only:
        t.append(" READ-ONLY ", style="bold black on yellow")
    if session is not None and (session.unsaved or session.unsaved_current):
        t.append(" NOT SAVED ", style="bold white on red blink")
    t.append("  ")
    if state.over:
        t.append(headline(state, we), style="bold green")
        t.append("\n ")
        nxt = "rubber" if state.mode is Mode.RUBBER else state.mode.word
        if not review:
            t.append(f"Press + to start the next {nxt}; {seat_label(game, state.next_first_dealer)} deals.", style="italic")
        return t
    if state.mode is Mode.RUBBER:
        t.append(f"Hand {state.next_deal}", style="bold")
        t.append(f" · Games We {state.games[we]}–{state.games[we.other]} They")
    elif state.mode is Mode.CHICAGO:
        t.append(f"Deal {state.next_deal} of 4", style="bold")
        t.append(f" · Games We {state.games[we]}–{state.games[we.other]} They")
    else:
        t.append(f"Board {state.next_deal}", style="bold")
        if state.compared:
            t.append(f" · {duplicate_standing(state)}")
    if state.mode is not Mode.DUPLICATE:
        t.append(" · ")
        t.append(lead_text(state, we))
    t.append("\n ")
    t.append(f"{seat_label(game, state.next_dealer)} deals", style="bold")
    if state.mode is not Mode.DUPLICATE:  # boards come dealt: nobody shuffles at the table
        t.append(f" · {seat_label(game, shuffler(state.next_dealer))} shuffles")
    t.append(" · ")
    t.append_text(vulnerability_badge(state))
    need = need_text(state)
    if need:
        t.append("\n ")
        t.append(need)
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
