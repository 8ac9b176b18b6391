"""Settling up with the fewest payments, worked by hand.

The fewest payments that square n nonzero balances are n less the largest number of
disjoint groups that each sum to zero: each group of k people settles in k - 1 payments,
and no fewer (every payment squares at most one more person in its group).
"""

from __future__ import annotations

import pytest

from bridgepad.core.rules.settlement import EXACT_LIMIT, settle

# Fourteen players, the most that are settled by exact search. Four pairs square each other
# (+20/-20 ... +50/-50); the other six, +7 +7 -14 and -1 -8 +9, have no pair among them that
# sums to zero (no two are opposite), so they make at most two groups of three. Seven groups
# would need every player to pair off with an opposite, and 7 has no -7: six groups at most,
# so the fewest payments are 14 - 6 = 8. Largest debtor pays largest creditor takes 9
# (-14 pays 9, then 5 to a 7; -8 pays the other 7 ...), which is why fourteen are searched.
FOURTEEN = {
    "Ann": 7,
    "Bea": 7,
    "Cy": -14,
    "Di": -1,
    "Ed": -8,
    "Flo": 9,
    "Gus": 20,
    "Hal": -20,
    "Ida": 30,
    "Jo": -30,
    "Kit": 40,
    "Lu": -40,
    "Max": 50,
    "Ned": -50,
}


def squares_everyone(balances: dict[str, int], payments: list[tuple[str, str, int]]) -> bool:
    left = dict(balances)
    for payer, payee, points in payments:
        assert points > 0
        left[payer] += points
        left[payee] -= points
    return all(v == 0 for v in left.values())


def test_fourteen_players_settle_in_the_fewest_payments() -> None:
    assert len(FOURTEEN) == EXACT_LIMIT
    payments = settle(FOURTEEN)
    assert squares_everyone(FOURTEEN, payments)
    assert len(payments) == 8


def test_each_group_that_squares_itself_settles_apart() -> None:
    payments = settle(FOURTEEN)
    groups = [{"Ann", "Bea", "Cy"}, {"Di", "Ed", "Flo"}, {"Gus", "Hal"}, {"Ida", "Jo"}, {"Kit", "Lu"}, {"Max", "Ned"}]
    for payer, payee, _ in payments:
        assert any({payer, payee} <= g for g in groups), (payer, payee)


def test_fifteen_players_are_settled_by_the_largest_debtor_paying_the_largest_creditor() -> None:
    # One player more than the search takes (Pat owes 1 that Ned no longer does): the greedy
    # rule, worked by hand. Ned (-49) pays Max (+50) 49, the largest debtor the largest
    # creditor; then Lu pays Kit 40, Jo Ida 30, Hal Gus 20.
    balances = dict(FOURTEEN, Oz=0)  # a zero balance is nobody's business
    balances["Pat"], balances["Ned"] = -1, -49
    balances["Max"] = 50
    assert sum(balances.values()) == 0
    payments = settle(balances)
    assert squares_everyone(balances, payments)
    assert payments[:4] == [("Ned", "Max", 49), ("Lu", "Kit", 40), ("Jo", "Ida", 30), ("Hal", "Gus", 20)]


def test_groups_that_square_themselves_are_found_whatever_the_order_of_names() -> None:
    # Ann +1 squares with Cy -1, Bea +2 with Di -2: two payments, though neither pair sits
    # together in the order of names (one group of four would take three).
    assert settle({"Ann": 1, "Bea": 2, "Cy": -1, "Di": -2}) == [("Cy", "Ann", 1), ("Di", "Bea", 2)]
    # Fourteen, each pair's two ends far apart in the order of names: seven payments.
    names = "ABCDEFGHIJKLMN"
    balances = {names[i]: i + 1 for i in range(7)} | {names[i + 7]: -(i + 1) for i in range(7)}
    payments = settle(balances)
    assert squares_everyone(balances, payments) and len(payments) == 7


def test_payments_are_listed_in_the_order_of_names_whatever_their_case() -> None:
    # ann squares with Di, Bob with cy; by name, ignoring case: ann, Bob, cy, Di.
    assert settle({"ann": -5, "Bob": 10, "cy": -10, "Di": 5}) == [("ann", "Di", 5), ("cy", "Bob", 10)]


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError) as refused:
        settle({"Ann": 10, "Bob": -5})
    assert str(refused.value) == "the balances do not sum to zero"


@pytest.mark.parametrize(
    "margin, unit, rounded",
    [
        (1320, 100, 1300),  # to the nearest hundred
        (1350, 100, 1400),  # half away from zero
        (1349, 100, 1300),
        (50, 100, 100),
        (49, 100, 0),
        (-1350, 100, -1400),  # a loss the same way
        (-1349, 100, -1300),
        (0, 100, 0),
        (1320, 50, 1300),  # to the nearest fifty
        (1325, 50, 1350),
        (1320, None, 1320),  # exact margins: as is
    ],
)
def test_margins_round_to_the_nearest_unit_half_away_from_zero(margin: int, unit: int | None, rounded: int) -> None:
    from bridgepad.core.rules.settlement import round_margin

    assert round_margin(margin, unit) == rounded


