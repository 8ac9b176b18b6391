"""What a game of several tables keeps: the movement, the pairs' names, and every result as it came in.

Nothing derived is kept. A result is never changed in place: a table's correction, or the
director's, is a later result for the same board at the same table, and the last one
counts; the earlier ones stay, so the laptop can show who changed what, when and why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from bridgepad.core.model import Hand
from bridgepad.core.rules.kinds.several_tables.movements import MovementSetup, Pair

NO_NAMES: tuple[str, str] = ("", "")


class By(str, Enum):
    """Who entered a result."""

    TABLE = "table"  # the table's own phone, both sides agreeing
    DIRECTOR = "director"  # the laptop: a director's correction, with its reason

    @property
    def word(self) -> str:
        return {By.TABLE: "the table", By.DIRECTOR: "the director"}[self]


@dataclass(frozen=True, slots=True)
class TableResult:
    """One board's result at one table, as it came in.

    ``id`` is the submission's own, made by the phone (or the laptop): the same id sent
    again, after a reply that was lost, records nothing more. ``hand.at`` is when it came.
    """

    id: str
    table: int
    round: int
    board: int
    hand: Hand
    by: By = By.TABLE
    why: str = ""  # the director's reason for a correction


@dataclass(frozen=True, slots=True)
class RoundMove:
    """A table moving on to its next round, when all its boards of the last one were in."""

    table: int
    round: int  # the round the table moved to (one past the last: the table has finished)
    at: str


@dataclass(frozen=True, slots=True)
class SeveralTables:
    """A game of several tables as entered: its movement, its pairs' names and what the tables sent."""

    setup: MovementSetup
    names: tuple[tuple[Pair, tuple[str, str]], ...] = ()  # by pair, in the movement's order
    results: tuple[TableResult, ...] = ()
    moves: tuple[RoundMove, ...] = ()

    def names_of(self, pair: Pair) -> tuple[str, str]:
        for p, names in self.names:
            if p == pair:
                return names
        return NO_NAMES

    def with_result(self, result: TableResult) -> SeveralTables:
        return replace(self, results=(*self.results, result))

    def with_move(self, move: RoundMove) -> SeveralTables:
        return replace(self, moves=(*self.moves, move))

    def with_names(self, names: Iterable[tuple[Pair, tuple[str, str]]]) -> SeveralTables:
        return replace(self, names=named(names))


def named(names: Iterable[tuple[Pair, tuple[str, str]]]) -> tuple[tuple[Pair, tuple[str, str]], ...]:
    """The pairs' names in one order (N-S pairs, then E-W, by number), leaving out pairs without a name."""
    return tuple(sorted(((p, n) for p, n in dict(names).items() if any(n)), key=lambda item: item[0].order))
