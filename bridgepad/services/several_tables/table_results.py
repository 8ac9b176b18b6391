"""A game of several tables changed by its tables and its director, through the session.

Each table's result is saved (synced: one line of the game's journal, ``GameStore.append``)
before the phone that sent it is told so;
a save that fails is raised, and the result is not kept in memory either, so the phone's
retry, with the same id, is what records it (``Session.record``). What a phone was told is
saved stays saved: undo never goes back past a table's result or move (the stack is emptied
there, since undoing an earlier change restores the game as it was then); the director
changes a result by a correction, undoable until the next table's result.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.readers.serialize import hand_to_json
from bridgepad.core.readers.several_tables_json import move_to_json, names_to_json, result_to_json
from bridgepad.core.rules.game import GameState, HandOutcome
from bridgepad.core.rules.kinds.several_tables.entering import (
    EntryRefused,
    Recorded,
    Submission,
    TableResult,
    correct,
    next_round,
    submit,
)
from bridgepad.core.rules.kinds.several_tables.one_table import as_one_table, board_start
from bridgepad.services.changes import Origin
from bridgepad.store.errors import Refused
from bridgepad.store.game_store import now_iso

if TYPE_CHECKING:
    from bridgepad.core.model import Hand
    from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables
    from bridgepad.services.session import Session

NOT_SEVERAL = "The game on the pad is not a game of several tables."


def director_id() -> str:
    """A correction's id, never one used before: a game's id (its second and 16 random bits)
    repeats among corrections made in the same second, one in a few hundred times at twenty."""
    return f"director-{uuid.uuid4().hex}"


class TableResults:
    """The results of the game of several tables on ``session``'s pad."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def _inputs(self) -> SeveralTables:
        inputs = self._session.game.several_tables
        if inputs is None:
            raise Refused(NOT_SEVERAL)
        return inputs

    def submit(self, table: int, board: int, hand: Hand, submission_id: str, *, replace_earlier: bool = False) -> Submission:
        """A table's result for ``board``: recorded and saved, a repeat of one recorded, or a
        board already in (``replace_earlier`` replaces it). EntryRefused with the reason if it
        cannot be taken; SaveError if it could not be saved (then nothing is recorded)."""
        self._session.check_writable()
        inputs = self._inputs()
        result = TableResult(submission_id, table, 0, board, replace(hand, at=now_iso()))
        outcome = submit(inputs, result, replace=replace_earlier)
        if isinstance(outcome, Recorded):
            change = {"result": result_to_json(outcome.result, hand_to_json)}
            self._record(inputs.with_result(outcome.result), f"board {board} at table {table}", table, change, undoable=False)
        return outcome

    def move_table(self, table: int, leaving: int) -> bool:
        """Moves ``table`` on from round ``leaving`` once its boards are in; False if it had
        moved on already (a repeat). EntryRefused if it may not; SaveError if not saved."""
        self._session.check_writable()
        inputs = self._inputs()
        move = next_round(inputs, table, leaving, now_iso())
        if move is None:
            return False
        change = {"move": move_to_json(move)}
        self._record(inputs.with_move(move), f"table {table} to round {move.round}", table, change, undoable=False)
        return True

    def correct(self, table: int, board: int, hand: Hand, why: str) -> Recorded:
        """The director's change to ``board`` at ``table``, in any round, written down with its
        time and reason; undoable. EntryRefused if it cannot be made; SaveError if not saved."""
        self._session.check_writable()
        inputs = self._inputs()
        recorded = correct(inputs, TableResult(director_id(), table, 0, board, replace(hand, at=now_iso()), why=why))
        change = {"result": result_to_json(recorded.result, hand_to_json)}
        self._record(inputs.with_result(recorded.result), f"board {board} at table {table} changed", None, change, undoable=True)
        return recorded

    def correction_preview(self, table: int, board: int, hand: Hand) -> tuple[HandOutcome, GameState]:
        """What ``hand`` would score as ``table``'s result on ``board``: the board as one table
        scores it, the other tables' results its Other tables (for the entry form's preview)."""
        state = self._session.state
        several = state.session.several if state.session is not None else None
        if several is None:
            raise Refused(NOT_SEVERAL)
        return as_one_table(several, self._session.game.settings, table, board, hand)

    def board_start(self, board: int) -> GameState:
        """``board`` about to be played, as the entry form asks before a hand is typed."""
        return board_start(self._session.game.settings, board)

    def name_pairs(self, names: SeveralTables) -> bool:
        """The pairs' names, as the director typed them (undoable). EntryRefused if a name is one
        the game file's reader would refuse (too long, a control character), or a pair not of the movement."""
        inputs = self._inputs()
        pairs = inputs.setup.movement().pairs
        for pair, two in names.names:
            if pair not in pairs:
                raise EntryRefused(f"{pair.label} is not a pair of this movement.")
            try:
                for name in two:
                    check_name(name, f"a player of {pair.label}")
            except NotationError as e:
                raise EntryRefused(str(e)) from None
        change = {"names": names_to_json(names.names)}
        self._record(replace(inputs, names=names.names), "names of the pairs", None, change, undoable=True)
        return True

    def _record(self, inputs: SeveralTables, what: str, table: int | None, change: dict[str, Any], *, undoable: bool) -> None:
        game = replace(self._session.game, several_tables=inputs)
        origin = Origin.TABLE if table is not None else Origin.PAD
        self._session.record(game, what, origin=origin, table=table, undoable=undoable, change=change)
