"""Movements: which pair sits where and plays which boards in each round.

``MovementSetup`` is what a new game of several tables chooses (saved with the game);
``setup.movement()`` works it out (``teams``, ``mitchell``), and ``setup_problem`` says in
a sentence what is wrong with a choice, for the dialog, the command line and a file alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bridgepad.core.rules.kinds.several_tables.movements.base import Movement, MovementKind, Pair, Sitting
from bridgepad.core.rules.kinds.several_tables.movements.mitchell import MAX_TABLES, MIN_TABLES, mitchell, most_rounds
from bridgepad.core.rules.kinds.several_tables.movements.teams import TABLES as TEAM_TABLES
from bridgepad.core.rules.kinds.several_tables.movements.teams import teams

__all__ = [
    "MAX_BOARDS",
    "Movement",
    "MovementKind",
    "MovementSetup",
    "Pair",
    "Sitting",
    "default_kind",
    "setup_problem",
]

MAX_BOARDS = 64  # two sessions' worth: no home evening plays more
TEAM_ROUNDS = 2  # a home team match: the two halves, swapped at half time


def default_kind(tables: int) -> MovementKind:
    """Two tables play a team match, more a Mitchell, unless the players choose."""
    return MovementKind.TEAMS if tables == TEAM_TABLES else MovementKind.MITCHELL


@dataclass(frozen=True, slots=True)
class MovementSetup:
    """A movement's choices, as a new game of several tables makes them."""

    kind: MovementKind
    tables: int
    boards: int
    rounds: int
    pairs: int  # pairs playing: twice the tables, or one fewer in a Mitchell (a pair sits out each round)
    first_board: int = 1

    @staticmethod
    def of(kind: MovementKind, tables: int, boards: int, rounds: int | None = None, pairs: int | None = None) -> MovementSetup:
        """The setup with the usual rounds and pairs where they are not given."""
        if rounds is None:
            rounds = TEAM_ROUNDS if kind is MovementKind.TEAMS else most_rounds(max(tables, 1))
        return MovementSetup(kind, tables, boards, rounds, 2 * tables if pairs is None else pairs)

    def movement(self) -> Movement:
        return _worked_out(self)

    @property
    def boards_per_round(self) -> str:
        """``3``, or ``3 or 2`` where the boards do not share out evenly."""
        sets = self.tables if self.kind is MovementKind.MITCHELL else self.rounds
        size, extra = divmod(self.boards, sets)
        return f"{size + 1} or {size}" if extra else str(size)


@cache
def _worked_out(setup: MovementSetup) -> Movement:
    # A movement is asked for at every result a phone sends: worked out once a setup.
    if setup.kind is MovementKind.TEAMS:
        return teams(setup.boards, setup.rounds, setup.first_board)
    return mitchell(setup.tables, setup.boards, setup.rounds, setup.pairs, setup.first_board)


def setup_problem(setup: MovementSetup) -> tuple[str, str] | None:
    """What is wrong with ``setup``, as the field it belongs to and one sentence; None if nothing."""
    kind, tables, boards, rounds = setup.kind, setup.tables, setup.boards, setup.rounds
    if kind is MovementKind.TEAMS:
        if tables != TEAM_TABLES:
            return (
                "tables",
                f"A team match is played at {TEAM_TABLES} tables; {tables} tables play a Mitchell (movement mitchell).",
            )
        if setup.pairs != 2 * TEAM_TABLES:
            return ("pairs", "A team match has 4 pairs, two in each team.")
        sets = rounds
        if rounds < 2:
            return ("rounds", "A team match needs 2 rounds at least, so that each table plays the boards the other played.")
    else:
        if not MIN_TABLES <= tables <= MAX_TABLES:
            hint = " (2 tables play a team match: movement teams)" if tables == TEAM_TABLES else ""
            return ("tables", f"A Mitchell is played at {MIN_TABLES} to {MAX_TABLES} tables, not {tables}{hint}.")
        if setup.pairs not in (2 * tables, 2 * tables - 1):
            return (
                "pairs",
                f"{tables} tables seat {2 * tables} pairs, or {2 * tables - 1} with one sitting out each round; not {setup.pairs}.",
            )
        most = most_rounds(tables)
        if not 1 <= rounds <= most:
            why = "" if tables % 2 else ", as E-W skip a table half way"
            return ("rounds", f"A Mitchell on {tables} tables plays 1 to {most} rounds{why}; not {rounds}.")
        sets = tables
    if not sets <= boards <= MAX_BOARDS:
        return ("boards", f"Give {sets} to {MAX_BOARDS} boards: each of the {sets} sets needs one board at least; not {boards}.")
    if not 1 <= setup.first_board <= 10_000:
        return ("boards", f"The first board is a number from 1 to 10,000, not {setup.first_board}.")
    return None
