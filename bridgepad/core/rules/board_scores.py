"""The North-South scores a duplicate board can have, and why a score cannot be one.

A score typed for another table must be one that some result produces on that board
at its vulnerability: either side declaring any contract, undoubled, doubled or
redoubled, taking any number of tricks, or 0 for a pass-out. The set is built from
the scoring tables themselves (``scoring.duplicate_score``), once per vulnerability,
so it can never disagree with how bridgepad scores the board at this table.

When a score is not in the set, the reason says what the score would have been (a
vulnerable game for N-S, a penalty against non-vulnerable E-W) and who is vulnerable
on this board; a score no result gives at all (a dropped zero, ``42``) says so, and
suggests the score with its zero back when that one is possible here.
"""

from __future__ import annotations

from functools import lru_cache

from bridgepad.core.model import Contract, Doubling, Side, Strain
from bridgepad.core.rules import tables
from bridgepad.core.rules.scoring import duplicate_score
from bridgepad.core.rules.vulnerability import board_vulnerable, vulnerable_words

MAX_OTHERS = 64  # other results on one board: a big club's traveller, and then some

_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
# Undoubled first, then the lower levels: the first contract to give a score is the
# plainest way to get it, and it names the kind of score in a reason.
_CONTRACTS = tuple(Contract(level, strain, d) for d in Doubling for level in range(1, 8) for strain in _STRAINS)


@lru_cache(maxsize=4)
def _scores_of(side: Side, vulnerable: bool) -> dict[int, tuple[Contract, int]]:
    """Every N-S score ``side`` declaring at this vulnerability can give, with the plainest result that gives it."""
    sign = 1 if side is Side.NS else -1
    out: dict[int, tuple[Contract, int]] = {}
    for contract in _CONTRACTS:
        for tricks in range(14):
            out.setdefault(sign * duplicate_score(contract, tricks, vulnerable), (contract, tricks))
    return out


@lru_cache(maxsize=4)
def possible_scores(vulnerable: frozenset[Side]) -> frozenset[int]:
    """The N-S scores a board with this vulnerability can have: 0, or any result by either side."""
    return (
        frozenset({0})
        | frozenset(_scores_of(Side.NS, Side.NS in vulnerable))
        | frozenset(_scores_of(Side.EW, Side.EW in vulnerable))
    )


def signed(score: int) -> str:
    return f"{score:+,}" if score else "0"


def _kind(contract: Contract, tricks: int, side: Side, vulnerable: bool) -> str:
    """What a result is, in a few words: ``a vulnerable game for N-S``, ``a penalty against non-vulnerable E-W``."""
    vul = "vulnerable" if vulnerable else "non-vulnerable"
    if tricks < contract.tricks_needed:
        return f"a penalty against {vul} {side.short}"
    if contract.level == 7:
        what = "grand slam"
    elif contract.level == 6:
        what = "small slam"
    elif tables.trick_score(contract) >= tables.GAME:
        what = "game"
    else:
        what = "part score"
    doubled = {Doubling.NONE: "", Doubling.DOUBLED: "doubled ", Doubling.REDOUBLED: "redoubled "}[contract.doubling]
    return f"a {vul} {doubled}{what} for {side.short}"


def score_problem(score: int, board: int) -> str | None:
    """Why ``score`` cannot be N-S's score on ``board`` (one sentence), or None when some result gives it."""
    vulnerable = board_vulnerable(board)
    if score in possible_scores(vulnerable):
        return None
    here = f"on board {board} {vulnerable_words(vulnerable)}"
    # A side that scores it: N-S making a contract or E-W going down for a plus, the reverse for a minus.
    order = (Side.NS, Side.EW) if score > 0 else (Side.EW, Side.NS)
    for side in order:
        other_vul = side not in vulnerable  # the vulnerability this side does not have on this board
        found = _scores_of(side, other_vul).get(score)
        if found is not None:
            return f"{signed(score)} is {_kind(*found, side, other_vul)}; {here}."
    nearest = "" if score * 10 not in possible_scores(vulnerable) else f"; did you mean {signed(score * 10)}?"
    return f"{signed(score)} is not a score any result gives at duplicate{nearest or '.'}"


def too_many_others(others: tuple[int, ...]) -> str | None:
    if len(others) > MAX_OTHERS:
        return f"At most {MAX_OTHERS} other results fit on one board, not {len(others)}."
    return None


def others_problem(others: tuple[int, ...], board: int) -> str | None:
    """The first reason the other tables' scores cannot stand on ``board``, or None when they all can."""
    problem = too_many_others(others)
    if problem is not None:
        return problem
    for score in others:
        problem = score_problem(score, board)
        if problem is not None:
            return problem
    return None
