"""Chicago: four deals, worked by hand under each combination of the two house rules.

Vulnerability on deals 2 and 3 (deal 1 nobody, deal 4 both), North dealing first so
that East deals deal 2 and South deals deal 3:

    opponents (the rule book):              deal 2 N-S (East's opponents), deal 3 E-W
    dealer (000's "other tables"):     deal 2 E-W (East's side),      deal 3 N-S
    dealer-then-opponents (003, 004):  deal 2 E-W (East's side),      deal 3 E-W (South's opponents)

A game earns 300 not vulnerable or 500 vulnerable at once. ``carry``: part scores carry
until a side makes game, which wipes them, and a part score still open after deal 4
earns 100. ``fifty``: each part score made earns 50 at once and nothing is carried.
"""

from __future__ import annotations

import pytest
from support.builders import hand

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.game import Game, Mode, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import ChicagoPartScore, ChicagoVulnerable, Settings
from bridgepad.core.rules.vulnerability import chicago_vulnerable

NS, EW = Side.NS, Side.EW
NOBODY: frozenset[Side] = frozenset()
BOTH = frozenset({NS, EW})
OPP, DEALER, DTO = ChicagoVulnerable.OPPONENTS, ChicagoVulnerable.DEALER, ChicagoVulnerable.DEALER_THEN_OPPONENTS
CARRY, FIFTY = ChicagoPartScore.CARRY, ChicagoPartScore.FIFTY


def chicago(vul: ChicagoVulnerable, part: ChicagoPartScore, hands: tuple[Hand, ...]):
    return derive(Game(mode=Mode.CHICAGO, settings=Settings(chicago_vulnerable=vul, chicago_part_score=part), hands=hands))


def column(st, side: Side) -> tuple[int, int, int]:
    return st.below(side), st.above(side), st.total(side)


def per_hand(st) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [((h.points(NS, False), h.points(NS, True)), (h.points(EW, False), h.points(EW, True))) for h in st.hands]


# --- Who is vulnerable ------------------------------------------------------------


@pytest.mark.parametrize(
    "rule, deal, dealer, vul",
    [
        (OPP, 1, Seat.N, NOBODY),
        (OPP, 2, Seat.E, frozenset({NS})),  # the dealer's opponents
        (OPP, 3, Seat.S, frozenset({EW})),
        (OPP, 4, Seat.W, BOTH),
        (DEALER, 1, Seat.N, NOBODY),
        (DEALER, 2, Seat.E, frozenset({EW})),  # the dealer's side
        (DEALER, 3, Seat.S, frozenset({NS})),
        (DEALER, 4, Seat.W, BOTH),
        (DTO, 1, Seat.N, NOBODY),
        (DTO, 2, Seat.E, frozenset({EW})),  # deal 2: the dealer's side
        (DTO, 3, Seat.S, frozenset({EW})),  # deal 3: the dealer's opponents
        (DTO, 4, Seat.W, BOTH),
        (OPP, 2, Seat.W, frozenset({NS})),
        (DEALER, 3, Seat.E, frozenset({EW})),
        (DTO, 2, Seat.N, frozenset({NS})),
        (DTO, 3, Seat.N, frozenset({EW})),
    ],
)
def test_chicago_vulnerability(rule: ChicagoVulnerable, deal: int, dealer: Seat, vul: frozenset[Side]) -> None:
    assert chicago_vulnerable(deal, dealer, rule) == vul


# --- Chicago A: a part score wiped by a game, another left open -------------------

CHICAGO_A = (
    hand("2S", "N", "8"),  # deal 1, N deals, nobody vul: N-S 2 × 30 = 60 below
    hand("4H", "E", "10"),  # deal 2, E deals: E-W 4 × 30 = 120 below, a game; N-S's 60 is wiped
    hand("2H", "N", "8"),  # deal 3, S deals: N-S 60 below (120 with the wiped 60: but that no longer counts)
    hand("3NT", "W", "8"),  # deal 4, W deals, both vul: one undertrick vulnerable, 100 to N-S
)

