"""Duplicate: each board alone, a game 300/500 or a part score 50 at once, no rubber,
no honors; boards' dealer and vulnerability; the IMP scale.

The IMP scale and the 16-board vulnerability cycle are not printed in the rule book (the fuller rule books
names both); the figures below are the standard WBF scale and board cycle.
"""

from __future__ import annotations

import pytest
from support.builders import hand

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.readers.notation import parse_contract, parse_tricks
from bridgepad.core.rules import tables
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.scoring import Kind, duplicate_items, duplicate_score
from bridgepad.core.rules.vulnerability import board_vulnerable

NS, EW = Side.NS, Side.EW


def dup(contract: str, result: str, vul: bool) -> int:
    c = parse_contract(contract)
    assert c is not None
    return duplicate_score(c, parse_tricks(result, c), vul)


@pytest.mark.parametrize(
    "contract, result, vul, score",
    [
        ("4S", "=", False, 420),  # 120 + game 300
        ("4S", "=", True, 620),  # 120 + game 500
        ("4H", "+1", False, 450),  # 120 + 30 + 300
        ("3NT", "+1", False, 430),  # 100 + 30 + 300
        ("3NT", "=", True, 600),  # 100 + 500
        ("1NT", "=", False, 90),  # 40 + part score 50
        ("1NT", "=", True, 90),  # the part score bonus is 50 either way
        ("2S", "+2", True, 170),  # 60 + 2 × 30 + 50
        ("3S", "+1", False, 170),  # 90 + 30 + 50: the overtrick does not make it a game
        ("5D", "=", True, 600),  # 100 + 500
        ("2SX", "=", False, 470),  # 120 (a game) + 50 insult + 300
        ("2SX", "=", True, 670),  # 120 + 50 + 500
        ("1NTX", "=", False, 180),  # 80 + 50 insult + 50 part score
        ("1NTX", "+1", True, 380),  # 80 + 200 + 50 + 50
        ("1CXX", "=", False, 230),  # 80 + 100 insult + 50 part score
        ("6H", "=", False, 980),  # 180 + 500 slam + 300 game
        ("6NT", "=", True, 1440),  # 190 + 750 + 500
        ("7NT", "=", False, 1520),  # 220 + 1,000 + 300
        ("7NTXX", "=", True, 2980),  # 880 + 100 + 1,500 + 500
        ("1C", "-1", False, -50),  # one undertrick not vulnerable
        ("1C", "-1", True, -100),
        ("4S", "-2", True, -200),  # 2 × 100
        ("3NTX", "-3", True, -800),  # 200 + 300 + 300
        ("3NTX", "-3", False, -500),  # 100 + 200 + 200
        ("4HXX", "-1", True, -400),  # 2 × 200
        ("7NTXX", "-13", True, -7600),  # 2 × (200 + 12 × 300)
    ],
)
def test_duplicate_score(contract: str, result: str, vul: bool, score: int) -> None:
    assert dup(contract, result, vul) == score


def test_duplicate_items_sum_to_the_score() -> None:
    c = parse_contract("4S")
    assert c is not None
    items = duplicate_items(c, 10, True)
    assert [(i.kind, i.points) for i in items] == [(Kind.TRICKS, 120), (Kind.GAME_BONUS, 500)]
    assert items[-1].reason == "game bonus, vulnerable: 500"
    c = parse_contract("1NT")
    assert c is not None
    assert [(i.kind, i.points) for i in duplicate_items(c, 7, False)] == [(Kind.TRICKS, 40), (Kind.PART_SCORE, 50)]


# Standard board cycle: 1 None, 2 N-S, 3 E-W, 4 Both, 5 N-S, 6 E-W, 7 Both, 8 None,
# 9 E-W, 10 Both, 11 None, 12 N-S, 13 Both, 14 None, 15 N-S, 16 E-W. Dealers N, E, S, W in turn.
CYCLE = {
    1: (Seat.N, ""),
    2: (Seat.E, "NS"),
    3: (Seat.S, "EW"),
    4: (Seat.W, "NSEW"),
    5: (Seat.N, "NS"),
    6: (Seat.E, "EW"),
    7: (Seat.S, "NSEW"),
    8: (Seat.W, ""),
    9: (Seat.N, "EW"),
    10: (Seat.E, "NSEW"),
    11: (Seat.S, ""),
    12: (Seat.W, "NS"),
    13: (Seat.N, "NSEW"),
    14: (Seat.E, ""),
    15: (Seat.S, "NS"),
    16: (Seat.W, "EW"),
}


def _vul(text: str) -> frozenset[Side]:
    return frozenset(s for s in (NS, EW) if s.value in text)


@pytest.mark.parametrize("board", range(1, 33))
def test_board_dealer_and_vulnerability(board: int) -> None:
    dealer, vul = CYCLE[(board - 1) % 16 + 1]  # boards 17-32 repeat 1-16
    assert board_dealer(board) is dealer
    assert board_vulnerable(board) == _vul(vul)


