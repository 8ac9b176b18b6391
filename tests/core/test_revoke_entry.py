"""A revoke typed in the result field (``9 rev EW 2``), read by the core, scored as the rules say.

Seeds 003 and 004 (infractions): an established revoke transfers two tricks from the
offending side to the other, or one trick if the offending side won only one trick
after the revoke; a revoke on trick 12 is not established and costs one trick
regardless. The result field takes the tricks as played; the hand is scored on the
tricks after the transfer. Every figure below is worked by hand from the scoring
tables of the rule book.
"""

from __future__ import annotations

import pytest

from bridgepad.core.model import Revoke, Side
from bridgepad.core.readers.entry import form_values, read_form
from bridgepad.core.readers.notation import NotationError, parse_contract, parse_result
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds import derive
from bridgepad.core.words.summary import outcome_lines


def c(text: str):  # type: ignore[no-untyped-def]
    contract = parse_contract(text)
    assert contract is not None
    return contract


@pytest.mark.parametrize(
    "text,tricks,revoke",
    [
        ("9 rev EW 2", 9, Revoke(Side.EW, 2)),
        ("9 REV ew 1", 9, Revoke(Side.EW, 1)),
        ("-1 revoke NS 2", 9, Revoke(Side.NS, 2)),  # 4S needs 10: one down is 9 as played
        ("= rev they 0", 10, Revoke(Side.EW, 0)),  # They are E-W when We are N-S
        ("11 rev NS 1 t12", 11, Revoke(Side.NS, 1, True)),
        ("11 rev EW t12", 11, Revoke(Side.EW, 0, True)),
        ("10", 10, None),
    ],
)
def test_the_result_field_reads_the_tricks_as_played_and_the_revoke(text: str, tricks: int, revoke: Revoke | None) -> None:
    assert parse_result(text, c("4S")) == (tricks, revoke)


