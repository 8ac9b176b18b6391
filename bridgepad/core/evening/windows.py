"""Which games the tally covers: tonight, this week, or all of them.

Tonight
    An evening of bridge runs past midnight, so "tonight" is not the calendar day. It
    begins at the later of two moments:

    * the start of the first game after the last gap of ``EVENING_GAP`` (6 hours) or
      more in which no game was being played (a game is played from its start to its
      last change), and
    * ``MORNING`` (05:00 local time) of the current day, or of the day before when it
      is not yet 05:00.

    So a 19:00–01:00 evening is one "tonight", looked at at 20:00 or at 00:30; the next
    morning at 05:00 a new day begins even for players who never stopped; and once six
    hours have passed with no game, tonight is empty until the next game starts.

This week
    Since local midnight on this week's Monday (not "the last seven days").

Times are timezone-aware; a naive time is taken as local time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from enum import Enum
from typing import Protocol, TypeVar

EVENING_GAP = timedelta(hours=6)
MORNING = time(5, 0)


class Played(Protocol):
    """What the windows need of a game: when it started and when it last changed."""

    @property
    def created(self) -> datetime | None: ...

    @property
    def updated(self) -> datetime | None: ...


G = TypeVar("G", bound=Played)


class Window(str, Enum):
    """Which games the tally covers: a key in the tally screen cycles through them."""

    TONIGHT = "tonight"
    WEEK = "week"
    ALL = "all"

    @property
    def label(self) -> str:
        return {Window.TONIGHT: "tonight", Window.WEEK: "this week", Window.ALL: "all time"}[self]

    @property
    def next(self) -> Window:
        """The window after this one: tonight → this week → all time → tonight."""
        order = (Window.TONIGHT, Window.WEEK, Window.ALL)
        return order[(order.index(self) + 1) % 3]


def aware(d: datetime) -> datetime:
    return d if d.tzinfo is not None else d.astimezone()


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def by_instant(times: Sequence[datetime]) -> list[int]:
    """The places of ``times`` in the order of their instants (a naive time is local), the order
    given among equals. Each is sorted as its time since the epoch: two aware times compared ask
    each its offset, again at each of a sort's many compares, where a timedelta is three numbers."""
    since = [aware(t) - _EPOCH for t in times]
    return sorted(range(len(since)), key=since.__getitem__)


def local_midnight(day: date) -> datetime:
    """The start of ``day`` in local time, timezone-aware."""
    return datetime.combine(day, time()).astimezone()


def morning(now: datetime) -> datetime:
    """The last ``MORNING`` (05:00 local) at or before ``now``."""
    local = aware(now).astimezone()
    today = datetime.combine(local.date(), MORNING).astimezone()
    return today if today <= local else datetime.combine(local.date() - timedelta(days=1), MORNING).astimezone()


def evening_start(now: datetime, games: Iterable[Played]) -> datetime:
    """When tonight began (see the module's docstring): never later than ``now``.

    Games that started after ``now`` are not looked at. With no game within
    ``EVENING_GAP`` of ``now`` the evening has not begun: the answer is ``now``.
    """
    now = aware(now)
    spans = []
    for g in games:
        if g.created is None:
            continue
        start = aware(g.created)
        if start > now:
            continue
        end = aware(g.updated) if g.updated is not None else start
        spans.append((start, min(max(end, start), now)))
    floor = morning(now)
    if not spans:
        return now
    # Walk back from now through the games, newest end first, until a gap of EVENING_GAP.
    spans.sort(key=lambda s: s[1], reverse=True)
    begin = now
    for start, end in spans:
        if begin - end >= EVENING_GAP:
            break
        begin = min(begin, start)
    return max(begin, floor)


def evening_starts(games: Sequence[Played]) -> list[datetime | None]:
    """When the evening of each game began: what ``evening_start`` says at the moment the game
    started, looking at all of ``games`` (None for a game whose start is unknown). The games
    of one evening share it, so it tells a lifetime of games apart into evenings.

    One pass over the games by their start, not a walk back from each: the first game after a
    gap of ``EVENING_GAP`` since every game before it ended begins a run of games, and each
    game's evening began at the later of that run's first start and its own ``morning``. A
    game on the same day of bridge (from 05:00 to the next) as its run's first began with it,
    since that morning is no later than the run's start: the morning is worked out only for
    a run that goes on past one, or that began on the stroke of one.
    """
    starts: list[datetime] = []
    places: list[int] = []
    for i, g in enumerate(games):
        if g.created is not None:
            starts.append(aware(g.created))
            places.append(i)
    out: list[datetime | None] = [None] * len(games)
    mornings: dict[date, datetime] = {}  # by the day of bridge (from 05:00): a lifetime has far fewer
    run: datetime | None = None
    run_day: date | None = None  # the day of bridge the run began on
    run_later = True  # the run began after its morning, not on the stroke of it
    reach: datetime | None = None  # the latest end of the games so far
    one_day = timedelta(days=1)
    for k in by_instant(starts):
        start, i = starts[k], places[k]
        updated = games[i].updated
        end = aware(updated) if updated is not None else start
        end = max(end, start)  # a last change before the start: the game was played at its start
        local = start.astimezone()
        clock = local.time()
        day = local.date() if clock >= MORNING else local.date() - one_day
        if run is None or reach is None or start - reach >= EVENING_GAP:
            run, run_day, run_later, reach = start, day, clock != MORNING, end
        elif end > reach:
            reach = end
        if day == run_day and run_later:
            out[i] = run
            continue
        floor = mornings.get(day)
        if floor is None:
            floor = mornings[day] = morning(start)
        out[i] = max(floor, run)
    return out


def same_evening(start: datetime, earlier: Iterable[G]) -> list[G]:
    """The games of ``earlier`` played in the evening of a game started at ``start``, as
    tonight counts them (``evening_start`` at that moment): a rubber started at 00:30
    belongs to the evening before, with the games of 21:00 and 23:00, not to a new day."""
    start = aware(start)
    before = [g for g in earlier if g.created is not None and aware(g.created) < start]
    begin = evening_start(start, before)
    return [g for g in before if g.created is not None and aware(g.created) >= begin]


def window_start(window: Window, now: datetime | None = None, games: Sequence[Played] = ()) -> datetime | None:
    """When ``window`` opens (None: all time). ``games`` are the games tonight is worked out from."""
    if window is Window.ALL:
        return None
    now = aware(now or datetime.now())
    if window is Window.TONIGHT:
        return evening_start(now, games)
    today = now.astimezone().date()
    return local_midnight(today - timedelta(days=today.weekday()))


def parse_time(text: str | None) -> datetime | None:
    """An ISO time as written in a game file, timezone-aware (a naive time is local); None if unreadable."""
    if not text or not isinstance(text, str):
        return None
    try:
        d = datetime.fromisoformat(text)
    except ValueError:
        return None
    return aware(d)


def since(games: Iterable[G], start: datetime | None) -> list[G]:
    """The games started at or after ``start`` (all of them for None).

    A game whose start time is unknown is kept only when ``start`` is None.
    """
    if start is None:
        return list(games)
    start = aware(start)
    return [g for g in games if g.created is not None and aware(g.created) >= start]
