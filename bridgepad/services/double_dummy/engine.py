"""One deal solved by DDS (endplay 0.5.12): its table of tricks and its par, as plain values.

The only module that imports endplay, and only inside a solving process (or a test):
the pad and every command that does not solve a deal never load it. What it returns is
plain numbers and letters, so a process pool can hand them back, and ``solver`` turns
them into core values.

endplay's orders: ``Denom`` spades 0, hearts 1, diamonds 2, clubs 3, notrump 4;
``Player`` north 0, east 1, south 2, west 3; ``Vul`` none 0, both 1, NS 2, EW 3. The
par is DDS's dealer par (``DealerParBin``): with the dealer given, as a board is bid.
"""

from __future__ import annotations

import os
from typing import Any

# What a solving process returns for one deal: the twenty tricks (N, S, E, W each in
# NT, S, H, D, C), the par score from N-S's side, and each par contract as
# (level, strain letter, doubling 1/2/4, declarer's seat letter, result against the contract).
Raw = tuple[tuple[int, ...], int, tuple[tuple[int, str, int, str, int], ...]]

_PBN_SEATS = "NSEW"
_PBN_STRAINS = "NSHDC"  # notrump first, as DoubleDummyTricks has them
_DENOM_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3, "N": 4}
_SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
_VUL_INDEX = {"none": 0, "both": 1, "NS": 2, "EW": 3}  # vulnerability_code's words to endplay's Vul
_DENOM_LETTER = "SHDCN"


def start_process() -> None:
    """A solving process's start: below the pad's priority, so the pad's keys never wait behind
    DDS (which spreads a set of boards over every core, with threads of its own), and its
    output on the null device (the pad's terminal is not its to write on; answers and errors
    go back through the pool)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
    if hasattr(os, "nice"):
        try:
            os.nice(10)
        except OSError:  # pragma: no cover - a system that refuses: the solver still runs
            pass


def _endplay() -> Any:
    """endplay, with its solver (``dds``) and its values (``types``), imported at a solving
    process's first deal: its package takes a second or more to import, which the pad's own
    process (that imports this module through ``solver``) must never wait for."""
    import endplay.dds
    import endplay.types

    return endplay


def solve_deal(deal_pbn: str, dealer: str, vulnerable: str) -> Raw:
    """The double-dummy table and dealer par of one deal (``N:...`` as PBN writes it)."""
    ep = _endplay()
    return _answer(ep.dds.calc_dd_table(ep.types.Deal.from_pbn(deal_pbn)), dealer, vulnerable)


def solve_chunk(jobs: list[tuple[int, str, str, str]]) -> list[tuple[int, str, Raw]]:
    """Many boards at once (``calc_all_tables``: DDS shares them out among its threads),
    each ``(board, deal, dealer, vulnerable)``, with its answer."""
    ep = _endplay()
    tables = ep.dds.calc_all_tables([ep.types.Deal.from_pbn(deal_pbn) for _, deal_pbn, _, _ in jobs])
    return [(board, deal_pbn, _answer(tables[k], dealer, vul)) for k, (board, deal_pbn, dealer, vul) in enumerate(jobs)]


def _answer(table: Any, dealer: str, vulnerable: str) -> Raw:
    """A solved table and its dealer par, as plain values."""
    t = _endplay().types
    tricks = tuple(
        table[t.Denom(_DENOM_INDEX[strain]), t.Player(_SEAT_INDEX[seat])] for seat in _PBN_SEATS for strain in _PBN_STRAINS
    )
    result = _endplay().dds.par(table, t.Vul(_VUL_INDEX[vulnerable]), t.Player(_SEAT_INDEX[dealer]))
    contracts = tuple(
        (int(c.level), _DENOM_LETTER[int(c.denom)], int(c.penalty), "NESW"[int(c.declarer)], int(c.result)) for c in result
    )
    return tricks, int(result.score), contracts
