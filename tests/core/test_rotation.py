"""Who plays the next rubber: partners rotating, and at five or six who cuts out and who comes in.

The rule (bridgepad.core.evening.rotation's docstring, after the laws' "cutting out"): the
players who have played the most rubbers in a row go out, as many as are waiting;
a tie goes first to the one who has played more rubbers tonight, then to the first
seat clockwise from North. Each one waiting takes the seat of one going out; then
North stays and East, South and West move one seat clockwise (E to S, S to W, W to E).
Every expected seating below is worked by hand from that rule.
"""

from __future__ import annotations

import pytest

from bridgepad.core.evening.rotation import (
    RotationError,
    Seating,
    in_a_row,
    next_rubber,
    played,
)
from bridgepad.core.model import SEATS, Seat


def test_four_players_rotate_so_that_each_partners_each_other_once_in_three_rubbers() -> None:
    # Ann N, Bob E, Cy S, Di W: Ann & Cy v Bob & Di.
    # Rotated: N Ann, E Di (was W), S Bob (was E), W Cy (was S): Ann & Bob v Di & Cy.
    # Again:   N Ann, E Cy, S Di, W Bob: Ann & Di v Cy & Bob. Again: back to the start.
    evening = [Seating(("Ann", "Bob", "Cy", "Di"))]
    seen = []
    for _ in range(3):
        nr = next_rubber(evening)
        assert nr.going_out == () and nr.coming_in == ()
        evening.append(nr.seating)
        seen.append(nr.seating.players)
    assert seen == [("Ann", "Di", "Bob", "Cy"), ("Ann", "Cy", "Di", "Bob"), ("Ann", "Bob", "Cy", "Di")]
    assert next_rubber(evening[:1]).text == "partners rotate: Ann & Bob v Di & Cy"


# The five-player evening, rubber by rubber (Eve waits for the first):
#   1: N Ann, E Bob, S Cy, W Di; Eve out. All four have played 1 in a row and 1 in all:
#      the tie goes to the first seat from North, Ann. Eve takes N: Eve Bob Cy Di, rotated:
#   2: N Eve, E Di, S Bob, W Cy; Ann out. In a row: Eve 1, Di 2, Bob 2, Cy 2; Di, Bob and Cy
#      have played 2 in all each: Di sits first from North (East). Ann takes E: Eve Ann Bob Cy:
#   3: N Eve, E Cy, S Ann, W Bob; Di out. In a row: Eve 2, Cy 3, Ann 1, Bob 3; Cy and Bob 3 in
#      all each: Cy sits first (East). Di takes E: Eve Di Ann Bob, rotated:
#   4: N Eve, E Bob, S Di, W Ann; Cy out.
FIVE = [
    Seating(("Ann", "Bob", "Cy", "Di"), ("Eve",)),
    Seating(("Eve", "Di", "Bob", "Cy"), ("Ann",)),
    Seating(("Eve", "Cy", "Ann", "Bob"), ("Di",)),
    Seating(("Eve", "Bob", "Di", "Ann"), ("Cy",)),
]


def test_five_players_the_one_with_most_rubbers_in_a_row_cuts_out() -> None:
    for k in range(1, len(FIVE)):
        nr = next_rubber(FIVE[:k])
        assert nr.seating == FIVE[k], k
        assert nr.coming_in == FIVE[k - 1].sitting_out
        assert nr.going_out == FIVE[k].sitting_out


def test_the_proposal_says_who_comes_in_for_whom_and_why() -> None:
    assert next_rubber(FIVE[:1]).text == "Eve in for Ann (1 in a row); Eve & Bob v Di & Cy"
    assert next_rubber(FIVE[:3]).text == "Di in for Cy (3 in a row); Eve & Di v Bob & Ann"


def test_in_a_row_counts_back_to_the_last_rubber_sat_out() -> None:
    # Eve: rubbers 2, 3, 4; Ann: 1, then out on 2, then 3 and 4; Bob every one; Cy out on 4.
    assert [in_a_row(FIVE, p) for p in ("Eve", "Ann", "Bob", "Cy", "Di")] == [3, 2, 4, 0, 1]
    assert [played(FIVE, p) for p in ("Eve", "Ann", "Bob", "Cy", "Di")] == [3, 3, 4, 3, 3]


def test_a_tie_in_a_row_goes_to_the_one_who_has_played_more_tonight() -> None:
    # Rubber 1: Ann, Bob, Cy, Di (Eve out). Rubber 2: Eve, Bob, Cy, Di (Ann out).
    # Rubber 3: N Ann, E Cy, S Eve, W Di (Bob out). In a row: Ann 1, Cy 3, Eve 2, Di 3.
    # Cy and Di tie at 3 in a row and at 3 in all: seat order, Cy (E) before Di (W).
    evening = [
        Seating(("Ann", "Bob", "Cy", "Di"), ("Eve",)),
        Seating(("Eve", "Bob", "Cy", "Di"), ("Ann",)),
        Seating(("Ann", "Cy", "Eve", "Di"), ("Bob",)),
    ]
    assert next_rubber(evening).going_out == ("Cy",)
    # Now give Di a rubber more tonight (an earlier one Cy sat out): Di has played 4, Cy 3,
    # both 3 in a row, so Di goes out though Cy sits first.
    longer = [Seating(("Di", "Fay", "Gus", "Hal"), ("Cy",)), Seating(("Ann", "Bob", "Gus", "Hal"), ("Cy", "Di"))] + evening
    assert [in_a_row(longer, p) for p in ("Cy", "Di")] == [3, 3]
    assert [played(longer, p) for p in ("Cy", "Di")] == [3, 4]
    assert next_rubber(longer).going_out == ("Di",)


