"""A team match at two tables: each board is played once at each table.

Team 1 sits N-S at table 1 and E-W at table 2, team 2 the other way round, and nobody
moves: the boards are shared between the tables in sets. In round 1 table 1 plays set 1
and table 2 set 2; each round after, table 1 takes the set table 2 has just played and
table 2 the next set, until each table has played every set (two sets: the halves of the
match, swapped at half time). No set is at both tables in one round.
"""

from __future__ import annotations

from bridgepad.core.model import Side
from bridgepad.core.rules.kinds.several_tables.movements.base import Movement, MovementKind, Pair, Sitting, board_sets

TABLES = 2


def teams(boards: int, rounds: int = 2, first_board: int = 1) -> Movement:
    sets = board_sets(boards, rounds, first_board)
    ns1, ew1, ns2, ew2 = Pair(Side.NS, 1), Pair(Side.EW, 1), Pair(Side.NS, 2), Pair(Side.EW, 2)
    sittings = []
    for r in range(rounds):
        sittings.append(Sitting(r + 1, 1, ns1, ew1, sets[r]))
        sittings.append(Sitting(r + 1, 2, ns2, ew2, sets[(r + 1) % rounds]))
    return Movement(MovementKind.TEAMS, TABLES, boards, rounds, (ns1, ns2, ew1, ew2), sets, tuple(sittings))