# (rule, part score) → NS (below, above, total), EW (below, above, total), bonus NS, bonus EW, per hand.
EXPECTED_A = {
    # E-W not vulnerable on deal 2: game 300. Carry: N-S's 60 from deal 3 is open after deal 4: 100.
    # NS: 60 + 60 = 120 below; 100 + 100 = 200 above; 320.  EW: 120 below; 300 above; 420.
    (OPP, CARRY): (
        (120, 200, 320),
        (120, 300, 420),
        100,
        0,
        [((60, 0), (0, 0)), ((0, 0), (120, 300)), ((60, 0), (0, 0)), ((0, 100), (0, 0))],
    ),
    # E-W vulnerable on deal 2: game 500.  EW: 120 + 500 = 620.
    (DEALER, CARRY): (
        (120, 200, 320),
        (120, 500, 620),
        100,
        0,
        [((60, 0), (0, 0)), ((0, 0), (120, 500)), ((60, 0), (0, 0)), ((0, 100), (0, 0))],
    ),
    (DTO, CARRY): (
        (120, 200, 320),
        (120, 500, 620),
        100,
        0,
        [((60, 0), (0, 0)), ((0, 0), (120, 500)), ((60, 0), (0, 0)), ((0, 100), (0, 0))],
    ),
    # Fifty: 50 at once for each N-S part score, nothing open after deal 4.
    # NS: 120 below; 50 + 50 + 100 = 200 above; 320.
    (OPP, FIFTY): (
        (120, 200, 320),
        (120, 300, 420),
        0,
        0,
        [((60, 50), (0, 0)), ((0, 0), (120, 300)), ((60, 50), (0, 0)), ((0, 100), (0, 0))],
    ),
    (DEALER, FIFTY): (
        (120, 200, 320),
        (120, 500, 620),
        0,
        0,
        [((60, 50), (0, 0)), ((0, 0), (120, 500)), ((60, 50), (0, 0)), ((0, 100), (0, 0))],
    ),
    (DTO, FIFTY): (
        (120, 200, 320),
        (120, 500, 620),
        0,
        0,
        [((60, 50), (0, 0)), ((0, 0), (120, 500)), ((60, 50), (0, 0)), ((0, 100), (0, 0))],
    ),
}

# --- Chicago B: vulnerability on deal 3 decides a game bonus -----------------------

CHICAGO_B = (
    hand("1NT", "E", "8"),  # deal 1, nobody vul: E-W 40 below, 1 overtrick 30 above
    hand("3NTX", "N", "8"),  # deal 2, E deals: one doubled undertrick, 100 NV or 200 V, to E-W
    hand("4S", "S", "10"),  # deal 3, S deals: N-S 120 below, a game; E-W's 40 is wiped
    hand("2C", "W", "8"),  # deal 4, both vul: E-W 2 × 20 = 40 below
)

EXPECTED_B = {
    # Deal 2: N-S vulnerable, down one doubled 200. Deal 3: N-S not vulnerable, game 300.
    # NS: 120 / 300 / 420.  EW: 40 + 40 = 80 below; 30 + 200 + 100 (open part score) = 330; 410.
    (OPP, CARRY): (
        (120, 300, 420),
        (80, 330, 410),
        0,
        100,
        [((0, 0), (40, 30)), ((0, 0), (0, 200)), ((120, 300), (0, 0)), ((0, 0), (40, 0))],
    ),
    # Deal 2: N-S not vulnerable, 100. Deal 3: N-S vulnerable (South's side), game 500.
    # NS: 120 / 500 / 620.  EW: 80 below; 30 + 100 + 100 = 230; 310.
    (DEALER, CARRY): (
        (120, 500, 620),
        (80, 230, 310),
        0,
        100,
        [((0, 0), (40, 30)), ((0, 0), (0, 100)), ((120, 500), (0, 0)), ((0, 0), (40, 0))],
    ),
    # Deal 2: N-S not vulnerable, 100. Deal 3: E-W vulnerable, N-S not: game 300.
    # NS: 120 / 300 / 420.  EW: 80 / 230 / 310.
    (DTO, CARRY): (
        (120, 300, 420),
        (80, 230, 310),
        0,
        100,
        [((0, 0), (40, 30)), ((0, 0), (0, 100)), ((120, 300), (0, 0)), ((0, 0), (40, 0))],
    ),
    # Fifty: E-W 50 on deal 1 and 50 on deal 4 instead of the 100 at the end.
    # EW above: 30 + 50 + 200 + 50 = 330 (opponents) or 30 + 50 + 100 + 50 = 230.
    (OPP, FIFTY): (
        (120, 300, 420),
        (80, 330, 410),
        0,
        0,
        [((0, 0), (40, 80)), ((0, 0), (0, 200)), ((120, 300), (0, 0)), ((0, 0), (40, 50))],
    ),
    (DEALER, FIFTY): (
        (120, 500, 620),
        (80, 230, 310),
        0,
        0,
        [((0, 0), (40, 80)), ((0, 0), (0, 100)), ((120, 500), (0, 0)), ((0, 0), (40, 50))],
    ),
    (DTO, FIFTY): (
        (120, 300, 420),
        (80, 230, 310),
        0,
        0,
        [((0, 0), (40, 80)), ((0, 0), (0, 100)), ((120, 300), (0, 0)), ((0, 0), (40, 50))],
    ),
}

