"""The one derived record of a game: every output is a view of it.

A ``GameRecord`` is a game's inputs (and its file's id and times) with the state the
core derives from them, flattened into ``lines``: one line per hand, then one per
bonus that belongs to no hand (the rubber bonus, an unfinished rubber's game and part
score, a Chicago's part score still open after deal 4). Each line carries the four
figures it writes, N-S and E-W, below and above the line, so that summing the lines of
a game gives exactly the totals on its pad. The exports, the history's index, the
tally and the command line's pads all read this record; none works out a figure of
its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.model import SEATS, Contract, Honors, Revoke, Seat, Side
from bridgepad.core.rules.board_facts import BoardFacts, all_board_facts, board_facts, standing_against_field
from bridgepad.core.rules.duplicate import Comparison, Running, running_totals
from bridgepad.core.rules.field import FieldStanding
from bridgepad.core.rules.game import (
    Entry,
    Game,
    GameState,
    HandOutcome,
    Mode,
    SessionState,
    Status,
)
from bridgepad.core.rules.kinds import derive, kind_of
from bridgepad.core.rules.modes.base import ModeRules
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.summary import headline, match_vps_of


class LineKind(str, Enum):
    HAND = "hand"
    BONUS = "bonus"  # written by the game itself, not by one hand


# A line and its figures are made for every hand each time a game is derived (the history's
# index makes them for a lifetime of games): plain slotted dataclasses, never changed once
# made, since a frozen one's __init__ costs many times more (as outcome.Entry).
@dataclass(slots=True)
class Figures:
    """What one line writes: N-S and E-W, below and above the line."""

    ns_below: int = 0
    ns_above: int = 0
    ew_below: int = 0
    ew_above: int = 0

    def below(self, side: Side) -> int:
        return self.ns_below if side is Side.NS else self.ew_below

    def above(self, side: Side) -> int:
        return self.ns_above if side is Side.NS else self.ew_above

    def total(self, side: Side) -> int:
        return self.below(side) + self.above(side)

    def plus(self, other: Figures) -> Figures:
        return Figures(
            self.ns_below + other.ns_below,
            self.ns_above + other.ns_above,
            self.ew_below + other.ew_below,
            self.ew_above + other.ew_above,
        )


def figures_of(entries: tuple[Entry, ...] | list[Entry]) -> Figures:
    # Four sums in locals: made for every hand of a replay, where a table of them cost a tenth.
    ns_below = ns_above = ew_below = ew_above = 0
    for e in entries:
        if e.side is Side.NS:
            if e.above:
                ns_above += e.points
            else:
                ns_below += e.points
        elif e.above:
            ew_above += e.points
        else:
            ew_below += e.points
    return Figures(ns_below, ns_above, ew_below, ew_above)


@dataclass(slots=True)
class Line:
    """One row of the record: a hand as entered and what it wrote, or a bonus of the game's own."""

    kind: LineKind
    figures: Figures
    number: int | None = None  # the hand's place in the game, from 1 (None for a bonus)
    deal: int | None = None  # Chicago deal 1-4 (None when redealt) or duplicate board
    dealer: Seat | None = None
    vulnerable: frozenset[Side] = frozenset()
    contract: Contract | None = None  # None: passed out (or a bonus)
    declarer: Seat | None = None
    tricks: int | None = None  # as played
    tricks_scored: int | None = None  # after any revoke transfer
    result: str = ""  # =, +1, -2 against the contract, as scored
    honors: Honors | None = None
    revoke: Revoke | None = None
    at: str | None = None  # when the hand was entered
    bonus: Kind | None = None  # a bonus line: which bonus
    reason: str = ""  # a bonus line: why, in words
    ns_score: int | None = None  # duplicate: the board's N-S score
    comparison: Comparison | None = None  # duplicate: against the other results
    running: Running | None = None  # duplicate: the session's comparison so far, this board included
    section: int = 0  # rubber and Chicago: the game (block below the line) the hand was played in, from 0
    board: BoardFacts | None = None  # duplicate, when the board's cards are known: double dummy, the field

    @property
    def passed_out(self) -> bool:
        return self.kind is LineKind.HAND and self.contract is None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's inputs, its file's identity and times, and everything derived from them."""

    id: str
    created: str
    updated: str
    game: Game
    state: GameState
    lines: tuple[Line, ...]
    solved: Solved = field(default_factory=dict)  # the double-dummy cache the record was made with

    # Who played ------------------------------------------------------------
    def name(self, seat: Seat) -> str:
        return self.game.name(seat)

    def side_names(self, side: Side) -> tuple[str, str]:
        """The names at a side's two seats ("" for a seat without one)."""
        a, b = side.seats
        return self.name(a), self.name(b)

    @property
    def players(self) -> dict[Seat, str]:
        """The named seats only."""
        return {s: self.name(s) for s in SEATS if self.name(s)}

    # The figures -------------------------------------------------------------
    @property
    def mode(self) -> Mode:
        return self.game.mode

    @property
    def rules(self) -> ModeRules:
        """The rules of the game's mode: what the outputs ask instead of which mode it is."""
        return self.game.rules

    @property
    def status(self) -> Status:
        return self.state.status

    @property
    def we(self) -> Side:
        return self.game.settings.we

    def below(self, side: Side) -> int:
        return self.state.below(side)

    def above(self, side: Side) -> int:
        return self.state.above(side)

    def total(self, side: Side) -> int:
        return self.state.total(side)

    def games_won(self, side: Side) -> int:
        return self.state.games[side]

    @property
    def margin(self) -> int:
        """N-S total less E-W total."""
        return self.state.margin

    @property
    def headline(self) -> str:
        return headline(self.state, self.we)

    @property
    def hand_lines(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind is LineKind.HAND)

    @property
    def bonus_lines(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind is LineKind.BONUS)

    # Duplicate -------------------------------------------------------------
    @property
    def session(self) -> SessionState | None:
        """The duplicate session's comparison with the other tables (None: not duplicate)."""
        return self.state.session

    @property
    def scoring(self) -> DuplicateScoring | None:
        return self.game.settings.duplicate_scoring if self.session is not None else None

    @property
    def imps(self) -> Decimal | None:
        """N-S IMPs over the boards compared (None: not duplicate, or nothing compared)."""
        s = self.session
        return s.imps_total if s is not None and s.compared else None

    @property
    def matchpoints(self) -> tuple[int, int] | None:
        """N-S matchpoints and the sum of the tops (None: not duplicate, or nothing compared)."""
        s = self.session
        if s is None or not s.compared:
            return None
        return s.matchpoints, s.top

    @property
    def percent(self) -> Decimal | None:
        s = self.session
        return s.percent if s is not None else None

    @property
    def vp(self) -> tuple[Decimal, Decimal] | None:
        """N-S's and E-W's victory points for the IMPs over the boards compared (None: nothing compared)."""
        s = self.session
        return match_vps_of(s) if s is not None else None

    @property
    def against_field(self) -> FieldStanding | None:
        """The session against the club's field, over the boards played that have one (None: none)."""
        return standing_against_field((line.board for line in self.hand_lines), self.game)

    @property
    def unplayed_boards(self) -> tuple[BoardFacts, ...]:
        """The boards whose cards the game knows and that have no hand at home yet, in order:
        a dealt set played in part, a club's session not yet played (every output keeps them)."""
        if self.game.deals is None or not kind_of(self.game).own_hands:  # no hands at home: each board's traveller
            return ()
        played = {line.deal for line in self.hand_lines}
        return tuple(f for f in all_board_facts(self.game, self.solved) if f.board not in played)


