"""The worked rubber of seed 000, hand by hand: We 1,830, They 510."""

from bridgepad.core.game import Game, Status, derive
from bridgepad.core.model import Hand, Side
from bridgepad.core.notation import (
    parse_contract,
    parse_honors,
    parse_seat,
    parse_tricks,
)


def hand(declarer: str, contract: str, result: str, honors: str = "") -> Hand:
    c = parse_contract(contract)
    assert c is not None
    return Hand(c, parse_seat(declarer), parse_tricks(result, c), parse_honors(honors, c))


WORKED = (
    hand("N", "3S", "10"),
    hand("E", "4HX", "8"),
    hand("S", "2C", "8"),
    hand("W", "3NT", "9", "EW 150"),
    hand("N", "4SX", "9"),
    hand("E", "2H", "8"),
    hand("S", "6D", "12"),
)


def test_worked_rubber_totals() -> None:
    st = derive(Game(hands=WORKED))
    assert st.status is Status.WON
    assert st.rubber_winner is Side.NS
    assert (st.below(Side.NS), st.above(Side.NS), st.total(Side.NS)) == (250, 1580, 1830)
    assert (st.below(Side.EW), st.above(Side.EW), st.total(Side.EW)) == (160, 350, 510)
    assert st.margin == 1320