# --- Chicago C: part scores adding to a game, a pass-out, both sides open at the end -----

CHICAGO_C = (
    hand("2S", "N", "8"),  # deal 1, N deals, nobody vul: N-S 60
    hand("2H", "S", "8"),  # deal 2, E deals: N-S 60; carry: 120, a game (N-S vul only under "opponents")
    Hand(),  # deal 3, S deals: passed out; S deals again and the deal does not count
    hand("2D", "W", "8"),  # deal 3, S deals again: E-W 40
    hand("1NT", "N", "7"),  # deal 4, W deals: N-S 40
)

EXPECTED_C = {
    # Carry, opponents: the game on deal 2 is N-S vulnerable: 500. Open after deal 4: E-W 40, N-S 40: 100 each.
    # NS: 60 + 60 + 40 = 160 below; 500 + 100 = 600 above; 760.  EW: 40 / 100 / 140.
    (OPP, CARRY): (
        (160, 600, 760),
        (40, 100, 140),
        100,
        100,
        [((60, 0), (0, 0)), ((60, 500), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (40, 0)), ((40, 0), (0, 0))],
    ),
    # Carry, dealer / dealer-then-opponents: E-W vulnerable on deal 2, N-S not: 300. NS: 160 / 400 / 560.
    (DEALER, CARRY): (
        (160, 400, 560),
        (40, 100, 140),
        100,
        100,
        [((60, 0), (0, 0)), ((60, 300), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (40, 0)), ((40, 0), (0, 0))],
    ),
    (DTO, CARRY): (
        (160, 400, 560),
        (40, 100, 140),
        100,
        100,
        [((60, 0), (0, 0)), ((60, 300), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (40, 0)), ((40, 0), (0, 0))],
    ),
    # Fifty: no game at all (nothing carried), 50 for each part score.
    # NS: 160 below; 3 × 50 = 150 above; 310.  EW: 40 / 50 / 90.
    (OPP, FIFTY): (
        (160, 150, 310),
        (40, 50, 90),
        0,
        0,
        [((60, 50), (0, 0)), ((60, 50), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (40, 50)), ((40, 50), (0, 0))],
    ),
    (DEALER, FIFTY): (
        (160, 150, 310),
        (40, 50, 90),
        0,
        0,
        [((60, 50), (0, 0)), ((60, 50), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (40, 50)), ((40, 50), (0, 0))],
    ),
    (DTO, FIFTY): (
        (160, 150, 310),
        (40, 50, 90),
        0,
        0,
        [((60, 50), (0, 0)), ((60, 50), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (40, 50)), ((40, 50), (0, 0))],
    ),
}

CASES = [
    pytest.param(name, hands, expected, rule, part, id=f"{name}-{rule.value}-{part.value}")
    for name, hands, table in (("A", CHICAGO_A, EXPECTED_A), ("B", CHICAGO_B, EXPECTED_B), ("C", CHICAGO_C, EXPECTED_C))
    for (rule, part), expected in table.items()
]


@pytest.mark.parametrize("name, hands, expected, rule, part", CASES)
def test_four_deal_chicago(name, hands, expected, rule, part) -> None:
    ns, ew, bonus_ns, bonus_ew, hands_expected = expected
    st = chicago(rule, part, hands)
    assert st.status is Status.FINISHED and st.complete
    assert column(st, NS) == ns
    assert column(st, EW) == ew
    assert (st.bonus(NS), st.bonus(EW)) == (bonus_ns, bonus_ew)
    assert per_hand(st) == hands_expected


@pytest.mark.parametrize("rule", [OPP, DEALER, DTO])
def test_deal_vulnerability_through_derive(rule: ChicagoVulnerable) -> None:
    st = chicago(rule, CARRY, CHICAGO_A)
    expected = {
        OPP: [NOBODY, frozenset({NS}), frozenset({EW}), BOTH],
        DEALER: [NOBODY, frozenset({EW}), frozenset({NS}), BOTH],
        DTO: [NOBODY, frozenset({EW}), frozenset({EW}), BOTH],
    }[rule]
    assert [h.vulnerable for h in st.hands] == expected
    assert [h.deal for h in st.hands] == [1, 2, 3, 4]
    assert [h.dealer for h in st.hands] == [Seat.N, Seat.E, Seat.S, Seat.W]


