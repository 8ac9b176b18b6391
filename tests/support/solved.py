"""Boards 1-8 of seed 7 (the README's, the screenshot's) as the double-dummy solver solves them,
kept in ``tests/data/seven-solved.json`` in the form a game file keeps its solutions
(``boards_json.solved_json``).

Solving them takes DDS some eight seconds of CPU (board 2 alone most of it), and several tests
need them only to have a solved board to show: a page in a browser, a snapshot of the pad. Those
read them here. The file is never taken on trust: ``test_pbn_boards`` runs ``bridgepad deal
--boards 1-8 --seed 7``, which solves them afresh, and checks that every board's tags (the
table, the optimum score and the par contracts: the whole of a solution) are the file's.
``PYTHONPATH=tests python -m support.solved`` writes the file again with the solver.
"""

from __future__ import annotations

import json

from bridgepad.core.boards.board_set import BoardSet, DealtBoard
from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.dealing import deal_boards
from bridgepad.core.boards.double_dummy import Solution
from bridgepad.core.readers.boards_json import solved_from_json, solved_json
from support import DATA

SOLVED = DATA / "seven-solved.json"
SEVEN = deal_boards(7, range(1, 9))


def seven_solved(boards: range = range(1, 9)) -> dict[tuple[int, Deal], Solution]:
    """The solutions of ``boards`` (within 1-8) of seed 7, as the solver gave them."""
    dealt = BoardSet(tuple(DealtBoard(b, d) for b, d in SEVEN))
    solved = solved_from_json(json.loads(SOLVED.read_text(encoding="utf-8")), dealt)
    assert len(solved) == len(SEVEN), "tests/data/seven-solved.json holds every board of 1-8"
    return {key: s for key, s in solved.items() if key[0] in boards}


if __name__ == "__main__":
    from bridgepad.services.double_dummy.solver import solve_all

    SOLVED.write_text(json.dumps(solved_json(solve_all(SEVEN)), indent=1) + "\n", encoding="utf-8")
    print(f"{SOLVED}: boards 1-8 of seed 7 solved")
