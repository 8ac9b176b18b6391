"""A pairs session's percentage: each board weighs the same, and a board with fewer results than
the most any board has is factored up by Neuberg's formula (WBF, ACBL, EBU); all the matchpoints
over all the tops is the setting ``PairsPercentage.TOPS``.

The figures are worked by hand in the scale of 1 for a win and ½ for a tie (the code works in 2
and 1): a board with n results (this table's and the others') scores F of n − 1; factored to N
results it scores F' = (F + ½) × N / n − ½ of N − 1. The session's percentage is Σ F' over
B × (N − 1).
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from bridgepad.core.model import Hand
from bridgepad.core.readers.log import parse_log
from bridgepad.core.records.record import record_of
from bridgepad.core.rules.duplicate import Comparison, compare, session_matchpoints, session_percent
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.settings import DuplicateScoring, PairsPercentage, Settings
from bridgepad.core.words.summary import duplicate_standing

TOPS = PairsPercentage.TOPS


def test_the_example_of_two_boards_is_40_63_percent_not_20() -> None:
    # Board 1, nobody vulnerable: 4S= is +420, beats +170: F = 1 of 1 (2 results). Board 2, N-S
    # vulnerable: 2S-1 is -100, loses to all four: F = 0 of 4 (5 results). N = 5.
    # Board 1 factored: (1 + ½) × 5 / 2 − ½ = 3.25 of 4; board 2 stays 0 of 4: 3.25 / 8 = 40.625%,
    # 40.63% (half up). Over all the tops: 2 of 10 matchpoints, 20.00%.
    log = "duplicate\nscoring matchpoints\nN 4S 10 others 170\nN 2S 7 others 110 140 110 90\n"
    st = parse_log(log).games()[0]
    assert st.percent == D("40.63")
    assert duplicate_standing(st) == "N-S 40.63% (6.5 of 16 matchpoints, factored)"
    tops = parse_log(log).games(Settings(pairs_percentage=TOPS))[0]
    assert tops.percent == D("20.00")
    assert duplicate_standing(tops) == "N-S 20.00% (2 of 10 matchpoints)"


def test_boards_with_the_most_results_keep_their_matchpoints() -> None:
    # Factoring a board to as many results as it has changes nothing: (F + ½) × n / n − ½ = F.
    for n in range(2, 13):
        others = (0,) * (n - 1)
        for mp in range(2 * (n - 1) + 1):
            board = Comparison(0, others, D(0), mp // 2, mp % 2)
            assert board.matchpoints == mp
            assert session_matchpoints([board, board]) == (2 * mp, 4 * (n - 1))


# One board with the most results, 12 (this table and 11 others), N-S beating all: F = 11 of 11;
# and one board with n results (1 to 12: the n − 1 others), N-S beating all but one and tying it.
@pytest.mark.parametrize(
    "n,expected",
    [
        # n = 1: no other result, the board is not compared: 11 of 11 alone, 100%.
        (1, D("100.00")),
        # n = 2: F = ½ of 1; (½ + ½) × 12 / 2 − ½ = 5.5 of 11; (11 + 5.5) / 22 = 75%.
        (2, D("75.00")),
        # n = 3: F = 1.5 of 2; 2 × 12 / 3 − ½ = 7.5; 18.5 / 22 = 84.0909...%.
        (3, D("84.09")),
        # n = 4: F = 2.5 of 3; 3 × 3 − ½ = 8.5; 19.5 / 22 = 88.6363...%.
        (4, D("88.64")),
        # n = 5: F = 3.5; 4 × 12 / 5 − ½ = 9.1; 20.1 / 22 = 91.3636...%.
        (5, D("91.36")),
        # n = 6: F = 4.5; 5 × 2 − ½ = 9.5; 20.5 / 22 = 93.1818...%.
        (6, D("93.18")),
        # n = 7: F = 5.5; 6 × 12 / 7 − ½ = 9.7857...; 20.7857... / 22 = 94.4805...%.
        (7, D("94.48")),
        # n = 8: F = 6.5; 7 × 1.5 − ½ = 10; 21 / 22 = 95.4545...%.
        (8, D("95.45")),
        # n = 9: F = 7.5; 8 × 12 / 9 − ½ = 10.1666...; 21.1666... / 22 = 96.2121...%.
        (9, D("96.21")),
        # n = 10: F = 8.5; 9 × 1.2 − ½ = 10.3; 21.3 / 22 = 96.8181...%.
        (10, D("96.82")),
        # n = 11: F = 9.5; 10 × 12 / 11 − ½ = 10.4090...; 21.4090... / 22 = 97.3140...%.
        (11, D("97.31")),
        # n = 12: not factored: F = 10.5; 21.5 / 22 = 97.7272...%.
        (12, D("97.73")),
    ],
)
def test_neuberg_with_1_to_12_results_on_a_board(n: int, expected: D) -> None:
    full = compare(100, (0,) * 11)  # beats eleven: 22 of 22 in matchpoints of 2
    others = (0,) * (n - 2) + (100,) if n >= 2 else ()  # beats n − 2, ties one
    fewer = compare(100, others)
    assert session_percent([full, fewer]) == expected


@pytest.mark.parametrize("n", range(1, 13))
def test_every_board_with_n_results_alike_is_the_same_either_way(n: int) -> None:
    # Three boards each with n results (n − 1 others): nothing to factor, so both readings agree.
    # N-S beat all, then none, then tie all: F = (n − 1) + 0 + (n − 1) / 2 of 3(n − 1): 50%.
    others = tuple([0] * (n - 1))
    boards = [compare(10, others), compare(-10, others), compare(0, others)]
    expected = None if n == 1 else D("50.00")
    assert session_percent(boards) == session_percent(boards, TOPS) == expected


def test_a_twelve_result_board_beside_one_with_two() -> None:
    # Board A: 12 results, N-S beat 3 of 11, tie 2: F = 4 of 11. Board B: 2 results, N-S lose: F = 0 of 1.
    # Factored to 12: B is (0 + ½) × 12 / 2 − ½ = 2.5 of 11: (4 + 2.5) / 22 = 29.5454...% = 29.55%.
    # Over the tops: 8 of 22 and 0 of 2 in matchpoints of 2: 8 / 24 = 33.33%.
    a = compare(0, (-10, -10, -10, 0, 0, 10, 10, 10, 10, 10, 10))
    b = compare(0, (10,))
    assert (a.matchpoints, a.top) == (8, 22)
    assert session_percent([a, b]) == D("29.55")
    assert session_percent([a, b], TOPS) == D("33.33")


def test_the_running_percentage_is_the_session_so_far() -> None:
    # Boards as in the example above: after board 1 alone 100% (nothing to factor); after board 2, 40.63%.
    st = parse_log("duplicate\nscoring matchpoints\nN 4S 10 others 170\nN 2S 7 others 110 140 110 90\n").games()[0]
    runs = [line.running for line in record_of(st).hand_lines]
    assert [r.percent for r in runs if r is not None] == [D("100.00"), D("40.63")]


def test_the_setting_is_kept_with_the_game() -> None:
    settings = Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS, pairs_percentage=TOPS)
    assert Settings.from_json(settings.to_json()) == settings
    assert Settings.from_json({}).pairs_percentage is PairsPercentage.NEUBERG
    hands = (Hand(others=(0,)), Hand(others=(0, 0, 0)))
    assert derive(Game(mode=Mode.DUPLICATE, settings=settings, hands=hands)).percent == D("50.00")
