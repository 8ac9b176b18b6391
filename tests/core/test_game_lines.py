"""The pad's bookkeeping, worked by hand: where the lines under the trick scores fall, the
hands' numbers, the next hand's number, and both sides starting from no part score.

A line is drawn under the trick scores when a game is made (rubber, and Chicago with part
scores carried); at Chicago played "fifty" nothing carries, so a line goes under every
contract made. A hand is written into the block of trick scores above the lines drawn
before it: its ``section`` is the number of lines drawn before it was played.
"""

from __future__ import annotations

from support.builders import hand

from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.game import Game, Mode, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.settings import ChicagoPartScore, Settings

NS, EW = Side.NS, Side.EW


def chicago(part: ChicagoPartScore, *hands):  # type: ignore[no-untyped-def]
    return derive(Game(mode=Mode.CHICAGO, settings=Settings(chicago_part_score=part), hands=tuple(hands)))


# North deals deal 1, East deal 2, South deal 3; a pass-out is dealt again by the same dealer.
CARRIED = (
    hand("2S", "N", "8"),  # deal 1: N-S 60, a part score; no line
    hand("4H", "E", "10"),  # deal 2: E-W 120, a game: the line under it
    hand("3NT", "S", "9"),  # deal 3: N-S 100, a game: the second line
    hand("pass"),  # passed out: West deals again, the deal does not count
    hand("1C", "W", "7"),  # deal 4: E-W 20, open when the Chicago ends
)


def test_chicago_draws_a_line_under_each_game_and_the_hands_above_them() -> None:
    st = chicago(ChicagoPartScore.CARRY, *CARRIED)
    assert [h.section for h in st.hands] == [0, 0, 1, 2, 2]
    assert st.sections == 2
    assert [h.game_made_by for h in st.hands] == [None, EW, NS, None, None]
    assert [h.deal for h in st.hands] == [1, 2, 3, None, 4]
    assert [h.number for h in st.hands] == [1, 2, 3, 4, 5]
    assert st.status is Status.FINISHED
    # The open part score's 100 is written above the last line.
    assert [(b.side, b.points, b.section) for b in st.bonuses] == [(EW, 100, 2)]


def test_a_game_wipes_both_part_scores() -> None:
    st = chicago(ChicagoPartScore.CARRY, *CARRIED[:2])
    assert st.open_below == {NS: 0, EW: 0}
    assert (st.below(NS), st.below(EW)) == (60, 120)


def test_chicago_fifty_draws_a_line_under_every_contract_made() -> None:
    st = chicago(ChicagoPartScore.FIFTY, hand("2S", "N", "8"), hand("pass"), hand("4H", "E", "10"))
    assert [h.section for h in st.hands] == [0, 1, 1]
    assert st.sections == 2
    assert st.open_below == {NS: 0, EW: 0}  # nothing carries


def test_a_rubber_numbers_its_hands_and_the_next_one() -> None:
    st = derive(Game(hands=(hand("1C", "N", "7"), hand("pass"), hand("2D", "S", "8"))))
    assert [h.number for h in st.hands] == [1, 2, 3]
    assert st.next_deal == 4  # the fourth hand is next, the pass-out counted as a hand
    assert st.next_dealer is Seat.W  # North, East and South have dealt: the deal passes to the left
    assert [h.section for h in st.hands] == [0, 0, 0]  # 20 + 40: no game, no line


def test_a_new_rubber_starts_both_sides_from_no_part_score() -> None:
    st = derive(Game())
    assert st.open_below == {NS: 0, EW: 0}
    assert (st.below(NS), st.below(EW), st.above(NS), st.above(EW)) == (0, 0, 0, 0)
    assert st.next_deal == 1 and st.sections == 0
    st = derive(Game(hands=(hand("1C", "E", "7"),)))  # E-W's first part score: 20
    assert st.open_below == {NS: 0, EW: 20}
    assert (st.below(EW), st.total(EW)) == (20, 20)
    st = derive(Game(hands=(hand("1C", "E", "7"), hand("4D", "E", "10"))))  # 20 + 80: a game
    assert st.games == {NS: 0, EW: 1}
    assert [h.section for h in st.hands] == [0, 0] and st.sections == 1


def test_a_game_with_other_hands_is_the_game_with_those_hands_alone() -> None:
    # How an edit or a delete reaches the pad: the same game, its hands replaced.
    first, second = hand("1nt", "n", "7"), hand("2s", "e", "8")
    game = Game(players=("Ann", "Bob", "Cy", "Di")).add(first)
    assert game.with_hands((second,)) == Game(players=("Ann", "Bob", "Cy", "Di"), hands=(second,))
    assert game.with_hands(()).hands == ()
