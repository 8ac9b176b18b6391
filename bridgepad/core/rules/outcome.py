"""What playing a hand gives: the entries it wrote, and the words for modes and their ends.

These are the derived records every mode shares; a duplicate board's comparison with
the other tables is on a type of its own, ``BoardOutcome``, which only the duplicate
rules make. How a hand is played into them is the mode's rules'
(``bridgepad.core.rules.modes``); the game's state after them is ``game.GameState``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.duplicate import Comparison
from bridgepad.core.rules.scoring import Kind


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
        return self is not _IN_PLAY


# A member looked up once: in Python 3.11 each ``Status.IN_PLAY`` goes through the enum
# class's ``__getattr__``, and every hand of a lifetime's replay asks.
_IN_PLAY = Status.IN_PLAY


class GameOverError(ValueError):
    """A hand was entered after the game it belongs to was over."""


# The derived records below are built in bulk on every replay and never changed after:
# plain slotted dataclasses, since a frozen one's __init__ costs many times more.
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
