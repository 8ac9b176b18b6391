"""A board of a game of several tables as a game of one table scores it.

The director's correction is typed in the pad's own entry form, which shows what a hand
writes as a one-table game works it out: so the board is made into that game, its one
hand the result typed and its "Other tables" the N-S scores the other tables have on the
board. What the form shows is then what the session will score, by the same rule
(``scores`` compares a result exactly so).
"""

from __future__ import annotations

from dataclasses import replace

from bridgepad.core.model import Hand
from bridgepad.core.rules.game import Game, GameState, HandOutcome, Mode, replay
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
from bridgepad.core.rules.settings import Settings


def board_start(settings: Settings, board: int) -> GameState:
    """A game of one table about to play ``board``: its dealer, vulnerability, and nothing carried."""
    return replay(Game(mode=Mode.DUPLICATE, settings=settings, first_board=board))


def others_at(state: SeveralState, table: int, board: int) -> tuple[int, ...]:
    """The N-S scores the other tables have on ``board``, by round: its "Other tables" at ``table``."""
    return tuple(row.ns_score for row in state.traveller(board).rows if row.table != table)


def as_one_table(state: SeveralState, settings: Settings, table: int, board: int, hand: Hand) -> tuple[HandOutcome, GameState]:
    """``hand`` as table ``table``'s result on ``board``, scored as one table scores it with
    the other tables' results typed as its Other tables."""
    typed = replace(hand, others=others_at(state, table, board))
    after = replay(Game(mode=Mode.DUPLICATE, settings=settings, first_board=board, hands=(typed,)))
    return after.hands[0], after
