"""The deal as a core value and bridgepad's dealer: each fault of a Deal a sentence, the
generator's deals each a partition of the pack with every card's seat uniform (chi-squared
at 1 %), the seed dealing the same boards again, and the board schedule (dealer and
vulnerability of boards 1-32) the deals are dealt and scored under."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgepad.core.boards.cards import PACK, Card, Deal, DealError, read_deal
from bridgepad.core.boards.dealing import MAX_SEED, _below, deal_board, deal_boards, shuffled
from bridgepad.core.model import SEATS, Seat, Side, Strain
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.vulnerability import board_vulnerable

# Board 1 of the Camrose Trophy 2024 (tests/data/hand_records), dealt by North.
CAMROSE_1 = "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"


def test_a_deal_reads_its_four_hands_whoever_is_given_first() -> None:
    d = read_deal(CAMROSE_1)
    assert d.hand(Seat.N) == "T5.982.874.AQ632"
    assert d.hand(Seat.W) == "Q8762.KJ54.A93.7"
    assert d.holding(Seat.E, Strain.C) == "KJT54"
    # The same cards written from East, ranks in any order and in lower case (PBN's import format).
    assert read_deal("e:k43.37.kq5.jkt54 aj9.aqt6.jt62.98 q8762.kj54.a93.7 t5.982.874.aq632") == d
    assert d.pbn(Seat.E) == "E:K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7 T5.982.874.AQ632"
    assert read_deal(d.pbn(Seat.S)) == d
    assert sum(d.points(s) for s in SEATS) == 40


def test_high_card_points_are_counted_four_three_two_one() -> None:
    d = read_deal(CAMROSE_1)
    # North T5.982.874.AQ632: ♣A 4, ♣Q 2 = 6; East K43.73.KQ5.KJT54: ♠K 3, ♦K 3, ♦Q 2, ♣K 3, ♣J 1 = 12.
    assert d.points(Seat.N) == 6
    assert d.points(Seat.E) == 12


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # Not 13 cards a hand.
        (
            "N:T5.982.874.AQ63 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
            "its Deal gives North 12 cards, where each hand holds 13; missing from the pack: ♣2",
        ),
        (
            "N:T5.982.874.AQ632 K43.73.KQ5.KJT542 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
            "its Deal has the ♣2 in both North's and East's hands",
        ),
        # A card twice in one hand.
        ("N:T5.982.874.AQ622 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "its Deal has the ♣2 twice in North's hand"),
        # A card moved: a hand of 14 beside one of 12, nothing twice and nothing missing.
        (
            "N:T5.982.874.AQ7632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.",
            "its Deal gives North 14 cards, where each hand holds 13",
        ),
        # A card missing.
        (
            "N:T5.982.874.AQ632 K43.3.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
            "its Deal gives East 12 cards, where each hand holds 13; missing from the pack: ♥7",
        ),
        # An unknown rank, an unknown suit (a fifth one).
        ("N:T5.982.874.AQ6X2 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "its Deal has 'X' among North's clubs"),
        ("N:T5.982.874.AQ632 K43.73.KQ5.KJT.54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "its Deal gives East 5 suits"),
        ("N:T5.982.874.AQ632 K43.73.KQ5.KJ1054 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "its Deal has '1' among East's clubs"),
        # A first seat that is not N, E, S or W.
        ("X:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "its Deal begins 'X'"),
        ("T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7", "its Deal begins 'T5.982.8'"),
        # Hands not all given.
        ("N:T5.982.874.AQ632 - AJ9.AQT6.JT62.98 -", "its Deal gives no cards for East ('-')"),
        ("N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98", "its Deal gives 3 hands, where a deal has four"),
    ],
)
def test_each_fault_of_a_deal_is_named(text: str, said: str) -> None:
    with pytest.raises(DealError) as e:
        read_deal(text)
    assert str(e.value).startswith(said), str(e.value)


def test_a_deal_longer_than_any_deal_is_refused_before_it_is_read() -> None:
    with pytest.raises(DealError, match="is 1,000,000 characters long"):
        read_deal("N:" + "A" * 999_998)


# The generator -----------------------------------------------------------------------


def test_ten_thousand_deals_each_hold_the_whole_pack_thirteen_a_hand() -> None:
    pack = set(PACK)
    for board in range(1, 10_001):
        d = deal_board(20261204, board)
        hands = [list(d.cards(seat)) for seat in SEATS]
        assert all(len(h) == 13 for h in hands)
        assert set().union(*map(set, hands)) == pack
        assert read_deal(d.pbn()) == d  # and every one reads back as it was written


def chi_squared_limit(df: int, z: float = 2.326347874) -> float:
    """The chi-squared value a uniform count exceeds with probability 1 % (Wilson-Hilferty; z of the 99th percentile)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def seat_counts(seed: int, deals: int, shuffle: object = shuffled) -> dict[Card, Counter[int]]:
    counts: dict[Card, Counter[int]] = {card: Counter() for card in PACK}
    for board in range(1, deals + 1):
        pack = shuffle(seed, board)  # type: ignore[operator]
        for k, card in enumerate(pack):
            counts[card][k // 13] += 1
    return counts


def chi_squared(counts: dict[Card, Counter[int]], deals: int) -> tuple[float, float]:
    """The whole table's statistic (52 cards × 4 seats: each card's row and each seat's column add
    up to what is dealt, 51 × 3 = 153 degrees of freedom) and the largest card's (3)."""
    expected = deals / 4
    per_card = [sum((c[s] - expected) ** 2 / expected for s in range(4)) for c in counts.values()]
    return sum(per_card), max(per_card)


def test_each_card_goes_to_each_seat_as_often_at_one_per_cent() -> None:
    total, worst = chi_squared(seat_counts(7, 10_000), 10_000)
    assert total < chi_squared_limit(153), total
    # Each card alone, at 1 % over the 52 of them (Bonferroni): 0.01 / 52 → z of 3.33.
    assert worst < chi_squared_limit(3, z=3.3306), worst


def sattolo(seed: int, board: int) -> list[Card]:
    """A plausible slip (j drawn below i, not i + 1): only cyclic orders, so no card keeps its place."""
    from bridgepad.core.boards.dealing import _words

    pack = list(PACK)
    words = _words(seed, board)
    for i in range(len(pack) - 1, 0, -1):
        j = _below(i, words)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def test_the_chi_squared_test_catches_a_dealer_that_is_off_by_one() -> None:
    # The test above can fail: Sattolo's shuffle keeps a card from its own place, so a card
    # stays with the seat it began at 12 times in 51 instead of once in four.
    total, _ = chi_squared(seat_counts(7, 10_000, sattolo), 10_000)
    assert total > chi_squared_limit(153)


def test_a_draw_below_n_takes_every_value_alike() -> None:
    # Rejection of the words past the last whole multiple of n: none is more likely.
    words = iter([2**32 - 1, 2**32 - 2, 5])  # 2^32 - 1 and - 2 are past the multiples of 3
    assert _below(3, words) == 2
    assert _below(52, iter([51, 52])) == 51


def test_the_seed_deals_the_same_boards_again_and_each_board_alone() -> None:
    first = deal_boards(7, range(1, 17))
    assert deal_boards(7, range(1, 17)) == first
    assert deal_boards(7, range(9, 13)) == first[8:12]  # board 9 is board 9, whatever else is dealt
    assert deal_boards(8, range(1, 17)) != first
    assert len({d for _, d in first}) == 16


def test_the_algorithm_deals_what_it_dealt_when_it_was_written() -> None:
    # Pinned: a change to the stream, the draw or the shuffle deals other boards from the same
    # seed, and every hand record already printed could no longer be dealt again.
    assert deal_board(7, 1).pbn() == "N:93.KQ6432.T874.9 QJ.98.A962.T8763 AKT8654.5.J5.AKQ 72.AJT7.KQ3.J542"
    assert deal_board(0, 16).pbn() == deal_board(0, 16).pbn()
    assert deal_board(MAX_SEED, 1) != deal_board(MAX_SEED - 1, 1)


def test_a_seed_or_board_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="a seed is a whole number"):
        deal_board(-1, 1)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        deal_board(MAX_SEED + 1, 1)
    with pytest.raises(ValueError, match="numbered from 1"):
        deal_board(1, 0)


