"""Reading what a player types: contracts, results, seats, sides."""

from __future__ import annotations

import pytest

from bridgepad.core.model import Contract, Doubling, Hand, Seat, Side, Strain
from bridgepad.core.readers.notation import (
    NotationError,
    is_pass,
    parse_contract,
    parse_seat,
    parse_side,
    parse_tricks,
)
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds import derive

NONE, X, XX = Doubling.NONE, Doubling.DOUBLED, Doubling.REDOUBLED


@pytest.mark.parametrize(
    "text, contract",
    [
        ("1C", Contract(1, Strain.C)),
        ("1c", Contract(1, Strain.C)),
        ("2D", Contract(2, Strain.D)),
        ("3h", Contract(3, Strain.H)),
        ("4S", Contract(4, Strain.S)),
        ("4s", Contract(4, Strain.S)),
        ("3NT", Contract(3, Strain.NT)),
        ("3nt", Contract(3, Strain.NT)),
        ("3Nt", Contract(3, Strain.NT)),
        ("3N", Contract(3, Strain.NT)),
        ("3n", Contract(3, Strain.NT)),
        ("7NT", Contract(7, Strain.NT)),
        ("1♣", Contract(1, Strain.C)),
        ("5♦", Contract(5, Strain.D)),
        ("4♥", Contract(4, Strain.H)),
        ("4♠", Contract(4, Strain.S)),
        ("2SX", Contract(2, Strain.S, X)),
        ("2sx", Contract(2, Strain.S, X)),
        ("4♠X", Contract(4, Strain.S, X)),
        ("3NTX", Contract(3, Strain.NT, X)),
        ("3NX", Contract(3, Strain.NT, X)),
        ("6HXX", Contract(6, Strain.H, XX)),
        ("6hxx", Contract(6, Strain.H, XX)),
        ("7NTXX", Contract(7, Strain.NT, XX)),
        ("4♥XX", Contract(4, Strain.H, XX)),
        (" 4S ", Contract(4, Strain.S)),
        ("4 S X", Contract(4, Strain.S, X)),
        ("3 NT XX", Contract(3, Strain.NT, XX)),
        ("4S×", Contract(4, Strain.S, X)),  # the multiplication sign players type for a double
        ("4S**", Contract(4, Strain.S, XX)),
    ],
)
def test_contract_forms(text: str, contract: Contract) -> None:
    assert parse_contract(text) == contract


@pytest.mark.parametrize("text", ["pass", "PASS", "Pass", "p", "P", " pass ", "passed out", "all pass", "No bid", "nb"])
def test_pass_forms(text: str) -> None:
    assert is_pass(text)
    assert parse_contract(text) is None


@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("strain", list(Strain))
@pytest.mark.parametrize("doubling", list(Doubling))
def test_every_contract_text_reads_back(level: int, strain: Strain, doubling: Doubling) -> None:
    c = Contract(level, strain, doubling)
    assert parse_contract(c.text) == c
    assert parse_contract(c.text.lower()) == c
    assert parse_contract(c.pretty) == c


def _check_message(message: str) -> None:
    # One sentence, on one line, fit to show a player.
    assert message
    assert "\n" not in message
    assert message.endswith(".")
    assert message[0].isupper() or message[0] == "'" or message[0] in "+-"


