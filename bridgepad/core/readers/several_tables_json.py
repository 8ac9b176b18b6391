"""A game of several tables to and from its JSON: the movement, the pairs' names, the results and the moves.

Read as strictly as a game's hands (``serialize``): every result must be one its table could
have entered (its table, its round, a board of that round there), every id is used once,
every name is one a player could have typed; anything else is a SchemaError naming the
field, so a damaged file is kept aside and reported, never half read.
"""

from __future__ import annotations

from typing import Any

from bridgepad.core.model import Hand
from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.rules.kinds.several_tables.entering import MAX_ID_LENGTH, MAX_RESULTS, MAX_WHY
from bridgepad.core.rules.kinds.several_tables.inputs import By, RoundMove, SeveralTables, TableResult, named
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup, Pair, setup_problem

__all__ = [
    "MAX_RESULTS",
    "SeveralTablesError",
    "move_to_json",
    "names_to_json",
    "result_to_json",
    "several_tables_from_json",
    "several_tables_to_json",
]
# MAX_RESULTS is the writer's too (``entering.check_room``): every bound read here is kept by
# what writes (tests/store/test_writer_twins.py). A board's changes are bounded by the writer
# only (``MAX_KEPT_PER_BOARD``): a file written before that bound must still open.


class SeveralTablesError(ValueError):
    """The several tables' part of a file is not what bridgepad writes (the caller makes it a SchemaError)."""


def several_tables_to_json(inputs: SeveralTables, hand_to_json: Any) -> dict[str, Any]:
    setup = inputs.setup
    return {
        "movement": setup.kind.value,
        "tables": setup.tables,
        "boards": setup.boards,
        "rounds": setup.rounds,
        "pairs": setup.pairs,
        "first_board": setup.first_board,
        "names": names_to_json(inputs.names),
        "results": [result_to_json(r, hand_to_json) for r in inputs.results],
        "moves": [move_to_json(m) for m in inputs.moves],
    }


# One result, one move, the names: each written as the game file holds it, and as the
# game's journal (``bridgepad.store.game_journal``) holds one change, so that both read alike.
def result_to_json(r: TableResult, hand_to_json: Any) -> dict[str, Any]:
    item: dict[str, Any] = {"id": r.id, "table": r.table, "round": r.round, "board": r.board, "by": r.by.value}
    if r.why:
        item["why"] = r.why
    item.update(hand_to_json(r.hand))
    return item


def move_to_json(m: RoundMove) -> dict[str, Any]:
    return {"table": m.table, "round": m.round, "at": m.at}


def names_to_json(names: tuple[tuple[Pair, tuple[str, str]], ...]) -> dict[str, list[str]]:
    return {p.key: list(n) for p, n in names}


