"""What a movement is: who sits where and which boards they play in each round.

A movement is worked out once from its few choices (how many tables, boards, rounds and
pairs) into its sittings, one a table a round; everything else (the guide cards, where
each pair goes next, the travellers a board will have) is read off them. A pair keeps
its direction all session: a Mitchell's N-S pairs stay at their tables, and a team
match's four pairs never move.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum

from bridgepad.core.model import Side


class MovementKind(str, Enum):
    TEAMS = "teams"  # two tables, a team match: each board played once at each table
    MITCHELL = "mitchell"  # three tables or more, a pairs game: N-S stay, E-W move up, boards down

    @property
    def word(self) -> str:
        return {MovementKind.TEAMS: "team match", MovementKind.MITCHELL: "Mitchell"}[self]

    @property
    def short(self) -> str:
        """The word in a narrow column (the history's mode): ``teams``, ``Mitchell``."""
        return {MovementKind.TEAMS: "teams", MovementKind.MITCHELL: "Mitchell"}[self]


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair by its direction and number, as the guide cards print it: N-S 3, E-W 1."""

    side: Side
    number: int

    @property
    def label(self) -> str:
        return f"{self.side.short} {self.number}"

    @property
    def order(self) -> tuple[int, int]:
        """N-S pairs before E-W, each by number: the order every list of pairs is in."""
        return (0 if self.side is Side.NS else 1, self.number)

    @property
    def key(self) -> str:
        """``NS3``: how a pair is written in files and addresses."""
        return f"{self.side.value}{self.number}"

    @staticmethod
    def from_key(text: str) -> Pair | None:
        """The pair ``NS3`` (or ``N-S 3``, ``ew1``) names; None if it names none."""
        t = "".join(text.split()).upper().replace("-", "")
        for side in (Side.NS, Side.EW):
            if t.startswith(side.value) and t[2:].isdigit() and len(t) <= 5:
                number = int(t[2:])
                return Pair(side, number) if number >= 1 else None
        return None


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: the pairs sitting there and the boards they play.

    ``ns`` or ``ew`` is None where an odd number of pairs leaves a seat empty: the pair
    that would have met the missing one sits out, and the boards there wait a round.
    """

    round: int
    table: int
    ns: Pair | None
    ew: Pair | None
    boards: tuple[int, ...]

    @property
    def plays(self) -> bool:
        """Whether boards are played here this round (both pairs sit)."""
        return self.ns is not None and self.ew is not None

    @property
    def sitting_out(self) -> Pair | None:
        """The pair that waits this round at this table, if one does."""
        if self.plays:
            return None
        return self.ns or self.ew

    def pair(self, side: Side) -> Pair | None:
        return self.ns if side is Side.NS else self.ew


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement worked out: its sittings, round by round, table by table."""

    kind: MovementKind
    tables: int
    boards: int
    rounds: int
    pairs: tuple[Pair, ...]  # every pair that plays, N-S first
    sets: tuple[tuple[int, ...], ...]  # the boards of each set, in the order the sets are numbered
    sittings: tuple[Sitting, ...]  # round 1's tables in order, then round 2's ...
    skip: bool = False  # a Mitchell on an even number of tables: E-W skip a table half way
    # Each board's and each pair's sittings, looked up at every result saved (each board's
    # traveller, each table's page): found once here rather than by a walk through every sitting.
    _by_board: dict[int, tuple[Sitting, ...]] = field(init=False, repr=False, compare=False, hash=False)
    _by_pair: dict[Pair, tuple[Sitting, ...]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        by_board: dict[int, list[Sitting]] = {}
        by_pair: dict[Pair, list[Sitting]] = {}
        for s in self.sittings:
            if s.plays:
                for b in s.boards:
                    by_board.setdefault(b, []).append(s)
            for p in (s.ns, s.ew):
                if p is not None:
                    by_pair.setdefault(p, []).append(s)
        object.__setattr__(self, "_by_board", {b: tuple(v) for b, v in by_board.items()})
        object.__setattr__(self, "_by_pair", {p: tuple(v) for p, v in by_pair.items()})

    def sitting(self, table: int, round: int) -> Sitting:
        """Table ``table`` in round ``round`` (both from 1)."""
        if not (1 <= table <= self.tables and 1 <= round <= self.rounds):
            raise IndexError(f"no table {table} in round {round}")
        return self.sittings[(round - 1) * self.tables + (table - 1)]

    def round_sittings(self, round: int) -> tuple[Sitting, ...]:
        start = (round - 1) * self.tables
        return self.sittings[start : start + self.tables]

    def table_sittings(self, table: int) -> tuple[Sitting, ...]:
        return tuple(self.sitting(table, r) for r in range(1, self.rounds + 1))

    def pair_sittings(self, pair: Pair) -> tuple[Sitting, ...]:
        """Where ``pair`` sits in each round (its sit-outs included)."""
        return self._by_pair.get(pair, ())

    def sitting_out(self, round: int) -> tuple[Pair, ...]:
        """The pairs that wait out ``round``."""
        return tuple(p for s in self.round_sittings(round) if (p := s.sitting_out) is not None)

    def board_sittings(self, board: int) -> tuple[Sitting, ...]:
        """Every sitting that plays ``board``, round by round: the rows its traveller will have."""
        return self._by_board.get(board, ())

    def board_numbers(self) -> Iterator[int]:
        for board_set in self.sets:
            yield from board_set

    def set_of(self, board: int) -> int:
        """The number (from 1) of the set ``board`` is in."""
        for n, board_set in enumerate(self.sets, 1):
            if board in board_set:
                return n
        raise ValueError(f"board {board} is not in this movement")

    def team_of(self, pair: Pair) -> int:
        """A team match's team (1 or 2): N-S at table 1 with E-W at table 2, and the others."""
        return 1 if (pair.side is Side.NS) == (pair.number == 1) else 2


def board_sets(boards: int, sets: int, first: int = 1) -> tuple[tuple[int, ...], ...]:
    """``boards`` boards from ``first`` in ``sets`` sets of consecutive boards, as even as they
    go: where they do not share out evenly the first sets have one board more."""
    size, extra = divmod(boards, sets)
    out = []
    board = first
    for n in range(sets):
        count = size + (1 if n < extra else 0)
        out.append(tuple(range(board, board + count)))
        board += count
    return tuple(out)
