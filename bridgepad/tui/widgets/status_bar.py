"""The state of play, always in view: games, who deals and who shuffles, vulnerability, and
what each side needs for game.

Colours are roles of ``looks`` (the theme's design tokens); the words are the core's
(``core/summary``).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from bridgepad.core.rules.game import GameState
from bridgepad.core.words.labels import seat_label
from bridgepad.core.words.summary import (
    duplicate_standing,
    headline,
    lead_text,
    need_text,
    shuffler,
)
from bridgepad.services.session import Session
from bridgepad.tui import kinds, looks
from bridgepad.tui.keys import first_key, keymap_of
from bridgepad.tui.kinds import Part


class StatusBar(Static):
    _shown: tuple[object, ...] = ()  # what is painted: Content's == compares the text alone, not its colours

    _last: tuple[GameState, int, Session | None, str, str, str] | None = None

    def show(
        self, state: GameState, number: int, session: Session | None = None, review: str = "", note: str = "", trouble: str = ""
    ) -> None:
        """``note``: work going on in the background, such as the boards being solved double dummy;
        ``trouble``: why the phones' writes fail now, or phones are refused (the share server's news)."""
        # Painted again only when its words or colours change: each update lays the screen out again.
        self._last = (state, number, session, review, note, trouble)
        width = self.content_size.width or max(0, self.app.size.width - 2)  # its padding, before its first layout
        content = render_status(state, number, session, review, first_key("pad.add", keymap_of(self.app)), width, note)
        if trouble:  # under everything else: it stays until a write of the phones saves again
            content = Content.assemble(content, ("\n", ""), (trouble, looks.TROUBLE))
        shown = (content.plain, *content.spans)
        if shown != self._shown:
            self._shown = shown
            self.update(content)

    def on_resize(self) -> None:
        if self._last is not None:  # the first line may fit now, or no longer
            self.show(*self._last)


def _where(state: GameState) -> list[Part]:
    """``Hand 5 · Games We 1–1 They · We lead by 210``, or the board and the standing."""
    we = state.game.settings.we
    games = f" · Games We {state.games[we]}–{state.games[we.other]} They"
    where = state.rules.deal_label(state.next_deal)
    if state.session is None:
        return [(where, looks.STRONG), (games, ""), (" · " + lead_text(state, we), "")]
    out: list[Part] = [(where, looks.STRONG)]
    standing = duplicate_standing(state)
    if standing:
        out.append((f" · {standing}", ""))
    return out


def render_status(
    state: GameState,
    number: int,
    session: Session | None = None,
    review: str = "",
    add_key: str = "+",
    width: int = 0,
    note: str = "",
) -> Content:
    """``review``: the game is an old one, looked at from the history; its title is the first
    line, and what it came to the second, so that neither is cut at 80 columns. ``add_key``:
    the key that adds a hand, as the keymap has it. ``width``: the room for a line (0: any);
    where the first line would wrap, who leads moves down beside what each side needs."""
    game = state.game
    we = game.settings.we
    title = review or state.rules.game_title(number)
    out: list[Part] = [(f" {title} ", looks.TITLE)]
    if session is not None and session.read_only:
        out.append((" READ-ONLY ", looks.READ_ONLY))
    if session is not None and (session.unsaved or session.unsaved_current):
        out.append((" NOT SAVED ", looks.UNSAVED))
    own_lines = kinds.face_of(game).status_lines  # a kind of game with lines of its own under the title
    if own_lines is not None:
        return Content.assemble(*out, *own_lines(state, bool(review)))
    if review:
        out.append(("\n", ""))
        out += [(headline(state, we), looks.HEADLINE)] if state.over else _where(state)
        return Content.assemble(*out)
    out.append(("  ", ""))
    if state.over:
        out.append((headline(state, we), looks.HEADLINE))
        out.append(("\n", ""))
        nxt = state.rules.word
        out.append((f"Press {add_key} to start the next {nxt}; {seat_label(game, state.next_first_dealer)} deals.", looks.HINT))
        return Content.assemble(*out)
    where = _where(state)
    lead: Part | None = None
    if width and state.session is None and sum(len(t) for t, _ in out + where) > width:
        lead = where.pop()
    out += where
    out.append(("\n", ""))
    out.append((f"{seat_label(game, state.next_dealer)} deals", looks.STRONG))
    if state.rules.dealt_at_table:  # duplicate boards come dealt: nobody shuffles at the table
        out.append((f" · {seat_label(game, shuffler(state.next_dealer))} shuffles", ""))
    out.append((" · ", ""))
    out.append(vulnerability_badge(state))
    if note:
        out.append((f" · {note}", looks.HINT))
    need = need_text(state)
    if need:
        out.append(("\n", ""))
        out.append((need, ""))
    if lead is not None:
        out.append((lead[0] if need else "\n" + lead[0].removeprefix(" · "), lead[1]))
    return Content.assemble(*out)


def vulnerability_badge(state: GameState) -> Part:
    """Who is vulnerable on the next hand, in the core's words, and in the theme's colour."""
    vul = state.next_vulnerable
    style = looks.VULNERABLE_BADGE if vul else looks.NOT_VULNERABLE_BADGE
    return (f" {state.rules.vulnerability_words(vul, state.game.settings.we)} ", style)
