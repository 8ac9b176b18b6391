"""A game as entered, and everything derived from it by replaying its hands.

A ``Game`` holds only inputs: the mode, the house rules, the first dealer, the
players and the hands as typed. ``derive`` replays them into a ``GameState``: the
entries above and below the line (each with its reason), games won, vulnerability,
the next dealer, bonuses and whether the game is over. Editing or deleting an old
hand is therefore just a new list of hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import Enum
from functools import lru_cache

from bridgepad.core.model import SIDES, Contract, Hand, Seat, Side
from bridgepad.core.rules import tables
from bridgepad.core.rules.boards import board_dealer, board_vulnerable
from bridgepad.core.rules.duplicate import Comparison, compare, percent
from bridgepad.core.rules.revoke import scored_tricks
from bridgepad.core.rules.scoring import (
    Kind,
    bonus_item,
    duplicate_items,
    duplicate_score,
    honors_reason,
    score_contract,
)
from bridgepad.core.rules.settings import (
    ChicagoPartScore,
    ChicagoVulnerable,
    NextDealer,
    Settings,
)


class Mode(str, Enum):
    RUBBER = "rubber"
    CHICAGO = "chicago"
    DUPLICATE = "duplicate"

    @property
    def word(self) -> str:
        return {Mode.RUBBER: "rubber", Mode.CHICAGO: "Chicago", Mode.DUPLICATE: "duplicate"}[self]


class Status(str, Enum):
    IN_PLAY = "in play"
    WON = "won"  # a rubber won with two games
    FINISHED = "finished"  # a Chicago after its fourth deal
    ENDED = "ended"  # stopped early by the players

    @property
    def over(self) -> bool:
        return self is not Status.IN_PLAY


NO_NAMES: tuple[str, str, str, str] = ("", "", "", "")


@dataclass(frozen=True, slots=True)
class Game:
    mode: Mode = Mode.RUBBER
    settings: Settings = field(default_factory=Settings)
    first_dealer: Seat = Seat.N
    hands: tuple[Hand, ...] = ()
    ended: bool = False
    players: tuple[str, str, str, str] = NO_NAMES  # by seat: N, E, S, W
    first_board: int = 1  # duplicate only
    sitting_out: tuple[str, ...] = ()  # players at the table waiting out this game (five or six)

    def name(self, seat: Seat) -> str:
        return self.players[("N", "E", "S", "W").index(seat.value)]

    def with_hands(self, hands: tuple[Hand, ...]) -> Game:
        return replace(self, hands=hands)

    def add(self, hand: Hand) -> Game:
        return replace(self, hands=self.hands + (hand,))


# The derived records below are built in bulk on every replay and never changed after:
# plain slotted dataclasses, since a frozen one's __init__ costs several times more.
@dataclass(slots=True)
class Entry:
    """One figure on the pad: whose, how much, above or below, why, and from which hand."""

    side: Side
    points: int
    above: bool
    kind: Kind
    reason: str
    hand: int | None  # index of the hand that wrote it; None for the game's own bonuses
    section: int  # games finished before it was written: below the line, the rule it sits above


@dataclass(slots=True)
class HandOutcome:
    index: int
    hand: Hand
    dealer: Seat
    vulnerable: frozenset[Side]
    deal: int | None  # Chicago deal 1-4 or duplicate board; None for a Chicago redeal
    entries: tuple[Entry, ...]
    game_made_by: Side | None = None
    ns_score: int | None = None  # duplicate: the board's signed N-S score
    comparison: Comparison | None = None  # duplicate: against the other results on the board
    tricks: int | None = None  # declarer's tricks as scored, after any revoke transfer
    section: int = 0  # rules drawn before this hand: the block of trick scores it writes into

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def imps(self) -> Decimal | None:
        """Duplicate: N-S IMPs against the other result(s); None when there is none to compare."""
        return self.comparison.imps if self.comparison is not None else None

    @property
    def result(self) -> str:
        """The result as scored, against the contract: =, +1, -2 (empty for a pass-out)."""
        c = self.hand.contract
        if c is None or self.tricks is None:
            return ""
        diff = self.tricks - c.tricks_needed
        return "=" if diff == 0 else f"{diff:+d}"

    def points(self, side: Side, above: bool | None = None) -> int:
        return sum(e.points for e in self.entries if e.side is side and (above is None or e.above == above))


@dataclass(slots=True)
class GameState:
    game: Game
    hands: tuple[HandOutcome, ...]
    bonuses: tuple[Entry, ...]  # not tied to one hand: rubber, unfinished, open part score
    games: dict[Side, int]
    open_below: dict[Side, int]  # trick points toward the game now being played
    status: Status
    next_dealer: Seat
    next_vulnerable: frozenset[Side]
    next_deal: int  # Chicago: deal 1-4 to come; duplicate: the next board; rubber: next hand number
    imps_total: Decimal = Decimal(0)  # duplicate: N-S IMPs over the boards compared
    matchpoints: int = 0  # duplicate: N-S matchpoints over the boards compared
    top: int = 0  # duplicate: the sum of the boards' tops
    sections: int = 0  # rules drawn under the trick scores: one under each game (and, at Chicago
    # played "fifty", under each part score, which closes at once as nothing carries)

    @property
    def mode(self) -> Mode:
        return self.game.mode

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(e for h in self.hands for e in h.entries) + self.bonuses

    def below(self, side: Side) -> int:
        return sum(e.points for e in self.entries if e.side is side and not e.above)

    def above(self, side: Side) -> int:
        return sum(e.points for e in self.entries if e.side is side and e.above)

    def total(self, side: Side) -> int:
        return sum(e.points for e in self.entries if e.side is side)

    def bonus(self, side: Side) -> int:
        return sum(e.points for e in self.bonuses if e.side is side)

    @property
    def margin(self) -> int:
        """N-S total less E-W total."""
        return self.total(Side.NS) - self.total(Side.EW)

    @property
    def over(self) -> bool:
        return self.status.over

    @property
    def ns_total(self) -> int:
        """Duplicate: the sum of N-S's board scores."""
        return sum(h.ns_score or 0 for h in self.hands)

    @property
    def percent(self) -> Decimal | None:
        """Duplicate: N-S's matchpoints over the sum of the tops, as a percentage (None: nothing compared)."""
        return percent(self.matchpoints, self.top)

    @property
    def compared(self) -> int:
        """Duplicate: how many boards have other results to compare with."""
        return sum(1 for h in self.hands if h.comparison is not None and h.comparison.compared)

    @property
    def complete(self) -> bool:
        return self.status in (Status.WON, Status.FINISHED)

    @property
    def rubber_winner(self) -> Side | None:
        for side in SIDES:
            if self.status is Status.WON and self.games[side] >= 2:
                return side
        return None

    @property
    def next_first_dealer(self) -> Seat:
        """Who deals the first hand of the game that follows this one."""
        if self.game.settings.next_dealer is NextDealer.ROTATES and self.mode is not Mode.DUPLICATE:
            return self.game.first_dealer.next
        return self.next_dealer


