"""The three small evenings of March 2026 whose statistics are worked by hand, figure by figure,
in tests/services/test_stats_worked.py: saved in a folder for the command line's and the screen's
tests of the same figures (tests/cli/test_stats.py, tests/tui/test_stats_screen.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from bridgepad.core.readers.log import parse_log
from bridgepad.core.rules.game import Game
from bridgepad.store.game_store import GameStore, StoredGame

RUBBER_1 = "players N=Ann E=Bob S=Cy W=Di\nN 4S 10\nE 3NTX 7\nS 4H 10\n"
RUBBER_2 = "players N=Ann E=Cy S=Bob W=Di\nW 2D 8\nN 6NT 12\nE 1C 6\nS 3NT 9\n"
CHICAGO = "chicago\nplayers N=Di E=Ann S=Eve W=Bob\nN 2S 7 rev EW 2\npass\nE 4HX 9\nS 3NT 10\nW 7C 13\n"
MATCH = "duplicate\nscoring imps\nplayers N=Ann E=Bob S=Eve W=Cy\nN 4S 10 others 420\nE 3NT 8 others -400\n"


def local(day: int, hour: int, minute: int = 0) -> datetime:
    """A time of March 2026 on this machine's clock: the evenings are local evenings."""
    return datetime(2026, 3, day, hour, minute).astimezone()


def one(log: str) -> Game:
    (state,) = parse_log(log).games()
    return state.game


def three_evenings(root: Path) -> list[StoredGame]:
    store = GameStore(root)
    store.ensure()
    games = []
    for k, (log, start) in enumerate(
        ((RUBBER_1, local(2, 20)), (RUBBER_2, local(2, 21, 30)), (CHICAGO, local(9, 20)), (MATCH, local(16, 20)))
    ):
        stored = StoredGame(
            f"20260302-0000{k:02d}-0001", one(log), start.isoformat(), (start + timedelta(minutes=30)).isoformat()
        )
        store.save(stored)
        games.append(stored)
    return games