def test_a_rounding_unit_is_a_positive_number_of_points() -> None:
    from bridgepad.core.rules.settlement import round_margin

    for unit in (0, -100):
        with pytest.raises(ValueError) as refused:
            round_margin(1320, unit)
        assert str(refused.value) == "the rounding unit must be a positive number of points"
    assert round_margin(1320, 1) == 1320  # a unit of one point is one


def test_margins_round_to_the_hundred_unless_told() -> None:
    from bridgepad.core.rules.settlement import round_margin

    assert (round_margin(1320), round_margin(1350), round_margin(-1350), round_margin(49)) == (1300, 1400, -1400, 0)


@pytest.mark.parametrize(
    "points, stake, owed",
    [
        (1320, "0.10", "1.32"),  # 13.2 hundreds at 0.10
        (-1320, "0.10", "-1.32"),
        (1305, "0.10", "1.31"),  # 1.305 to the cent, half away from zero
        (-1305, "0.10", "-1.31"),
        (1304, "0.10", "1.30"),
        (100, "1", "1.00"),
        (0, "0.25", "0.00"),
    ],
)
def test_points_become_money_per_hundred_to_the_cent(points: int, stake: str, owed: str) -> None:
    from decimal import Decimal

    from bridgepad.core.rules.settlement import money

    assert money(points, Decimal(stake)) == Decimal(owed)


@pytest.mark.parametrize(
    "typed, stake", [("0.10", "0.10"), (" 1 ", "1"), ("0,25", "0.25"), ("1000000", "1000000"), ("0.01", "0.01")]
)
def test_a_stake_as_typed(typed: str, stake: str) -> None:
    from decimal import Decimal

    from bridgepad.core.rules.settlement import read_stake

    assert read_stake(typed) == Decimal(stake)


def test_no_stake_is_an_empty_field() -> None:
    from bridgepad.core.rules.settlement import read_stake

    assert read_stake("") is None
    assert read_stake("   ") is None


@pytest.mark.parametrize(
    "typed, sentence",
    [
        ("x", "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."),
        ("1.2.3", "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."),
        ("nan", "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."),
        ("inf", "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."),
        ("0", "A stake must be more than 0, such as 0.10 or 1; leave it empty for none."),
        ("-1", "A stake must be more than 0, such as 0.10 or 1; leave it empty for none."),
        ("1000000.01", "A stake can be at most 1,000,000 per 100 points."),
    ],
)
def test_a_stake_that_is_not_one_is_refused_in_one_sentence(typed: str, sentence: str) -> None:
    from bridgepad.core.rules.settlement import StakeError, read_stake

    with pytest.raises(StakeError) as refused:
        read_stake(typed)
    assert str(refused.value) == sentence


def test_rounding_is_to_the_nearest_100_when_asked_and_exact_otherwise() -> None:
    from bridgepad.core.rules.settlement import round_margin, rounding_unit

    assert rounding_unit(True) == 100
    assert rounding_unit(False) is None
    assert round_margin(1_320, rounding_unit(True)) == 1_300
    assert round_margin(1_320, rounding_unit(False)) == 1_320


@pytest.mark.parametrize(
    "text, sentence",
    [
        ("0.000001", None),  # six decimals: kept
        ("1000000", None),  # the largest stake
        ("0.0000001", "A stake can have at most 6 decimals, such as 0.10 or 1; leave it empty for none."),
        ("1000000.01", "A stake can be at most 1,000,000 per 100 points."),
        ("0", "A stake must be more than 0, such as 0.10 or 1; leave it empty for none."),
        ("-1", "A stake must be more than 0, such as 0.10 or 1; leave it empty for none."),
        ("NaN", "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."),
        ("Infinity", "A stake is an amount of money per 100 points, such as 0.10 or 1; leave it empty for none."),
    ],
)
def test_a_stake_is_checked_by_one_rule_in_one_sentence(text: str, sentence: str | None) -> None:
    from decimal import Decimal

    from bridgepad.core.rules.settlement import StakeError, check_stake

    if sentence is None:
        assert check_stake(Decimal(text)) == Decimal(text)
        return
    with pytest.raises(StakeError) as refused:
        check_stake(Decimal(text))
    assert str(refused.value) == sentence


def test_groups_that_square_among_themselves_are_found_whatever_the_order_of_names() -> None:
    # +7 +7 −14 square among themselves, and −1 −8 +9: two payments each, four in all, with the
    # two groups' names interleaved (A C E and B D F). In each group the largest debtor pays the
    # largest creditor (A before C on a tie): E pays A 7, E pays C 7; D pays F 8, B pays F 1.
    balances = {"A": 7, "B": -1, "C": 7, "D": -8, "E": -14, "F": 9}
    assert settle(balances) == [("E", "A", 7), ("E", "C", 7), ("D", "F", 8), ("B", "F", 1)]


def test_three_pairs_that_square_are_three_payments() -> None:
    # A −2 and E +2, B −3 and C +3, F −1 and D +1: three pairs, each squared by one payment.
    balances = {"A": -2, "B": -3, "C": 3, "D": 1, "E": 2, "F": -1}
    assert settle(balances) == [("A", "E", 2), ("B", "C", 3), ("F", "D", 1)]
