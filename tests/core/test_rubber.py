"""Rubber bridge through ``derive``: the rule book's worked rubber hand by hand, and its
common questions. Every figure is worked from the seed's tables in a comment."""

from __future__ import annotations

import pytest
from support.builders import WORKED, hand

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.game import Game, GameOverError, Mode, Replayer, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import Settings
from bridgepad.core.words.pad import layout, text_lines
from bridgepad.core.words.summary import headline

NS, EW = Side.NS, Side.EW
NOBODY: frozenset[Side] = frozenset()
BOTH = frozenset({NS, EW})


def pts(outcome, side: Side) -> tuple[int, int]:
    """(below, above) a hand wrote for a side."""
    return outcome.points(side, above=False), outcome.points(side, above=True)


# We are North-South, They East-West; North deals first (builders.WORKED_LOG says each hand).

# hand: (vulnerable before it, NS (below, above), EW (below, above), game made by)
WORKED_HANDS = [
    (NOBODY, (90, 30), (0, 0), None),  # 3 × 30 below; 1 overtrick × 30 above
    (NOBODY, (0, 300), (0, 0), None),  # doubled NV: 100 + 200 above for us
    (NOBODY, (40, 0), (0, 0), NS),  # 2 × 20 below; 90 + 40 = 130: our game
    (frozenset({NS}), (0, 0), (100, 150), EW),  # 40 + 30 + 30 below; honors 150 above
    (BOTH, (0, 0), (0, 200), None),  # one doubled undertrick, vulnerable: 200 for them
    (BOTH, (0, 0), (60, 0), None),  # 2 × 30: a part score toward the third game
    (BOTH, (120, 750), (0, 0), NS),  # 6 × 20 below; vulnerable small slam 750
]


def test_worked_rubber_hand_by_hand() -> None:
    st = derive(Game(hands=WORKED))
    assert len(st.hands) == 7
    dealers = [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N, Seat.E, Seat.S]  # the deal passes to the left
    for outcome, (vul, ns, ew, game_by), dealer in zip(st.hands, WORKED_HANDS, dealers):
        assert outcome.vulnerable == vul, outcome.number
        assert pts(outcome, NS) == ns, outcome.number
        assert pts(outcome, EW) == ew, outcome.number
        assert outcome.game_made_by is game_by, outcome.number
        assert outcome.dealer is dealer, outcome.number


def test_worked_rubber_games_and_vulnerability_as_it_goes() -> None:
    r = Replayer(Game())
    seen = []
    for h in WORKED:
        r.play(h)
        seen.append((dict(r.games), r.vulnerable, r.status))
    # After hand 3 we have a game and are vulnerable; after 4 both are; after 7 the rubber is ours.
    assert seen[1] == ({NS: 0, EW: 0}, NOBODY, Status.IN_PLAY)
    assert seen[2] == ({NS: 1, EW: 0}, frozenset({NS}), Status.IN_PLAY)
    assert seen[3] == ({NS: 1, EW: 1}, BOTH, Status.IN_PLAY)
    assert seen[5] == ({NS: 1, EW: 1}, BOTH, Status.IN_PLAY)
    assert seen[6][0] == {NS: 2, EW: 1}
    assert seen[6][2] is Status.WON


def test_worked_rubber_totals_bonus_and_margin() -> None:
    st = derive(Game(hands=WORKED))
    assert st.status is Status.WON and st.complete and st.over
    assert st.rubber_winner is NS
    # Our column: 90 + 40 + 120 = 250 below; 30 + 300 + 750 + 500 = 1,580 above; 1,830.
    assert (st.below(NS), st.above(NS), st.total(NS)) == (250, 1580, 1830)
    # Their column: 100 + 60 = 160 below; 150 + 200 = 350 above; 510.
    assert (st.below(EW), st.above(EW), st.total(EW)) == (160, 350, 510)
    # Two games to one: 500, not tied to a hand.
    assert [(b.side, b.points, b.kind) for b in st.bonuses] == [(NS, 500, Kind.RUBBER)]
    assert st.bonuses[0].reason == "rubber bonus, two games to one: 500"
    assert st.bonus(NS) == 500 and st.bonus(EW) == 0
    assert st.margin == 1320  # 1,830 - 510
    assert st.games == {NS: 2, EW: 1}
    # Their 60 from hand six never became a game, but it still counts in their total.
    assert st.open_below[EW] == 0  # the game is over; it counts toward nothing now
    assert 60 in [e.points for e in st.hands[5].entries if e.side is EW and not e.above]


