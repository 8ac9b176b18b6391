"""What a table may enter, and when: the rule every way in asks (the phones, the laptop, a file).

A table is in one round at a time: its first, then each round it moves on to once every
board of the round before is in. It may enter the boards of its round only, and correct
them until it moves on; a result for another table's board, a board of another round, or
a round it has left is refused with the reason. The director, at the laptop, may change
any result of a board that was played at that table, whenever, with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgepad.core.model import Hand
from bridgepad.core.rules.kinds.several_tables.inputs import By, RoundMove, SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import Movement, Sitting
from bridgepad.core.rules.revoke import check as revoke_problem

MAX_ID_LENGTH = 64  # a phone's submission id: a UUID is 36
MAX_WHY = 200  # a director's reason, in a sentence
# The most results a game keeps, the game file's reader's bound: 64 boards at 8 tables is 512
# results, corrections come on top. Checked here, before a result is saved, so that a game
# the phones were told was saved always opens again.
MAX_RESULTS = 10_000
# The most results kept for one board at one table from each of its two ways in (the table's
# phone, the director's laptop): a board is sent once and replaced once or twice after a
# slip, so 20 is ten times what a club sees; it keeps the board's history of changes, yet one
# table's link, replacing a board again and again, cannot fill the game for every table.
MAX_KEPT_PER_BOARD = 20


def table_round(inputs: SeveralTables, table: int) -> int:
    """The round ``table`` is in: 1, then one more for each move (one past the last: finished)."""
    moved = [m.round for m in inputs.moves if m.table == table]
    return max(moved, default=1)


@dataclass(frozen=True, slots=True)
class _Index:
    """The results of a game looked up by what the rules ask: the one that counts for each
    board at each table, each by its id, how many each way in sent for each board."""

    results: tuple[TableResult, ...]
    counts: dict[tuple[int, int], TableResult]
    ids: dict[str, TableResult]
    kept: dict[tuple[int, int, By], int]

    def extended(self, results: tuple[TableResult, ...]) -> _Index:
        counts, ids, kept = dict(self.counts), dict(self.ids), dict(self.kept)
        for r in results[len(self.results) :]:
            counts[(r.table, r.board)] = r
            ids.setdefault(r.id, r)
            kept[(r.table, r.board, r.by)] = kept.get((r.table, r.board, r.by), 0) + 1
        return _Index(results, counts, ids, kept)


_EMPTY = _Index((), {}, {}, {})
# The indexes of the results last looked at: each result saved is one more than the game had,
# so an index grows by it instead of being made again from 10,000 results (a save's cost
# stays flat). A few are kept: the pad's game, and one the director looks at beside it.
_recent: list[_Index] = []
_RECENT = 4


def _index(inputs: SeveralTables) -> _Index:
    results = inputs.results
    for i, last in enumerate(_recent):
        if last.results is results:
            return last
        n = len(last.results)
        if n and n <= len(results) and results[n - 1] is last.results[-1] and results[:n] == last.results:
            found = last.extended(results)
            _recent[i] = found
            return found
    found = _EMPTY.extended(results)
    _recent.insert(0, found)
    del _recent[_RECENT:]
    return found


def counted(inputs: SeveralTables) -> dict[tuple[int, int], TableResult]:
    """The result that counts for each board at each table, by (table, board): the last entered."""
    return dict(_index(inputs).counts)


def board_range(boards: tuple[int, ...]) -> str:
    """``4–6``, ``7``, ``1, 3``: a round's boards as a table's column prints them."""
    if len(boards) == 1:
        return str(boards[0])
    if boards == tuple(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def boards_text(boards: tuple[int, ...]) -> str:
    """``boards 4–6``, ``board 7``, ``boards 1, 3``: a round's boards as a guide card prints them."""
    return f"board{'s' if len(boards) != 1 else ''} {board_range(boards)}"


def round_done(inputs: SeveralTables, sitting: Sitting) -> bool:
    """Whether every board of ``sitting`` is in (a table where a pair sits out has none to enter)."""
    have = counted(inputs)
    return all((sitting.table, b) in have for b in sitting.boards) if sitting.plays else True


