"""A game of several tables in words: what the laptop's screen, the exports and the history say of it.

Every figure is the derived state's (``several_tables.scores``); here it is only written,
as clubs write a traveller and a ranking: pairs by direction and number ("N-S 3"), N-S's
score signed, matchpoints with their top, a percentage to two places, IMPs signed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bridgepad.core.model import Hand, Side
from bridgepad.core.rules.duplicate import Comparison, imps_figure, imps_text, matchpoints_text
from bridgepad.core.rules.game import GameState
from bridgepad.core.rules.kinds.several_tables.entering import boards_text
from bridgepad.core.rules.kinds.several_tables.inputs import By
from bridgepad.core.rules.kinds.several_tables.movements import Movement, MovementKind, Pair, Sitting
from bridgepad.core.rules.kinds.several_tables.scores import (
    PairStanding,
    ResultChange,
    SeveralState,
    TableProgress,
    TeamStanding,
    TravellerRow,
)
from bridgepad.core.rules.outcome import Status
from bridgepad.core.rules.vulnerability import MARKDOWN_WORDS, vulnerability_code
from bridgepad.core.words.movement_text import pair_name, team_label


def signed(n: int) -> str:
    """A score as a traveller writes it: ``+420``, ``-50``, ``0``."""
    return f"{n:+,}" if n else "0"


def contract_words(hand: Hand) -> str:
    """``4♠X`` or ``Pass``."""
    return "Pass" if hand.contract is None else hand.contract.pretty


def hand_words(hand: Hand) -> str:
    """A result as entered: ``4♠ by N, 10 tricks`` or ``passed out``."""
    if hand.contract is None or hand.declarer is None:
        return "passed out"
    tricks = hand.tricks if hand.tricks is not None else 0
    return f"{hand.contract.pretty} by {hand.declarer.value}, {tricks} trick{'s' if tricks != 1 else ''}"


def time_words(at: str | None) -> str:
    """``20:41`` (the local time the result came), or ``?`` when it is not known."""
    try:
        when = datetime.fromisoformat(at or "")
    except ValueError:
        return "?"
    return when.astimezone().strftime("%H:%M") if when.tzinfo else when.strftime("%H:%M")


def pair_of(state: SeveralState, pair: Pair | None) -> str:
    """``N-S 1 (Ann & Bob)``, or ``N-S 1`` before the pair is named; ``nobody`` for an empty seat."""
    if pair is None:
        return "nobody"
    return pair_name(pair, state.inputs.names_of(pair))


def names_of(state: SeveralState, pair: Pair | None) -> str:
    """``Ann & Bob``, or "" for a pair not named."""
    if pair is None:
        return ""
    return " & ".join(n for n in state.inputs.names_of(pair) if n)


# A table's progress ---------------------------------------------------------------


def progress_state(t: TableProgress) -> str:
    """One word or two for where a table is: ``playing``, ``round done``, ``sits out``, ``finished``."""
    if t.sitting is None:
        return "finished"
    if not t.sitting.plays:
        return "sits out"
    return "round done" if t.done else "playing"


def progress_line(t: TableProgress, movement: Movement) -> str:
    """``Round 2 of 3: 2 of 3 boards in, board 6 to come`` and the like: a table's round in a line."""
    if t.sitting is None:
        return f"Finished: all {movement.rounds} rounds are in."
    s = t.sitting
    where = f"Round {t.round} of {movement.rounds}"
    if not s.plays:
        who = s.sitting_out
        return f"{where}: {who.label if who else 'nobody'} sits out; nothing to enter."
    if t.done:
        return f"{where}: every board is in; the table may move on."
    come = boards_text(t.to_enter)
    return f"{where}: {len(t.entered)} of {len(s.boards)} boards in, {come} to come."


def boards_in_words(t: TableProgress) -> str:
    """``2/3``: the round's boards in, of its boards (``-`` where nothing is played)."""
    if t.sitting is None or not t.sitting.plays:
        return "-"
    return f"{len(t.entered)}/{len(t.sitting.boards)}"


def round_words(state: SeveralState) -> str:
    """The session's progress in a sentence: the results in, and which tables have finished
    the round that is being played."""
    total = f"{state.results} of {state.expected} results in"
    if state.complete:
        return f"All {state.expected} results are in."
    playing = [t for t in state.tables if not t.finished]
    if not playing:
        return f"{total}; every table has finished its rounds."
    now = min(t.round for t in playing)
    done = [t.table for t in state.tables if t.round > now or (t.round == now and t.done)]
    waiting = [t.table for t in state.tables if t.round == now and not t.done]
    if not waiting:
        return f"{total}; round {now} is over at every table."
    if not done:
        return f"{total}; round {now}: every table is playing."
    return f"{total}; round {now} is over at {_tables(done)}, still playing at {_tables(waiting)}."