@pytest.mark.parametrize(
    "text, allowed",
    [
        ("", "C, D, H, S or NT"),  # empty
        ("   ", "C, D, H, S or NT"),
        ("4", "C, D, H, S or NT"),  # no strain
        ("0S", "1 to 7"),
        ("8S", "1 to 7"),
        ("9NT", "1 to 7"),
        ("10H", "1 to 7"),
        ("S4", "1 to 7"),
        ("4Q", "C, D, H, S or NT"),
        ("4SXXX", "XX"),
        ("4XS", "XX"),
        ("4sx x", "XX"),  # a redouble with a space in it, or a stray X: refused, never guessed
        ("3NT X *", "XX"),
        ("X", "1 to 7"),
        ("four spades", "1 to 7"),
        ("4S4", "1 to 7"),
        ("4NTN", "1 to 7"),
        ("-1S", "1 to 7"),
        ("4S!", "1 to 7"),
        ("passs", "pass"),
    ],
)
def test_contract_refusals_say_what_is_allowed(text: str, allowed: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_contract(text)
    msg = str(e.value)
    _check_message(msg)
    assert allowed in msg, msg


def C(text: str) -> Contract:
    c = parse_contract(text)
    assert c is not None
    return c


@pytest.mark.parametrize("tricks", range(14))
def test_results_as_tricks_taken(tricks: int) -> None:
    assert parse_tricks(str(tricks), C("1C")) == tricks
    assert parse_tricks(f" {tricks} ", C("7NT")) == tricks


@pytest.mark.parametrize(
    "contract, text, tricks",
    [
        ("4S", "=", 10),
        ("4S", "+0", 10),
        ("4S", "-0", 10),
        ("4S", "+1", 11),
        ("4S", "+3", 13),
        ("4S", "-2", 8),
        ("4S", "- 2", 8),
        ("4S", "-10", 0),
        ("3NT", "+4", 13),
        ("1C", "-7", 0),
        ("1C", "+6", 13),
        ("6NT", "+1", 13),
        ("7NT", "=", 13),
        ("7NT", "-13", 0),
        ("2HX", "09", 9),
    ],
)
def test_results_relative_to_the_contract(contract: str, text: str, tricks: int) -> None:
    assert parse_tricks(text, C(contract)) == tricks


@pytest.mark.parametrize(
    "contract, text, allowed",
    [
        ("6NT", "+2", "at most +1"),  # 12 + 2 = 14 tricks
        ("7NT", "+1", "no overtrick"),
        ("4S", "+4", "at most +3"),
        ("1C", "-10", "at most -7"),  # 7 - 10 < 0
        ("7S", "-14", "at most -13"),
        ("1C", "14", "0 to 13"),
        ("1C", "99", "0 to 13"),
        ("1C", "", "0 to 13"),
        ("1C", "ten", "0 to 13"),
        ("1C", "+", "0 to 13"),
        ("1C", "=1", "0 to 13"),
        ("1C", "100", "0 to 13"),
        ("1C", "1.5", "0 to 13"),
        ("1C", "+-1", "0 to 13"),
    ],
)
def test_impossible_results_refused(contract: str, text: str, allowed: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_tricks(text, C(contract))
    msg = str(e.value)
    _check_message(msg)
    assert allowed in msg, msg


@pytest.mark.parametrize(
    "text, seat",
    [("N", Seat.N), ("n", Seat.N), ("North", Seat.N), ("east", Seat.E), ("S", Seat.S), ("SOUTH", Seat.S), (" w ", Seat.W)],
)
def test_seats(text: str, seat: Seat) -> None:
    assert parse_seat(text) is seat


@pytest.mark.parametrize("text", ["", "X", "NE", "Norht", "1"])
def test_bad_seats(text: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_seat(text)
    _check_message(str(e.value))
    assert "N, E, S or W" in str(e.value)


@pytest.mark.parametrize(
    "text, we, side",
    [
        ("NS", Side.NS, Side.NS),
        ("n-s", Side.NS, Side.NS),
        ("N/S", Side.NS, Side.NS),
        ("ew", Side.NS, Side.EW),
        ("E-W", Side.NS, Side.EW),
        ("We", Side.NS, Side.NS),
        ("they", Side.NS, Side.EW),
        ("We", Side.EW, Side.EW),
        ("Them", Side.EW, Side.NS),
    ],
)
def test_sides(text: str, we: Side, side: Side) -> None:
    assert parse_side(text, we) is side


@pytest.mark.parametrize("text", ["", "N", "NE", "ours"])
def test_bad_sides(text: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_side(text)
    assert "NS or EW" in str(e.value)


def test_result_text() -> None:
    c = C("4S")

    def outcome(hand: Hand):  # the result is written from the tricks as scored
        return derive(Game(hands=(hand,))).hands[0]

    assert [outcome(Hand(c, Seat.N, t)).result for t in (10, 11, 8, 0)] == ["=", "+1", "-2", "-10"]
    assert outcome(Hand()).result == ""
    assert Hand().passed_out


def test_contract_text_and_pretty() -> None:
    assert C("3nx").text == "3NTX"
    assert C("4sxx").pretty == "4♠XX"
    assert str(C("2d")) == "2D"
    assert C("7NT").tricks_needed == 13