def _int(data: dict[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SeveralTablesError(f"{where} {key} must be a whole number from {lo} to {hi}.")
    return value


def several_tables_from_json(data: Any, hand_from_json: Any, is_time: Any) -> SeveralTables:
    """The inputs of ``data``; ``hand_from_json`` and ``is_time`` are the game file's own readers."""
    if not isinstance(data, dict):
        raise SeveralTablesError("several_tables is not a movement and its results.")
    try:
        kind = MovementKind(data.get("movement"))
    except ValueError:
        raise SeveralTablesError("several_tables movement is not teams or mitchell.") from None
    w = "several_tables"
    setup = MovementSetup(
        kind,
        _int(data, "tables", w, 1, 64),
        _int(data, "boards", w, 1, 1_000),
        _int(data, "rounds", w, 1, 64),
        _int(data, "pairs", w, 1, 128),
        _int(data, "first_board", w, 1, 10_000),
    )
    problem = setup_problem(setup)
    if problem is not None:
        raise SeveralTablesError(f"several_tables {problem[0]}: {problem[1]}")
    movement = setup.movement()
    names = _names(data.get("names", {}), movement.pairs)
    moves = _moves(data.get("moves", []), setup.tables, setup.rounds, is_time)
    reached = {t: max((m.round for m in moves if m.table == t), default=1) for t in range(1, setup.tables + 1)}
    results_data = data.get("results", [])
    if not isinstance(results_data, list) or len(results_data) > MAX_RESULTS:
        raise SeveralTablesError(f"several_tables results is not a list of up to {MAX_RESULTS:,} results.")
    results = []
    ids: set[str] = set()
    for i, item in enumerate(results_data, 1):
        where = f"several_tables result {i}"
        if not isinstance(item, dict):
            raise SeveralTablesError(f"{where} is not a result.")
        rid = item.get("id")
        if not isinstance(rid, str) or not 0 < len(rid) <= MAX_ID_LENGTH or not rid.isascii() or not rid.isprintable():
            raise SeveralTablesError(f"{where} has no id of 1 to {MAX_ID_LENGTH} plain characters.")
        if rid in ids:
            raise SeveralTablesError(f"{where} has the id {rid} of an earlier result.")
        ids.add(rid)
        table = _int(item, "table", where, 1, setup.tables)
        round_ = _int(item, "round", where, 1, setup.rounds)
        board = _int(item, "board", where, 1, 10_000)
        sitting = movement.sitting(table, round_)
        if not sitting.plays or board not in sitting.boards:
            raise SeveralTablesError(f"{where}: board {board} is not played at table {table} in round {round_}.")
        try:
            by = By(item.get("by"))
        except ValueError:
            raise SeveralTablesError(f"{where} by is not table or director.") from None
        why = item.get("why", "")
        if not isinstance(why, str) or len(why) > MAX_WHY or not why.isprintable() or (by is By.DIRECTOR) != bool(why):
            raise SeveralTablesError(f"{where}: a director's change has a reason of up to {MAX_WHY} characters, a table's none.")
        if by is By.TABLE and round_ > reached[table]:
            raise SeveralTablesError(f"{where} is in round {round_}, which table {table} has not reached.")
        hand: Hand = hand_from_json(
            {k: v for k, v in item.items() if k not in ("id", "table", "round", "board", "by", "why")}, where
        )
        if hand.honors is not None or hand.others:
            raise SeveralTablesError(f"{where} has honors or other tables' scores, which a board of several tables never has.")
        results.append(TableResult(rid, table, round_, board, hand, by, why))
    return SeveralTables(setup, names, tuple(results), moves)


def _names(data: Any, pairs: tuple[Pair, ...]) -> tuple[tuple[Pair, tuple[str, str]], ...]:
    if not isinstance(data, dict):
        raise SeveralTablesError("several_tables names are not names by pair.")
    out = []
    for key, value in data.items():
        pair = Pair.from_key(key) if isinstance(key, str) else None
        if pair is None or pair not in pairs:
            raise SeveralTablesError(f"several_tables names: {str(key)[:20]!r} is not a pair of this movement.")
        if not isinstance(value, list) or len(value) != 2 or not all(isinstance(n, str) for n in value):
            raise SeveralTablesError(f"several_tables names: {pair.key} is not two names.")
        try:
            first, second = (check_name(n, f"a player of {pair.label}") for n in value)
        except NotationError as e:
            raise SeveralTablesError(f"several_tables names: {e}") from None
        out.append((pair, (first, second)))
    return named(out)


def _moves(data: Any, tables: int, rounds: int, is_time: Any) -> tuple[RoundMove, ...]:
    if not isinstance(data, list) or len(data) > tables * (rounds + 1):
        raise SeveralTablesError("several_tables moves is not a list of each table's moves.")
    out = []
    reached = dict.fromkeys(range(1, tables + 1), 1)
    for i, item in enumerate(data, 1):
        where = f"several_tables move {i}"
        if not isinstance(item, dict):
            raise SeveralTablesError(f"{where} is not a move.")
        table = _int(item, "table", where, 1, tables)
        to = _int(item, "round", where, 2, rounds + 1)
        if to != reached[table] + 1:
            raise SeveralTablesError(f"{where} takes table {table} to round {to} from round {reached[table]}.")
        at = item.get("at")
        if not isinstance(at, str) or not is_time(at):
            raise SeveralTablesError(f"{where} has no time.")
        reached[table] = to
        out.append(RoundMove(table, to, at))
    return tuple(out)
