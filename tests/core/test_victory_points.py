"""Victory points on the WBF 20-point continuous scale (2013), worked from its definition.

For a match of N boards the blitz is X = 15 × √N; a margin of M IMPs wins
V = 10 + 10 × (1 − τ^(3M/X)) / (1 − τ³), τ = (√5 − 1)/2 = 0.618034, so τ³ = 0.236068 and
1 − τ³ = 0.763932; V is rounded to two decimals, 20 at X or more, and the losers get 20 − V.
Where rounding makes an IMP worth more than the one before it, the margin in between is
raised by 0.01.

The powers below are worked as τ^(3M/X) = e^(3M/X × ln τ), ln τ = −0.481212.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from bridgepad.core.rules.victory_points import blitz, match_vps, scale, winner_vps

D = Decimal


def test_the_blitz_is_fifteen_times_the_root_of_the_boards() -> None:
    assert blitz(16) == 60  # 15 × 4
    assert blitz(4) == 30  # 15 × 2
    assert round(blitz(12), 2) == 51.96  # 15 × 3.4641


@pytest.mark.parametrize(
    "boards, margin, vps",
    [
        (16, 0, "10.00"),  # a draw
        # 16 boards, X = 60: 1 IMP, τ^(3/60) = e^(−0.024061) = 0.976227; 10 + 10 × 0.023773 / 0.763932 = 10.31
        (16, 1, "10.31"),
        # 2 IMPs: τ^0.1 = 0.953018; 10 + 10 × 0.046982 / 0.763932 = 10.61
        (16, 2, "10.61"),
        # 20 IMPs: τ^1 = 0.618034; 10 + 10 × 0.381966 / 0.763932 = 15.00 exactly (τ is a root of τ² + τ − 1)
        (16, 20, "15.00"),
        (16, 60, "20.00"),  # the blitz
        (16, 75, "20.00"),  # and beyond it
        # 4 boards, X = 30: 6 IMPs, τ^0.6 = 0.749217; 10 + 10 × 0.250783 / 0.763932 = 13.28
        (4, 6, "13.28"),
        # 1 board, X = 15: 1 IMP, τ^0.2 = 0.908244; 10 + 10 × 0.091756 / 0.763932 = 11.20
        (1, 1, "11.20"),
        (1, 15, "20.00"),
    ],
)
def test_whole_margins(boards: int, margin: int, vps: str) -> None:
    assert winner_vps(margin, boards) == D(vps)
    assert scale(boards)[min(margin, len(scale(boards)) - 1)] == D(vps)


def test_the_correction_where_rounding_makes_an_imp_worth_more_than_the_one_before() -> None:
    # 16 boards. Rounded from the formula:
    #   12 IMPs: τ^0.6  = 0.749217 → 13.28     13 IMPs: τ^0.65 = 0.731405 → 13.52
    #   14 IMPs: τ^0.7  = 0.714017 → 13.74     15 IMPs: τ^0.75 = 0.697043 → 13.97
    # The steps are 0.24, 0.22, then 0.23: the fifteenth IMP would be worth more than the
    # fourteenth, so 14 IMPs is raised to 13.75, and the steps become 0.24, 0.23, 0.22.
    s = scale(16)
    assert [s[m] for m in (12, 13, 14, 15)] == [D("13.28"), D("13.52"), D("13.75"), D("13.97")]


@pytest.mark.parametrize("boards", [1, 2, 3, 4, 7, 8, 12, 14, 16, 20, 24, 28, 32, 48, 64, 100])
def test_no_imp_is_worth_more_than_the_one_before(boards: int) -> None:
    s = scale(boards)
    steps = [b - a for a, b in zip(s, s[1:])]
    assert s[0] == D("10.00") and s[-1] == D("20.00")
    assert all(step >= 0 for step in steps)
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:]))


def test_the_losers_score_twenty_less() -> None:
    assert match_vps(-6, 4) == (D("6.72"), D("13.28"))
    assert match_vps(6, 4) == (D("13.28"), D("6.72"))
    assert match_vps(0, 16) == (D("10.00"), D("10.00"))
    assert match_vps(-100, 16) == (D("0.00"), D("20.00"))


def test_a_fraction_of_an_imp_lies_on_the_line_between_whole_margins() -> None:
    # 3 boards, X = 15 × √3 = 25.98: 4 IMPs, τ^(12/25.98) = 0.800705 → 12.61; 5 IMPs, τ^(15/25.98) = 0.757427 → 13.18.
    # 4.50 IMPs (cross-IMPs averaged): 12.61 + 0.5 × 0.57 = 12.895 → 12.90.
    assert winner_vps(D("4.50"), 3) == D("12.90")
    assert match_vps(D("-4.50"), 3) == (D("7.10"), D("12.90"))
    # A whole margin gives the scale's own figure.
    assert winner_vps(D("4.00"), 3) == D("12.61")


def test_a_match_has_at_least_one_board() -> None:
    with pytest.raises(ValueError):
        scale(0)


def wbf_scale(boards: int) -> list[Decimal]:
    """The WBF 20-point continuous scale worked from its definition, apart from the code:
    V(M) = 10 + 10 (1 - τ^(3M/X)) / (1 - τ³), X = 15 √N, rounded to the hundredth, 20 at
    the blitz and beyond; then, while some IMP is worth more than the one before it (the
    step up to M bigger than the step up to M - 1), the VPs of M - 1 go up 0.01, the
    smallest such M first."""
    import math

    tau = (math.sqrt(5) - 1) / 2
    x = 15 * math.sqrt(boards)
    top = math.ceil(x)
    vps = [
        Decimal("20.00") if m >= x else Decimal(str(round(10 + 10 * (1 - tau ** (3 * m / x)) / (1 - tau**3), 2)))
        for m in range(top + 1)
    ]
    vps = [v.quantize(Decimal("0.01")) for v in vps]
    while True:
        steps = [b - a for a, b in zip(vps, vps[1:])]
        bad = next((m for m in range(2, len(vps)) if steps[m - 1] > steps[m - 2]), None)
        if bad is None:
            return vps
        vps[bad - 1] += Decimal("0.01")


@pytest.mark.parametrize("boards", range(1, 101))
def test_every_board_count_to_a_hundred_gives_the_wbf_scale(boards: int) -> None:
    expected = wbf_scale(boards)
    assert list(scale(boards)) == expected
    assert [winner_vps(m, boards) for m in range(len(expected) + 2)] == [*expected, Decimal("20.00"), Decimal("20.00")]


def test_a_fraction_of_an_imp_ahead_is_ahead() -> None:
    # Half an IMP up over 16 boards: N-S halfway from 10.00 to the 1-IMP figure, E-W the rest.
    ns, ew = match_vps(Decimal("0.5"), 16)
    assert ns > Decimal(10) > ew and ns + ew == 20
    assert match_vps(Decimal("-0.5"), 16) == (ew, ns)
    assert match_vps(0, 16) == (Decimal("10.00"), Decimal("10.00"))


def test_a_fraction_that_falls_on_half_a_hundredth_rounds_up() -> None:
    # Half an IMP over a board count whose first IMP is worth an odd number of hundredths:
    # halfway ends in 5 thousandths, which goes up (even where the hundredth below is even).
    def halfway(b: int) -> Decimal:
        low, high = wbf_scale(b)[:2]
        return low + (high - low) / 2

    boards = next(b for b in range(1, 101) if halfway(b).as_tuple().digits[-2:] in ((0, 5), (2, 5), (4, 5), (6, 5), (8, 5)))
    halfway = halfway(boards)
    assert winner_vps(Decimal("0.5"), boards) == halfway + Decimal("0.005")
