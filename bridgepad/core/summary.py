"""Sentences about a game's state, for the status line, the end of a game and the CLI."""

from __future__ import annotations

from bridgepad.core.game import GameState, Mode, Status
from bridgepad.core.model import Side


def side_name(side: Side, we: Side = Side.NS) -> str:
    return "We" if side is we else "They"


def verb(side: Side, we: Side) -> str:
    # "We win" / "They win": both plural.
    return "win"


def headline(st: GameState, we: Side = Side.NS) -> str:
    """One sentence: who won and how, or how things stand."""
    they = we.other
    tw, tt = st.total(we), st.total(they)
    scores = f"{max(tw, tt):,} to {min(tw, tt):,}"
    lead = "We" if tw > tt else "They"
    margin = abs(tw - tt)
    if st.mode is Mode.DUPLICATE:
        n = len(st.hands)
        boards = f"{n} board{'s' if n != 1 else ''}"
        imps = f", {st.imps_total:+d} IMPs for N-S" if any(h.imps is not None for h in st.hands) else ""
        return f"{boards} played{imps}."
    if st.status is Status.WON:
        winner = st.rubber_winner
        assert winner is not None
        g = f"{st.games[winner]}–{st.games[winner.other]}"
        name = side_name(winner, we)
        if (winner is we) == (tw >= tt):
            return f"{name} win the rubber {g}, {scores}, by {margin:,}."
        return f"{name} win the rubber {g} but {lead} lead on points, {scores}, by {margin:,}."
    if st.status is Status.FINISHED:
        if tw == tt:
            return f"The Chicago is a tie, {tw:,} all."
        return f"{lead} win the Chicago, {scores}, by {margin:,}."
    if st.status is Status.ENDED:
        what = st.mode.word
        if tw == tt:
            return f"The {what} was ended early, {tw:,} all."
        return f"The {what} was ended early: {lead} lead, {scores}, by {margin:,}."
    if tw == tt:
        return f"{tw:,} all."
    return f"{lead} lead, {scores}, by {margin:,}."