def test_six_players_two_go_out_and_both_waiting_come_in() -> None:
    # 1: N Ann, E Bob, S Cy, W Di; Eve and Fay wait. All four tie: Ann and Bob (N, E) go out.
    # Eve takes N, Fay E: Eve Fay Cy Di; rotated: N Eve, E Di, S Fay, W Cy.
    evening = [Seating(("Ann", "Bob", "Cy", "Di"), ("Eve", "Fay"))]
    nr = next_rubber(evening)
    assert nr.going_out == ("Ann", "Bob") and nr.coming_in == ("Eve", "Fay")
    assert nr.seating == Seating(("Eve", "Di", "Fay", "Cy"), ("Ann", "Bob"))
    assert nr.text == "Eve in for Ann and Fay in for Bob (1 in a row each); Eve & Fay v Di & Cy"
    # 2: Di and Cy have 2 in a row, Eve and Fay 1: Di (E) and Cy (W) go out, in seat order;
    # Ann takes E, Bob W: Eve Ann Fay Bob; rotated: N Eve, E Bob, S Ann, W Fay.
    evening.append(nr.seating)
    nr = next_rubber(evening)
    assert nr.going_out == ("Di", "Cy") and nr.coming_in == ("Ann", "Bob")
    assert nr.seating == Seating(("Eve", "Bob", "Ann", "Fay"), ("Di", "Cy"))


@pytest.mark.parametrize(
    "evening,message",
    [
        ([], "no game has been played tonight"),
        ([Seating(("Ann", "", "Cy", "Di"))], "name all four players"),
        ([Seating(("Ann", "Bob", "Cy", "Ann"))], "at two places"),
        ([Seating(("Ann", "Bob", "Cy", "Di"), ("Bob",))], "at two places"),
        ([Seating(("Ann", "Bob", "Cy", "Di"), ("Eve", "Fay", "Gus"))], "at most 2 can sit out"),
    ],
)
def test_no_proposal_without_four_named_players_each_in_one_place(evening: list[Seating], message: str) -> None:
    with pytest.raises(RotationError, match=message):
        next_rubber(evening)


@pytest.mark.parametrize("waiting", [1, 2])
def test_following_the_proposals_everyone_sits_out_in_turn(waiting: int) -> None:
    # With five (one waits) each of the five sits out once in every five rubbers; with six
    # (two wait), each of the six once in every three: whoever has waited longest has played
    # fewest rubbers in a row, so is never the one to go out.
    names = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")[: 4 + waiting]
    evening = [Seating((names[0], names[1], names[2], names[3]), names[4:])]
    cycle = len(names) // waiting
    for _ in range(2 * cycle - 1):
        evening.append(next_rubber(evening).seating)
    for start in (0, cycle):
        out = [p for seating in evening[start : start + cycle] for p in seating.sitting_out]
        assert sorted(out) == sorted(names), (start, out)


@pytest.mark.parametrize(
    "deals_next,dealt_last,first",
    [
        # Ann N, Bob E, Cy S, Di W, rotated to N Ann, E Di, S Bob, W Cy (worked above).
        ("S", "Bob", "W"),  # Bob dealt last (E); he sits S now: Cy, at W, on his left, deals
        ("W", "Cy", "N"),  # Cy dealt last (S); he sits W now: Ann, at N, deals (by seat Cy would again)
        ("N", "Di", "S"),  # Di dealt last (W); she sits E now: Bob, at S, deals
        ("E", "Ann", "E"),  # Ann dealt last (N); she stays N: Di, at E, deals
    ],
)
def test_the_deal_passes_to_the_left_of_the_person_who_dealt_last(deals_next: str, dealt_last: str, first: str) -> None:
    nr = next_rubber([Seating(("Ann", "Bob", "Cy", "Di"))], Seat(deals_next))
    assert nr.first_dealer is Seat(first)
    seats = dict(zip(SEATS, nr.seating.players))
    on_the_right = SEATS[(SEATS.index(Seat(first)) - 1) % 4]
    assert seats[on_the_right] == dealt_last


def test_at_five_the_one_who_came_in_for_the_last_dealer_has_the_next_dealer_on_their_left() -> None:
    # Rubber 1 as FIVE[0]: Ann N, Bob E, Cy S, Di W, Eve out; Ann (N) dealt last, so E would deal
    # next by seat. Ann goes out, Eve takes North, and North stays: Eve N, Di E, Bob S, Cy W.
    # Di, at E on the left of Eve (who came in for Ann), deals first.
    nr = next_rubber([Seating(("Ann", "Bob", "Cy", "Di"), ("Eve",))], Seat.E)
    assert nr.seating.players == ("Eve", "Di", "Bob", "Cy") and nr.first_dealer is Seat.E
    assert next_rubber([Seating(("Ann", "Bob", "Cy", "Di"))]).first_dealer is None  # not asked
