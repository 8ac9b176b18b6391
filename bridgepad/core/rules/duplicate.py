"""A duplicate board compared with the other results on the same cards.

IMPs (a team match): the difference with each other result turned into IMPs by the
scale in ``tables``; with several other results, cross-IMPs: the IMPs against each,
averaged to two decimals, so that one other result gives exactly its IMPs.

Matchpoints (a pairs game): 2 for each other result North-South beat, 1 for each tie;
the top is 2 for each other result, and East-West score the top less North-South's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from bridgepad.core.rules import tables

HUNDREDTH = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class Comparison:
    """North-South's result on a board against the other results (none: nothing to compare)."""

    ns_score: int
    others: tuple[int, ...]
    imps: Decimal | None  # N-S cross-IMPs, two decimals; None without other results
    beaten: int  # other results N-S beat
    tied: int

    @property
    def compared(self) -> bool:
        return bool(self.others)

    @property
    def matchpoints(self) -> int:
        """N-S matchpoints: 2 for each result beaten, 1 for each tie."""
        return 2 * self.beaten + self.tied

    @property
    def top(self) -> int:
        return 2 * len(self.others)

    @property
    def ew_matchpoints(self) -> int:
        return self.top - self.matchpoints

    @property
    def percent(self) -> Decimal | None:
        return percent(self.matchpoints, self.top)


def compare(ns_score: int, others: Iterable[int]) -> Comparison:
    others = tuple(others)
    if not others:
        return Comparison(ns_score, (), None, 0, 0)
    each = [tables.imps(ns_score - o) for o in others]
    imps = (Decimal(sum(each)) / len(each)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)
    beaten = sum(1 for o in others if ns_score > o)
    tied = sum(1 for o in others if ns_score == o)
    return Comparison(ns_score, others, imps, beaten, tied)


@dataclass(frozen=True, slots=True)
class SessionTotals:
    """N-S's comparison over a session's boards compared: IMPs, matchpoints and the sum of the tops."""

    imps: Decimal
    matchpoints: int
    top: int


@dataclass(frozen=True, slots=True)
class Running:
    """A duplicate session's comparison after a board: IMPs, matchpoints, tops and boards compared so far."""

    imps: Decimal
    matchpoints: int
    top: int
    boards: int  # boards compared so far: a team match's length for its victory points

    @property
    def percent(self) -> Decimal | None:
        return percent(self.matchpoints, self.top)


def running_totals(comparisons: Sequence[Comparison | None]) -> tuple[Running, ...]:
    """The session's totals after each board in turn, counting only the boards compared."""
    out = []
    imps, mp, top, boards = Decimal(0), 0, 0, 0
    for c in comparisons:
        if c is not None and c.compared:
            assert c.imps is not None
            imps, mp, top, boards = imps + c.imps, mp + c.matchpoints, top + c.top, boards + 1
        out.append(Running(imps, mp, top, boards))
    return tuple(out)


def percent(matchpoints: int, top: int) -> Decimal | None:
    """Matchpoints as a percentage of the top, to two decimals (None when there is no top)."""
    if top <= 0:
        return None
    return (Decimal(100 * matchpoints) / top).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def imps_text(imps: Decimal | int, signed: bool = True) -> str:
    """``+3 IMPs``, ``-1 IMP``, ``+2.33 IMPs``: whole numbers without decimals, as players say them."""
    value = Decimal(imps)
    number = f"{value:+,.0f}" if value == value.to_integral_value() else f"{value:+,.2f}"
    if not signed:
        number = number.lstrip("+")
    unit = "IMP" if abs(value) == 1 else "IMPs"
    return f"{number} {unit}"


def imps_figure(imps: Decimal | int) -> str:
    """The figure alone, signed, as a table cell: ``+3``, ``-2.33``, ``0``."""
    value = Decimal(imps)
    if value == 0:
        return "0"
    return f"{value:+,.0f}" if value == value.to_integral_value() else f"{value:+,.2f}"


def standing_figure(matchpointed: bool, imps: Decimal | float | None, matchpoints: int, top: int) -> str:
    """A session's standing for N-S as one short figure: ``+6``, ``-2.33`` (IMPs) or
    ``58.3%`` (matchpoints); empty while no board has been compared."""
    if matchpointed:
        pct = percent(matchpoints, top)
        return "" if pct is None else f"{pct:.1f}%"
    return "" if imps is None else imps_figure(Decimal(str(imps)))
