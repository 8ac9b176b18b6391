"""The Mitchell movement, for a pairs game on three tables or more.

N-S pair n sits at table n all session. E-W pairs move up a table after each round
(from the last table to table 1) and the boards move down (from table 1 to the last):
in round r (from 1) table t plays set t + r − 1, so relative to the boards an E-W pair
moves two tables a round. On an odd number of tables that brings each E-W pair to every
set and every N-S pair once in as many rounds as there are tables. On an even number it
would bring them back to a set already played after half the rounds, so E-W skip a table
then (they move up two, once): the skip Mitchell, which gives every E-W pair a new set
and a new N-S pair for one round fewer than there are tables.

With one pair short (an odd number of pairs), E-W pair T is missing: each round the N-S
pair at the table it would have reached sits out, and the boards there wait a round.
"""

from __future__ import annotations

from bridgepad.core.model import Side
from bridgepad.core.rules.kinds.several_tables.movements.base import Movement, MovementKind, Pair, Sitting, board_sets

MIN_TABLES = 3
MAX_TABLES = 8


def most_rounds(tables: int) -> int:
    """As many rounds as a Mitchell on ``tables`` tables can play without a pair meeting a set
    or a pair twice: every table on an odd number, one fewer with the skip on an even one."""
    return tables if tables % 2 else tables - 1


def mitchell(tables: int, boards: int, rounds: int | None = None, pairs: int | None = None, first_board: int = 1) -> Movement:
    rounds = most_rounds(tables) if rounds is None else rounds
    pairs = 2 * tables if pairs is None else pairs
    skip = tables % 2 == 0
    sets = board_sets(boards, tables, first_board)
    missing = Pair(Side.EW, tables) if pairs == 2 * tables - 1 else None
    sittings = []
    for r in range(rounds):
        shift = r + (1 if skip and r >= tables // 2 else 0)
        for t in range(tables):
            ew: Pair | None = Pair(Side.EW, (t - shift) % tables + 1)
            if ew == missing:
                ew = None
            sittings.append(Sitting(r + 1, t + 1, Pair(Side.NS, t + 1), ew, sets[(t + r) % tables]))
    players = tuple(Pair(Side.NS, n) for n in range(1, tables + 1)) + tuple(
        p for n in range(1, tables + 1) if (p := Pair(Side.EW, n)) != missing
    )
    return Movement(MovementKind.MITCHELL, tables, boards, rounds, players, sets, tuple(sittings), skip)