@pytest.mark.parametrize(
    "difference, imps",
    [
        (0, 0),
        (10, 0),
        (20, 1),
        (40, 1),
        (50, 2),
        (80, 2),
        (90, 3),
        (120, 3),
        (130, 4),
        (160, 4),
        (170, 5),
        (210, 5),
        (220, 6),
        (260, 6),
        (270, 7),
        (310, 7),
        (320, 8),
        (360, 8),
        (370, 9),
        (420, 9),
        (430, 10),
        (490, 10),
        (500, 11),
        (590, 11),
        (600, 12),
        (740, 12),
        (750, 13),
        (890, 13),
        (900, 14),
        (1090, 14),
        (1100, 15),
        (1290, 15),
        (1300, 16),
        (1490, 16),
        (1500, 17),
        (1740, 17),
        (1750, 18),
        (1990, 18),
        (2000, 19),
        (2240, 19),
        (2250, 20),
        (2490, 20),
        (2500, 21),
        (2990, 21),
        (3000, 22),
        (3490, 22),
        (3500, 23),
        (3990, 23),
        (4000, 24),
        (7600, 24),
        (15200, 24),
        (-10, 0),
        (-20, -1),
        (-430, -10),
        (-3990, -23),
        (-4000, -24),
        (-9000, -24),
    ],
)
def test_imp_scale(difference: int, imps: int) -> None:
    assert tables.imps(difference) == imps


def test_duplicate_boards_through_derive() -> None:
    hands = (
        hand("4S", "N", "10", others=(170,)),  # board 1, nobody vul: N-S +420; 420 - 170 = 250: 6 IMPs
        hand("3NT", "E", "9", others=(-430,)),  # board 2, N-S vul: E-W NV +400 so N-S -400; -400 + 430 = 30: 1 IMP
        hand("4H", "W", "9"),  # board 3, E-W vul: one undertrick vul, N-S +100; no other table
        Hand(others=(-50,)),  # board 4: passed out, 0; 0 + 50 = 50: 2 IMPs
    )
    st = derive(Game(mode=Mode.DUPLICATE, hands=hands))
    assert [h.deal for h in st.hands] == [1, 2, 3, 4]
    assert [h.dealer for h in st.hands] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert [h.ns_score for h in st.hands] == [420, -400, 100, 0]
    assert [h.imps for h in st.hands] == [6, 1, None, 2]
    assert st.imps_total == 9
    assert st.next_deal == 5
    assert st.next_dealer is Seat.N
    assert not st.over  # duplicate boards never end a game by themselves
    assert st.bonuses == ()


def test_duplicate_has_no_honors_and_no_carried_part_score() -> None:
    hands = (
        hand("2S", "N", "8", honors="NS 150"),  # 60 + 50; no honors at duplicate
        hand("2H", "N", "8"),  # 60 + 50: each board alone, no game from part scores
    )
    st = derive(Game(mode=Mode.DUPLICATE, hands=hands))
    assert [h.ns_score for h in st.hands] == [110, 110]
    assert all(e.kind is not Kind.HONORS for e in st.entries)
    assert st.games == {NS: 0, EW: 0}


def test_duplicate_first_board_17() -> None:
    # Board 17 is board 1 again: North deals, nobody vulnerable; board 18 like board 2.
    st = derive(Game(mode=Mode.DUPLICATE, first_board=17, hands=(hand("4S", "N", "10"), hand("4S", "N", "10"))))
    assert [h.deal for h in st.hands] == [17, 18]
    assert [h.dealer for h in st.hands] == [Seat.N, Seat.E]
    assert [h.ns_score for h in st.hands] == [420, 620]  # board 18: N-S vulnerable


@pytest.mark.parametrize(
    "imps, shown",
    [(0, "0"), (3, "+3"), (-2, "-2"), ("2.33", "+2.33"), ("-0.50", "-0.50"), ("1234", "+1,234"), ("0.00", "0")],
)
def test_an_imp_figure_is_signed_with_hundredths_only_when_it_has_them(imps: object, shown: str) -> None:
    from decimal import Decimal

    from bridgepad.core.rules.duplicate import imps_figure

    assert imps_figure(Decimal(str(imps))) == shown


def test_a_sessions_standing_is_its_imps_or_its_percentage() -> None:
    from decimal import Decimal

    from bridgepad.core.rules.duplicate import standing_figure

    assert standing_figure(False, Decimal(6), None) == "+6"
    assert standing_figure(False, -2.33, None) == "-2.33"
    assert standing_figure(False, None, None) == ""  # no board compared yet
    assert standing_figure(True, None, Decimal("58.33")) == "58.3%"  # the session's percentage, to one place
    assert standing_figure(True, None, 58.35) == "58.4%"  # the index's float, read as its text
    assert standing_figure(True, None, None) == ""  # no board compared yet


