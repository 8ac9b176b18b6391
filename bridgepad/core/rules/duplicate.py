"""A duplicate board compared with the other results on the same cards.

IMPs (a team match): the difference with each other result turned into IMPs by the
scale in ``tables``; with two or more other results, cross-IMPs: the IMPs against each,
averaged to two decimals, so that one other result gives exactly its IMPs.

Matchpoints (a pairs game): 2 for each other result North-South beat, 1 for each tie;
the top is 2 for each other result, and East-West score the top less North-South's.

A session's percentage (``session_percent``), by default as clubs take it (WBF, ACBL,
EBU): every board weighs the same, and a board played fewer times than the board with the
most results is factored up to that many by Neuberg's formula. On this scale, a board with
n results (this table's and the others') scores MP of a top of 2(n − 1); factored to N
results it scores (MP + 1) × N / n − 1 of a top of 2(N − 1) (in the scale of 1 for a win
the formula is (MP + ½) × N / n − ½; twice that is this). The session's percentage is all
the factored matchpoints over all the factored tops. The other reading, all the
matchpoints over all the tops, is the setting ``PairsPercentage.TOPS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from bridgepad.core.rules import tables
from bridgepad.core.rules.settings import PairsPercentage

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
    """A duplicate session's comparison after a board: IMPs, matchpoints, tops and boards compared
    so far, and the matchpoints and top its percentage is taken over (``session_matchpoints`` of
    the boards up to this one: factored, by default)."""

    imps: Decimal
    matchpoints: int
    top: int
    boards: int  # boards compared so far: a team match's length for its victory points
    scored_matchpoints: Fraction = Fraction(0)
    scored_top: int = 0

    @property
    def percent(self) -> Decimal | None:
        return percent(self.scored_matchpoints, self.scored_top)

    @property
    def factored(self) -> bool:
        """Whether the percentage's matchpoints differ from the boards' own (a board factored up)."""
        return (self.scored_matchpoints, self.scored_top) != (self.matchpoints, self.top)


def running_totals(
    comparisons: Sequence[Comparison | None], method: PairsPercentage = PairsPercentage.NEUBERG
) -> tuple[Running, ...]:
    """The session's totals after each board in turn, counting only the boards compared."""
    out = []
    imps = Decimal(0)
    acc = SessionMatchpoints(method)
    for c in comparisons:
        if c is not None and c.compared:
            assert c.imps is not None
            imps += c.imps
            acc.add(c)
        out.append(Running(imps, acc.matchpoints, acc.top, acc.boards, *acc.scored))
    return tuple(out)


@dataclass(slots=True)
class SessionMatchpoints:
    """Boards' matchpoints added up as they come, for a session's percentage by either method.

    Neuberg's factored matchpoints over B boards, each with n results, factored to N, add up
    to N × Σ (MP + 1) / n − B on a top of 2(N − 1) × B; so the sum Σ (MP + 1) / n, the boards
    and the most results are all there is to keep, however many boards come.

    ``most`` starts at the most results of any board in the whole session where the boards
    added are a part of it (a pair's, when each pair plays only some of them): every pair's boards are
    then factored to the same N, as a club's scoring factors a section's.
    """

    method: PairsPercentage = PairsPercentage.NEUBERG
    matchpoints: int = 0  # as scored on each board
    top: int = 0
    boards: int = 0
    most: int = 0  # the most results on any board: this table's and the others' (or the whole session's, given)
    shares: Fraction = Fraction(0)  # Σ (MP + 1) / n

    def add(self, c: Comparison | None) -> None:
        if c is None or not c.compared:
            return
        results = len(c.others) + 1
        self.matchpoints += c.matchpoints
        self.top += c.top
        self.boards += 1
        self.most = max(self.most, results)
        self.shares += Fraction(c.matchpoints + 1, results)

    @property
    def scored(self) -> tuple[Fraction, int]:
        """The matchpoints and the top the percentage is taken over."""
        if self.method is PairsPercentage.TOPS or not self.boards:
            return Fraction(self.matchpoints), self.top
        return self.most * self.shares - self.boards, 2 * (self.most - 1) * self.boards

    @property
    def percent(self) -> Decimal | None:
        return percent(*self.scored)


def session_matchpoints(
    comparisons: Iterable[Comparison | None], method: PairsPercentage = PairsPercentage.NEUBERG
) -> tuple[Fraction, int]:
    """N-S's matchpoints over the boards compared and their top, as ``method`` counts them:
    each board factored to the most results any board has (one with that many keeps its own
    matchpoints), or as scored on each board."""
    acc = SessionMatchpoints(method)
    for c in comparisons:
        acc.add(c)
    return acc.scored


def session_percent(
    comparisons: Iterable[Comparison | None], method: PairsPercentage = PairsPercentage.NEUBERG
) -> Decimal | None:
    """N-S's percentage over the boards compared, as ``method`` takes it (None: nothing compared)."""
    return percent(*session_matchpoints(comparisons, method))


def percent(matchpoints: int | Fraction, top: int) -> Decimal | None:
    """Matchpoints as a percentage of the top, to two decimals (None when there is no top)."""
    if top <= 0:
        return None
    share = Fraction(matchpoints) * 100 / top
    return (Decimal(share.numerator) / Decimal(share.denominator)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def matchpoints_text(matchpoints: int | Fraction) -> str:
    """Matchpoints as a figure: ``6``, ``6.5``, ``4.67`` (a factored board's, to two decimals)."""
    if Fraction(matchpoints).denominator == 1:
        return f"{int(matchpoints):,}"
    value = Decimal(Fraction(matchpoints).numerator) / Decimal(Fraction(matchpoints).denominator)
    return f"{value.quantize(HUNDREDTH, rounding=ROUND_HALF_UP):,f}".rstrip("0").rstrip(".")


def imps_text(imps: Decimal | int) -> str:
    """``+3 IMPs``, ``-1 IMP``, ``+2.33 IMPs``: whole numbers without decimals, as players say them."""
    value = Decimal(imps)
    number = f"{value:+,.0f}" if value == value.to_integral_value() else f"{value:+,.2f}"
    unit = "IMP" if abs(value) == 1 else "IMPs"
    return f"{number} {unit}"


def imps_figure(imps: Decimal | int) -> str:
    """The figure alone, signed, as a table cell: ``+3``, ``-2.33``, ``0``."""
    value = Decimal(imps)
    if value == 0:
        return "0"
    return f"{value:+,.0f}" if value == value.to_integral_value() else f"{value:+,.2f}"


def standing_figure(matchpointed: bool, imps: Decimal | float | None, pct: Decimal | float | None) -> str:
    """A session's standing for N-S as one short figure: ``+6``, ``-2.33`` (IMPs) or
    ``58.3%`` (matchpoints, the session's percentage); empty while no board has been compared."""
    if matchpointed:
        return "" if pct is None else f"{Decimal(str(pct)):.1f}%"
    return "" if imps is None else imps_figure(Decimal(str(imps)))


def comparison_figure(c: Comparison | None, matchpointed: bool) -> str:
    """A board's comparison with the other results as one figure: its N-S IMPs (``+6``), or its
    matchpoint percentage (``58.3``); empty when there was nothing to compare with."""
    if c is None or not c.compared:
        return ""
    if matchpointed:
        return f"{c.percent:.1f}"
    return imps_figure(c.imps or 0)