@pytest.mark.parametrize(
    "text,words",
    [
        ("rev EW 2", "The tricks as played come first"),
        ("9 rev", "After rev say which side revoked"),
        ("9 rev XY 2", "'XY' is not a side"),
        ("9 rev EW", "Say how many tricks E-W won after the revoke"),
        ("9 rev EW 14", "'14' is not a number of tricks (0 to 13)"),
        ("9 rev EW 2 3", "is not a revoke"),
    ],
)
def test_a_revoke_that_cannot_be_read_is_named_in_one_sentence(text: str, words: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_result(text, c("4S"))
    message = str(e.value)
    assert words in message and "e.g. 9 rev EW 2" in message
    assert message.replace("e.g.", "eg").count(".") == 1 and message.endswith(".")  # one sentence


def test_a_revoke_that_cannot_have_happened_is_refused_by_the_form() -> None:
    # 4S by N, 12 tricks as played: E-W took only 1 trick, so cannot have won 2 after their revoke.
    reading = read_form({"contract": "4S", "declarer": "N", "result": "12 rev EW 2"})
    assert reading.hand is None
    assert reading.errors == {"result": "The defenders took 1 trick in all, so cannot have won 2 after the revoke."}


def score(contract: str, declarer: str, result: str) -> tuple[int, int, int, int, str, list[str]]:
    """N-S below, N-S above, E-W below, E-W above, the result as scored, and the explanation."""
    reading = read_form({"contract": contract, "declarer": declarer, "result": result})
    assert reading.hand is not None, reading.errors
    st = derive(Game().add(reading.hand))
    h = st.hands[0]
    return (
        h.points(Side.NS, False),
        h.points(Side.NS, True),
        h.points(Side.EW, False),
        h.points(Side.EW, True),
        h.result,
        outcome_lines(h, st),
    )


def test_an_established_revoke_by_the_defenders_moves_two_tricks_to_declarer() -> None:
    # 4S by N, not vulnerable, 9 tricks as played (one down); E-W revoked and won 2 tricks after it:
    # two tricks go to N-S: 11 tricks, 4S+1: 4 × 30 = 120 below, one overtrick 30 above.
    # Without the revoke it would have been one down: 50 to E-W.
    ns_below, ns_above, ew_below, ew_above, result, lines = score("4S", "N", "9 rev EW 2")
    assert (ns_below, ns_above, ew_below, ew_above, result) == (120, 30, 0, 0, "+1")
    assert lines[0] == "Revoke by E-W (the defenders), established: 2 tricks go to N-S; 9 tricks played, 11 scored (4♠+1)."


def test_one_trick_when_only_one_was_won_after_the_revoke() -> None:
    # 3NT by E, 9 tricks as played; N-S revoked and won only 1 trick after it: one trick to E-W,
    # 10 tricks: 40 + 30 + 30 = 100 below, one overtrick 30 above.
    ns_below, ns_above, ew_below, ew_above, result, lines = score("3NT", "E", "9 rev NS 1")
    assert (ns_below, ns_above, ew_below, ew_above, result) == (0, 0, 100, 30, "+1")
    assert "with only one trick won after it: 1 trick goes to E-W" in lines[0]


def test_a_revoke_by_declarers_side_costs_declarer_the_tricks() -> None:
    # 2H by S, 8 tricks as played (made); N-S revoked and won 2 after: 6 tricks, two down,
    # not vulnerable, undoubled: 2 × 50 = 100 to E-W.
    ns_below, ns_above, ew_below, ew_above, result, lines = score("2H", "S", "8 rev NS 2")
    assert (ns_below, ns_above, ew_below, ew_above, result) == (0, 0, 0, 100, "-2")
    assert lines[0].startswith("Revoke by N-S (declarer), established: 2 tricks go to E-W;")


def test_a_revoke_on_the_twelfth_trick_costs_one_trick() -> None:
    # 6S by N, 11 tricks as played; E-W revoked on trick 12 (not established): one trick to N-S,
    # 12 tricks, 6S made: 6 × 30 = 180 below, small slam not vulnerable 500 above.
    ns_below, ns_above, ew_below, ew_above, result, lines = score("6S", "N", "11 rev EW t12")
    assert (ns_below, ns_above, ew_below, ew_above, result) == (180, 500, 0, 0, "=")
    assert lines[0].startswith("Revoke by E-W (the defenders) on the twelfth trick, not established: 1 trick goes to N-S;")


def test_no_trick_won_after_the_revoke_moves_none() -> None:
    # 4S by N, 9 tricks; E-W revoked but won no trick after it: nothing moves, one down: 50 to E-W.
    assert score("4S", "N", "9 rev EW 0")[:5] == (0, 0, 0, 50, "-1")


@pytest.mark.parametrize("result", ["9 rev EW 2", "11 rev NS 1 t12", "11 rev EW t12", "10"])
def test_edit_gives_the_same_text_back(result: str) -> None:
    reading = read_form({"contract": "4S", "declarer": "N", "result": result})
    assert reading.hand is not None, reading.errors
    values = form_values(reading.hand)
    assert values["result"] == result
    assert read_form(values).hand == reading.hand


def test_a_twelfth_trick_revoke_by_a_side_that_took_no_trick_moves_none() -> None:
    # 7NT by N, 13 tricks as played; E-W revoked on trick 12 but took no trick at all, so there
    # is none to give: 13 tricks scored, 7NT made, not vulnerable: 40 + 6 × 30 = 220 below,
    # grand slam not vulnerable 1,000 above (never 7NT+1 on fourteen tricks).
    ns_below, ns_above, ew_below, ew_above, result, lines = score("7NT", "N", "13 rev EW t12")
    assert (ns_below, ns_above, ew_below, ew_above, result) == (220, 1000, 0, 0, "=")
    assert lines[0].startswith("Revoke by E-W (the defenders) on the twelfth trick")
    assert "no trick moves; 13 tricks played, 13 scored (7NT=)." in lines[0]
    assert "goes to" not in lines[0]


def test_a_twelfth_trick_revoke_by_declarer_who_took_nothing_leaves_the_tricks_at_zero() -> None:
    # 4S by N, no trick as played; N-S revoked on trick 12 with no trick to give: 0 scored,
    # ten down, not vulnerable, undoubled: 10 × 50 = 500 to E-W (never "-11").
    ns_below, ns_above, ew_below, ew_above, result, lines = score("4S", "N", "0 rev NS t12")
    assert (ns_below, ns_above, ew_below, ew_above, result) == (0, 0, 0, 500, "-10")
    assert "0 tricks played, 0 scored (4♠-10)." in lines[0]


def test_a_revoke_by_a_side_that_won_nothing_after_it_never_says_a_trick_goes() -> None:
    lines = score("4S", "N", "9 rev EW 0")[5]
    assert lines[0].startswith("Revoke by E-W (the defenders), who won no trick after it: no trick moves;")
    assert "established" not in lines[0] and "goes to" not in lines[0]


def test_every_revoke_the_form_takes_scores_within_zero_to_thirteen_tricks() -> None:
    # Every result the form can be given, by either side, with and without t12: what the form
    # accepts scores 0 to 13 tricks, and the tricks moved are never more than the revoking side took.
    for tricks in range(14):
        for side in ("NS", "EW"):
            for won_after in range(14):
                for t12 in ("", " t12"):
                    reading = read_form({"contract": "1NT", "declarer": "N", "result": f"{tricks} rev {side} {won_after}{t12}"})
                    if reading.hand is None:
                        assert set(reading.errors) == {"result"}
                        continue
                    scored = derive(Game().add(reading.hand)).hands[0].tricks
                    assert scored is not None and 0 <= scored <= 13
                    took = tricks if side == "NS" else 13 - tricks
                    assert abs(scored - tricks) <= min(took, 2 if not t12 else 1)
