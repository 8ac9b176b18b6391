"""A table's phone writing its results: each request read, checked by the core's rules, and answered.

No web server here (``server`` reads a request's body and writes the answer): each call
takes the JSON a phone sent and gives the status and the JSON to answer with. The
contract, declarer and tricks are read by the pad's own form reader
(``core.readers.entry.read_form``), so a mistake gets the pad's sentence; what a table may
enter, and when, is the core's rule (``several_tables.entering``); a result is saved
through the session (``TableResults.submit``: atomically, synced) before it is answered.
A mistake answers 4xx with ``{"error": sentence}`` and writes nothing.

- 201: a new result, saved; 200: its id was recorded already (a retry after a lost reply).
- 409: the table has a result for the board already: ``earlier`` is it, and the same
  result sent with ``"replace": true`` takes its place.
- 400: not a result (a field missing, of the wrong kind, or unknown); 422: a result the
  rules refuse (the pad's sentence, ``field`` naming the field; another table's board, a
  board of another round, a round closed); 503: it could not be saved, nothing was recorded,
  and the phone sends it again (its own sentence: the pad's, which names the data folder and
  speaks of the pad's screen, is for the pad's status line, through ``on_saving``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgepad.core.readers.entry import read_form
from bridgepad.core.rules.kinds.several_tables.entering import (
    AlreadyIn,
    EntryRefused,
    Recorded,
    Repeated,
    check_board,
    counted,
)
from bridgepad.core.rules.kinds.several_tables.inputs import TableResult
from bridgepad.core.rules.kinds.several_tables.scores import board_outcome
from bridgepad.core.words.text import visible
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.services.share.desk import Answer
from bridgepad.services.share.several_tables.table_page import result_json, score_text, table_state
from bridgepad.store.errors import ReadOnlyError, Refused, SaveError

if TYPE_CHECKING:
    from bridgepad.core.model import Hand
    from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
    from bridgepad.services.session import Session

RESULT_FIELDS = ("id", "board", "contract", "declarer", "tricks", "replace")
LONGEST = 16  # characters of a contract or a declarer read; "7NTXX" is 5, so anything longer is shown cut
FORM_FIELD = {"contract": "contract", "declarer": "declarer", "result": "tricks"}  # the pad's field, the phone's
NOT_SAVED = "The laptop could not save this result: nothing was recorded, and this phone will send it again in a moment."
NOT_MOVED = "The laptop could not save the move to the next round: nothing was recorded; press it again in a moment."
PASSED_OUT = "A passed-out board has no declarer and no tricks: send the {given} only with a contract, or leave it out."
A_RESULT = "a result is {id, board, contract, declarer, tricks}, with replace: true to replace the board's result"


class BadRequest(ValueError):
    """A body that is not what a table sends, with the sentence and the status to answer."""

    def __init__(self, sentence: str, status: int = 400, **more: Any) -> None:
        super().__init__(sentence)
        self.status = status
        self.more = more


def refusal(status: int, sentence: str, **more: Any) -> Answer:
    return Answer(status, {"error": sentence, **more})


def _text(value: Any) -> str:
    """A field's text as the form reads it: cut at ``LONGEST`` so that a sentence quoting it stays short."""
    text = str(value)
    return text if len(text) <= LONGEST else text[:LONGEST] + "…"


@dataclass(frozen=True, slots=True)
class Submission:
    """A phone's result as read: its id, board, the hand the form's words give, and whether it replaces."""

    id: str
    board: int
    hand: Hand
    replace: bool


def read_result(data: Any, *, need_id: bool = True) -> Submission:
    """The result in a phone's JSON; BadRequest with the sentence if it is not one."""
    if not isinstance(data, dict):
        raise BadRequest(f"The body is not a result: {A_RESULT}.")
    unknown = [k for k in data if k not in RESULT_FIELDS]
    if unknown:
        raise BadRequest(f"{visible(_text(unknown[0]))} is not a field of a result: {A_RESULT}.")
    submission_id = data.get("id")
    if need_id and submission_id is None:
        raise BadRequest("A result needs its id, made by the phone that sends it, so that a retry records it once.")
    if submission_id is not None and not isinstance(submission_id, str):
        raise BadRequest("The id is text, made by the phone that sends the result.")
    board = data.get("board")
    if not isinstance(board, int) or isinstance(board, bool):
        raise BadRequest("The board is its number, e.g. 5.", field="board")
    contract = data.get("contract")
    if not isinstance(contract, str):
        raise BadRequest("The contract is text in the pad's words: 4S, 3NTX, 6HXX, or pass.", field="contract")
    declarer = data.get("declarer")
    if declarer is not None and not isinstance(declarer, str):
        raise BadRequest("The declarer is a seat in the pad's words: N, E, S or W.", field="declarer")
    tricks = data.get("tricks")
    if tricks is not None and (not isinstance(tricks, int) or isinstance(tricks, bool)):
        raise BadRequest("The tricks are a number: the tricks declarer took, 0 to 13.", field="tricks")
    if isinstance(tricks, int) and tricks < 0:
        # A number of tricks taken, never one against the contract (the pad's -1): none below 0.
        raise BadRequest(f"Declarer cannot take {tricks} tricks: give the tricks declarer took, 0 to 13.", 422, field="tricks")
    replace = data.get("replace", False)
    if not isinstance(replace, bool):
        raise BadRequest("replace is true or false.", field="replace")
    values = {"contract": _text(contract), "declarer": _text(declarer or ""), "result": "" if tricks is None else _text(tricks)}
    reading = read_form(values, honors_on=False, others_on=False, board=board)
    if not reading.ok or reading.hand is None:
        errors = {FORM_FIELD[k]: v for k, v in reading.errors.items() if k in FORM_FIELD}
        first = next(iter(errors))
        raise BadRequest(errors[first], 422, field=first, errors=errors)
    if reading.hand.contract is None and (declarer or tricks is not None):
        # The pad's form leaves them out of a passed-out board; a phone that sent them meant something else.
        given = "declarer" if declarer else "tricks"
        raise BadRequest(PASSED_OUT.format(given=given), 422, field=given)
    return Submission(submission_id or "", board, reading.hand, replace)