@dataclass(frozen=True, slots=True)
class Recorded:
    """A new result, saved; ``replaced`` is the one it took the place of."""

    result: TableResult
    replaced: TableResult | None = None


@dataclass(frozen=True, slots=True)
class Repeated:
    """The submission's id is recorded already: a retry after a lost reply, answered again."""

    result: TableResult


@dataclass(frozen=True, slots=True)
class AlreadyIn:
    """The table has a result for the board already: shown, and asked whether to replace it."""

    result: TableResult


Submission = Recorded | Repeated | AlreadyIn


class EntryRefused(ValueError):
    """A result or a move that cannot be taken, with the reason in a sentence."""


def check_table(movement: Movement, table: int) -> None:
    if not 1 <= table <= movement.tables:
        raise EntryRefused(f"There is no table {table}: this game has tables 1 to {movement.tables}.")


def check_id(submission_id: str) -> None:
    if not submission_id or len(submission_id) > MAX_ID_LENGTH or not submission_id.isascii() or not submission_id.isprintable():
        raise EntryRefused(f"A result needs an id of 1 to {MAX_ID_LENGTH} plain characters, made by the phone that sends it.")


def check_room(inputs: SeveralTables, table: int, board: int, by: By) -> None:
    """EntryRefused, naming what is full and what the director can do, if one more result for
    ``board`` at ``table`` would pass a bound the game file's reader keeps (or the board's own)."""
    if len(inputs.results) >= MAX_RESULTS:
        raise EntryRefused(
            f"The game is full: it holds {MAX_RESULTS:,} results, the most one game keeps, so this one was not saved; "
            "every result in it is safe, and the director can start a new game of several tables for the rest of the evening."
        )
    kept = _index(inputs).kept.get((table, board, by), 0)
    if kept >= MAX_KEPT_PER_BOARD:
        if by is By.TABLE:
            raise EntryRefused(
                f"Board {board} has been sent {MAX_KEPT_PER_BOARD} times from table {table}, the most kept for a board, "
                "so this one was not saved: the last one sent counts; ask the director to change it at the laptop."
            )
        raise EntryRefused(
            f"Board {board} at table {table} has been changed {MAX_KEPT_PER_BOARD} times by the director, the most kept "
            "for a board, so this change was not saved: the last change counts."
        )


def check_hand(hand: Hand) -> None:
    """EntryRefused if ``hand`` is not a result the game file's reader takes for a board of several tables."""
    if hand.honors is not None or hand.others:
        raise EntryRefused("A board of several tables has no honors and no other tables' scores typed with it.")
    if hand.contract is not None and (hand.declarer is None or hand.tricks is None or not 0 <= hand.tricks <= 13):
        raise EntryRefused("A contract played needs its declarer and the tricks declarer took, 0 to 13.")
    if hand.revoke is not None:
        problem = revoke_problem(hand.revoke, hand.tricks or 0, hand.declarer.side) if hand.declarer else "no declarer"
        if problem is not None:
            raise EntryRefused(f"The revoke cannot be kept: {problem}.")


def still_at(inputs: SeveralTables, table: int, board: int) -> Sitting | None:
    """Where ``board`` of ``table``'s round is still to be entered in an earlier round, if it is:
    a board is at one table at a time, so a table that moved on early waits for it."""
    movement = inputs.setup.movement()
    now = table_round(inputs, table)
    have = counted(inputs)
    for before in movement.board_sittings(board):
        if before.round < now and (before.table, board) not in have:
            return before
    return None


