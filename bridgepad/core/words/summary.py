"""Sentences about a game's state, for the status line, the end of a game and the CLI."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from bridgepad.core.model import SIDES, Contract, Seat, Side
from bridgepad.core.rules import tables
from bridgepad.core.rules.duplicate import Comparison, Running, imps_text, matchpoints_text, running_totals
from bridgepad.core.rules.game import Entry, GameState, HandOutcome, Mode, Status
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.revoke import reason as revoke_reason
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.kinds import words_of
from bridgepad.core.words.labels import we_they

# Looked up once: every game of a rebuilt index has its headline, and an enum's class attribute
# goes through the enum class's ``__getattr__`` in Python 3.11.
_WON, _FINISHED, _ENDED = Status.WON, Status.FINISHED, Status.ENDED


def headline(st: GameState, we: Side = Side.NS) -> str:
    """One sentence: who won and how, or how things stand, as the game's kind says it (``kinds``)."""
    return words_of(st.game).headline(st, we)


def one_table_headline(st: GameState, we: Side = Side.NS) -> str:
    """``headline`` of the pad's game: its rubber, Chicago or session at one table."""
    they = we.other
    tw, tt = st.total(we), st.total(they)
    scores = f"{max(tw, tt):,} to {min(tw, tt):,}"
    lead = we_they(we if tw > tt else they, we)
    margin = abs(tw - tt)
    if st.session is not None:
        n = len(st.hands)
        boards = f"{n} board{'s' if n != 1 else ''}"
        standing = duplicate_standing(st)
        return f"{boards} played" + (f", {standing}." if standing else ".")
    if st.status is _WON:
        winner = st.rubber_winner
        assert winner is not None
        g = f"{st.games[winner]}–{st.games[winner.other]}"
        name = we_they(winner, we)
        if (winner is we) == (tw >= tt):
            return f"{name} win the rubber {g}, {scores}, by {margin:,}."
        return f"{name} win the rubber {g} but {lead} lead on points, {scores}, by {margin:,}."
    if st.status is _FINISHED:
        if tw == tt:
            return f"The Chicago is a tie, {tw:,} all."
        return f"{lead} win the Chicago, {scores}, by {margin:,}."
    if st.status is _ENDED:
        what = st.rules.word
        if tw == tt:
            return f"The {what} was ended early, {tw:,} all."
        return f"The {what} was ended early: {lead} lead, {scores}, by {margin:,}."
    if tw == tt:
        return f"{tw:,} all."
    return f"{lead} lead, {scores}, by {margin:,}."


def matchpoints_of(matchpoints: Fraction, top: int, factored: bool) -> str:
    """``27 of 48 matchpoints``; ``6.5 of 16 matchpoints, factored`` when a board with fewer
    results was factored up by Neuberg's formula."""
    return f"{matchpoints_text(matchpoints)} of {top:,} matchpoints" + (", factored" if factored else "")


def duplicate_standing(st: GameState) -> str:
    """``N-S +6 IMPs (VPs 11.52–8.48)`` or ``N-S 56.25% (27 of 48 matchpoints)``; empty while nothing
    is compared (and for a rubber or a Chicago, which compare nothing)."""
    s = st.session
    if s is None or not s.compared:
        return ""
    if s.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS:
        mp, top = s.session_matchpoints
        return f"N-S {s.percent}% ({matchpoints_of(mp, top, (mp, top) != (s.matchpoints, s.top))})"
    vps = match_vps_of(s)
    assert vps is not None
    return f"N-S {imps_text(s.imps_total)} ({vp_text(vps)})"


def match_vps_of(st: GameState) -> tuple[Decimal, Decimal] | None:
    """A team match's victory points, N-S's and E-W's: its IMPs over the boards compared (None: none yet)."""
    s = st.session
    if s is None or not s.compared:
        return None
    from bridgepad.core.rules.victory_points import match_vps  # a team match's only: loaded when one is shown

    return match_vps(s.imps_total, s.compared)


def vp_text(vps: tuple[Decimal, Decimal]) -> str:
    """``VPs 11.52–8.48``: N-S's first, as every duplicate figure is written."""
    return f"VPs {vps[0]}–{vps[1]}"


def lead_text(st: GameState, we: Side = Side.NS) -> str:
    """Short: ``We lead by 150`` or ``All square``."""
    m = st.total(we) - st.total(we.other)
    if m == 0:
        return "All square"
    return f"{'We' if m > 0 else 'They'} lead by {abs(m):,}"


def shuffler(dealer: Seat) -> Seat:
    """Who shuffles the second pack while ``dealer`` deals, ready for the next deal.

    The rule book ("The deal"): the player on the dealer's left shuffles the pack being dealt,
    and meanwhile the dealer's partner shuffles the second pack and sets it ready.
    """
    return dealer.partner


def _carries(st: GameState) -> bool:
    """Whether part scores add up towards game: rubber, and Chicago as the rule book plays it."""
    return st.rules.carries(st.game.settings)


def game_needs(st: GameState) -> dict[Side, int] | None:
    """Trick points each side still needs below the line for game; None when nothing carries
    (duplicate, Chicago played fifty) or the game is over."""
    if st.over or not _carries(st):
        return None
    return {side: tables.GAME - st.open_below[side] for side in SIDES}