def _tables(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"table {numbers[0]}"
    return "tables " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


# Figures --------------------------------------------------------------------------


def standing_words(s: PairStanding, matchpointed: bool) -> str:
    """``62.50%`` or ``+12 IMPs``; ``-`` while nothing of the pair's is compared."""
    if not s.compared:
        return "-"
    if matchpointed:
        return f"{s.percent}%"
    return imps_text(s.imps)


def matchpoints_words(s: PairStanding) -> str:
    """``15.5 of 24``: the pair's matchpoints (factored, by default) of its top."""
    return f"{matchpoints_text(s.matchpoints)} of {s.top}" if s.compared else "-"


def comparison_cells(c: Comparison, matchpointed: bool) -> str:
    """One side's comparison on a board: its matchpoints (``3``) or its IMPs (``+6``); "" when nothing compares."""
    if not c.compared:
        return ""
    if matchpointed:
        return str(c.matchpoints)
    assert c.imps is not None
    return imps_figure(c.imps)


def team_words(t: TeamStanding, matchpointed: bool) -> str:
    """``Team 1 +12 IMPs, 14.20 VPs`` (or matchpoints over the boards compared)."""
    if not t.compared:
        return f"{team_label(t.team)}: no board compared yet"
    if matchpointed:
        return f"{team_label(t.team)} {t.matchpoints} of {t.top} matchpoints"
    return f"{team_label(t.team)} {imps_text(t.imps)}, {t.vp} VPs"


def team_pairs(state: SeveralState, t: TeamStanding) -> str:
    """``N-S 1 (Ann & Bob) and E-W 2 (Cy & Di)``: a team's two pairs, at either table."""
    return " and ".join(pair_of(state, p) for p in t.pairs)


def leaders(state: SeveralState) -> str:
    """Who leads (or won) in a line: each direction's first in a Mitchell, the team in front of a
    team match; "" while no board is compared."""
    if state.kind is MovementKind.TEAMS:
        if not state.teams or not state.teams[0].compared:
            return ""
        a, b = state.teams
        if a.rank == b.rank:
            each = f"{a.matchpoints} of {a.top} matchpoints" if state.matchpointed else f"{a.vp} VPs"
            return f"{team_label(a.team)} and {team_label(b.team)} level, {each} each"
        first = a if a.rank == "1" else b
        return team_words(first, state.matchpointed)
    out = []
    for side in (Side.NS, Side.EW):
        best = [s for s in state.ranking(side) if s.rank in ("1", "=1")]
        if best:
            who = " and ".join(pair_of(state, s.pair) for s in best)
            out.append(f"{who} {standing_words(best[0], state.matchpointed)}")
    return "; ".join(out)


def headline(state: SeveralState) -> str:
    """The session in a sentence: how many results are in, and who leads or won."""
    lead = leaders(state)
    nothing = not lead
    if state.status is Status.FINISHED:
        if nothing:
            return f"All {state.expected} results are in."
        tied = state.kind is MovementKind.TEAMS and state.teams[0].rank == state.teams[1].rank
        return f"All {state.expected} results are in; " + (f"{lead}." if tied else f"the winners: {lead}.")
    ended = " The session was ended early;" if state.status is Status.ENDED else ""
    said = f"{state.results} of {state.expected} results in"
    if nothing:
        return f"{ended} {said}.".strip()
    return f"{ended} {said}; leading: {lead}.".strip()


# A traveller ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's line on a board's traveller, as words: a result in, or a table still to play it."""

    round: str
    table: str
    ns: str  # the N-S pair's number
    ew: str
    contract: str
    by: str
    result: str  # =, +1, -2 as scored
    score: str  # N-S's, signed
    ns_figure: str  # N-S's matchpoints or IMPs
    ew_figure: str
    changed: bool  # the result took another's place (its table's correction, or the director's)
    row: TravellerRow | None  # None: not in yet


def traveller_lines(state: SeveralState, board: int) -> list[TravellerLine]:
    """Every table that plays ``board``, by round: its result and comparison, or what is still to come."""
    out = []
    for sitting, row in state.traveller_sittings(board):
        ns = str(sitting.ns.number) if sitting.ns else ""
        ew = str(sitting.ew.number) if sitting.ew else ""
        if row is None:
            out.append(TravellerLine(str(sitting.round), str(sitting.table), ns, ew, "to come", "", "", "", "", "", False, None))
            continue
        hand = row.result.hand
        out.append(
            TravellerLine(
                str(sitting.round),
                str(sitting.table),
                ns,
                ew,
                contract_words(hand),
                hand.declarer.value if hand.declarer else "",
                row.outcome.result,
                signed(row.ns_score),
                comparison_cells(row.ns, state.matchpointed),
                comparison_cells(row.ew, state.matchpointed),
                bool(row.earlier),
                row,
            )
        )
    return out


def traveller_title(state: SeveralState, board: int) -> str:
    """``Board 5 · North deals · N-S vulnerable · 3 of 4 results · top 4``."""
    t = state.traveller(board)
    results = f"{len(t.rows)} of {t.expected} result{'s' if t.expected != 1 else ''}"
    top = f" · top {2 * (len(t.rows) - 1)}" if state.matchpointed and len(t.rows) > 1 else ""
    return f"Board {board} · {t.dealer.word} deals · {vulnerable_short(t.vulnerable)} vulnerable · {results}{top}"


def vulnerable_short(vul: frozenset[Side]) -> str:
    """``Nobody``, ``N-S``, ``E-W`` or ``Both``: who is vulnerable, with no We or They (a board of many tables)."""
    word = MARKDOWN_WORDS[vulnerability_code(vul)]
    return "Nobody" if word == "None" else word


def sitting_words(state: SeveralState, sitting: Sitting) -> str:
    """``Table 2, round 1: N-S 2 (Ann & Bob) v E-W 1``."""
    return f"Table {sitting.table}, round {sitting.round}: {pair_of(state, sitting.ns)} v {pair_of(state, sitting.ew)}"


def row_details(state: SeveralState, sitting: Sitting, row: TravellerRow | None) -> list[str]:
    """What the selected line of a traveller says in full: who sat, who entered the result and
    when, and every result it replaced."""
    lines = [sitting_words(state, sitting)]
    if row is None:
        lines.append("Not in yet: the table enters it from its phone, or the director here.")
        return lines
    r = row.result
    said = hand_words(r.hand)
    lines.append(f"{said[:1].upper()}{said[1:]}: N-S {signed(row.ns_score)}, entered by {r.by.word} at {time_words(r.hand.at)}.")
    if r.by is By.DIRECTOR and r.why:
        lines.append(f"Why: {r.why}")
    for e in reversed(row.earlier):
        lines.append(f"Replaced {hand_words(e.hand)}, entered by {e.by.word} at {time_words(e.hand.at)}.")
    return lines


# The changes ------------------------------------------------------------------------


def change_lines(change: ResultChange) -> list[str]:
    """A change in two lines: when, who, where; what it was and what it is, and why."""
    r = change.result
    head = f"{time_words(r.hand.at)} · {r.by.word} · board {r.board} at table {r.table}, round {r.round}"
    was = f"was {hand_words(change.replaced.hand)} (N-S {signed(change.replaced_score)})"
    now = f"now {hand_words(r.hand)} (N-S {signed(change.ns_score)})"
    why = f": {r.why}" if r.why else ""
    return [head, f"{was}; {now}{why}"]


# The help -----------------------------------------------------------------------------


def help_lines(keys: dict[str, str]) -> list[str]:
    """The help screen's words on the screen of a game of several tables; ``keys`` names the
    keys as they are bound now: ``tables``, ``boards``, ``ranking``, ``changes``, ``cards``,
    ``previous``, ``next``, ``correct``, ``names``, ``undo``, ``share``."""
    k = keys
    share = (
        "A game of several tables: each table enters its own results from a phone (the share key, "
        f"{k['share']}, gives each table its link), and this screen fills in as they come."
    )
    views = (
        f"{k['tables']} Tables: each table's round, the pairs there, the boards in and to come, and who sits out. "
        f"{k['boards']} Boards: a board's traveller, every table's result with its matchpoints or IMPs; "
        f"{k['previous']} and {k['next']} choose the board, ↑ and ↓ a line of it. "
        f"{k['ranking']} Ranking: the pairs by their percentage or IMPs, each direction apart in a Mitchell; "
        "a team match's two teams with their IMPs and victory points. "
        f"{k['changes']} Changes: every result that took another's place, who made it, when, why and what it was. "
        f"{k['cards']} Cards: the guide card of each table, as clubs print them."
    )
    correcting = (
        "The director's correction: choose a line of a traveller (a result, or a table still to play the board) "
        f"and press {k['correct']}. The entry form opens as for a hand, with a reason to give; the change is "
        f"written down with its time and reason, and {k['undo']} takes it back. {k['names']} names the pairs, "
        "each once for the whole session."
    )
    return [share, views, correcting]


# Its face in words (``core.words.kinds``) -------------------------------------------------


class SeveralTablesWords:
    def headline(self, st: GameState, we: Side) -> str:
        """The session's ``headline``: the same for both lines, so ``we`` says nothing here."""
        s = st.session
        assert s is not None and s.several is not None, "a game of several tables without its figures"
        return headline(s.several)


WORDS = SeveralTablesWords()