def _hand_line(h: HandOutcome, running: Running | None = None, board: BoardFacts | None = None) -> Line:
    hand = h.hand
    return Line(
        kind=LineKind.HAND,
        figures=figures_of(h.entries),
        number=h.number,
        deal=h.deal,
        dealer=h.dealer,
        vulnerable=h.vulnerable,
        contract=hand.contract,
        declarer=hand.declarer,
        tricks=hand.tricks,
        tricks_scored=h.tricks,
        result=h.result,
        honors=hand.honors,
        revoke=hand.revoke,
        at=hand.at,
        ns_score=h.ns_score,
        comparison=h.comparison,
        running=running,
        section=h.section,
        board=board,
    )


def _bonus_line(e: Entry) -> Line:
    return Line(kind=LineKind.BONUS, figures=figures_of([e]), bonus=e.kind, reason=e.reason)


def record_of(state: GameState, id: str = "", created: str = "", updated: str = "", solved: Solved | None = None) -> GameRecord:
    """The record of a game already derived; ``solved``, the double-dummy cache of its boards."""
    solved = solved or {}
    game = state.game
    if state.session is not None:
        runs: tuple[Running | None, ...] = running_totals([h.comparison for h in state.hands], game.settings.pairs_percentage)
    else:
        runs = (None,) * len(state.hands)
    if game.deals is not None:
        facts = [board_facts(game, h.deal or 0, h.ns_score, solved) for h in state.hands]
    else:
        facts = [None] * len(state.hands)
    hands = [_hand_line(h, run, f) for h, run, f in zip(state.hands, runs, facts)]
    lines = tuple(hands) + tuple(_bonus_line(e) for e in state.bonuses)
    return GameRecord(id, created, updated or created, game, state, lines, solved)


