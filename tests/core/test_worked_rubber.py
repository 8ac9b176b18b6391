"""The worked rubber of the rule book, hand by hand: We 1,830, They 510."""

from support.builders import WORKED

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Game, Status
from bridgepad.core.rules.kinds import derive


def test_worked_rubber_totals() -> None:
    st = derive(Game(hands=WORKED))
    assert st.status is Status.WON
    assert st.rubber_winner is Side.NS
    assert (st.below(Side.NS), st.above(Side.NS), st.total(Side.NS)) == (250, 1580, 1830)
    assert (st.below(Side.EW), st.above(Side.EW), st.total(Side.EW)) == (160, 350, 510)
    assert st.margin == 1320