class Desk:
    """Where the tables' phones write: the session in use now (``current``), through its own methods."""

    def __init__(self, current: Callable[[], Session]) -> None:
        self._current = current
        # Told after each write: "" once saved, or why it was not, in the pad's words (the
        # server publishes it for the pad's status line; a phone is told NOT_SAVED).
        self.on_saving: Callable[[str], None] = lambda _failure: None

    def session(self) -> Session:
        return self._current()

    def game(self) -> tuple[str, int] | None:
        """The game whose tables are served, as its id and its number of tables; None when the
        game on the pad is not one of several tables, or this window cannot write it."""
        session = self._current()
        inputs = session.game.several_tables
        if inputs is None or session.read_only:
            return None
        return (session.stored.id, inputs.setup.tables)

    def table_state(self, table: int) -> dict[str, Any]:
        session = self._current()
        several = several_state(session)
        assert several is not None
        return table_state(several, table, session.game.settings)

    # Requests -----------------------------------------------------------------
    def submit(self, table: int, data: Any) -> Answer:
        """``POST {table}/results``: the result recorded (201), a repeat (200), or why not."""
        try:
            s = read_result(data)
        except BadRequest as e:
            return refusal(e.status, str(e), **e.more)
        session = self._current()
        settings = session.game.settings
        try:
            outcome = TableResults(session).submit(table, s.board, s.hand, s.id, replace_earlier=s.replace)
        except EntryRefused as e:
            return refusal(422, str(e))
        except Refused as e:
            return refusal(409, str(e))
        except (ReadOnlyError, SaveError) as e:
            self.on_saving(_failure(table, "result", e))
            return refusal(503, NOT_SAVED)
        self.on_saving("")
        if isinstance(outcome, Recorded):
            saved = result_json(outcome.result, settings)
            replaced = result_json(outcome.replaced, settings) if outcome.replaced is not None else None
            return Answer(201, {"saved": True, "result": saved, "ns_score": saved["ns_score"], "replaced": replaced})
        if isinstance(outcome, Repeated):
            saved = result_json(outcome.result, settings)
            return Answer(200, {"saved": True, "repeat": True, "result": saved, "ns_score": saved["ns_score"]})
        assert isinstance(outcome, AlreadyIn)
        earlier = result_json(outcome.result, settings)
        sentence = (
            f"Board {s.board} is in already at table {table}: {earlier['text']}, {earlier['score']}. "
            'Send the new result with "replace": true to put it in its place.'
        )
        return refusal(409, sentence, earlier=earlier, replace=True)

    def check(self, table: int, data: Any) -> Answer:
        """``POST {table}/check``: what a result would score, before the other side agrees; writes nothing."""
        try:
            s = read_result(data, need_id=False)
        except BadRequest as e:
            return refusal(e.status, str(e), **e.more)
        session = self._current()
        inputs = session.game.several_tables
        if inputs is None:
            return refusal(409, "The game on the pad is not a game of several tables.")
        try:
            check_board(inputs, table, s.board)
        except EntryRefused as e:
            return refusal(422, str(e))
        settings = session.game.settings
        score = board_outcome(s.board, s.hand, settings).board_score
        earlier = counted(inputs).get((table, s.board))
        preview = result_json(_unsaved(table, s.board, s.hand), settings)
        return Answer(
            200,
            {
                "ok": True,
                "ns_score": score,
                "score": score_text(score),
                "text": preview["text"],
                "earlier": result_json(earlier, settings) if earlier is not None else None,
            },
        )

    def move(self, table: int, data: Any) -> Answer:
        """``POST {table}/next`` with ``{"round": N}``, the round the table leaves: on to the next."""
        leaving = data.get("round") if isinstance(data, dict) else None
        if not isinstance(leaving, int) or isinstance(leaving, bool) or set(data) != {"round"}:
            return refusal(400, 'Moving on is {"round": N}, the round the table has finished.')
        session = self._current()
        try:
            moved = TableResults(session).move_table(table, leaving)
        except EntryRefused as e:
            return refusal(422, str(e))
        except Refused as e:
            return refusal(409, str(e))
        except (ReadOnlyError, SaveError) as e:
            self.on_saving(_failure(table, "move to the next round", e))
            return refusal(503, NOT_MOVED)
        self.on_saving("")
        return Answer(200, {"moved": moved, "state": self.table_state(table)})


def _failure(table: int, what: str, error: Exception) -> str:
    """For the pad's status line: whose write was not saved, and why in the session's words.

    The session's sentence goes on to say the change is kept on screen and retried, which is
    so for the pad's own keys; a phone's write is not kept (its phone sends it again), so
    only the sentence's first part, where the folder and the reason are, is said."""
    why = str(error).partition(" The change is kept on screen")[0]
    return f"Table {table}'s {what} was not saved (its phone sends it again): {why}"


def several_state(session: Session) -> SeveralState | None:
    """The derived state of the game of several tables on ``session``'s pad (None: not one)."""
    state = session.state.session
    return state.several if state is not None else None


def _unsaved(table: int, board: int, hand: Hand) -> TableResult:
    """A result not entered, to be shown in the words of one that is."""
    return TableResult("", table, 0, board, hand)
