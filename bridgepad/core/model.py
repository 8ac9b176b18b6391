"""The words of the game: seats, sides, strains, contracts and hands as entered.

Everything here is an immutable value; the scores are derived elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Seat(str, Enum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def side(self) -> Side:
        return _SIDE_OF_SEAT[self]

    @property
    def next(self) -> Seat:
        """The player on this one's left, who deals next."""
        return _SEATS[(_SEATS.index(self) + 1) % 4]

    @property
    def word(self) -> str:
        return _SEAT_WORDS[self]

    @property
    def partner(self) -> Seat:
        """The player opposite."""
        return _SEATS[(_SEATS.index(self) + 2) % 4]

    def after(self, steps: int) -> Seat:
        return _SEATS[(_SEATS.index(self) + steps) % 4]


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SEATS = _SEATS


class Side(str, Enum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return _OTHER_SIDE[self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def word(self) -> str:
        return "North-South" if self is Side.NS else "East-West"

    @property
    def short(self) -> str:
        return "N-S" if self is Side.NS else "E-W"

    def we_they(self, we: Side) -> str:
        """``We`` for the partnership the pad writes as We (``settings.we``), ``They`` for the other."""
        return "We" if self is we else "They"

    def heading(self, we: Side) -> str:
        """``We (N-S)`` or ``They (E-W)``: a pad's column heading."""
        return f"{self.we_they(we)} ({self.short})"


SIDES = (Side.NS, Side.EW)
# Asked for every hand a replay plays: a lookup, where naming the members (``Side.NS``) goes
# through the enum class's ``__getattr__`` in Python 3.11, many times slower.
_SIDE_OF_SEAT = {Seat.N: Side.NS, Seat.S: Side.NS, Seat.E: Side.EW, Seat.W: Side.EW}
_OTHER_SIDE = {Side.NS: Side.EW, Side.EW: Side.NS}


class Strain(str, Enum):
    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def symbol(self) -> str:
        return _STRAIN_SYMBOLS[self]

    @property
    def word(self) -> str:
        return _STRAIN_WORDS[self]

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)


_STRAIN_SYMBOLS = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠", Strain.NT: "NT"}
_STRAIN_WORDS = {
    Strain.C: "clubs",
    Strain.D: "diamonds",
    Strain.H: "hearts",
    Strain.S: "spades",
    Strain.NT: "notrump",
}


class Doubling(int, Enum):
    NONE = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        return {Doubling.NONE: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}[self]

    @property
    def word(self) -> str:
        return {Doubling.NONE: "undoubled", Doubling.DOUBLED: "doubled", Doubling.REDOUBLED: "redoubled"}[self]


@dataclass(frozen=True, slots=True)
class Contract:
    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def text(self) -> str:
        """The canonical notation, which the parser reads back: 4S, 3NTX, 6HXX."""
        return f"{self.level}{self.strain.value}{self.doubling.suffix}"

    @property
    def pretty(self) -> str:
        return f"{self.level}{self.strain.symbol}{self.doubling.suffix}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Honors:
    """Honors held in one hand: 100 (four trump honors) or 150 (five, or four aces at notrump)."""

    side: Side
    points: int

    @property
    def text(self) -> str:
        return f"{self.side.value} {self.points}"


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke, as the players report it after the hand.

    ``side`` revoked; ``won_after`` is how many tricks that side won after the revoke
    (the revoke trick included); ``trick_12`` marks a revoke on the twelfth trick. The
    tricks it transfers are worked out by ``bridgepad.core.rules.revoke``.
    """

    side: Side
    won_after: int
    trick_12: bool = False


@dataclass(frozen=True, slots=True)
class Hand:
    """One deal as entered at the table: a contract played, or a pass-out.

    ``tricks`` are the tricks declarer took as played; a ``revoke`` moves some of them
    afterwards. ``others`` are the North-South scores the same board earned at the
    other tables, used only at duplicate.
    """

    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    honors: Honors | None = None
    others: tuple[int, ...] = ()
    at: str | None = field(default=None, compare=False)  # when it was entered (ISO time)
    revoke: Revoke | None = None

    @property
    def passed_out(self) -> bool:
        return self.contract is None
