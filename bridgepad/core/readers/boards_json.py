"""A game's boards (``Game.deals``) and its double-dummy cache, to and from the game file's JSON.

The boards are an input of the game, read as strictly as its hands: each board's number,
its cards in PBN's notation, and the field's results (N-S's score, with the contract,
declarer and tricks where the club gave them), each checked against its board::

    "deals": [{"board": 1, "deal": "N:AK2.QJ3.T987.65 ...",
               "field": [{"score": 420, "contract": "4S", "declarer": "N", "tricks": 10}, {"score": -50}]}]

The double-dummy cache (``"double_dummy"``, at the end of the file) is derived, kept only
because a deal takes DDS a moment to solve: each entry names the board and the deal it
was solved for, and one that does not match the game's boards, or cannot be read, is
dropped (the deal is solved again), never a reason to refuse the game::

    "double_dummy": [{"board": 1, "deal": "N:...", "tricks": "54555546658977889778",
                      "par": "NS -140", "contracts": "EW 1S+2"}]

An entry taken from a deals file and not yet checked against the solver says so,
``"checked": false``: the check is then made once, whenever the game is next on the pad.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from bridgepad.core.boards.board_set import MAX_BOARD, MAX_BOARDS, MAX_FIELD, BoardSet, DealtBoard, FieldResult
from bridgepad.core.boards.cards import Deal, DealError, read_deal
from bridgepad.core.boards.double_dummy import Par, Solution, Solved, TrickTable, read_optimum_score, read_par_contracts
from bridgepad.core.model import Seat
from bridgepad.core.readers.notation import NotationError, parse_contract
from bridgepad.core.rules.field import field_result_problem

SCORE_LIMIT = 10_000  # no bridge score reaches this


class BoardsError(ValueError):
    """Saved boards of the wrong shape; the message is a sentence naming the board."""


def field_result_json(r: FieldResult) -> dict[str, Any]:
    out: dict[str, Any] = {"score": r.ns_score}
    if r.contract is not None:
        out["contract"] = r.contract.text
    if r.declarer is not None:
        out["declarer"] = r.declarer.value
    if r.tricks is not None:
        out["tricks"] = r.tricks
    return out


def board_set_json(boards: BoardSet) -> list[dict[str, Any]]:
    out = []
    for b in boards.boards:
        item: dict[str, Any] = {"board": b.board, "deal": b.deal.pbn()}
        if b.field:
            item["field"] = [field_result_json(r) for r in b.field]
        out.append(item)
    return out


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def field_result_from_json(data: Any, board: int, where: str) -> FieldResult:
    if not isinstance(data, dict) or not _whole(data.get("score"), -SCORE_LIMIT, SCORE_LIMIT):
        raise BoardsError(f"{where}: a field result is an N-S score, with its contract, declarer and tricks if known.")
    contract = declarer = tricks = None
    if "contract" in data:
        try:
            contract = parse_contract(str(data["contract"]))
        except NotationError as e:
            raise BoardsError(f"{where}: a field result's contract: {e}") from None
    if "declarer" in data:
        if data["declarer"] not in ("N", "E", "S", "W"):
            raise BoardsError(f"{where}: a field result's declarer is N, E, S or W.")
        declarer = Seat(data["declarer"])
    if "tricks" in data:
        if not _whole(data["tricks"], 0, 13):
            raise BoardsError(f"{where}: a field result's tricks are 0 to 13.")
        tricks = data["tricks"]
    result = FieldResult(data["score"], contract, declarer, tricks)
    problem = field_result_problem(result, board)
    if problem is not None:
        raise BoardsError(f"{where} field: {problem}")
    return result


def board_set_from_json(data: Any) -> BoardSet:
    """The saved boards read back; BoardsError naming the board for anything of the wrong shape."""
    if not isinstance(data, list) or not data or len(data) > MAX_BOARDS:
        raise BoardsError(f"The file's deals are not a list of 1 to {MAX_BOARDS} boards.")
    boards = []
    last = 0
    for item in data:
        if not isinstance(item, dict) or not _whole(item.get("board"), 1, MAX_BOARD):
            raise BoardsError(f"The file's deals: each board has a number from 1 to {MAX_BOARD:,}.")
        number = item["board"]
        where = f"The file's board {number}"
        if number <= last:
            raise BoardsError(f"{where} comes after board {last}: the boards are each given once, in order.")
        last = number
        try:
            deal = read_deal(str(item.get("deal", "")))
        except DealError as e:
            raise BoardsError(f"{where}: {e}.") from None
        field_data = item.get("field", [])
        if not isinstance(field_data, list) or len(field_data) > MAX_FIELD:
            raise BoardsError(f"{where}: its field is a list of up to {MAX_FIELD} results.")
        field = tuple(field_result_from_json(r, number, where) for r in field_data)
        boards.append(DealtBoard(number, deal, field))
    return BoardSet(tuple(boards))


def solved_json(solved: Solved, unchecked: Collection[tuple[int, Deal]] = ()) -> list[dict[str, Any]]:
    """The cache as the file keeps it; ``unchecked``, the entries a deals file gave, not yet checked."""
    return [
        {
            "board": board,
            "deal": deal.pbn(),
            "tricks": s.tricks.pbn,
            "par": s.par.optimum_score,
            "contracts": s.par.par_contract,
        }
        | ({"checked": False} if (board, deal) in unchecked else {})
        for (board, deal), s in sorted(solved.items(), key=lambda kv: kv[0][0])
    ]


def unchecked_from_json(data: Any, solved: Solved) -> frozenset[tuple[int, Deal]]:
    """The entries of the cache read back (``solved``) that a deals file gave and the solver has not checked."""
    out = set()
    if isinstance(data, list):
        for item in data[: len(solved)]:
            if isinstance(item, dict) and item.get("checked") is False:
                try:
                    key = (item.get("board"), read_deal(str(item.get("deal", ""))))
                except DealError:
                    continue
                if key in solved:
                    out.add(key)
    return frozenset(out)  # type: ignore[arg-type]


def solved_from_json(data: Any, boards: BoardSet | None) -> dict[tuple[int, Deal], Solution]:
    """The cached solutions that belong to this game's boards; anything else is dropped."""
    out: dict[tuple[int, Deal], Solution] = {}
    if boards is None or not isinstance(data, list):
        return out
    for item in data[: len(boards.boards)]:
        if not isinstance(item, dict) or not _whole(item.get("board"), 1, MAX_BOARD):
            continue
        board = boards.board(item["board"])
        try:
            deal = read_deal(str(item.get("deal", "")))
            tricks = TrickTable.from_pbn(str(item.get("tricks", "")))
            par = Par(read_optimum_score(str(item.get("par", ""))), read_par_contracts(str(item.get("contracts", ""))))
        except ValueError:
            continue
        if board is not None and board.deal == deal:
            out[(board.board, deal)] = Solution(tricks, par)
    return out
