"""Victory points: a team match's IMP margin on the WBF 20-point continuous scale.

The scale is the one the World Bridge Federation adopted for its championships from
2013 (first used at Bali), described in its Scoring Panel's technical report "The New
WBF IMP to VP Scales" (Bavin, Bethe, Bramley, Buchen). For a match of N boards:

- the blitz, the margin that wins 20 to 0, is X = 15 × √N IMPs;
- a margin of M IMPs (0 ≤ M < X) wins V = 10 + 10 × (1 − τ^(3M/X)) / (1 − τ³), where
  τ = (√5 − 1) / 2, the golden ratio less one; at X or more it wins 20;
- V is rounded to two decimals, and the losers score 20 − V;
- rounding can make one IMP worth 0.01 VP more than the IMP before it, which the scale
  promises never happens (each extra IMP is worth no more than the one before). Where
  it does, the VPs of the margin in between are raised by 0.01, from the smallest margin
  up, until no IMP is worth more than the one before.

The scale is defined for whole margins. Cross-IMPs averaged over two or more other results
can leave a fraction; bridgepad then takes the straight line between the two whole
margins around it, rounded to two decimals, so a whole margin gives the scale exactly.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

HUNDREDTH = Decimal("0.01")
TWENTY = Decimal("20.00")
TAU = (math.sqrt(5) - 1) / 2


def blitz(boards: int) -> float:
    """The margin in IMPs that wins a match of ``boards`` boards 20 to 0: 15 × √boards."""
    return 15 * math.sqrt(boards)


def _raw(margin: int, boards: int) -> Decimal:
    x = blitz(boards)
    if margin >= x:
        return TWENTY
    v = 10 + 10 * (1 - TAU ** (3 * margin / x)) / (1 - TAU**3)
    return Decimal(v).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


@lru_cache(maxsize=64)
def scale(boards: int) -> tuple[Decimal, ...]:
    """The winners' VPs for each whole margin from 0 up to the blitz (the last is 20.00)."""
    if boards < 1:
        raise ValueError(f"a match has at least one board, not {boards}")
    vps = [_raw(m, boards) for m in range(math.ceil(blitz(boards)) + 1)]
    # The concavity correction: at the first margin m whose step up is bigger than the step
    # up to m - 1, raise the VPs of m - 1 by 0.01, and look again. Everything below m - 1
    # was in order and only the steps to m - 1 and to m changed, so the next violation, if
    # any, is at m - 1 or later: looking again from there is looking again from the start.
    m = 2
    while m < len(vps):
        if vps[m] - vps[m - 1] > vps[m - 1] - vps[m - 2]:
            vps[m - 1] += HUNDREDTH
            m = max(2, m - 1)
        else:
            m += 1
    return tuple(vps)


def winner_vps(margin: Decimal | int, boards: int) -> Decimal:
    """The VPs of the side ahead by ``margin`` IMPs (not negative) in a match of ``boards`` boards."""
    margin = Decimal(margin)
    table = scale(boards)
    whole = int(margin)  # margin is not negative: int() takes the whole part
    if whole >= len(table) - 1:
        return TWENTY
    low, high = table[whole], table[whole + 1]
    return (low + (high - low) * (margin - whole)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def match_vps(imps: Decimal | int, boards: int) -> tuple[Decimal, Decimal]:
    """N-S's and E-W's VPs for N-S's IMP total over a match of ``boards`` boards: they add up to 20."""
    imps = Decimal(imps)
    ahead = winner_vps(abs(imps), boards)
    return (ahead, TWENTY - ahead) if imps >= 0 else (TWENTY - ahead, ahead)
