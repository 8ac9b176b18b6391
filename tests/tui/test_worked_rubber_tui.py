"""The worked rubber of the rule book, typed hand by hand through the entry form, and read back after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.snapshot_apps.scenarios import WORKED_RUBBER, hand_keys, make_app, seed
from support.snapshot_apps.screen import explain_text, form_open, main_screen, visible_text
from support.waiting import press, settle

from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.game import Status
from bridgepad.tui.widgets.explanation import Explanation

HEADLINE = "We win the rubber 2–1, 1,830 to 510, by 1,320"

# Who dealt each hand, who was vulnerable, and the games after it: the rule book's story.
DEALERS = [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N, Seat.E, Seat.S]
VULNERABLE = [set(), set(), set(), {Side.NS}, {Side.NS, Side.EW}, {Side.NS, Side.EW}, {Side.NS, Side.EW}]
GAMES_AFTER = [(0, 0), (0, 0), (1, 0), (1, 1), (1, 1), (1, 1), (2, 1)]


@pytest.mark.slow
async def test_worked_rubber_typed_through_the_form_then_reopened(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        for n, hand in enumerate(WORKED_RUBBER, 1):
            await press(pilot, *hand_keys(*hand))
            await settle(pilot)
            assert not form_open(app), f"the form stayed open on hand {n}: {hand}"
            st = app.session.state
            assert len(st.hands) == n
            h = st.hands[-1]
            assert h.dealer is DEALERS[n - 1]
            assert set(h.vulnerable) == VULNERABLE[n - 1]
            assert (st.games[Side.NS], st.games[Side.EW]) == GAMES_AFTER[n - 1]

        st = app.session.state
        assert st.status is Status.WON
        assert st.rubber_winner is Side.NS
        assert (st.below(Side.NS), st.above(Side.NS), st.total(Side.NS)) == (250, 1580, 1830)
        assert (st.below(Side.EW), st.above(Side.EW), st.total(Side.EW)) == (160, 350, 510)
        assert st.margin == 1320
        assert st.next_dealer is Seat.W  # the deal passes on to West for the eighth deal

        shown = main_screen(app)
        assert HEADLINE in shown["status"]
        assert "Press + to start the next rubber; West deals" in shown["status"]
        pad = shown["pad"]
        assert isinstance(pad, str)
        assert "1,830" in pad and "510" in pad
        for figure in ("90", "30", "300", "40", "120", "750", "500", "100", "150", "200", "60"):
            assert figure in pad
        rows = shown["hands"]
        # The last row holds the game's own bonus (the rubber's 500), belonging to no hand.
        assert rows[-1][2] == "Bonus" and rows[-1][5] == "500"
        rows = rows[:-1]
        assert [r[1] for r in rows] == [s.value for s in DEALERS]
        assert [r[3] for r in rows] == [h[1] for h in WORKED_RUBBER]
        before_hands = app.session.game.hands
        game_id = app.session.stored.id

        await press(pilot, "q")
        await settle(pilot)
    assert app.return_code in (0, None)

    again = make_app(data_dir)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert again.session.stored.id == game_id
        assert again.session.game.hands == before_hands
        st = again.session.state
        assert st.status is Status.WON
        assert (st.total(Side.NS), st.total(Side.EW)) == (1830, 510)
        assert (st.games[Side.NS], st.games[Side.EW]) == (2, 1)
        assert main_screen(again) == shown


async def test_the_winning_hand_explains_the_rubber_bonus_on_screen(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = visible_text(app.screen.query_one(Explanation))
        assert "Hand 7" in shown
        assert "rubber bonus, two games to one: 500" in shown
        assert "We win the rubber 2–1" in shown


async def test_the_rubber_bonus_stays_visible_when_the_winning_hand_has_honors(data_dir: Path) -> None:
    seed(data_dir, (*WORKED_RUBBER[:6], ("6D", "S", "12", "NS 100")))
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.state.total(Side.NS) == 1930
        explanation = app.screen.query_one(Explanation)
        assert "rubber bonus" in explain_text(app)  # it is in the text...
        shown = visible_text(explanation)
        assert "honors" in shown
        assert "rubber bonus, two games to one: 500" in shown  # ...but is it on the screen?
        assert "We win the rubber 2–1" in shown
