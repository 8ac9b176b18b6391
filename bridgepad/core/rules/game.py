"""A game as entered, and everything derived from it by replaying its hands.

A ``Game`` holds only inputs: the mode, the house rules, the first dealer, the
players and the hands as typed. ``replay`` plays the pad's hands into a ``GameState`` (a
``SessionState`` at duplicate): the entries above and below the line (each with its
reason), games won, vulnerability, the next dealer, bonuses and whether the game is
over. How each hand is played is the mode's rules' (``game.rules``); editing or deleting
an old hand is therefore just a new list of hands. Which kind of game it is, and so how
its figures are derived, is asked of ``core.rules.kinds`` (``derive``, ``kind_of``), which
sits above this module: a kind knows the game, the game knows no kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgepad.core.boards.board_set import BoardSet
from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.duplicate import session_matchpoints as matchpoints_over
from bridgepad.core.rules.duplicate import session_percent
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.modes.base import ModeRules, Play
from bridgepad.core.rules.outcome import (
    BoardOutcome,
    Entry,
    GameOverError,
    HandOutcome,
    Mode,
    Status,
)
from bridgepad.core.rules.settings import Settings

if TYPE_CHECKING:
    from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables
    from bridgepad.core.rules.kinds.several_tables.scores import SeveralState

__all__ = [
    "BoardOutcome",
    "Entry",
    "Game",
    "GameOverError",
    "GameState",
    "HandOutcome",
    "Mode",
    "Replayer",
    "SessionState",
    "Status",
]

NO_NAMES: tuple[str, str, str, str] = ("", "", "", "")
# Looked up once: asked for every hand replayed or game summarised, and an enum's class attribute
# (``Status.IN_PLAY``) goes through the enum class's ``__getattr__`` in Python 3.11, many times slower.
_IN_PLAY, _WON = Status.IN_PLAY, Status.WON
_NS, _EW = Side.NS, Side.EW
_COMPLETE = frozenset({Status.WON, Status.FINISHED})


@dataclass(frozen=True, slots=True)
class Game:
    mode: Mode = Mode.RUBBER
    settings: Settings = field(default_factory=Settings)
    first_dealer: Seat = Seat.N
    hands: tuple[Hand, ...] = ()
    ended: bool = False
    players: tuple[str, str, str, str] = NO_NAMES  # by seat: N, E, S, W
    first_board: int = 1  # the board a duplicate session starts at (saved only for duplicate)
    sitting_out: tuple[str, ...] = ()  # players at the table waiting out this game (five or six)
    # Duplicate at several tables, each entering its own results: the movement, the pairs and
    # what the tables sent (``hands`` stays empty). None: one table, the others' scores typed.
    several_tables: SeveralTables | None = None
    # Duplicate: the cards of the boards, and the field that played them at a club (core.boards).
    deals: BoardSet | None = None

    @property
    def rules(self) -> ModeRules:
        """The rules of this game's mode."""
        return rules_for(self.mode)

    def name(self, seat: Seat) -> str:
        return self.players[("N", "E", "S", "W").index(seat.value)]

    def with_hands(self, hands: tuple[Hand, ...]) -> Game:
        return replace(self, hands=hands)

    def add(self, hand: Hand) -> Game:
        return replace(self, hands=self.hands + (hand,))


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
    sections: int = 0  # rules drawn under the trick scores: one under each game (and, at Chicago
    # played "fifty", under each part score, which closes at once as nothing carries)
    # Each side's total, summed at the first question: a summary asks four times (its totals, its
    # headline's), and a state is never changed once derived.
    _totals: tuple[int, int] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def mode(self) -> Mode:
        return self.game.mode

    @property
    def rules(self) -> ModeRules:
        """The rules of the game's mode: what to ask instead of which mode it is."""
        return self.game.rules

    @property
    def session(self) -> SessionState | None:
        """The duplicate session's comparison with the other tables (None: a rubber or a Chicago)."""
        return None

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(e for h in self.hands for e in h.entries) + self.bonuses

    def below(self, side: Side) -> int:
        return self._points(side, False)

    def above(self, side: Side) -> int:
        return self._points(side, True)

    def total(self, side: Side) -> int:
        totals = self._totals
        if totals is None:
            self._totals = totals = (self._points(_NS, None), self._points(_EW, None))
        return totals[0] if side is _NS else totals[1]

    def _points(self, side: Side, above: bool | None) -> int:
        """A side's points (above the line, below it, or both: None), summed where they lie: a
        game's summary asks for its totals, and the history's index summarises a lifetime."""
        n = 0
        for h in self.hands:
            for e in h.entries:
                if e.side is side and (above is None or (not e.above) is not above):
                    n += e.points
        for e in self.bonuses:
            if e.side is side and (above is None or (not e.above) is not above):
                n += e.points
        return n

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
    def compared(self) -> int:
        """How many boards have other results to compare with (0 but at duplicate)."""
        return 0

    @property
    def complete(self) -> bool:
        return self.status in _COMPLETE

    @property
    def rubber_winner(self) -> Side | None:
        return rubber_winner(self.status, self.games[_NS], self.games[_EW])

    @property
    def next_first_dealer(self) -> Seat:
        """Who deals the first hand of the game that follows this one."""
        return self.rules.next_first_dealer(self.game, self.next_dealer)