def check_board(inputs: SeveralTables, table: int, board: int) -> Sitting:
    """The sitting at which ``table`` may enter ``board`` now; EntryRefused, with the reason, if it may not."""
    movement = inputs.setup.movement()
    check_table(movement, table)
    now = table_round(inputs, table)
    if now > movement.rounds:
        raise EntryRefused(f"Table {table} has finished its {movement.rounds} rounds; the director can still change a result.")
    sitting = movement.sitting(table, now)
    if board in sitting.boards and sitting.plays:
        # A board is at one table at a time: where it was played in an earlier round, its
        # result there comes first (a table that moved on early waits for its boards).
        before = still_at(inputs, table, board)
        if before is not None:
            raise EntryRefused(
                f"Board {board} is still at table {before.table}, for round {before.round}: "
                f"enter it here once table {before.table} has entered it."
            )
        return sitting
    played = next((s for s in movement.table_sittings(table) if board in s.boards and s.plays), None)
    if not sitting.plays:
        who = sitting.sitting_out
        assert who is not None
        here = f"{who.label} sits out round {now} at table {table}: no boards are played there this round"
    else:
        here = f"table {table} plays {boards_text(sitting.boards)} in round {now}"
    if played is None:
        raise EntryRefused(f"Board {board} is not played at table {table}: {here}.")
    if played.round < now:
        raise EntryRefused(
            f"Round {played.round} is closed at table {table}: {here}; the director can still change board {board}."
        )
    raise EntryRefused(f"Board {board} is played at table {table} in round {played.round}, not now: {here}.")


def submit(inputs: SeveralTables, result: TableResult, *, replace: bool = False) -> Submission:
    """What a table's result does: recorded (``replace``: over the table's earlier one), a
    repeat of one recorded, or a board already in that asks first. EntryRefused if it cannot be taken."""
    check_id(result.id)
    r = _index(inputs).ids.get(result.id)
    if r is not None:
        if (r.table, r.board) != (result.table, result.board):
            raise EntryRefused(f"The id {result.id} was used for board {r.board} at table {r.table}; send a new id.")
        return Repeated(r)
    sitting = check_board(inputs, result.table, result.board)
    result = TableResult(result.id, result.table, sitting.round, result.board, result.hand, By.TABLE)
    earlier = counted(inputs).get((result.table, result.board))
    if earlier is not None and not replace:
        return AlreadyIn(earlier)
    check_hand(result.hand)
    check_room(inputs, result.table, result.board, By.TABLE)
    return Recorded(result, earlier)


def check_why(text: str) -> str:
    """A director's reason as it is kept (its spaces run together); EntryRefused with the sentence
    the form shows beside its field when there is none, or it cannot be kept."""
    why = " ".join(text.split())
    if not why:
        raise EntryRefused("Say why the result is changed: the change is written down with its reason.")
    if len(why) > MAX_WHY or not why.isprintable():
        raise EntryRefused(f"The reason is a sentence of at most {MAX_WHY} characters that can be shown.")
    return why


def correct(inputs: SeveralTables, result: TableResult) -> Recorded:
    """The director's change to a board played at a table, in any round; EntryRefused if that table never plays it."""
    check_id(result.id)
    if result.id in _index(inputs).ids:
        raise EntryRefused(f"The id {result.id} is used already.")
    why = check_why(result.why)
    movement = inputs.setup.movement()
    check_table(movement, result.table)
    played = next((s for s in movement.table_sittings(result.table) if result.board in s.boards and s.plays), None)
    if played is None:
        raise EntryRefused(f"Board {result.board} is not played at table {result.table}.")
    check_hand(result.hand)
    check_room(inputs, result.table, result.board, By.DIRECTOR)
    earlier = counted(inputs).get((result.table, result.board))
    fixed = TableResult(result.id, result.table, played.round, result.board, result.hand, By.DIRECTOR, why)
    return Recorded(fixed, earlier)


def next_round(inputs: SeveralTables, table: int, leaving: int, at: str) -> RoundMove | None:
    """The move of ``table`` on from round ``leaving``: None if it has moved on already (a
    repeat); EntryRefused if a board of the round is still to come, or the round is not its own."""
    movement = inputs.setup.movement()
    check_table(movement, table)
    now = table_round(inputs, table)
    if leaving < now:
        return None
    if leaving != now or now > movement.rounds:
        raise EntryRefused(f"Table {table} is in round {now}, not {leaving}.")
    sitting = movement.sitting(table, now)
    missing = [b for b in sitting.boards if (table, b) not in counted(inputs)] if sitting.plays else []
    if missing:
        raise EntryRefused(f"Table {table} has still to enter {boards_text(tuple(missing))} before it moves on.")
    return RoundMove(table, now + 1, at)