def test_game_bonus_kinds_and_open_part_score_reason() -> None:
    st = chicago(OPP, CARRY, CHICAGO_A)
    game = [e for e in st.hands[1].entries if e.kind is Kind.GAME_BONUS]
    assert [(e.side, e.points) for e in game] == [(EW, 300)]
    assert [(b.side, b.points, b.kind) for b in st.bonuses] == [(NS, 100, Kind.OPEN_PART_SCORE)]


def test_carry_part_score_is_wiped_by_the_other_sides_game() -> None:
    # After deal 2 of Chicago A, N-S's 60 no longer counts: deal 3's 60 is no game.
    st = chicago(OPP, CARRY, CHICAGO_A[:3])
    assert st.open_below == {NS: 60, EW: 0}
    assert st.games == {NS: 0, EW: 1}
    assert st.hands[2].game_made_by is None
    # Without E-W's game in between, 60 + 60 is a game.
    st = chicago(OPP, CARRY, (CHICAGO_A[0], hand("2H", "N", "8")))
    assert st.hands[1].game_made_by is NS


def test_game_made_on_deal_four_leaves_no_open_part_score() -> None:
    hands = (
        hand("2S", "N", "8"),  # deal 1: N-S 60
        hand("1C", "E", "7"),  # deal 2: E-W 20
        hand("1C", "E", "7"),  # deal 3: E-W 20 (40 open)
        hand("3NT", "S", "9"),  # deal 4, both vul: N-S 100, a game, 500; both part scores wiped
    )
    st = chicago(OPP, CARRY, hands)
    assert st.bonuses == ()
    assert st.total(NS) == 60 + 100 + 500
    assert st.total(EW) == 40


def test_fifty_game_is_not_made_from_part_scores() -> None:
    # 2S then 2H: at "fifty" nothing is carried, so no game, just 50 + 50.
    st = chicago(OPP, FIFTY, (hand("2S", "N", "8"), hand("2H", "S", "8")))
    assert st.games == {NS: 0, EW: 0}
    assert st.total(NS) == 60 + 50 + 60 + 50


def test_passed_out_deal_is_redealt_by_the_same_dealer() -> None:
    st = chicago(OPP, CARRY, CHICAGO_C)
    assert len(st.hands) == 5
    assert [h.dealer for h in st.hands] == [Seat.N, Seat.E, Seat.S, Seat.S, Seat.W]
    assert [h.deal for h in st.hands] == [1, 2, None, 3, 4]
    # The redeal keeps deal 3's vulnerability: E-W (South's opponents).
    assert st.hands[2].vulnerable == st.hands[3].vulnerable == frozenset({EW})
    assert st.hands[2].entries == ()
    assert st.status is Status.FINISHED  # four deals, five hands


def test_passed_out_deals_do_not_end_a_chicago() -> None:
    st = chicago(OPP, CARRY, (Hand(), Hand(), Hand(), Hand()))
    assert st.status is Status.IN_PLAY
    assert st.next_deal == 1
    assert st.next_dealer is Seat.N  # still the first dealer
    assert st.next_vulnerable == NOBODY


def test_chicago_in_play_and_next_deal() -> None:
    st = chicago(OPP, CARRY, CHICAGO_A[:2])
    assert st.status is Status.IN_PLAY and not st.complete
    assert st.next_deal == 3
    assert st.next_dealer is Seat.S
    assert st.next_vulnerable == frozenset({EW})  # deal 3 under "opponents": South's opponents
    assert st.bonuses == ()  # nothing for a part score until the fourth deal is over


def test_chicago_first_dealer_east() -> None:
    # East deals first: deal 2 is South's, so under "opponents" E-W are vulnerable on it.
    g = Game(mode=Mode.CHICAGO, first_dealer=Seat.E, hands=(hand("1C", "N", "7"), hand("4S", "E", "10")))
    st = derive(g)
    assert st.hands[1].dealer is Seat.S
    assert st.hands[1].vulnerable == frozenset({EW})
    assert st.hands[1].points(EW, True) == 500  # vulnerable game
