"""The schedule printed on every duplicate board: who deals it and who is vulnerable.

It repeats every 16 boards. The dealer goes round the table, North on board 1; the
vulnerability runs through the four states so that, over 16 boards, each side is
vulnerable on half of them and each seat deals each state once:

    1 none   2 N-S   3 E-W   4 both    5 N-S   6 E-W   7 both   8 none
    9 E-W   10 both 11 none 12 N-S    13 both 14 none 15 N-S  16 E-W
"""

from __future__ import annotations

from bridgepad.core.model import SIDES, Seat, Side

_BOARD_VUL = ("", "NS", "EW", "NSEW", "NS", "EW", "NSEW", "", "EW", "NSEW", "", "NS", "NSEW", "", "NS", "EW")
_VUL_SETS = tuple(frozenset(s for s in SIDES if s.value in v) for v in _BOARD_VUL)


def board_vulnerable(board: int) -> frozenset[Side]:
    """Who is vulnerable on ``board`` (numbered from 1)."""
    return _VUL_SETS[(board - 1) % 16]


def board_dealer(board: int) -> Seat:
    return Seat.N.after(board - 1)


def vulnerable_words(vulnerable: frozenset[Side]) -> str:
    """``nobody is vulnerable``, ``only N-S are vulnerable``, ``both sides are vulnerable``: for a sentence."""
    if not vulnerable:
        return "nobody is vulnerable"
    if len(vulnerable) == 2:
        return "both sides are vulnerable"
    (side,) = vulnerable
    return f"only {side.short} are vulnerable"
