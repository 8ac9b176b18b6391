"""The pad's game in the evening: a statistics row a seat, and nothing added to its summary line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgepad.core.evening.game_stats import SeatRow, seat_rows

if TYPE_CHECKING:
    from bridgepad.core.evening.kinds import SummaryFields
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import GameState


class PadEvening:
    def stats_rows(self, record: GameRecord) -> tuple[SeatRow, ...]:
        """One row a seat, N, E, S, W, of the record's hand lines."""
        return seat_rows((line.contract, line.declarer, line.tricks_scored) for line in record.hand_lines)

    def state_stats_rows(self, state: GameState) -> tuple[SeatRow, ...]:
        """The same rows from the state: a record's hand line is its hand's contract and
        declarer and the tricks its outcome scored, one line a hand in order (``record_of``)."""
        return seat_rows((h.hand.contract, h.hand.declarer, h.tricks) for h in state.hands)

    def summary_fields(self, state: GameState) -> SummaryFields:
        return {}


EVENING = PadEvening()
