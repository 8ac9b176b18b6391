"""What replaying a game's hands gives: the entries each hand wrote and the state of play.

These are the derived records every mode shares; a duplicate session's comparison with
the other tables (IMPs, matchpoints, tops) is on types of its own, ``BoardOutcome`` and
``SessionState``, which only the duplicate rules make. How a hand is played into them is
the mode's rules' (``bridgepad.core.rules.modes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import TYPE_CHECKING

from bridgepad.core.model import SIDES, Hand, Seat, Side
from bridgepad.core.rules.duplicate import Comparison, percent
from bridgepad.core.rules.scoring import Kind

if TYPE_CHECKING:
    from bridgepad.core.rules.game import Game
    from bridgepad.core.rules.modes.base import ModeRules


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


class GameOverError(ValueError):
    """A hand was entered after the game it belongs to was over."""


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
    deal: int | None  # Chicago deal 1-4 or duplicate board; None for a Chicago redeal or a rubber's hand
    entries: tuple[Entry, ...]
    game_made_by: Side | None = None
    tricks: int | None = None  # declarer's tricks as scored, after any revoke transfer
    section: int = 0  # rules drawn before this hand: the block of trick scores it writes into

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def ns_score(self) -> int | None:
        """Duplicate: the board's signed N-S score (None: not a board)."""
        return None

    @property
    def comparison(self) -> Comparison | None:
        """Duplicate: against the other results on the board (None: not a board)."""
        return None

    @property
    def imps(self) -> Decimal | None:
        """Duplicate: N-S IMPs against the other result(s); None when there is none to compare."""
        c = self.comparison
        return c.imps if c is not None else None

    @property
    def made(self) -> bool:
        c = self.hand.contract
        return c is not None and self.tricks is not None and self.tricks >= c.tricks_needed

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
class BoardOutcome(HandOutcome):
    """A duplicate board: what it wrote, its N-S score and how it compares with the other tables."""

    board_score: int = 0  # N-S's, signed: the signed sum of the board's items
    board_comparison: Comparison | None = None

    @property
    def ns_score(self) -> int | None:
        return self.board_score

    @property
    def comparison(self) -> Comparison | None:
        return self.board_comparison


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
    def compared(self) -> int:
        """How many boards have other results to compare with (0 but at duplicate)."""
        return 0

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
        return self.rules.next_first_dealer(self)


@dataclass(slots=True)
class SessionState(GameState):
    """A duplicate session: the boards played, and N-S's comparison with the other tables over them."""

    imps_total: Decimal = Decimal(0)  # N-S IMPs over the boards compared
    matchpoints: int = 0  # N-S matchpoints over the boards compared
    top: int = 0  # the sum of the boards' tops

    @property
    def session(self) -> SessionState | None:
        return self

    @property
    def ns_total(self) -> int:
        """The sum of N-S's board scores."""
        return sum(h.ns_score or 0 for h in self.hands)

    @property
    def percent(self) -> Decimal | None:
        """N-S's matchpoints over the sum of the tops, as a percentage (None: nothing compared)."""
        return percent(self.matchpoints, self.top)

    @property
    def compared(self) -> int:
        return sum(1 for h in self.hands if (c := h.comparison) is not None and c.compared)