@given(st.integers(0, MAX_SEED), st.integers(1, 9_999))
def test_any_seed_and_board_deal_a_whole_pack(seed: int, board: int) -> None:
    d = deal_board(seed, board)
    assert sorted(c for s in SEATS for c in d.cards(s)) == sorted(PACK)
    assert isinstance(d, Deal)


# The schedule the boards are dealt and scored under -------------------------------------

# The schedule printed on duplicate boards, worked out from the rule (dealer N E S W in turn;
# vulnerability by the 16-board table of the Laws), for boards 1 to 16; 17 to 32 repeat it.
SCHEDULE = {
    1: ("N", ""),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "NSEW"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "NSEW"),
    8: ("W", ""),
    9: ("N", "EW"),
    10: ("E", "NSEW"),
    11: ("S", ""),
    12: ("W", "NS"),
    13: ("N", "NSEW"),
    14: ("E", ""),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


@pytest.mark.parametrize("board", range(1, 33))
def test_boards_one_to_thirty_two_have_the_dealer_and_vulnerability_printed_on_them(board: int) -> None:
    dealer, vul = SCHEDULE[(board - 1) % 16 + 1]
    assert board_dealer(board) is Seat(dealer)
    assert board_vulnerable(board) == frozenset(s for s in (Side.NS, Side.EW) if s.value in vul)