def test_worked_rubber_lines_drawn_on_the_pad() -> None:
    st = derive(Game(hands=WORKED))
    assert st.sections == 3  # a line under each of the three games
    pad = layout(st)
    assert pad.closed == 3
    below = [[(r.we.points if r.we else None, r.they.points if r.they else None) for r in block] for block in pad.below]
    # Game one: our 90 and 40. Game two: their 100. Game three: their 60 and our 120.
    assert below == [[(90, None), (40, None)], [(None, 100)], [(120, 60)]]
    assert pad.totals == (1830, 510)
    assert pad.below_totals == (250, 160)
    assert pad.above_totals == (1580, 350)
    lines = text_lines(pad)
    assert "1,830" in lines[-1] and "510" in lines[-1]  # the totals under the pad
    line = headline(st)
    assert line.startswith("We win the rubber") and "1,830" in line and "510" in line and "1,320" in line


def test_a_hand_after_the_rubber_is_refused() -> None:
    # The worked rubber is won on its seventh hand: an eighth is named and refused.
    with pytest.raises(GameOverError) as refused:
        derive(Game(hands=WORKED + (hand("1C", "N", "7"),)))
    assert str(refused.value) == "hand 8 comes after the end of the rubber"
    with pytest.raises(GameOverError) as refused:
        derive(Game(mode=Mode.CHICAGO, hands=tuple(hand("1C", "N", "7") for _ in range(5))))
    assert str(refused.value) == "hand 5 comes after the end of the Chicago"


def test_a_hand_played_into_a_finished_rubber_says_what_to_do_instead() -> None:
    r = Replayer(Game())
    for h in WORKED:
        r.play(h)
    assert r.status is Status.WON
    with pytest.raises(GameOverError) as refused:
        r.play(hand("1C", "N", "7"))
    assert str(refused.value) == "this game is over; a new hand starts the next game"


# --- Common questions --------------------------------------------------------


@pytest.mark.parametrize(
    "contract, tricks, below, game",
    [
        ("3NT", 9, 100, True),  # 40 + 30 + 30
        ("4H", 10, 120, True),  # 4 × 30
        ("4S", 10, 120, True),  # 4 × 30
        ("5C", 11, 100, True),  # 5 × 20
        ("5D", 11, 100, True),  # 5 × 20
        ("2SX", 8, 120, True),  # 2 × 30 × 2: "two spades doubled and made is 120, so that makes game too"
        ("2NT", 8, 70, False),  # 40 + 30
        ("4D", 10, 80, False),  # 4 × 20
        ("3S", 10, 90, False),  # 3 × 30: the overtrick goes above and does not help
        ("1NTX", 7, 80, False),  # 40 × 2
        ("1HXX", 7, 120, True),  # 30 × 4
    ],
)
def test_game_in_one_hand(contract: str, tricks: int, below: int, game: bool) -> None:
    st = derive(Game(hands=(hand(contract, "S", str(tricks)),)))
    assert st.below(NS) == below
    assert st.games[NS] == (1 if game else 0)
    assert st.hands[0].game_made_by is (NS if game else None)
    assert st.next_vulnerable == (frozenset({NS}) if game else NOBODY)


def test_part_scores_add_up_to_a_game() -> None:
    # Two spades (60), then two hearts (60): 120 below, a game over two hands.
    st = derive(Game(hands=(hand("2S", "N", "8"), hand("2H", "S", "8"))))
    assert st.games == {NS: 1, EW: 0}
    assert st.hands[0].game_made_by is None
    assert st.hands[1].game_made_by is NS
    assert st.below(NS) == 120
    assert st.open_below == {NS: 0, EW: 0}  # both start the next game from zero


def test_the_other_sides_part_score_stops_counting_but_stays_in_the_total() -> None:
    hands = (
        hand("2C", "E", "8"),  # they: 40 below
        hand("2S", "N", "8"),  # we: 60
        hand("2H", "S", "8"),  # we: 60 more, 120: our game; their 40 stops counting
        hand("2D", "W", "8"),  # they: 40, but toward the new game only: 40, not 80
    )
    st = derive(Game(hands=hands))
    assert st.games == {NS: 1, EW: 0}
    assert st.open_below == {NS: 0, EW: 40}
    assert st.below(EW) == 80  # 40 + 40 both stay in their column
    assert st.total(EW) == 80
    # The first 40 is below the first line, the second below the second.
    assert [e.section for e in st.entries if e.side is EW] == [0, 1]
    # A further 2D (40) would make 80, still no game; 3D (60) makes 100, their game.
    st2 = derive(Game(hands=hands + (hand("3D", "E", "9"),)))
    assert st2.games == {NS: 1, EW: 1}