def chicago_vulnerable(deal: int, dealer: Seat, rule: ChicagoVulnerable) -> frozenset[Side]:
    if deal == 1:
        return frozenset()
    if deal >= 4:
        return frozenset(SIDES)
    dealer_side = rule is ChicagoVulnerable.DEALER or (rule is ChicagoVulnerable.DEALER_THEN_OPPONENTS and deal == 2)
    return frozenset({dealer.side if dealer_side else dealer.side.other})


_NOBODY: frozenset[Side] = frozenset()
_BOTH: frozenset[Side] = frozenset(SIDES)
# Rubber vulnerability, by [N-S have a game][E-W have a game].
_RUBBER_VUL = ((_NOBODY, frozenset({Side.EW})), (frozenset({Side.NS}), _BOTH))
_SIDE_OF = {seat: seat.side for seat in Seat}
_NEXT_SEAT = {seat: seat.next for seat in Seat}

Row = tuple[Side, int, bool, Kind, str]  # an entry without its hand: side, points, above, kind, reason


@lru_cache(maxsize=16384)
def contract_rows(contract: Contract, tricks: int, vulnerable: bool, side: Side) -> tuple[bool, int, tuple[Row, ...]]:
    """What a contract writes for the declaring ``side``: made?, trick score, and its entries' rows.

    A game is a few thousand such combinations at most, and each replay meets them again.
    """
    cs = score_contract(contract, tricks, vulnerable)
    rows = tuple((side if i.for_declarer else side.other, i.points, not i.below, i.kind, i.reason) for i in cs.items)
    return cs.made, cs.trick_score, rows


