"""``windows.evening_starts``: a lifetime of games told apart into evenings in one pass, each
game's evening the one ``evening_start`` (the tally's "tonight") gives at the moment it began."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st
from support.builders import examples

from bridgepad.core.evening.windows import evening_start, evening_starts


@dataclass(frozen=True)
class Played:
    created: datetime | None
    updated: datetime | None


BASE = datetime(2026, 3, 2, 12, 0).astimezone()

# Games minutes to days apart, lasting from nothing to longer than the gap to the next.
game = st.tuples(
    st.one_of(st.none(), st.integers(0, 60 * 24 * 9)),  # start, minutes after BASE (None: unknown)
    st.integers(-30, 60 * 14),  # minutes it lasted (below 0: a last change before the start)
    st.booleans(),  # its last change known
)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(game, max_size=25))
def test_each_game_s_evening_is_the_one_tonight_gives_when_it_began(plan: list[tuple[int | None, int, bool]]) -> None:
    games = []
    for start, lasted, known in plan:
        begun = None if start is None else BASE + timedelta(minutes=start)
        games.append(Played(begun, begun + timedelta(minutes=lasted) if begun is not None and known else None))
    starts = evening_starts(games)
    for g, began in zip(games, starts):
        if g.created is None:
            assert began is None
        else:
            assert began == evening_start(g.created, games)


def test_an_evening_runs_past_midnight_and_a_new_one_begins_after_six_hours_or_at_five() -> None:
    at = [(20, 0, 22, 0), (22, 30, 23, 50), (24 + 0, 40, 24 + 2, 0), (24 + 9, 0, 24 + 10, 0), (24 + 20, 0, 24 + 21, 0)]
    day = BASE.replace(hour=0, minute=0)
    games = [Played(day + timedelta(hours=h0, minutes=m0), day + timedelta(hours=h1, minutes=m1)) for h0, m0, h1, m1 in at]
    starts = evening_starts(games)
    # 20:00, 22:30 and 00:40 are one evening; 09:00 the next morning is another (past 05:00, seven
    # hours after); 20:00 that day is another again (ten hours after).
    assert starts[0] == starts[1] == starts[2] == games[0].created
    assert starts[3] == games[3].created and starts[4] == games[4].created


def test_six_hours_with_no_game_to_the_minute_begin_a_new_evening() -> None:
    day = BASE.replace(hour=0, minute=0)
    morning_game = Played(day + timedelta(hours=6), day + timedelta(hours=8))
    for later, same in ((timedelta(hours=13, minutes=59), True), (timedelta(hours=14), False)):
        games = [morning_game, Played(day + later, day + later)]
        starts = evening_starts(games)
        assert (starts[1] == starts[0]) is same
        assert starts[1] == evening_start(day + later, games)


def test_a_last_change_before_the_start_counts_as_the_start() -> None:
    # A clock put back: the game's last change is half an hour before it began. It was played
    # at its start, so a game 5 h 45 min after that start is the same evening.
    day = BASE.replace(hour=0, minute=0)
    first = Played(day + timedelta(hours=14), day + timedelta(hours=13, minutes=30))
    second = Played(day + timedelta(hours=19, minutes=45), day + timedelta(hours=20))
    starts = evening_starts([first, second])
    assert starts[1] == starts[0] == evening_start(second.created, [first, second])  # type: ignore[arg-type]
