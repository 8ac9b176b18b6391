"""The evening of several tables in the evening's counts: two statistics rows a pair, and its
tables, movement, leaders and pairs on its summary line.

Its results say which pair declared and from which seat, but not which of the two sat there
(the pairs' names are a pair's, "Ann & Bob", never a seat's): a contract is defended by both
players of the pair against it, and counted in their rows as defender; as declarer it is in
nobody's (``game_stats``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgepad.core.evening.game_stats import WIDTH, SeatRow, count_defended
from bridgepad.core.evening.pair_summary import PairSummary
from bridgepad.core.model import Doubling
from bridgepad.core.words.several_text import leaders

if TYPE_CHECKING:
    from bridgepad.core.evening.kinds import SummaryFields
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import GameState
    from bridgepad.core.rules.kinds.several_tables.scores import SeveralState


def tables_state(state: GameState) -> SeveralState:
    """The tables' figures: travellers, standings, changes (a game of this kind always has them)."""
    s = state.session
    assert s is not None and s.several is not None, "a game of several tables without its figures"
    return s.several


def pair_rows(several: SeveralState) -> tuple[SeatRow, ...]:
    """Two rows a pair (its players, in the order of their names), the pairs in the session's
    order (``SeveralState.standings``, the order of ``GameSummary.pairs``); each result that
    counts (a table's last) defended by both players of the pair against the declarer."""
    places = {(standing.pair.side, standing.pair.number): 2 * i for i, standing in enumerate(several.standings)}
    rows = [[0] * WIDTH for _ in range(2 * len(several.standings))]
    for traveller in several.travellers:
        for row in traveller.rows:
            contract, declarer, tricks = row.result.hand.contract, row.result.hand.declarer, row.outcome.tricks
            if contract is None or declarer is None or tricks is None:
                continue  # passed out: nobody's contract
            against = row.sitting.pair(declarer.side.other)
            if against is None:
                continue
            at = places[(against.side, against.number)]
            doubled, made = contract.doubling is not Doubling.NONE, tricks >= contract.level + 6
            count_defended(rows[at], doubled, made)
            count_defended(rows[at + 1], doubled, made)
    return tuple(tuple(r) for r in rows)


def summary_fields(state: SeveralState) -> SummaryFields:
    """What a game of several tables adds to its line: its tables, movement, leaders and pairs."""
    pairs = []
    for s in state.standings:
        compared = [row.comparison(s.pair.side) for _, row in state.pair_rows(s.pair)]
        compared = [c for c in compared if c.compared]
        pairs.append(
            PairSummary(
                s.pair.side,
                s.names,
                s.imps if s.compared else None,
                sum(c.matchpoints for c in compared),
                sum(c.top for c in compared),
                s.percent,
                s.compared,
            )
        )
    setup = state.inputs.setup
    return {
        "boards": setup.boards,  # the movement's boards (at one table: the boards compared)
        "tables": setup.tables,
        "movement": setup.kind.value,
        "leaders": leaders(state),
        "pairs": tuple(pairs),
    }


class SeveralTablesEvening:
    def stats_rows(self, record: GameRecord) -> tuple[SeatRow, ...]:
        return pair_rows(tables_state(record.state))

    def state_stats_rows(self, state: GameState) -> tuple[SeatRow, ...]:
        return pair_rows(tables_state(state))

    def summary_fields(self, state: GameState) -> SummaryFields:
        return summary_fields(tables_state(state))


EVENING = SeveralTablesEvening()
