"""Duplicate sessions against several other results: matchpoints, tops, cross-IMPs, the board
schedule, and random sessions checked against the rules worked out independently here.

The rules (the duplicate chapter of the rule books): a pair earns 2 matchpoints for each other result it beats
on a board and 1 for each tie; the top is 2 for each other result. IMPs turn the point
difference into 0 to 24 on the standard scale; against several results, cross-IMPs: the
IMPs against each, averaged to two decimals (half up).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.builders import examples

from bridgepad.core.model import Contract, Doubling, Hand, Seat, Side, Strain
from bridgepad.core.readers.log import parse_log
from bridgepad.core.records.record import record_of
from bridgepad.core.rules.board_scores import possible_scores
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.settings import PairsPercentage, Settings
from bridgepad.core.rules.vulnerability import board_vulnerable
from bridgepad.services.formats.json_format import replay_json

NS, EW = Side.NS, Side.EW
D = Decimal

# The standard IMP scale as printed: the point difference each IMP count goes up to.
IMP_RANGES = (
    (10, 0),
    (40, 1),
    (80, 2),
    (120, 3),
    (160, 4),
    (210, 5),
    (260, 6),
    (310, 7),
    (360, 8),
    (420, 9),
    (490, 10),
    (590, 11),
    (740, 12),
    (890, 13),
    (1090, 14),
    (1290, 15),
    (1490, 16),
    (1740, 17),
    (1990, 18),
    (2240, 19),
    (2490, 20),
    (2990, 21),
    (3490, 22),
    (3990, 23),
)


def imps_by_hand(difference: int) -> int:
    size = abs(difference)
    imps = next((n for top, n in IMP_RANGES if size <= top), 24)
    return imps if difference >= 0 else -imps


def board(ns_declares: bool, contract: Contract | None, tricks: int = 0, others: tuple[int, ...] = ()) -> Hand:
    if contract is None:
        return Hand(others=others)
    return Hand(contract, Seat.N if ns_declares else Seat.E, tricks, others=others)


FOUR_SPADES = Contract(4, Strain.S)

# N-S make 4S (+420 on board 1) against twelve other results, each a score board 1 can have.
# Against each: beaten (2), lost to (0) or tied (1); and the IMPs of the difference.
TWELVE = (-50, 450, 420, 170, 480, 420, -100, 450, 0, 150, 650, 420)
#   420 - (-50) = 470: 10    420 - 450 = -30: -1   0: 0              420 - 170 = 250: 6
#   420 - 480 = -60: -2      0: 0                  420 + 100 = 520: 11   -30: -1
#   420 - 0 = 420: 9         420 - 150 = 270: 7    420 - 650 = -230: -6  0: 0
# Matchpoints so far, k = 1..12: 2, 2, 3, 5, 5, 6, 8, 8, 10, 12, 12, 13; IMPs so far:
# 10, 9, 9, 15, 13, 13, 24, 23, 32, 39, 33, 33.
BY_HAND = {
    1: (2, 2, "100.00", "10.00"),
    2: (2, 4, "50.00", "4.50"),  # 9 / 2
    3: (3, 6, "50.00", "3.00"),
    4: (5, 8, "62.50", "3.75"),  # 15 / 4
    5: (5, 10, "50.00", "2.60"),  # 13 / 5
    6: (6, 12, "50.00", "2.17"),  # 13 / 6 = 2.1667
    7: (8, 14, "57.14", "3.43"),  # 8 / 14 = 57.143%; 24 / 7 = 3.4286
    8: (8, 16, "50.00", "2.88"),  # 23 / 8 = 2.875, half up
    9: (10, 18, "55.56", "3.56"),  # 10 / 18 = 55.556%; 32 / 9 = 3.5556
    10: (12, 20, "60.00", "3.90"),
    11: (12, 22, "54.55", "3.00"),  # 12 / 22 = 54.545%; 33 / 11
    12: (13, 24, "54.17", "2.75"),  # 13 / 24 = 54.167%; 33 / 12
}


@pytest.mark.parametrize("k", range(1, 13))
def test_tops_and_cross_imps_with_one_to_twelve_other_results(k: int) -> None:
    st_ = derive(Game(mode=Mode.DUPLICATE, hands=(board(True, FOUR_SPADES, 10, TWELVE[:k]),)))
    c = st_.hands[0].comparison
    assert c is not None
    mp, top, pct, imps = BY_HAND[k]
    assert (c.matchpoints, c.top, c.ew_matchpoints) == (mp, top, top - mp)
    assert c.percent == D(pct)
    assert c.imps == D(imps)


def test_one_other_result_gives_exactly_its_imps() -> None:
    # 4S made against -50 at the other table: 470, 10 IMPs, as a team match has always scored it.
    st_ = derive(Game(mode=Mode.DUPLICATE, hands=(board(True, FOUR_SPADES, 10, (-50,)),)))
    assert st_.hands[0].imps == 10 and st_.imps_total == 10


def test_matchpoints_with_ties() -> None:
    # +420 against 420, 450, -50, 420, 170: beats -50 and 170 (4), ties two 420s (2): 6 of 10, 60%.
    st_ = derive(Game(mode=Mode.DUPLICATE, hands=(board(True, FOUR_SPADES, 10, (420, 450, -50, 420, 170)),)))
    c = st_.hands[0].comparison
    assert c is not None and (c.beaten, c.tied, c.matchpoints, c.top, c.percent) == (2, 2, 6, 10, D("60.00"))


def test_a_passed_out_board_still_compares() -> None:
    # 0 against -100, 0, +110: beats -100 (2), ties 0 (1): 3 of 6. IMPs: +100 is 3, 0, -110 is -3: 0.00.
    st_ = derive(Game(mode=Mode.DUPLICATE, hands=(Hand(others=(-100, 0, 110)),)))
    h = st_.hands[0]
    assert h.ns_score == 0 and h.comparison is not None
    assert (h.comparison.matchpoints, h.comparison.top, h.imps) == (3, 6, D("0.00"))


def test_the_session_percentage_weighs_each_board_the_same() -> None:
    # Board 1: 3 of 6 (above: 4 results); board 2 passed out against -100, 0: 3 of 4 (3 results);
    # board 3 not compared. By default board 2 is factored to 4 results by Neuberg's formula:
    # (3 + 1) × 4 / 3 − 1 = 13/3 of 6, so (3 + 13/3) / 12 = 22/36 = 61.11%. Over all the tops
    # (the setting) 6 / 10 = 60.00%.
    hands = (
        board(True, FOUR_SPADES, 10, (420, 450, -50)),
        Hand(others=(-100, 0)),
        board(False, Contract(2, Strain.H), 8),
    )
    st_ = derive(Game(mode=Mode.DUPLICATE, hands=hands))
    assert (st_.matchpoints, st_.top, st_.percent, st_.compared) == (6, 10, D("61.11"), 2)
    tops = derive(Game(mode=Mode.DUPLICATE, hands=hands, settings=Settings(pairs_percentage=PairsPercentage.TOPS)))
    assert (tops.matchpoints, tops.top, tops.percent) == (6, 10, D("60.00"))
    runs = [line.running for line in record_of(st_).hand_lines]
    assert [(r.matchpoints, r.top, r.boards) for r in runs if r is not None] == [(3, 6, 1), (6, 10, 2), (6, 10, 2)]


# --- The board schedule, boards 1 to 36 --------------------------------------------------------

# The table printed on the boards, for 1 to 16; board 17 is board 1 again, and so on.
SIXTEEN = {
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


@pytest.mark.parametrize("number", range(1, 37))
def test_the_board_schedule(number: int) -> None:
    dealer, vul = SIXTEEN[(number - 1) % 16 + 1]
    assert board_dealer(number) is Seat(dealer)
    assert board_vulnerable(number) == frozenset(s for s in (NS, EW) if s.value in vul)


def test_a_session_of_36_boards_follows_the_schedule() -> None:
    st_ = derive(Game(mode=Mode.DUPLICATE, hands=(Hand(),) * 36))
    for h in st_.hands:
        dealer, vul = SIXTEEN[(h.deal - 1) % 16 + 1]  # type: ignore[operator]
        assert (h.dealer.value, {s.value for s in h.vulnerable}) == (dealer, {v for v in ("NS", "EW") if v in vul})
    assert st_.next_deal == 37


# --- Random sessions -----------------------------------------------------------------------------

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))


@st.composite
def sessions(draw) -> tuple[int, list[Hand]]:  # type: ignore[no-untyped-def]
    """A first board and a run of boards, each with 0 to 12 other results that board can have."""
    first = draw(st.integers(1, 40))
    hands = []
    for i in range(draw(st.integers(1, 20))):
        choices = sorted(possible_scores(board_vulnerable(first + i)))
        others = tuple(draw(st.lists(st.sampled_from(choices), max_size=12)))
        if draw(st.integers(0, 5)) == 0:
            hands.append(Hand(others=others))
        else:
            seat = draw(st.sampled_from(list(Seat)))
            hands.append(Hand(draw(contracts), seat, draw(st.integers(0, 13)), others=others))
    return first, hands


def by_hand(ns: int, others: tuple[int, ...]) -> tuple[int, int, Decimal]:
    """Matchpoints, top and cross-IMPs worked as a scorer works a traveller, not as the code does.

    The results, ours among them, in order from the lowest: a result's matchpoints are twice
    its average place counting from 0 at the bottom (tied results share their places), which
    is 2 for each result it beats and 1 for each it ties. The top is 2 a comparison. The
    cross-IMPs are the IMPs against each other result, from the IMP table, averaged: an exact
    fraction rounded to the hundredth, half away from zero.
    """
    results = sorted((*others, ns))
    lowest_place = results.index(ns)
    highest_place = len(results) - 1 - results[::-1].index(ns)
    mp = lowest_place + highest_place  # twice the average of the places it shares
    mean = Fraction(100 * sum(imps_by_hand(ns - o) for o in others), len(others))
    hundredths = math.floor(abs(mean) + Fraction(1, 2))
    imps = D(hundredths if mean >= 0 else -hundredths) / 100
    return mp, 2 * len(others), imps


def neuberg_by_hand(boards: list[tuple[int, int, Decimal]]) -> Decimal | None:
    """The session's percentage, each board the same weight, worked in the scale of 1 for a win
    (apart from the code, which works in 2): a board with n results scores F = MP / 2 of n − 1;
    factored to the most results N it scores (F + ½) × N / n − ½ of N − 1."""
    if not boards:
        return None
    most = max(top // 2 + 1 for _, top, _ in boards)
    scored = sum(
        ((Fraction(mp, 2) + Fraction(1, 2)) * most / (top // 2 + 1) - Fraction(1, 2) for mp, top, _ in boards), Fraction(0)
    )
    share = scored * 100 / ((most - 1) * len(boards))
    return (D(share.numerator) / D(share.denominator)).quantize(D("0.01"), ROUND_HALF_UP)


def log_of(first: int, hands: list[Hand]) -> str:
    lines = ["duplicate", f"board {first}"]
    for h in hands:
        if h.contract is None:
            line = "pass"
        else:
            assert h.declarer is not None
            line = f"{h.declarer.value} {h.contract.text} {h.tricks}"
        if h.others:
            line += " others " + " ".join(str(o) for o in h.others)
        lines.append(line)
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_random_sessions_agree_with_the_rules_worked_by_hand(session: tuple[int, list[Hand]]) -> None:
    first, hands = session
    st_ = derive(Game(mode=Mode.DUPLICATE, first_board=first, hands=tuple(hands)))
    total_mp = total_top = 0
    total_imps = D(0)
    expected_boards = []
    for h in st_.hands:
        c = h.comparison
        assert c is not None
        if not h.hand.others:
            assert not c.compared
            expected_boards.append(None)
            continue
        mp, top, imps = by_hand(h.ns_score or 0, h.hand.others)
        assert (c.matchpoints, c.top, c.imps) == (mp, top, imps)
        total_mp, total_top, total_imps = total_mp + mp, total_top + top, total_imps + imps
        expected_boards.append((mp, top, imps))
    assert (st_.matchpoints, st_.top, st_.imps_total) == (total_mp, total_top, total_imps)
    pct = neuberg_by_hand([b for b in expected_boards if b is not None])
    assert st_.percent == pct

    # The same session typed as a log and replayed gives the same figures, board by board.
    out = replay_json(Mode.DUPLICATE, parse_log(log_of(first, hands)).games())
    assert [b["board"] for b in out["boards"]] == list(range(first, first + len(hands)))
    for b, expected in zip(out["boards"], expected_boards):
        if expected is None:
            assert b["matchpoints"] is None and b["imps"] is None
        else:
            mp, top, imps = expected
            assert (b["matchpoints"]["ns"], b["matchpoints"]["top"], b["imps"]) == (mp, top, float(imps))
    totals = out["totals"]
    if total_top:
        assert (totals["matchpoints"], totals["top"], totals["pct"], totals["imps"]) == (
            total_mp,
            total_top,
            float(pct or 0),
            float(total_imps),
        )
    else:
        assert totals["matchpoints"] is None and totals["pct"] is None
