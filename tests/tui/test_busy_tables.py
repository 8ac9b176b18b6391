"""The tables screen while the tables post: a burst of results is drawn once or twice, not once
a result, so that the director's keys are not kept waiting behind the redraws."""

from __future__ import annotations

import asyncio
from pathlib import Path

from support.entry import result, several_game
from support.snapshot_apps.scenarios import make_app
from support.waiting import settle, until

from bridgepad.tui.several_tables.tables_screen import TablesScreen

SIZE = (100, 30)


async def test_twenty_results_posted_at_once_are_drawn_in_a_few_redraws_not_twenty(data_dir: Path) -> None:
    several_game(data_dir, tables=8, boards=24).close()  # round 1: three boards at each of eight tables
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TablesScreen)
        await app.action_share()
        await until(pilot, lambda: app.screen is not screen, "the share screen")
        app.pop_screen()
        await until(pilot, lambda: app.screen is screen, "the tables again")
        await settle(pilot)
        drawn: list[int] = []
        real = screen.draw
        screen.draw = lambda select_last: (drawn.append(1), real(select_last))[1]  # type: ignore[method-assign]
        assert app.sharing is not None and app.sharing.server is not None
        server = app.sharing.server
        movement = screen.several.movement
        sent = [(t, b) for t in range(1, 9) for b in movement.sitting(t, 1).boards][:20]
        # One phone after another, each answered before the next is sent: the screen hears each
        # save on its own, as it does when fifteen tables post through the evening.
        answers = []
        for t, b in sent:
            answers.append(
                await result(server.port, server.table_url(t), id=f"t{t}b{b}", board=b, contract="3NT", declarer="S", tricks=9)
            )
            await asyncio.sleep(0)
        assert [a.status for a in answers] == [201] * 20
        await until(
            pilot, lambda: screen.tables_view.state is not None and screen.tables_view.state.results == 20, "all 20 drawn"
        )
        await settle(pilot)
        assert screen.tables_view.state is screen.several  # the last state is the one shown
        assert 1 <= len(drawn) <= 3, f"{len(drawn)} redraws for 20 results"
