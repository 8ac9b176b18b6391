"""The field: a board's results at the club, and a result at home set against them.

A field result must be a score some result gives on its board (``board_scores``), and
when the club gave its contract, declarer and tricks, exactly the score they give there:
a traveller that says otherwise was changed or damaged, and is refused in a sentence.

Against the field, the home result is compared by the game's own scoring form with the
code every duplicate board is compared with (``duplicate.compare``): matchpoints, 2 for
each club result beaten and 1 for each tie, out of 2 for each; or cross-IMPs, the IMPs
against each club result averaged. The session's standing against the field is the
same sums over the boards that have one (``duplicate.session_percent``, each board
weighing the same, factored by Neuberg's formula where fields differ in size).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from bridgepad.core.boards.board_set import FieldResult
from bridgepad.core.model import Side
from bridgepad.core.rules.board_scores import score_problem, signed
from bridgepad.core.rules.duplicate import Comparison, compare, session_percent
from bridgepad.core.rules.scoring import duplicate_score
from bridgepad.core.rules.settings import PairsPercentage
from bridgepad.core.rules.vulnerability import board_vulnerable


def given_score(result: FieldResult, board: int) -> int | None:
    """The N-S score the result's contract, declarer and tricks give on ``board`` (None when not all given)."""
    if result.contract is None or result.declarer is None or result.tricks is None:
        return None
    side = result.declarer.side
    score = duplicate_score(result.contract, result.tricks, side in board_vulnerable(board))
    return score if side is Side.NS else -score


def field_result_problem(result: FieldResult, board: int) -> str | None:
    """Why ``result`` cannot be a result at the club on ``board`` (a sentence), or None."""
    problem = score_problem(result.ns_score, board)
    if problem is not None:
        return problem
    given = given_score(result, board)
    if given is not None and given != result.ns_score:
        assert result.contract is not None and result.declarer is not None
        what = f"{result.contract.text} by {result.declarer.value} taking {result.tricks}"
        return f"{what} scores {signed(given)} for N-S on board {board}, not {signed(result.ns_score)}."
    return None


def against_field(ns_score: int, field: Iterable[FieldResult]) -> Comparison:
    """The home N-S score against each result of the field (the club's N-S scores)."""
    return compare(ns_score, (r.ns_score for r in field))


@dataclass(frozen=True, slots=True)
class FieldStanding:
    """The session against the field, over the boards played at home that have one."""

    boards: int
    imps: Decimal  # N-S cross-IMPs, summed over those boards
    percent: Decimal | None  # N-S's matchpoint percentage over them


def field_standing(comparisons: Iterable[Comparison], method: PairsPercentage) -> FieldStanding | None:
    """The standing over these boards' comparisons with the field (None when there are none)."""
    compared = [c for c in comparisons if c.compared]
    if not compared:
        return None
    imps = sum((c.imps or Decimal(0) for c in compared), Decimal(0))
    return FieldStanding(len(compared), imps, session_percent(compared, method))
