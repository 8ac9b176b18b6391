"""The dealer printed on every duplicate board: North on board 1, then round the table.

The vulnerability printed beside it is ``bridgepad.core.rules.vulnerability``'s.
"""

from __future__ import annotations

from bridgepad.core.model import Seat


def board_dealer(board: int) -> Seat:
    return Seat.N.after(board - 1)