def test_a_boards_comparison_is_one_figure_imps_or_its_percentage() -> None:
    from bridgepad.core.rules.duplicate import compare, comparison_figure

    # +420 against -50 at the other table: 470, which the IMP table makes 10 IMPs for N-S.
    assert comparison_figure(compare(420, (-50,)), False) == "+10"
    # +420 against 420, 450 and -50: a tie, a loss and a win, 3 of 6 matchpoints: 50.0%.
    assert comparison_figure(compare(420, (420, 450, -50)), True) == "50.0"
    assert comparison_figure(compare(420, ()), True) == ""  # nothing to compare with
    assert comparison_figure(None, False) == ""


def test_a_board_tied_at_every_table_is_zero_imps_not_a_figure_made_up() -> None:
    from bridgepad.core.rules.duplicate import compare, comparison_figure

    # +420 against +420: no difference, 0 IMPs, which is shown as 0 and not left blank.
    assert comparison_figure(compare(420, (420,)), False) == "0"


@pytest.mark.parametrize(
    "matchpoints, top, expected",
    [
        (1, 1, "100.00"),  # any top above nothing gives a percentage, the smallest too
        (0, 0, None),  # nothing compared: no top, no percentage
        (3, -2, None),
        # 1 of 32 (a board with 16 other results, lost to 15 and tied with one): 3.125%, half up.
        (1, 32, "3.13"),
        (7, 12, "58.33"),  # 58.333...
        (2, 3, "66.67"),  # 66.666..., up
    ],
)
def test_a_percentage_is_of_the_top_to_two_places_half_up(matchpoints: int, top: int, expected: str | None) -> None:
    from decimal import Decimal

    from bridgepad.core.rules.duplicate import percent

    assert percent(matchpoints, top) == (None if expected is None else Decimal(expected))


@pytest.mark.parametrize(
    "numerator, denominator, shown",
    [
        (6, 1, "6"),
        (13, 2, "6.5"),  # a tie on a board: half a matchpoint
        (14, 3, "4.67"),  # a factored board's 4⅔
        (25, 8, "3.13"),  # 3.125, half up
        (20001, 10000, "2"),  # a factored figure that rounds to a whole one shows no point
        (1, 1000, "0"),
        (24691, 20, "1,234.55"),
        (2468, 1, "2,468"),
    ],
)
def test_matchpoints_are_a_whole_figure_or_hundredths_without_trailing_zeros(
    numerator: int, denominator: int, shown: str
) -> None:
    from fractions import Fraction

    from bridgepad.core.rules.duplicate import matchpoints_text

    assert matchpoints_text(Fraction(numerator, denominator)) == shown


def test_the_running_percentage_after_each_board_is_the_sessions_as_its_setting_takes_it() -> None:
    from decimal import Decimal

    from bridgepad.core.rules.duplicate import compare, running_totals
    from bridgepad.core.rules.settings import PairsPercentage

    # Board 1: +420 beats +170, 2 of 2 (two results). Board 2: -100 loses to all four others,
    # 0 of 8 (five results). Factored to five results (Neuberg), board 1 scores
    # (2 + 1) × 5 / 2 − 1 = 6.5 of 8: after board 1 alone it is the only board, 2 of 2, 100%;
    # after both, 6.5 of 16 = 40.625%, 40.63%. Over all the tops: 2 of 10, 20.00%.
    boards = [compare(420, (170,)), compare(-100, (110, 140, 110, 90))]
    neuberg = running_totals(boards)
    assert [r.percent for r in neuberg] == [Decimal("100.00"), Decimal("40.63")]
    assert (neuberg[-1].matchpoints, neuberg[-1].top, neuberg[-1].factored) == (2, 10, True)
    tops = running_totals(boards, PairsPercentage.TOPS)
    assert [r.percent for r in tops] == [Decimal("100.00"), Decimal("20.00")]
    assert not tops[-1].factored


def test_a_board_with_no_other_result_is_its_score_and_nothing_compared() -> None:
    from decimal import Decimal

    from bridgepad.core.rules.duplicate import Comparison, compare

    # +420 against +170: 250, which the IMP table makes 6 IMPs (220 to 260); one result beaten.
    assert compare(420, (170,)) == Comparison(420, (170,), Decimal("6.00"), 1, 0)
    alone = compare(420, ())
    assert alone == Comparison(420, (), None, 0, 0)
    assert (alone.compared, alone.matchpoints, alone.top, alone.ew_matchpoints, alone.percent) == (False, 0, 0, 0, None)


def test_cross_imps_are_averaged_to_two_places_half_away_from_zero() -> None:
    from decimal import Decimal

    from bridgepad.core.rules.duplicate import compare

    # +420 against +400 (20: 1 IMP) and seven more +420 (0): 1 IMP over 8 results, 0.125, 0.13.
    assert compare(420, (400, *[420] * 7)).imps == Decimal("0.13")
    # The same the other way: -0.125, -0.13.
    assert compare(400, (420, *[400] * 7)).imps == Decimal("-0.13")
    # +420 against +400, +420 and +420: 1 IMP over 3, 0.333..., 0.33.
    assert compare(420, (400, 420, 420)).imps == Decimal("0.33")
