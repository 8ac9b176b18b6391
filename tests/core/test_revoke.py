"""The revoke rule's own words and edges (bridgepad/core/rules/revoke.py), worked by hand from
the rule: an established revoke moves two tricks, or one if the side that revoked won only
one after it, never more than that side took; a revoke on the twelfth trick moves one, if
the side took one at all."""

from __future__ import annotations

from bridgepad.core.model import Contract, Hand, Revoke, Seat, Side, Strain
from bridgepad.core.rules.revoke import check, reason, scored_tricks

NS, EW = Side.NS, Side.EW


def test_declarer_takes_0_to_13_tricks() -> None:
    assert check(Revoke(EW, 0), 13, NS) is None
    assert check(Revoke(EW, 0), 14, NS) == "declarer takes 0 to 13 tricks"
    assert check(Revoke(EW, 0), -1, NS) == "declarer takes 0 to 13 tricks"


def test_the_tricks_won_after_a_revoke_are_0_to_13() -> None:
    # Declarer's side took all 13 and revoked on the first trick: 13 won after it, the most.
    assert check(Revoke(NS, 13), 13, NS) is None
    assert check(Revoke(NS, 14), 13, NS) == "the tricks won after a revoke are 0 to 13"
    assert check(Revoke(NS, -1), 13, NS) == "the tricks won after a revoke are 0 to 13"


def test_a_side_cannot_win_more_after_the_revoke_than_it_took_in_all() -> None:
    # N-S declare and take 3; N-S revoked: they took 3 tricks, so not 4 after the revoke.
    assert check(Revoke(NS, 3), 3, NS) is None
    assert check(Revoke(NS, 4), 3, NS) == "declarer's side took 3 tricks in all, so cannot have won 4 after the revoke"
    # N-S take 12; E-W revoked: the defenders took the 13th alone.
    assert check(Revoke(EW, 1), 12, NS) is None
    assert check(Revoke(EW, 2), 12, NS) == "the defenders took 1 trick in all, so cannot have won 2 after the revoke"
    # E-W declare and take 13: N-S, the defenders, took none.
    assert check(Revoke(NS, 1), 13, EW) == "the defenders took 0 tricks in all, so cannot have won 1 after the revoke"


def test_after_a_revoke_on_the_twelfth_trick_two_tricks_are_left() -> None:
    assert check(Revoke(EW, 2, trick_12=True), 7, NS) is None  # tricks 12 and 13, both to E-W
    assert check(Revoke(EW, 3, trick_12=True), 7, NS) == (
        "after a revoke on the twelfth trick at most two tricks (12 and 13) are left to win"
    )


def test_the_explanation_of_each_kind_of_revoke() -> None:
    # Established, two or more won after it: two tricks move.
    assert reason(Revoke(EW, 3), NS, 8) == "Revoke by E-W (the defenders), established: 2 tricks go to N-S"
    # Established, one won after it: one trick.
    assert reason(Revoke(NS, 1), NS, 9) == (
        "Revoke by N-S (declarer), established, with only one trick won after it: 1 trick goes to E-W"
    )
    # Established, none won after it: nothing to give up.
    assert reason(Revoke(EW, 0), NS, 10) == "Revoke by E-W (the defenders), who won no trick after it: no trick moves"
    # On the twelfth trick: one trick, by a side that took one.
    assert reason(Revoke(NS, 1, trick_12=True), NS, 6) == (
        "Revoke by N-S (declarer) on the twelfth trick, not established: 1 trick goes to E-W"
    )
    # On the twelfth trick by declarer's side, which took no trick at all: none moves.
    assert reason(Revoke(NS, 0, trick_12=True), NS, 0) == (
        "Revoke by N-S (declarer) on the twelfth trick, not established, by a side that took no trick: no trick moves"
    )


def test_a_hand_not_yet_whole_is_scored_on_its_tricks_as_typed() -> None:
    four_spades = Contract(4, Strain.S)
    # No declarer yet (the form's preview): the revoke cannot be placed, the tricks stand.
    assert scored_tricks(Hand(four_spades, None, 10, revoke=Revoke(EW, 2))) == 10
    # No tricks yet: nothing to move.
    assert scored_tricks(Hand(four_spades, Seat.N, None, revoke=Revoke(EW, 2))) is None
    # Whole: E-W revoked and won 2 after it, N-S took 8; 2 tricks to N-S make 10.
    assert scored_tricks(Hand(four_spades, Seat.N, 8, revoke=Revoke(EW, 2))) == 10