def test_rubber_two_games_to_none_700() -> None:
    st = derive(Game(hands=(hand("4S", "N", "10"), hand("3NT", "S", "9"))))
    # 120 + 100 below; 700 for the rubber two games to none.
    assert st.status is Status.WON
    assert st.bonus(NS) == 700
    assert st.total(NS) == 120 + 100 + 700
    assert st.bonuses[0].reason == "rubber bonus, two games to none: 700"


def test_rubber_won_by_they_two_games_to_one() -> None:
    hands = (
        hand("4H", "E", "10"),  # they: 120, game
        hand("5C", "N", "11"),  # we: 100, game
        hand("3NT", "W", "10"),  # they: 100 + 30, game and rubber 2-1
    )
    st = derive(Game(hands=hands))
    assert st.rubber_winner is EW
    assert st.bonus(EW) == 500
    assert (st.total(NS), st.total(EW)) == (100, 120 + 100 + 30 + 500)


def test_vulnerable_undertricks_and_slams_follow_games_won() -> None:
    # We win a game, then go down one undoubled: 100 (vulnerable), not 50.
    st = derive(Game(hands=(hand("4S", "N", "10"), hand("4S", "N", "9"))))
    assert st.hands[1].vulnerable == frozenset({NS})
    assert pts(st.hands[1], EW) == (0, 100)
    # They, not vulnerable, go down one: 50.
    st = derive(Game(hands=(hand("4S", "N", "10"), hand("4S", "E", "9"))))
    assert pts(st.hands[1], NS) == (0, 50)


def test_honors_go_to_the_side_that_held_them() -> None:
    # They declare 4S and go down one; we held four trump honors: 100 for us, 50 for us as penalty.
    st = derive(Game(hands=(hand("4S", "E", "9", "NS 100"),)))
    assert pts(st.hands[0], NS) == (0, 150)
    assert [e.kind for e in st.hands[0].entries] == [Kind.UNDERTRICKS, Kind.HONORS]
    # The declarer's side holding five honors in a contract made: 150 above for them.
    st = derive(Game(hands=(hand("2H", "W", "8", "EW 150"),)))
    assert pts(st.hands[0], EW) == (60, 150)


def test_honors_off() -> None:
    g = Game(settings=Settings(honors=False), hands=WORKED)
    st = derive(g)
    # Seed: "No 100 or 150 for honors. Everything else scores as written above."
    assert st.total(NS) == 1830
    assert st.total(EW) == 510 - 150
    assert all(e.kind is not Kind.HONORS for e in st.entries)


def test_passed_out_deal_in_a_rubber() -> None:
    st = derive(Game(first_dealer=Seat.W, hands=(Hand(), hand("1C", "N", "7"))))
    assert st.hands[0].entries == ()
    assert st.hands[0].dealer is Seat.W
    assert st.hands[1].dealer is Seat.N  # the next dealer deals
    assert st.next_dealer is Seat.E
    assert st.total(NS) == 20


# --- Unfinished rubber ---------------------------------------------------------


def test_unfinished_rubber_game_and_part_score() -> None:
    hands = (
        hand("4S", "N", "10"),  # we: 120, a game
        hand("2H", "E", "8"),  # they: 60, a part score in the open game
    )
    st = derive(Game(hands=hands, ended=True))
    assert st.status is Status.ENDED and st.over and not st.complete
    # A side with a game: 300. A side with a part score in the open game: 100.
    assert sorted((b.side.value, b.points, b.kind) for b in st.bonuses) == [
        ("EW", 100, Kind.UNFINISHED_PART_SCORE),
        ("NS", 300, Kind.UNFINISHED_GAME),
    ]
    assert (st.total(NS), st.total(EW)) == (120 + 300, 60 + 100)


def test_unfinished_rubber_a_game_each() -> None:
    hands = (hand("4S", "N", "10"), hand("4S", "E", "10"))
    st = derive(Game(hands=hands, ended=True))
    assert st.bonus(NS) == 300 and st.bonus(EW) == 300  # 300 to each side with a game


def test_a_running_rubber_has_no_unfinished_bonus() -> None:
    st = derive(Game(hands=(hand("4S", "N", "10"), hand("2H", "E", "8"))))
    assert st.status is Status.IN_PLAY
    assert st.bonuses == ()
    assert (st.total(NS), st.total(EW)) == (120, 60)


def test_game_mode_default_is_rubber() -> None:
    assert Game().mode is Mode.RUBBER
    st = derive(Game())
    assert st.hands == () and st.total(NS) == 0 and st.next_dealer is Seat.N
