"""Double dummy and par: bridgepad's table and par against endplay's own functions called
here on 200 deals, against three published hand records whose double-dummy tables and par
their program printed (tests/data/hand_records, their sources named in its README), and
the par's sign and contracts read as North-South's score on the board they belong to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import DATA

from bridgepad.core.boards.cards import read_deal
from bridgepad.core.boards.dealing import deal_board
from bridgepad.core.boards.double_dummy import (
    PBN_SEATS,
    PBN_STRAINS,
    Par,
    TrickTable,
    read_optimum_score,
    read_par_contracts,
)
from bridgepad.core.model import SEATS, Contract, Doubling, Seat, Side, Strain
from bridgepad.core.rules.board_scores import possible_scores
from bridgepad.core.rules.scoring import duplicate_score
from bridgepad.core.rules.vulnerability import board_vulnerable, vulnerability_code
from bridgepad.services.double_dummy.engine import _answer
from bridgepad.services.double_dummy.solver import Solving, job_of, solution_of, solve_all, solve_here

RECORDS = DATA / "hand_records"
DENOMS = {Strain.S: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3, Strain.NT: 4}  # endplay's Denom
PLAYERS = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}  # endplay's Player


def endplay_par_texts(par_list: object) -> set[str]:
    """endplay's par contracts, each seat its own, in bridgepad's words: ``4SN=``, ``5HXS-1``."""
    out = set()
    for c in par_list:  # type: ignore[attr-defined]
        strain = "CDHSN"[(3, 2, 1, 0, 4).index(int(c.denom))]
        doubled = {1: "", 2: "X", 4: "XX"}[int(c.penalty)]
        result = "=" if c.result == 0 else f"{int(c.result):+d}"
        out.add(f"{c.level}{strain}{doubled}{'NESW'[int(c.declarer)]}{result}")
    return out


def bridgepad_par_texts(par: Par) -> set[str]:
    out = set()
    for c in par.contracts:
        letter = "N" if c.contract.strain is Strain.NT else c.contract.strain.value
        for seat in c.declarers:
            out.add(f"{c.contract.level}{letter}{c.contract.doubling.suffix}{seat.value}{c.result}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("block", range(5))
def test_two_hundred_deals_give_endplays_own_table_and_par(block: int) -> None:
    """Boards 1-200 of seed 2026, forty to a test (calc_all_tables takes at most 200 a call; forty
    keeps each call short, and five tests share out among the suite's workers as one would not)."""
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal, Denom, Player, Vul

    deals = [(b, deal_board(2026, b)) for b in range(40 * block + 1, 40 * block + 41)]
    tables = calc_all_tables([Deal.from_pbn(d.pbn()) for _, d in deals])
    for (board, deal), table in zip(deals, tables):
        # bridgepad's own reading of the solver's table, with its own dealer and vulnerability for the board.
        _, _, dealer, vul = job_of(board, deal)
        ours = solution_of(_answer(table, dealer, vul))
        # endplay's, with endplay's board schedule.
        theirs = par(table, Vul.from_board(board), Player.from_board(board))
        for seat in SEATS:
            for strain in PBN_STRAINS:
                assert ours.tricks.of(seat, strain) == table[Denom(DENOMS[strain]), Player(PLAYERS[seat])], (board, seat, strain)
        assert ours.par.score == theirs.score, board
        assert bridgepad_par_texts(ours.par) == endplay_par_texts(theirs), board
    if block:
        return
    # And the whole way, through the pool of solving processes, for the first eight of them (two
    # of its tasks of four boards, coming back in either order).
    solved = solve_all(deals[:8])
    assert len(solved) == 8
    for (board, deal), table in zip(deals[:8], tables):
        _, _, dealer, vul = job_of(board, deal)
        assert solved[(board, deal)] == solution_of(_answer(table, dealer, vul))


def test_one_board_solved_here_and_in_the_pool_agree() -> None:
    board, deal = 1, deal_board(7, 1)
    here = solve_here(board, deal)
    assert solve_all([(board, deal)]) == {(board, deal): here}
    # Board 1 of seed 7: N-S make ten tricks in spades, and four spades is par (N-S +420).
    assert here.tricks.of(Seat.N, Strain.S) == 10
    assert here.par.optimum_score == "NS 420"
    assert here.par.par_contract == "NS 4S="


def test_a_solving_cancelled_ends_at_once_with_what_it_had() -> None:
    import threading
    import time

    jobs = tuple((b, deal_board(2026, b)) for b in range(1, 41))
    solving = Solving(jobs)
    threading.Timer(0.5, solving.cancel).start()
    start = time.monotonic()
    got = solving.run()
    assert time.monotonic() - start < 30  # 40 boards take far longer on two cores
    assert len(got) < len(jobs) and solving.cancelled


# Three published hand records ---------------------------------------------------------


def games(path: Path) -> list[dict[str, str]]:
    """Each PBN game's tags (a first look, enough for these files: one tag a line)."""
    text = path.read_bytes().decode("latin-1")
    return [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.MULTILINE)) for g in re.split(r"\r?\n\s*\r?\n", text)]