@lru_cache(maxsize=8)
def bonus_row(trick_score: int, vulnerable: bool) -> tuple[int, bool, Kind, str]:
    """The Chicago bonus written at once for a contract made: points, above, kind, reason."""
    item = bonus_item(trick_score, vulnerable, True)
    return item.points, True, item.kind, item.reason


class Replayer:
    """Plays hands one by one into a game's state; ``derive`` and log replay both use it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.settings = game.settings
        self.mode = game.mode
        self.dealer = game.first_dealer if game.mode is not Mode.DUPLICATE else board_dealer(game.first_board)
        self.deal = 1 if game.mode is not Mode.DUPLICATE else game.first_board
        self.games = {Side.NS: 0, Side.EW: 0}
        self.open_below = {Side.NS: 0, Side.EW: 0}
        self.outcomes: list[HandOutcome] = []
        self.bonuses: list[Entry] = []
        self.status = Status.IN_PLAY
        self.imps_total = Decimal(0)
        self.matchpoints = 0
        self.top = 0
        self.rules = 0

    # The state of play before the next hand.
    @property
    def vulnerable(self) -> frozenset[Side]:
        if self.mode is Mode.RUBBER:
            return _RUBBER_VUL[self.games[Side.NS] > 0][self.games[Side.EW] > 0]
        if self.mode is Mode.CHICAGO:
            return chicago_vulnerable(self.deal, self.dealer, self.settings.chicago_vulnerable)
        return board_vulnerable(self.deal)

    @property
    def section(self) -> int:
        """Rules drawn so far: the block of trick scores the next hand writes into."""
        return self.rules

    def play(self, hand: Hand) -> HandOutcome:
        if self.status is not Status.IN_PLAY:
            raise GameOverError("this game is over; a new hand starts the next game")
        if self.mode is Mode.DUPLICATE:
            return self._play_board(hand)
        index = len(self.outcomes)
        vul = self.vulnerable
        dealer = self.dealer
        chicago = self.mode is Mode.CHICAGO
        section = self.section
        made_game: Side | None = None
        contract = hand.contract
        tricks = scored_tricks(hand)
        if contract is None:
            if chicago:
                outcome = HandOutcome(index, hand, dealer, vul, None, (), section=section)
                self.outcomes.append(outcome)
                return outcome  # the same dealer deals again; the deal does not count
            entries: list[Entry] = []
        else:
            assert hand.declarer is not None and tricks is not None
            side = _SIDE_OF[hand.declarer]
            side_vul = side in vul
            made, trick_score, rows = contract_rows(contract, tricks, side_vul, side)
            entries = [Entry(*row, index, section) for row in rows]
            if made:
                if chicago and self.settings.chicago_part_score is ChicagoPartScore.FIFTY:
                    entries.append(Entry(side, *bonus_row(trick_score, side_vul), index, section))
                    self.rules += 1  # nothing carries: the rule goes under every contract made
                    if trick_score >= tables.GAME:
                        made_game = side
                else:
                    self.open_below[side] += trick_score
                    if self.open_below[side] >= tables.GAME:
                        made_game = side
                        if chicago:
                            entries.append(Entry(side, *bonus_row(tables.GAME, side_vul), index, section))
            if hand.honors is not None and self.settings.honors:
                reason = honors_reason(hand.honors, contract)
                entries.append(Entry(hand.honors.side, hand.honors.points, True, Kind.HONORS, reason, index, section))
        if made_game is not None:
            self.games[made_game] += 1
            self.open_below = {Side.NS: 0, Side.EW: 0}
            if not (chicago and self.settings.chicago_part_score is ChicagoPartScore.FIFTY):
                self.rules += 1
        outcome = HandOutcome(
            index, hand, dealer, vul, self.deal if chicago else None, tuple(entries), made_game, tricks=tricks, section=section
        )
        self.outcomes.append(outcome)
        self.dealer = _NEXT_SEAT[dealer]
        if not chicago:
            if made_game is not None and self.games[made_game] >= 2:
                pts = tables.rubber_bonus(self.games[made_game.other])
                how = "two games to none" if self.games[made_game.other] == 0 else "two games to one"
                self._bonus(made_game, pts, Kind.RUBBER, f"rubber bonus, {how}: {pts}")
                self.status = Status.WON
        else:
            self.deal += 1
            if self.deal > 4:
                if self.settings.chicago_part_score is ChicagoPartScore.CARRY:
                    for s in SIDES:
                        if self.open_below[s] > 0:
                            pts = tables.CHICAGO_OPEN_PART_SCORE
                            self._bonus(s, pts, Kind.OPEN_PART_SCORE, f"part score still open after the fourth deal: {pts}")
                self.status = Status.FINISHED
        return outcome

    def _play_board(self, hand: Hand) -> HandOutcome:
        index = len(self.outcomes)
        board = self.deal
        vul = board_vulnerable(board)
        entries: list[Entry] = []
        ns_score = 0
        tricks = scored_tricks(hand)
        if hand.contract is not None:
            assert hand.declarer is not None and tricks is not None
            side = hand.declarer.side
            for item in duplicate_items(hand.contract, tricks, side in vul):
                owner = side if item.for_declarer else side.other
                entries.append(Entry(owner, item.points, not item.below, item.kind, item.reason, index, 0))
            score = duplicate_score(hand.contract, tricks, side in vul)
            ns_score = score if side is Side.NS else -score
        comparison = compare(ns_score, hand.others)
        if comparison.compared:
            assert comparison.imps is not None
            self.imps_total += comparison.imps
            self.matchpoints += comparison.matchpoints
            self.top += comparison.top
        outcome = HandOutcome(index, hand, board_dealer(board), vul, board, tuple(entries), None, ns_score, comparison, tricks)
        self.outcomes.append(outcome)
        self.deal += 1
        self.dealer = board_dealer(self.deal)
        return outcome

    def _bonus(self, side: Side, points: int, kind: Kind, reason: str) -> None:
        self.bonuses.append(Entry(side, points, True, kind, reason, None, self.section))

    def end(self) -> None:
        """The players stop here: a rubber pays its unfinished-rubber bonuses."""
        if self.status.over:
            return
        if self.mode is Mode.RUBBER:
            for s in SIDES:
                if self.games[s] > 0:
                    self._bonus(
                        s, tables.UNFINISHED_GAME, Kind.UNFINISHED_GAME, f"unfinished rubber, a game: {tables.UNFINISHED_GAME}"
                    )
            for s in SIDES:
                if self.open_below[s] > 0:
                    pts = tables.UNFINISHED_PART_SCORE
                    self._bonus(s, pts, Kind.UNFINISHED_PART_SCORE, f"unfinished rubber, a part score in the open game: {pts}")
        self.status = Status.ENDED

    def state(self) -> GameState:
        return GameState(
            game=self.game,
            hands=tuple(self.outcomes),
            bonuses=tuple(self.bonuses),
            games=dict(self.games),
            open_below=dict(self.open_below),
            status=self.status,
            next_dealer=self.dealer,
            next_vulnerable=self.vulnerable,
            next_deal=self.deal if self.mode is not Mode.RUBBER else len(self.outcomes) + 1,
            imps_total=self.imps_total,
            matchpoints=self.matchpoints,
            top=self.top,
            sections=self.rules,
        )


class GameOverError(ValueError):
    """A hand was entered after the game it belongs to was over."""


def derive(game: Game) -> GameState:
    r = Replayer(game)
    for n, hand in enumerate(game.hands, 1):
        if r.status.over:
            raise GameOverError(f"hand {n} comes after the end of the {game.mode.word}")
        r.play(hand)
    if game.ended:
        r.end()
    return r.state()