def make_record(game: Game, id: str = "", created: str = "", updated: str = "", solved: Solved | None = None) -> GameRecord:
    """Derives ``game`` and records it; ValueError (GameOverError) if its hands cannot be replayed."""
    return record_of(derive(game), id, created, updated, solved)


def sum_figures(lines: Iterable[Line]) -> Figures:
    """The four figures of ``lines`` added up: for a game's lines, the totals of its pad."""
    ns_below = ns_above = ew_below = ew_above = 0
    for line in lines:
        f = line.figures
        ns_below += f.ns_below
        ns_above += f.ns_above
        ew_below += f.ew_below
        ew_above += f.ew_above
    return Figures(ns_below, ns_above, ew_below, ew_above)


def with_grand_total(records: Iterable[GameRecord]) -> Iterator[tuple[GameRecord, Figures]]:
    """Each game with the grand total of it and the games before it: an evening added up
    as it is read, so that a long log is never held whole to be totalled."""
    total = Figures()
    for r in records:
        total = total.plus(sum_figures(r.lines))
        yield r, total


@dataclass(frozen=True, slots=True)
class Standing:
    """The pad as it stood at the start of a hand: each side's points above the line, and
    below it in each game so far (the finished ones, then the one being played)."""

    above: Figures  # only the above figures are used
    below: tuple[Figures, ...]  # one per game, from the first to the one the hand is played in

    def above_points(self, side: Side) -> int:
        return self.above.above(side)

    def below_points(self, side: Side) -> tuple[int, ...]:
        return tuple(f.below(side) for f in self.below)


def standings(r: GameRecord) -> tuple[Standing, ...]:
    """For each hand of a rubber or a Chicago, the pad as it stood before it was played.

    The running figures are carried from hand to hand, never summed again, so that a game
    of many hands costs in proportion to its length.
    """
    out = []
    above = Figures()
    below: list[Figures] = []  # one per game so far
    for line in r.hand_lines:
        while len(below) <= line.section:
            below.append(Figures())
        out.append(Standing(Figures(0, above.ns_above, 0, above.ew_above), tuple(below[: line.section + 1])))
        above = above.plus(line.figures)
        below[line.section] = below[line.section].plus(line.figures)
    return tuple(out)
