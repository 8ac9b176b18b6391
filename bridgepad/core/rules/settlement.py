"""Settling up: margins rounded as clubs round them, points turned into money, and the
fewest payments that bring every balance to zero.

Pure arithmetic on whole points; ``bridgepad.core.evening.tally`` says whose balances they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal

EXACT_LIMIT = 14  # nonzero balances up to this many are settled by exact search
CENT = Decimal("0.01")
ROUND_UNIT = 100  # what "rounded" means at most clubs: each margin to the nearest 100


def rounding_unit(rounding: bool) -> int | None:
    """The unit the tally rounds each margin to when the player asks for rounding (None: exact)."""
    return ROUND_UNIT if rounding else None


def round_margin(margin: int, unit: int | None = ROUND_UNIT) -> int:
    """``margin`` rounded to the nearest ``unit``, half away from zero; ``None``: as is.

    >>> round_margin(1320), round_margin(1350), round_margin(50), round_margin(-1350)
    (1300, 1400, 100, -1400)
    """
    if unit is None:
        return margin
    if unit <= 0:
        raise ValueError("the rounding unit must be a positive number of points")
    size = (2 * abs(margin) + unit) // (2 * unit) * unit
    return size if margin >= 0 else -size


def money(points: int, stake: Decimal) -> Decimal:
    """``points`` / 100 × ``stake``, to the cent, half away from zero."""
    return (Decimal(points) / 100 * stake).quantize(CENT, rounding=ROUND_HALF_UP)


def settle(balances: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The fewest transfers ``(payer, payee, points)`` that bring every balance to zero.

    Balances must sum to zero. The minimum is the number of nonzero balances less the
    largest number of disjoint groups that each sum to zero; it is found exactly for up
    to ``EXACT_LIMIT`` nonzero balances (a search over subsets), and beyond that by the
    greedy rule (the largest debtor pays the largest creditor), which may use a few more.
    """
    if sum(balances.values()) != 0:
        raise ValueError("the balances do not sum to zero")
    people = sorted((n for n, b in balances.items() if b), key=lambda n: (n.casefold(), n))
    if len(people) > EXACT_LIMIT:
        return _greedy({n: balances[n] for n in people})
    groups = _zero_sum_groups([balances[n] for n in people])
    out: list[tuple[str, str, int]] = []
    for g in groups:
        out.extend(_greedy({people[i]: balances[people[i]] for i in g}))
    return out


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups that partition ``values`` (which sum to zero)."""
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    # best[mask]: in the best ordering of mask's members, how many prefixes sum to zero.
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        m, b = mask, 0
        while m:
            low = m & -m
            v = best[mask ^ low]
            b = max(b, v)
            m ^= low
        best[mask] = b + (1 if sums[mask] == 0 else 0)
    groups: list[list[int]] = []
    mask, current = full, []
    while mask:
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        m = mask
        while m:
            low = m & -m
            if best[mask ^ low] == target:
                break
            m ^= low
        current.append(low.bit_length() - 1)
        mask ^= low
        if sums[mask] == 0:
            groups.append(sorted(current))
            current = []
    return sorted(groups)


def _greedy(balances: dict[str, int]) -> list[tuple[str, str, int]]:
    """Largest debtor pays largest creditor until all are square (ties by name)."""
    bal = {n: b for n, b in balances.items() if b}
    out: list[tuple[str, str, int]] = []
    while bal:
        payer = min(bal, key=lambda n: (bal[n], n.casefold(), n))
        payee = min(bal, key=lambda n: (-bal[n], n.casefold(), n))
        amount = min(-bal[payer], bal[payee])
        if amount <= 0:  # pragma: no cover - balances sum to zero
            break
        out.append((payer, payee, amount))
        for n, d in ((payer, amount), (payee, -amount)):
            bal[n] += d
            if bal[n] == 0:
                del bal[n]
    return out


STAKE_LIMIT = Decimal(1_000_000)
# A stake is money per 100 points, above 0: a stake of 0 would settle nothing, and "no
# stake" is said by leaving it empty (points only). Each refusal has one sentence, the
# same from the tally screen, ``bridgepad tally --stake``, ``core.evening.tally`` and the
# stake saved in settings.json.
STAKE_NOT_AN_AMOUNT = "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."
STAKE_NOT_ABOVE_ZERO = "A stake must be more than 0, such as 0.10 or 1; leave it empty for none."
STAKE_TOO_LARGE = f"A stake can be at most {STAKE_LIMIT:,} per 100 points."
STAKE_PLACES = 6  # decimals: far finer than a cent, and short enough to show in the tally's title
STAKE_TOO_FINE = f"A stake can have at most {STAKE_PLACES} decimals, such as 0.10 or 1; leave it empty for none."


class StakeError(ValueError):
    """A stake that is not one, with the sentence that says why."""


def check_stake(stake: Decimal) -> Decimal:
    """``stake`` if it is one (finite, above 0, at most ``STAKE_LIMIT``, at most ``STAKE_PLACES``
    decimals written); StakeError with its sentence otherwise. The one rule for a stake,
    wherever it comes from: typed, given on the command line or saved."""
    if not stake.is_finite():
        raise StakeError(STAKE_NOT_AN_AMOUNT)
    if stake <= 0:
        raise StakeError(STAKE_NOT_ABOVE_ZERO)
    if stake > STAKE_LIMIT:
        raise StakeError(STAKE_TOO_LARGE)
    exponent = stake.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -STAKE_PLACES:
        raise StakeError(STAKE_TOO_FINE)
    return stake


def read_stake(text: str) -> Decimal | None:
    """The stake as typed (``0.10``, ``1``, ``0,25``: a comma is a decimal point); None when
    empty. StakeError with one of the sentences above otherwise."""
    t = text.strip().replace(",", ".")
    if not t:
        return None
    try:
        stake = Decimal(t)
    except ArithmeticError:
        raise StakeError(STAKE_NOT_AN_AMOUNT) from None
    return check_stake(stake)