@dataclass(slots=True)
class SessionState(GameState):
    """A duplicate session: the boards played, and N-S's comparison with the other tables over them."""

    imps_total: Decimal = Decimal(0)  # N-S IMPs over the boards compared
    matchpoints: int = 0  # N-S matchpoints over the boards compared
    top: int = 0  # the sum of the boards' tops
    several: SeveralState | None = None  # a game of several tables: its travellers, standings and tables

    @property
    def session(self) -> SessionState | None:
        return self

    @property
    def ns_total(self) -> int:
        """The sum of N-S's board scores."""
        return sum(h.ns_score or 0 for h in self.hands)

    @property
    def percent(self) -> Decimal | None:
        """N-S's percentage as the settings take it, each board weighing the same by default
        (``duplicate.session_percent``); None while nothing is compared."""
        return session_percent((h.comparison for h in self.hands), self.game.settings.pairs_percentage)

    @property
    def session_matchpoints(self) -> tuple[Fraction, int]:
        """N-S's matchpoints and the top the percentage is taken over (factored, by default)."""
        return matchpoints_over((h.comparison for h in self.hands), self.game.settings.pairs_percentage)

    @property
    def compared(self) -> int:
        return sum(1 for h in self.hands if (c := h.comparison) is not None and c.compared)


class Replayer:
    """Plays hands one by one into a game's state; ``derive`` and log replay both use it."""

    def __init__(self, game: Game) -> None:
        self.game = game  # log replay completes its inputs (the hands, the players) as it goes
        self.mode_rules = game.rules
        self.p = Play(game, self.mode_rules)

    @property
    def status(self) -> Status:
        return self.p.status

    @property
    def deal(self) -> int:
        """The deal to come: a Chicago's 1-4, a duplicate board's number."""
        return self.p.deal

    @property
    def games(self) -> dict[Side, int]:
        """Games won so far in this rubber or Chicago."""
        return self.p.games

    @property
    def vulnerable(self) -> frozenset[Side]:
        """Who is vulnerable on the next hand."""
        return self.mode_rules.vulnerable(self.p)

    def play(self, hand: Hand) -> HandOutcome:
        if self.p.status is not _IN_PLAY:
            raise GameOverError("this game is over; a new hand starts the next game")
        return self.mode_rules.play(self.p, hand)

    def end(self) -> None:
        """The players stop here: the game pays what its mode pays for ending early."""
        if self.p.status.over:
            return
        self.mode_rules.end(self.p)
        self.p.status = Status.ENDED

    def state(self) -> GameState:
        p, rules = self.p, self.mode_rules
        played = (
            self.game,
            tuple(p.outcomes),
            tuple(p.bonuses),
            dict(p.games),
            dict(p.open_below),
            p.status,
            p.dealer,
            rules.vulnerable(p),
            rules.next_deal(p),
            p.rules,
        )
        totals = rules.session_totals(p)
        if totals is None:
            return GameState(*played)
        return SessionState(*played, totals.imps, totals.matchpoints, totals.top)


def rubber_winner(status: Status, ns_games: int, ew_games: int) -> Side | None:
    """The side that won the rubber with two games (None: in play, a Chicago, or ended before)."""
    if status is not _WON:
        return None
    return _NS if ns_games >= 2 else _EW if ew_games >= 2 else None


def replay(game: Game) -> GameState:
    """The pad's game: its hands played one after another by its mode's rules."""
    r = Replayer(game)
    for n, hand in enumerate(game.hands, 1):
        if r.p.status is not _IN_PLAY:
            raise GameOverError(f"hand {n} comes after the end of the {game.mode.word}")
        r.play(hand)
    if game.ended:
        r.end()
    return r.state()