def need_text(st: GameState) -> str:
    """``N-S 60 on: need 40 · E-W need 100``, We first; empty when nothing carries towards game."""
    we = st.game.settings.we
    needs = game_needs(st)
    if needs is None:
        return ""
    if all(st.open_below[s] == 0 for s in SIDES):
        return f"Both sides need {tables.GAME} for game"  # no part score on: a whole sentence, short enough for 60 columns
    parts = []
    for side in (we, we.other):
        on = st.open_below[side]
        parts.append(f"{side.short} {on} on: need {needs[side]}" if on else f"{side.short} need {needs[side]}")
    return " · ".join(parts)


def making_note(before: GameState, contract: Contract, declaring: Side | None = None) -> str:
    """Whether ``contract``, made, is game from the part scores on: for the declaring side,
    or for each side while the declarer is not yet known (once, when it is the same for both).

    ``If 2♥ makes: game for N-S (60 on + 60); a part score for E-W (60 of 100).``
    """
    score = tables.trick_score(contract)
    carry = _carries(before) and not before.over

    def outcome(side: Side) -> tuple[str, str]:
        had = before.open_below[side] if carry else 0
        if had + score < tables.GAME:
            return "a part score", f"{had + score} of {tables.GAME}"
        # The part score on is named only when it is what makes the difference.
        return "game", f"{had} on + {score}" if had and score < tables.GAME else f"{score}"

    sides = (declaring,) if declaring is not None else SIDES
    outcomes = {side: outcome(side) for side in sides}
    if len(set(outcomes.values())) == 1 and declaring is None:
        what, why = outcomes[Side.NS]
        return f"If {contract.pretty} makes: {what} ({why})."
    clauses = [f"{what} for {side.short} ({why})" for side, (what, why) in outcomes.items()]
    return f"If {contract.pretty} makes: " + "; ".join(clauses) + "."


def entry_text(e: Entry, we: Side = Side.NS) -> str:
    where = "above" if e.above else "below"
    return f"{we_they(e.side, we)} {e.points:,} {where}: {e.reason}"


def outcome_lines(outcome: HandOutcome, after: GameState, we: Side = Side.NS) -> list[str]:
    """What a hand writes, for whom and where, and what it does to the game."""
    hand = outcome.hand
    if after.session is not None:
        running = running_totals([h.comparison for h in after.hands[: outcome.index + 1]], after.game.settings.pairs_percentage)[
            -1
        ]
        return board_lines(outcome, after.game.settings.duplicate_scoring, running)
    if hand.contract is None:
        return [after.rules.passed_out_words(outcome.dealer)]
    lines = revoke_lines(outcome) + [entry_text(e, we) for e in outcome.entries]
    if outcome.game_made_by is not None:
        lines.append(f"Game for {we_they(outcome.game_made_by, we)}: the line is drawn.")
    last = outcome.index == len(after.hands) - 1
    if last and after.over:
        lines.extend(entry_text(e, we) for e in after.bonuses)
        lines.append(headline(after, we))
    return lines


def revoke_lines(outcome: HandOutcome) -> list[str]:
    """The revoke's transfer, when there was one: how the tricks played became the tricks scored."""
    hand = outcome.hand
    if hand.revoke is None or hand.declarer is None or hand.contract is None or hand.tricks is None:
        return []
    played = f"{hand.tricks} trick{'s' if hand.tricks != 1 else ''} played"
    scored = f"{outcome.tricks} scored ({hand.contract.pretty}{outcome.result})"
    return [f"{revoke_reason(hand.revoke, hand.declarer.side, hand.tricks)}; {played}, {scored}."]


def _signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


def comparison_text(c: Comparison, scoring: DuplicateScoring) -> str:
    """N-S's score against the other results, in the game's scoring form."""
    ns = _signed(c.ns_score)
    if scoring is DuplicateScoring.MATCHPOINTS:
        n = len(c.others)
        ties = "none" if not c.tied else f"{c.tied}"
        return f"{ns} beats {c.beaten} of {n}, ties {ties}: {c.matchpoints} of {c.top}, {c.percent:.1f}%"
    assert c.imps is not None
    if len(c.others) == 1:
        return f"N-S {ns} against {_signed(c.others[0])} at the other table: {imps_text(c.imps)} for N-S"
    against = ", ".join(_signed(o) for o in c.others)
    return f"N-S {ns} against {against}: {imps_text(c.imps)} for N-S, the average over {len(c.others)} results"


def running_text(board: int | None, run: Running, scoring: DuplicateScoring) -> str:
    """The session after a board: ``After board 3: 10 of 18 matchpoints, 55.56%`` or ``After board 3: N-S +5 IMPs``."""
    if scoring is DuplicateScoring.MATCHPOINTS:
        return f"After board {board}: {matchpoints_of(run.scored_matchpoints, run.scored_top, run.factored)}, {run.percent}%."
    return f"After board {board}: N-S {imps_text(run.imps)}."


def board_lines(
    outcome: HandOutcome, scoring: DuplicateScoring = DuplicateScoring.IMPS, running: Running | None = None
) -> list[str]:
    """A duplicate board: its parts, declarer's way, then N-S's score, the comparison and the session so far."""
    hand = outcome.hand
    if hand.contract is None:
        lines = [rules_for(Mode.DUPLICATE).passed_out_words(outcome.dealer)]
    else:
        lines = revoke_lines(outcome) + [f"{e.side.short} {e.points:,}: {e.reason}" for e in outcome.entries]
    c = outcome.comparison
    if c is not None and c.compared:
        lines.append(comparison_text(c, scoring))
        if running is not None:
            lines.append(running_text(outcome.deal, running, scoring))
    else:
        lines.append(f"N-S {_signed(outcome.ns_score or 0)}")
    return lines
