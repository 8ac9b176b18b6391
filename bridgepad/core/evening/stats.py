"""The statistics of a lifetime of evenings: each player and each partnership over a span.

Pure: no I/O, no user interface. The history (``bridgepad.services.history``) supplies one
``GameSummary`` a game, the statistics rows of its seats with it
(``bridgepad.core.evening.game_stats``); ``statistics`` adds them up over the games of a
``Span`` and gives what ``bridgepad stats`` and the statistics screen show of it
(``bridgepad.core.evening.stats_view``).

Which games count
    The games the tally counts (``GameSummary.counted``): rubbers and Chicagos finished or
    ended by the players, duplicate sessions with a board compared. A game still in play is
    not counted until it ends.

Nets and money are the tally's
    A player's net, money, games and duplicate figures are the tally's own
    (``tally.tally`` over the span's games), and a partnership's those of
    ``tally.partnerships``: the same rules (rounding, the stake, a seat nobody holds, the
    duplicate sessions by IMPs and matchpoints) and the same figures as the tally of the
    same span. A player's evening is an evening as the tally's "tonight" has it
    (``windows.evening_starts``, worked out from every game of the history whatever the
    span), and their net over it is read off the tally's running nets.

Persons
    The games are first taken as persons (``persons.Merges.apply``): a name merged into
    another counts as that person everywhere, as if the games had one spelling.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from typing import Any

from bridgepad.core.evening.game_stats import AT, EMPTY, WIDTH, SeatRow
from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.evening.persons import Merges
from bridgepad.core.evening.tally import (
    DuplicateTally,
    PartnershipTally,
    RunningNets,
    Seated,
    Tally,
    oldest_first,
    partnerships,
    seatings,
    tally_in_order,
)
from bridgepad.core.evening.windows import Window, aware, evening_starts, local_midnight, window_start
from bridgepad.core.model import SEATS, Side
from bridgepad.core.readers.people import person_key
from bridgepad.core.rules.game import Mode


@dataclass(frozen=True, slots=True)
class Span:
    """Which games: started from ``since`` (inclusive) to ``until`` (exclusive), of ``modes``
    (None: every mode). A game whose start is unknown is only in a span without dates."""

    since: datetime | None = None
    until: datetime | None = None
    modes: frozenset[Mode] | None = None

    def holds(self, g: GameSummary) -> bool:
        if self.modes is not None and g.mode not in self.modes:
            return False
        if self.since is None and self.until is None:
            return True
        if g.created is None:
            return False
        start = aware(g.created)
        return (self.since is None or start >= aware(self.since)) and (self.until is None or start < aware(self.until))

    def select(self, games: Sequence[GameSummary]) -> Sequence[GameSummary]:
        """The games of ``games`` this span holds, in their order (``games`` itself for a span of every game)."""
        if self.modes is None and self.since is None and self.until is None:
            return games
        return [g for g in games if self.holds(g)]


class Reach(str, Enum):
    """How far back the statistics screen looks: its ``w`` key goes round them."""

    ALL = "all"
    YEAR = "year"
    MONTH = "month"
    WEEK = "week"
    TONIGHT = "tonight"

    @property
    def label(self) -> str:
        return {"all": "all time", "year": "this year", "month": "this month", "week": "this week"}.get(self.value, "tonight")

    @property
    def next(self) -> Reach:
        order = list(Reach)
        return order[(order.index(self) + 1) % len(order)]

    def since(self, now: datetime, games: Sequence[GameSummary] = ()) -> datetime | None:
        """When this reach begins at ``now`` (None: all time); tonight and this week as the tally has them."""
        if self is Reach.ALL:
            return None
        if self is Reach.TONIGHT:
            return window_start(Window.TONIGHT, now, games)
        if self is Reach.WEEK:
            return window_start(Window.WEEK, now)
        today = aware(now).astimezone().date()
        return local_midnight(today.replace(month=1, day=1) if self is Reach.YEAR else today.replace(day=1))


def _mean(total: int, count: int, places: str = "0.01") -> Decimal | None:
    if count <= 0:
        return None
    return (Decimal(total) / count).quantize(Decimal(places), rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class Declarer:
    """A player's contracts as declarer, summed from their seats' rows."""

    row: SeatRow = EMPTY

    def __getattr__(self, name: str) -> int:
        try:
            return self.row[AT[name]]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def down(self) -> int:
        return self.row[AT["played"]] - self.row[AT["made"]]

    @property
    def slams_bid(self) -> int:
        return self.row[AT["small_bid"]] + self.row[AT["grand_bid"]]

    @property
    def slams_made(self) -> int:
        return self.row[AT["small_made"]] + self.row[AT["grand_made"]]

    @property
    def tricks(self) -> Decimal | None:
        """The average of tricks scored less tricks bid, over the contracts played, to two places."""
        return _mean(self.row[AT["tricks_over"]], self.row[AT["played"]])

    def to_json(self) -> dict[str, Any]:
        r, at = self.row, AT
        return {
            "played": r[at["played"]],
            "made": r[at["made"]],
            "down": self.down,
            "part_score": {"bid": r[at["part_bid"]], "made": r[at["part_made"]]},
            "game": {"bid": r[at["game_bid"]], "made": r[at["game_made"]]},
            "small_slam": {"bid": r[at["small_bid"]], "made": r[at["small_made"]]},
            "grand_slam": {"bid": r[at["grand_bid"]], "made": r[at["grand_made"]]},
            "slams_bid": self.slams_bid,
            "slams_made": self.slams_made,
            "doubled_made": r[at["doubled_made"]],
            "doubled_down": r[at["doubled_down"]],
            "redoubled_made": r[at["redoubled_made"]],
            "redoubled_down": r[at["redoubled_down"]],
            "tricks": _number(self.tricks),
        }


@dataclass(frozen=True, slots=True)
class Defender:
    """A player's contracts as defender, summed from their seats' rows."""

    row: SeatRow = EMPTY

    @property
    def defended(self) -> int:
        return self.row[AT["defended"]]

    @property
    def set(self) -> int:
        return self.row[AT["set"]]

    @property
    def doubled(self) -> int:
        return self.row[AT["doubled_defended"]]

    @property
    def doubles_set(self) -> int:
        return self.row[AT["doubles_set"]]

    def to_json(self) -> dict[str, Any]:
        return {"defended": self.defended, "set": self.set, "doubled": self.doubled, "doubles_set": self.doubles_set}


@dataclass(frozen=True, slots=True)
class Evening:
    """One of a player's evenings: when it began, and their net over its money games."""

    began: datetime
    points: int

    @property
    def day(self) -> str:
        """The day it began, as YYYY-MM-DD, on the clock its first game was written by (as the
        history shows a game's start)."""
        return self.began.date().isoformat()

    def to_json(self) -> dict[str, Any]:
        return {"day": self.day, "began": self.began.isoformat(), "net": self.points}


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One person over the span. ``points``, ``money`` and ``games`` are the tally's; ``won``
    the money games their side ended ahead in; ``rubbers`` the rubbers played and
    ``rubbers_won`` those their side won with two games."""

    name: str
    key: str
    evenings: int = 0
    games: int = 0
    won: int = 0
    rubbers: int = 0
    rubbers_won: int = 0
    points: int = 0
    money: Decimal | None = None
    best: Evening | None = None
    worst: Evening | None = None
    declarer: Declarer = field(default_factory=Declarer)
    defender: Defender = field(default_factory=Defender)
    duplicate: DuplicateTally | None = None

    @property
    def average(self) -> Decimal | None:
        """The net a money game (a rubber or a Chicago), to the point."""
        return _mean(self.points, self.games, "1")

    def to_json(self) -> dict[str, Any]:
        d = self.duplicate
        return {
            "net": self.points,
            "money": None if self.money is None else float(self.money),
            "games": self.games,
            "won": self.won,
            "evenings": self.evenings,
            "rubbers": {"played": self.rubbers, "won": self.rubbers_won},
            "average": _number(self.average),
            "best_evening": None if self.best is None else self.best.to_json(),
            "worst_evening": None if self.worst is None else self.worst.to_json(),
            "declarer": self.declarer.to_json(),
            "defender": self.defender.to_json(),
            "duplicate": None
            if d is None
            else {
                "sessions": d.sessions,
                "imps": _number(d.imps),
                "matchpoints": d.matchpoints if d.top else None,
                "top": d.top if d.top else None,
                "pct": _number(d.percent),
            },
        }


def partnership_json(p: PartnershipTally) -> dict[str, Any]:
    return {
        "players": list(p.names),
        "games": p.games,
        "won": p.won,
        "rubbers": {"played": p.rubbers, "won": p.rubbers_won},
        "net": p.points,
        "sessions": p.sessions,
        "imps": _number(p.imps),
        "pct": _number(p.percent),
    }


@dataclass(frozen=True, slots=True)
class Stats:
    """The statistics of a span: the players (best net first), the partnerships, and the tally
    they were read from (its running nets draw the chart)."""

    span: Span
    players: tuple[PlayerStats, ...]
    partnerships: tuple[PartnershipTally, ...]
    tally: Tally
    player: str | None = None  # the one person asked for (their key), if one was
    pair_games: int = 0  # of the sessions, games counted by pairs (their contracts are their defenders' only)

    @property
    def games(self) -> int:
        return self.tally.games

    @property
    def sessions(self) -> int:
        return self.tally.sessions

    @property
    def empty(self) -> bool:
        return not self.tally.games and not self.tally.sessions

    def to_json(self) -> dict[str, Any]:
        span = self.span
        return {
            "since": None if span.since is None else span.since.isoformat(),
            "until": None if span.until is None else span.until.isoformat(),
            "modes": None if span.modes is None else sorted(m.value for m in span.modes),
            "games": self.games,
            "sessions": self.sessions,
            "in_play": self.tally.in_play,
            "round": self.tally.round_to,
            "stake": None if self.tally.stake is None else float(self.tally.stake),
            "players": {p.name: p.to_json() for p in self.players},
            "partnerships": [partnership_json(p) for p in self.partnerships],
        }


def _number(x: Decimal | None) -> int | float | None:
    if x is None:
        return None
    return int(x) if x == x.to_integral_value() else float(x)


def statistics(
    games: Sequence[GameSummary],
    span: Span = Span(),
    merges: Merges | None = None,
    round_to: int | None = None,
    stake: Decimal | None = None,
    player: str | None = None,
    evenings: Evenings | None = None,
) -> Stats:
    """The statistics of the games of ``span`` among ``games`` (every game of the history: the
    evenings are worked out from them all), by person (``merges``), with the tally's rounding
    and stake. ``player``: only that person (a name; the caller has checked it is someone)
    and their partnerships. ``evenings``: ``Evenings.of`` the same games, when the caller keeps
    it from one look to the next."""
    merges = merges if merges is not None else Merges()
    everyone = merges.apply(games)
    began = (evenings if evenings is not None else Evenings.of(games)).began
    chosen = span.select(everyone)
    key = merges.key(player) if player is not None else None
    if key is not None:
        chosen = _of(chosen, key)
    ordered = oldest_first(chosen)
    t = tally_in_order(ordered, round_to, stake)
    # The people, in the tally's order (the best net first), then those who only played duplicate.
    names: dict[str, str] = {}
    for p in t.players:
        if not p.pair:
            names.setdefault(person_key(p.name), p.name)
    duplicate: dict[str, DuplicateTally] = {}
    for d in t.duplicate:
        if not d.pair:
            duplicate[person_key(d.name)] = d
            names.setdefault(person_key(d.name), d.name)
    money_rows = {person_key(p.name): p for p in t.players if not p.pair}
    nights = _money_evenings(t, began, key)
    tables = seatings(t.money)
    people, pair_games = _gathered(ordered, tables, began, key)
    players = []
    for k, name in names.items():
        if key is not None and k != key:
            continue
        mine = money_rows.get(k)
        them = people.get(k) or _Person()
        seats = _column_sums(them.rows)
        money_nights = nights.get(k)
        played = them.evenings if money_nights is None else them.evenings | money_nights.seen
        players.append(
            PlayerStats(
                name=name,
                key=k,
                evenings=len(played),
                games=mine.games if mine else 0,
                won=them.won,
                rubbers=them.rubbers,
                rubbers_won=them.rubbers_won,
                points=mine.points if mine else 0,
                money=mine.money if mine else None,
                best=money_nights.best if money_nights else None,
                worst=money_nights.worst if money_nights else None,
                declarer=Declarer(seats),
                defender=Defender(seats),
                duplicate=duplicate.get(k),
            )
        )
    # A partnership's two are spelled as their own rows are (the tally's spelling), whatever
    # the game that first saw them together had: one person, one name, in every table.
    pairs = tuple(_respelled(p, names) for p in partnerships(ordered, tables, of=key))
    return Stats(span, tuple(players), pairs, t, key, pair_games)


def _of(games: Sequence[GameSummary], key: str) -> list[GameSummary]:
    """The games the person of ``key`` played: at a seat, or in a pair of a game counted by pairs."""
    sits = dict.fromkeys(map(_PLAYERS, games), False)  # a few tables of names hold a lifetime of games
    for players in sits:
        sits[players] = key in _keys(players)
    return [g for g in games if sits[g.players] or (g.by_pairs and key in _pair_keys(g))]


@dataclass(slots=True)
class _Person:
    """What one person's statistics add up from their counted games: the rows of the seats they
    held (one after the other), the evenings of their duplicate sessions (those of their money
    games are ``_money_evenings``'), and of the money games those their side ended ahead in,
    the rubbers and those their side won."""

    rows: list[int] = field(default_factory=list)
    evenings: set[datetime] = field(default_factory=set)
    won: int = 0
    rubbers: int = 0
    rubbers_won: int = 0


_SEAT_ROW = tuple(operator.itemgetter(i) for i in range(len(SEATS)))  # a game's row of each seat
_SEAT_STATS, _PLAYERS = operator.attrgetter("seat_stats"), operator.attrgetter("players")


def _gathered(
    ordered: Sequence[GameSummary],
    tables: Mapping[tuple[str, ...], Seated],
    began: Mapping[str, datetime | None],
    key: str | None,
) -> tuple[dict[str, _Person], int]:
    """Each person's rows, evenings of duplicate sessions and results over the counted games of
    ``ordered`` (only the person of ``key``, if given), and how many were counted by pairs.

    The money games come a table of names at a time, as the tally took them (``tables``): each
    seat's rows to its person, and what its side did."""
    people: dict[str, _Person] = {}
    for players, seated in tables.items():
        seating = _seating(players)
        stats = list(map(_SEAT_STATS, seated.games))
        whole = set(map(len, stats)) == {len(SEATS)}  # every game with its four rows (a summary made without is none)
        for i, k, side in seating if key is None else _only(seating, key):
            person = people.get(k)
            if person is None:
                person = people[k] = _Person()
            add = person.rows.extend
            for row in map(_SEAT_ROW[i], stats) if whole else (s[i] for s in stats if i < len(s)):
                add(row)  # a tuple's items, copied at once (an iterator's would come one by one)
            person.won += seated.ahead(side)
            person.rubbers += seated.rubbers
            person.rubbers_won += seated.won(side)
    pair_games = 0
    for g in ordered:
        if g.duplicate and g.counted:
            pair_games += g.by_pairs
            _add_session(people, g, began.get(g.id), key)
    return people, pair_games


def _add_session(people: dict[str, _Person], g: GameSummary, when: datetime | None, key: str | None) -> None:
    """A counted duplicate session into ``people``: each seat's row and the evening; counted by
    pairs, the players are the pairs' (a row each, ``game_stats.pair_rows``), and every one of
    them played that evening."""
    stats = g.seat_stats
    seating = _seating(g.players)
    found = [(i, k) for i, k, _side in (seating if key is None else _only(seating, key))]
    if g.by_pairs:
        found += [(i, k) for i, k in _pair_places(g) if key is None or k == key]
    for i, k in found:
        person = people.get(k)
        if person is None:
            person = people[k] = _Person()
        if i < len(stats):
            person.rows.extend(stats[i])
        if when is not None:
            person.evenings.add(when)


def _respelled(p: PartnershipTally, names: Mapping[str, str]) -> PartnershipTally:
    """``p`` with each name as ``names`` (by key) spells its person; the order is the keys', and stays."""
    a, b = (names.get(person_key(n), n) for n in p.names)
    return p if (a, b) == p.names else dataclasses.replace(p, names=(a, b))


@dataclass(frozen=True, slots=True)
class Evenings:
    """When the evening of each game began (by the game's id), as the tally's "tonight" has
    it, from every game of the history: worked out once for all the looks at one history."""

    began: Mapping[str, datetime | None]

    @classmethod
    def of(cls, games: Sequence[GameSummary]) -> Evenings:
        """An evening is the table's, whoever sat at it: no merge changes one."""
        return cls(dict(zip((g.id for g in games), evening_starts(games))))


def _column_sums(flat: list[int]) -> SeatRow:
    """The rows laid one after the other in ``flat``, added up figure by figure."""
    if not flat:
        return EMPTY
    return tuple(sum(flat[j::WIDTH]) for j in range(WIDTH))


@functools.lru_cache(maxsize=4096)
def _keys(players: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(person_key(n) for n in players)


@functools.lru_cache(maxsize=4096)
def _seating(players: tuple[str, ...]) -> tuple[tuple[int, str, Side], ...]:
    """The named seats of a game: each seat's place (N, E, S, W from 0), its person's key, its side."""
    return tuple((i, k, SEATS[i].side) for i, k in enumerate(_keys(players)) if k)


def _pair_places(g: GameSummary) -> list[tuple[int, str]]:
    """The people of a game's pairs who had a board compared, as the tally
    counts them: each one's place among its statistics rows (two a pair) and their key."""
    return [(2 * j + m, k) for j, p in enumerate(g.pairs) if p.boards for m, k in enumerate(person_key(n) for n in p.names) if k]


def _pair_keys(g: GameSummary) -> list[str]:
    """The keys of ``_pair_places``."""
    return [k for _, k in _pair_places(g)]


@functools.lru_cache(maxsize=4096)
def _only(seating: tuple[tuple[int, str, Side], ...], key: str) -> tuple[tuple[int, str, Side], ...]:
    """The seats of ``seating`` the person of ``key`` sat in."""
    return tuple(seat for seat in seating if seat[1] == key)


@dataclass(slots=True)
class _Nights:
    """A person's evenings of money games: each one's start, and the best and the worst of them."""

    seen: set[datetime]
    best: Evening
    worst: Evening


def _money_evenings(t: Tally, began: Mapping[str, datetime | None], key: str | None) -> dict[str, _Nights]:
    """Each person's evenings of money games, and their best and worst of them (their net over
    its money games, from the tally's running nets), the earlier of two equal."""
    out: dict[str, _Nights] = {}
    if not isinstance(t.running, RunningNets):
        return out
    nights = list(map(began.get, t.ids))  # each counted money game's evening, in the tally's order
    for p in t.players:
        k = person_key(p.name)
        if p.pair or (key is not None and k != key):
            continue
        evenings = _evening_nets(*t.running.moves(p.name), nights)
        if evenings:
            # max and min keep the first of equals: the evenings come in order.
            best, worst = max(evenings, key=_POINTS), min(evenings, key=_POINTS)
            out[k] = _Nights({night for night, _ in evenings}, Evening(*best), Evening(*worst))
    return out


_POINTS = operator.itemgetter(1)


def _evening_nets(games: Sequence[int], nets: Sequence[int], nights: Sequence[datetime | None]) -> list[tuple[datetime, int]]:
    """A person's net over each evening of their money games, in order: ``games``, the tally's
    games (from 0) that moved their net, ``nets`` their net after each, ``nights`` the evening
    of every game of the tally. The games come oldest first and their evenings with them: an
    evening's net is the change over its run of games."""
    out: list[tuple[datetime, int]] = []
    night: datetime | None = None
    at_start = before = 0
    for i, net in zip(games, nets):
        when = nights[i]
        if when != night:
            if night is not None:
                out.append((night, before - at_start))
            night, at_start = when, before
        before = net
    if night is not None:
        out.append((night, before - at_start))
    return out