VUL = {"None": "none", "NS": "NS", "EW": "EW", "All": "both", "Both": "both"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "boards", "with_par_contracts"),
    [
        ("camrose-2024-boards-1-32.pbn", 32, True),
        ("bkp-pairs-2022-10-19-boards-16-30.pbn", 15, False),
        ("robot-match-2023-11-22.pbn", 63, True),
    ],
)
def test_a_published_hand_record_gives_its_printed_tables_and_par(name: str, boards: int, with_par_contracts: bool) -> None:
    from bridgepad.services.double_dummy.engine import solve_chunk

    printed = [g for g in games(RECORDS / name) if g.get("DoubleDummyTricks") and g.get("OptimumScore")]
    assert len(printed) == boards
    jobs = [(int(g["Board"]), read_deal(g["Deal"]).pbn(), g["Dealer"], VUL[g["Vulnerable"]]) for g in printed]
    answers = []
    for k in range(0, len(jobs), 16):
        answers.extend(solve_chunk(jobs[k : k + 16]))
    for g, (board, _, raw) in zip(printed, answers):
        ours = solution_of(raw)
        assert ours.tricks == TrickTable.from_pbn(g["DoubleDummyTricks"]), board
        # The program names the par's declaring side ("EW 140"); bridgepad writes N-S's ("NS -140").
        assert ours.par.score == read_optimum_score(g["OptimumScore"]), board
        if with_par_contracts:
            assert set(ours.par.contracts) == set(read_par_contracts(g["ParContract"])), board
            assert ours.par.par_contract == g["ParContract"], board  # BridgeComposer's words, in its order


def test_the_printed_tables_are_read_as_declarer_then_strain() -> None:
    # Camrose 2024 board 1 as printed: "54555546658977889778" is N, S, E, W each in NT, S, H, D, C.
    t = TrickTable.from_pbn("54555546658977889778")
    assert [t.of(Seat.N, s) for s in PBN_STRAINS] == [5, 4, 5, 5, 5]
    assert [t.of(Seat.S, s) for s in PBN_STRAINS] == [5, 4, 6, 6, 5]
    assert [t.of(Seat.E, s) for s in PBN_STRAINS] == [8, 9, 7, 7, 8]
    assert t.pbn == "54555546658977889778"
    assert PBN_SEATS == (Seat.N, Seat.S, Seat.E, Seat.W)
    with pytest.raises(ValueError, match="twenty hexadecimal digits"):
        TrickTable.from_pbn("5455554665897788977")
    with pytest.raises(ValueError, match="twenty hexadecimal digits"):
        TrickTable.from_pbn("5455554665897788977e")


@pytest.mark.parametrize(
    ("text", "ns"),
    [("NS 420", 420), ("EW 140", -140), ("NS -100", -100), ("EW -800", 800), ("NS +400", 400), ("NS 0", 0)],
)
def test_an_optimum_score_is_read_as_north_souths(text: str, ns: int) -> None:
    assert read_optimum_score(text) == ns


def test_par_contracts_are_read_and_written_as_bridgecomposer_writes_them() -> None:
    for text in ("NS 4H=; NS 4S=", "S 6N=", "EW 5SX-1", "EW 1N=; EW 2C=", "NS 2C+1; NS 2D+1; NS 2H=", "EW 7DX-4"):
        assert Par(0, read_par_contracts(text)).par_contract == text
    (c,) = read_par_contracts("EW 5SX-1")
    assert c.contract == Contract(5, Strain.S, Doubling.DOUBLED) and c.declarers == (Seat.E, Seat.W) and c.tricks == 10
    assert read_par_contracts("Pass") == ()
    with pytest.raises(ValueError, match="is not a par contract"):
        read_par_contracts("NS 8S=")


# The par's sign, board by board --------------------------------------------------------


@pytest.mark.parametrize("board", range(1, 33))
def test_the_par_is_north_souths_score_of_its_contracts_on_its_board(board: int) -> None:
    solution = solve_here(board, deal_board(33, board))
    par = solution.par
    vul = board_vulnerable(board)
    assert par.score in possible_scores(vul)
    for c in par.contracts:
        declarer = c.side
        score = duplicate_score(c.contract, c.tricks, declarer in vul)
        assert par.score == (score if declarer is Side.NS else -score), (board, c.text)
        # Double dummy makes what the par contract says its declarers make.
        for seat in c.declarers:
            assert solution.tricks.of(seat, c.contract.strain) == c.tricks
    # Written from N-S's side whatever the side that declares.
    assert par.optimum_score == f"NS {par.score}"
    assert vulnerability_code(vul) in ("none", "NS", "EW", "both")
