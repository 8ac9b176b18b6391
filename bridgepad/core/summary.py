"""Sentences about a game's state, for the status line, the end of a game and the CLI."""

from __future__ import annotations

from bridgepad.core.game import Entry, GameState, HandOutcome, Mode, Status
from bridgepad.core.model import Side


def side_name(side: Side, we: Side = Side.NS) -> str:
    return "We" if side is we else "They"


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


def lead_text(st: GameState, we: Side = Side.NS) -> str:
    """Short: ``We lead by 150`` or ``All square``."""
    m = st.total(we) - st.total(we.other)
    if m == 0:
        return "All square"
    return f"{'We' if m > 0 else 'They'} lead by {abs(m):,}"


def vulnerability_text(vul: frozenset[Side], we: Side = Side.NS) -> str:
    if not vul:
        return "Nobody vulnerable"
    if len(vul) == 2:
        return "Both vulnerable"
    (side,) = vul
    return f"{side_name(side, we)} ({side.short}) vulnerable"


def entry_text(e: Entry, we: Side = Side.NS) -> str:
    where = "above" if e.above else "below"
    return f"{side_name(e.side, we)} {e.points:,} {where}: {e.reason}"


def outcome_lines(outcome: HandOutcome, after: GameState, we: Side = Side.NS) -> list[str]:
    """What a hand writes, for whom and where, and what it does to the game."""
    hand = outcome.hand
    if after.mode is Mode.DUPLICATE:
        return board_lines(outcome)
    if hand.contract is None:
        if after.mode is Mode.CHICAGO:
            return [f"Passed out: nothing is scored; {outcome.dealer.word} deals again and the deal does not count."]
        return ["Passed out: nothing is scored; the deal passes on."]
    lines = [entry_text(e, we) for e in outcome.entries]
    if outcome.game_made_by is not None:
        lines.append(f"Game for {side_name(outcome.game_made_by, we)}: the line is drawn.")
    last = outcome.index == len(after.hands) - 1
    if last and after.over:
        lines.extend(entry_text(e, we) for e in after.bonuses)
        lines.append(headline(after, we))
    return lines



def board_lines(outcome: HandOutcome) -> list[str]:
    """A duplicate board: its parts, declarer's way, then N-S's score and the IMPs."""
    hand = outcome.hand
    if hand.contract is None:
        lines = ["Passed out: the board scores 0 for both sides."]
    else:
        lines = [f"{e.side.short} {e.points:,}: {e.reason}" for e in outcome.entries]
    ns = outcome.ns_score or 0
    score = f"N-S {ns:+,}" if ns else "N-S 0"
    if outcome.imps is not None and hand.other_table is not None:
        other = f"{hand.other_table:+,}" if hand.other_table else "0"
        score += f" against {other} at the other table: {outcome.imps:+d} IMPs for N-S"
    lines.append(score)
    return lines
