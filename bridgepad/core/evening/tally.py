"""The tally of an evening: each player's result over the finished games, what it is
worth at a stake, the fewest payments that settle it, the duplicate sessions by IMPs
or matchpoints, and who sat out.

Pure: no I/O, no user interface. The history (``bridgepad.services.history``) supplies
one ``GameSummary`` per game (``bridgepad.core.evening.game_summary``); ``tally`` takes
the money games (``money_games``) and the duplicate sessions (``duplicate_sessions``)
apart, with the arithmetic of ``bridgepad.core.rules.settlement``. What the screen and
``bridgepad tally`` show of it is said once, in ``bridgepad.core.evening.tally_view``.

Who is who
    A player is a person, whatever seat they sat in (names are compared as
    ``bridgepad.core.readers.people`` compares them), so partnerships can change from one game
    to the next: each game adds to a player the margin of the side they sat on (their
    side's total less the other side's).

    A seat without a name is nobody: it is never a row of the tally and never pays or
    is paid. A side whose two seats have no name counts as one entry, "North-South" or
    "East-West", standing for both its players: its points are each player's share
    (like every other row) and it settles for the two of them, so its balance is twice
    its points. A side with one named seat and one unnamed is settled by the named
    player for both seats: their points are their own share, and their balance (what
    they pay or are paid) is twice that, as if they had brought their partner's
    money. So the books always balance (each game moves the margin once for each of
    the four seats), and nobody pays a player called "West". ``PlayerTally.for_partner``
    counts the games in which a player settled so.

Which games count
    Rubber and Chicago: finished games only, a rubber won, a Chicago of four deals, or
    any game the players ended early (status ``ended``). A game still in play is left
    out (and counted in ``Tally.in_play``).

    Duplicate sessions are not played for money and their raw points mean little: they
    are tallied apart (``Tally.duplicate``), per player, by IMPs for a team match and by
    matchpoint percentage for a pairs game, from their own side's point of view. Each
    board's comparison is final as soon as its other results are in, so a session
    counts once it has a board compared, ended or not.

Who sat out
    With five or six people at the table (``ROTATION``) one or two sit out each game.
    Each row then says how many of the window's games (or sessions) the player sat out.
    The new-game dialog records who waited with each game (``GameSummary.sitting_out``):
    when any game of the window has such a record, the records are the answer (a game
    without one had nobody waiting, and a player who only waited still gets a row).
    Games from before those records (an imported log) are counted by inference: the
    games counted less the games each played. ``Tally.rotation`` says whether the
    window had such a table.

Rounding
    ``round_to=100`` (``settlement.ROUND_UNIT``, what the screen's ``r`` turns on) rounds
    each game's margin to the nearest 100 before it is summed, half rounding up (1,320 →
    1,300, 1,350 → 1,400, 50 → 100); the winning side gets the rounded margin and the
    losing side loses it.

Money
    ``stake`` is the money per 100 points: a player's money is points / 100 × stake, to
    the cent (half away from zero). Payments are computed exactly in points, then each
    is converted to money the same way.
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, overload

from bridgepad.core.evening.game_summary import GameSummary, PairSummary
from bridgepad.core.evening.windows import by_instant
from bridgepad.core.model import SEATS, Side
from bridgepad.core.readers.people import person_key
from bridgepad.core.rules.duplicate import percent
from bridgepad.core.rules.game import Mode, Status
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.rules.settlement import check_stake, money, round_margin, settle

ROTATION = range(5, 7)  # five or six people: one or two sit out each game
_NS, _EW, _RUBBER = Side.NS, Side.EW, Mode.RUBBER  # asked of every game: looked up once (an enum's class attribute is slow)
_TOTALS = operator.attrgetter("totals")


# Who sat at a side -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Who:
    """A row of the tally at one side of one game: a person, or an unnamed pair.

    ``seats`` is how many seats its result settles for: 2 for an unnamed pair, and for
    a player whose partner's seat has no name; 1 otherwise.
    """

    key: str
    name: str
    seats: int
    pair: bool = False

    @property
    def for_partner(self) -> bool:
        """A named player settling for an unnamed partner."""
        return self.seats == 2 and not self.pair


def _pair_key(side: Side) -> str:
    # Never the key of a name (person_key has no control characters), even "North-South".
    return f"\x00{side.value}"


def entities(players: Sequence[str]) -> dict[Side, tuple[Who, ...]]:
    """For each side, who its result goes to.

    >>> [w.name for w in entities(("Ann", "", "", ""))[Side.NS]], entities(("Ann", "", "", ""))[Side.NS][0].seats
    (['Ann'], 2)
    >>> [w.name for w in entities(("Ann", "", "", ""))[Side.EW]]
    ['East-West']
    """
    names = dict(zip(SEATS, (" ".join(str(p).split()) for p in players)))
    out: dict[Side, tuple[Who, ...]] = {}
    for side in (Side.NS, Side.EW):
        named = [names[s] for s in side.seats if names[s]]
        if not named:
            out[side] = (Who(_pair_key(side), side.word, 2, pair=True),)
        elif len(named) == 1 or person_key(named[0]) == person_key(named[1]):
            out[side] = (Who(person_key(named[0]), named[0], 2),)
        else:
            out[side] = tuple(Who(person_key(n), n, 1) for n in named)
    return out


@functools.lru_cache(maxsize=4096)
def _sides(players: tuple[str, ...]) -> tuple[tuple[Side, tuple[Who, ...]], ...]:
    """``entities`` as pairs, kept: a few tables of names fill a lifetime of games."""
    return tuple(entities(players).items())


@functools.lru_cache(maxsize=4096)
def _shares(players: tuple[str, ...]) -> tuple[tuple[str, str, bool, int, int, bool], ...]:
    """Who a game's margin goes to, flat: (key, name, pair, seats, +1 for N-S or -1 for E-W,
    for_partner) each."""
    return tuple(
        (w.key, w.name, w.pair, w.seats, 1 if side is Side.NS else -1, w.for_partner)
        for side, who in _sides(players)
        for w in who
    )


# Output --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """One player's line over the rubber and Chicago games: ``points`` is their net.

    ``pair`` marks an unnamed partnership ("North-South", "East-West"): its points and
    money are each of its two players' share. ``balance`` is what the row settles:
    twice its points for a pair, and for a player who settled for an unnamed partner
    (in ``for_partner`` of their games) their own share plus their partner's.
    """

    name: str
    points: int
    balance: int
    money: Decimal | None  # points / 100 × stake, to the cent; None without a stake
    games: int  # counted games played
    pair: bool = False
    sat_out: int = 0  # counted games of the window this player did not play
    for_partner: int = 0  # games in which they settled for an unnamed partner


@dataclass(frozen=True, slots=True)
class DuplicateTally:
    """One player's duplicate sessions: IMPs over the team matches, matchpoints over the pairs games.

    ``imps`` is None when they played no team match; ``percent`` is None when they
    played no pairs game. Both from the player's own side's point of view.
    """

    name: str
    sessions: int
    imps: Decimal | None
    matchpoints: int
    top: int
    pair: bool = False
    sat_out: int = 0
    boards: int = 0  # the boards of the pairs games
    shares: Decimal = Decimal(0)  # the sum of percentage × boards

    @property
    def percent(self) -> Decimal | None:
        """The percentage over all the pairs games' boards, each board weighing the same."""
        return pairs_percent(self.shares, self.boards)

    @property
    def percent_text(self) -> str:
        """``40.63% (2 bd)``: the percentage and the boards it is over; empty without a pairs game."""
        pct = self.percent
        return "" if pct is None else f"{pct:.2f}% ({self.boards} bd)"


def pairs_percent(shares: Decimal, boards: int) -> Decimal | None:
    """Sessions' percentages weighed by their boards (``shares``: the sum of percentage × boards), to two decimals."""
    if boards <= 0:
        return None
    return (shares / boards).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer that settles the tally: ``payer`` pays ``payee``."""

    payer: str
    payee: str
    points: int
    amount: Decimal | None  # the money, to the cent; None without a stake

    @property
    def text(self) -> str:
        """ "Bob pays Ann 13.20" (money), or "Bob pays Ann 1,320 points" without a stake."""
        if self.amount is not None:
            return f"{self.payer} pays {self.payee} {self.amount:,.2f}"
        return f"{self.payer} pays {self.payee} {self.points:,} points"


@dataclass(frozen=True, slots=True)
class TallyStep:
    """The running net of every player after one counted game (oldest game first).

    ``nets`` has every player of the tally, 0 before their first game.
    """

    game_id: str
    created: datetime | None
    nets: Mapping[str, int]


class RunningNets(Sequence[TallyStep]):
    """Every player's running net after each counted game, oldest first: a ``TallyStep`` per game.

    Kept as the games at which each player's net changed (the games they played), not as a
    table of every player after every game: a lifetime of games is thousands of steps, and
    the chart reads only as many as it has columns (``net``).
    """

    __slots__ = ("_created", "_games", "_ids", "_names", "_nets")

    def __init__(
        self,
        ids: Sequence[str],
        created: Sequence[datetime | None],
        names: Sequence[str],
        changes: Mapping[str, tuple[list[int], list[int]]],
    ) -> None:
        """``names`` in the tally's order; ``changes[name]``: the indexes of the games that
        changed the player's net (ascending) and the net after each."""
        self._ids = tuple(ids)
        self._created = tuple(created)
        self._names = tuple(names)
        self._games = {n: tuple(changes[n][0]) for n in self._names}
        self._nets = {n: tuple(changes[n][1]) for n in self._names}

    def __len__(self) -> int:
        return len(self._ids)

    @overload
    def __getitem__(self, i: int) -> TallyStep: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[TallyStep]: ...

    def __getitem__(self, i: int | slice) -> TallyStep | Sequence[TallyStep]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        k = range(len(self))[i]  # IndexError, and negative indexes, as a tuple has them
        return TallyStep(self._ids[k], self._created[k], {n: self.net(n, k) for n in self._names})

    def _key(self) -> tuple[Any, ...]:
        return (self._ids, self._created, self._names, self._games, self._nets)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RunningNets):
            return self._key() == other._key()
        return NotImplemented

    def __repr__(self) -> str:
        return f"RunningNets({len(self)} games, {list(self._names)})"

    def moves(self, name: str) -> tuple[Sequence[int], Sequence[int]]:
        """The counted games (from 0) that moved ``name``'s net, ascending, and the net after
        each: the player's own games, for a reader that follows one player (empty for a name
        the tally does not have)."""
        return self._games.get(name, ()), self._nets.get(name, ())

    def net(self, name: str, game: int) -> int:
        """``name``'s net after the ``game``-th counted game (from 0); 0 before their first game
        and for a name the tally does not have."""
        games = self._games.get(name)
        if not games:
            return 0
        at = bisect.bisect_right(games, game)
        return self._nets[name][at - 1] if at else 0


@dataclass(slots=True)
class Seated:
    """The counted money games at one table of names (their ``players``), as the tally counts
    them: the games, oldest first; N-S's margins, each rounded as the tally rounds it, summed;
    the games each side ended ahead in (its total the larger); the rubbers, and those each side
    won (``GameSummary.rubber_winner``). The partnerships and the statistics count from these
    (``seatings``): a lifetime of games is played at a few tables of names."""

    games: list[GameSummary]
    margin: int
    ahead_ns: int
    ahead_ew: int
    rubbers: int
    won_ns: int
    won_ew: int

    @classmethod
    def of(cls, games: list[GameSummary], round_to: int | None) -> Seated:
        """The table of ``games``, their margins rounded to ``round_to``."""
        raw = [ns - ew for ns, ew in map(_TOTALS, games)]  # N-S's margins
        winners = [g.rubber_winner for g in games if g.mode is _RUBBER]  # None: a rubber nobody won
        return cls(
            games,
            margin=sum(raw) if round_to is None else sum([round_margin(m, round_to) for m in raw]),
            ahead_ns=len([m for m in raw if m > 0]),
            ahead_ew=len([m for m in raw if m < 0]),
            rubbers=len(winners),
            won_ns=winners.count(_NS),
            won_ew=winners.count(_EW),
        )

    def net(self, side: Side) -> int:
        """``side``'s margins, summed."""
        return self.margin if side is _NS else -self.margin

    def ahead(self, side: Side) -> int:
        """The games ``side`` ended ahead in."""
        return self.ahead_ns if side is _NS else self.ahead_ew

    def won(self, side: Side) -> int:
        """The rubbers ``side`` won."""
        return self.won_ns if side is _NS else self.won_ew


def seatings(money: MoneyGames) -> dict[tuple[str, ...], Seated]:
    """The counted games of the money tally ``money`` by their table of names, in the order of
    each table's first game, each table's figures added up at once."""
    return {players: Seated.of(games, money.round_to) for players, games in money.tables.items()}


@dataclass(frozen=True, slots=True)
class MoneyGames:
    """The rubber and Chicago games: players best first (ties by name), payments, the running nets."""

    players: tuple[PlayerTally, ...] = ()
    payments: tuple[Payment, ...] = ()
    running: Sequence[TallyStep] = ()  # a RunningNets from money_games
    games: int = 0  # counted games
    in_play: int = 0  # games left out because they are still being played
    round_to: int | None = None
    stake: Decimal | None = None
    ids: tuple[str, ...] = ()  # the counted games, oldest first
    rotation: bool = False  # five or six people played the games: say who sat out
    # The counted games at each table of names, oldest first: the partnerships and the
    # statistics count a table's games at once (``seatings``).
    tables: Mapping[tuple[str, ...], list[GameSummary]] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: points as integers, money as numbers (None without a stake)."""
        money_by = None if self.stake is None else {p.name: float(p.money or 0) for p in self.players}
        return {
            "players": {p.name: p.points for p in self.players},
            "games": self.games,
            "in_play": self.in_play,
            "payments": [
                {
                    "from": pay.payer,
                    "to": pay.payee,
                    "amount": float(pay.amount) if pay.amount is not None else pay.points,
                    "points": pay.points,
                }
                for pay in self.payments
            ],
            "money": money_by,
            "pairs": [p.name for p in self.players if p.pair],
            "for_partner": {p.name: p.for_partner for p in self.players if p.for_partner},
            "sat_out": {p.name: p.sat_out for p in self.players if not p.pair} if self.rotation else None,
            "round": self.round_to,
            "stake": None if self.stake is None else float(self.stake),
            "ids": list(self.ids),
        }


@dataclass(frozen=True, slots=True)
class DuplicateSessions:
    """The duplicate sessions, not for money: each player's IMPs and matchpoints, best first."""

    players: tuple[DuplicateTally, ...] = ()
    sessions: int = 0  # counted sessions
    rotation: bool = False  # five or six people played them: say who sat out

    def to_json(self) -> dict[str, Any]:
        return {
            "sessions": self.sessions,
            "duplicate": {
                d.name: {
                    "sessions": d.sessions,
                    "imps": _number(d.imps),
                    "matchpoints": d.matchpoints if d.top else None,
                    "top": d.top if d.top else None,
                    "pct": _number(d.percent),
                    "sat_out": d.sat_out if self.rotation and not d.pair else None,
                }
                for d in self.players
            },
        }


@dataclass(frozen=True, slots=True)
class Tally:
    """The tally of a window: its money games and its duplicate sessions, apart."""

    money: MoneyGames = field(default_factory=MoneyGames)
    sessions_played: DuplicateSessions = field(default_factory=DuplicateSessions)

    # The money games' figures, by the names every reader of a tally uses.
    @property
    def players(self) -> tuple[PlayerTally, ...]:
        return self.money.players

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self.money.payments

    @property
    def running(self) -> Sequence[TallyStep]:
        return self.money.running

    @property
    def games(self) -> int:
        return self.money.games

    @property
    def in_play(self) -> int:
        return self.money.in_play

    @property
    def round_to(self) -> int | None:
        return self.money.round_to

    @property
    def stake(self) -> Decimal | None:
        return self.money.stake

    @property
    def ids(self) -> tuple[str, ...]:
        return self.money.ids

    @property
    def rotation(self) -> bool:
        return self.money.rotation

    # The duplicate sessions'.
    @property
    def duplicate(self) -> tuple[DuplicateTally, ...]:
        return self.sessions_played.players

    @property
    def sessions(self) -> int:
        return self.sessions_played.sessions

    @property
    def duplicate_rotation(self) -> bool:
        return self.sessions_played.rotation

    def player(self, name: str) -> PlayerTally | None:
        return next((p for p in self.players if p.name == name), None)

    @property
    def has_pairs(self) -> bool:
        return any(p.pair for p in self.players)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: the money games' figures, then the duplicate sessions'."""
        return {**self.money.to_json(), **self.sessions_played.to_json()}


def _number(x: Decimal | None) -> int | float | None:
    if x is None:
        return None
    return int(x) if x == x.to_integral_value() else float(x)


# The tally -----------------------------------------------------------------


def oldest_first(results: Iterable[GameSummary]) -> list[GameSummary]:
    """``results`` by start time, oldest first (in the order given among equals, unknown times last)."""
    known: list[GameSummary] = []
    started: list[datetime] = []
    unknown: list[GameSummary] = []
    for r in results:
        if r.created is None:
            unknown.append(r)
        else:
            known.append(r)
            started.append(r.created)
    return [known[i] for i in by_instant(started)] + unknown


@dataclass(slots=True)
class _Row:
    """A row being summed: the first spelling of the name seen is the one shown."""

    name: str
    pair: bool
    points: int = 0
    balance: int = 0
    played: int = 0
    for_partner: int = 0
    imps: Decimal | None = None
    matchpoints: int = 0
    top: int = 0
    shares: Decimal = Decimal(0)  # the sum of percentage × boards over the pairs games
    boards: int = 0
    waited: int = 0  # games this player is recorded as sitting out
    moved_at: list[int] = field(default_factory=list)  # money games: the games that moved the points
    after: list[int] = field(default_factory=list)  # and the points after each


def _waiting(rows: dict[str, _Row], played: Sequence[GameSummary]) -> bool:
    """Counts each recorded sit-out into ``rows``; True if ``played`` has any record of one."""
    recorded = False
    for r in played:
        for name in r.sitting_out:
            rows.setdefault(person_key(name), _Row(name, False)).waited += 1
            recorded = True
    return recorded


def _sat_out(row: _Row, counted: int, recorded: bool) -> int:
    if row.pair:
        return 0
    return row.waited if recorded else counted - row.played


def _rotation(rows: Mapping[str, _Row]) -> bool:
    return sum(1 for row in rows.values() if not row.pair) in ROTATION


def tally(results: Iterable[GameSummary], round_to: int | None = None, stake: Decimal | None = None) -> Tally:
    """Tallies ``results`` (any order; they are taken oldest first by ``created``).

    ``round_to``: None, or the unit each game's margin is rounded to (100 at most
    clubs). ``stake``: money per 100 points, or None for points only.
    """
    return tally_in_order(oldest_first(results), round_to, stake)


def tally_in_order(ordered: Iterable[GameSummary], round_to: int | None = None, stake: Decimal | None = None) -> Tally:
    """``tally`` of games already oldest first (``oldest_first``), for a reader that has sorted them."""
    if stake is not None:
        check_stake(stake)  # the one rule for a stake, in the sentences the tally screen shows
    money_played: list[GameSummary] = []
    sessions: list[GameSummary] = []
    for r in ordered:
        (sessions if r.duplicate else money_played).append(r)
    return Tally(money_games(money_played, round_to, stake), duplicate_sessions(sessions))


def money_games(ordered: Sequence[GameSummary], round_to: int | None = None, stake: Decimal | None = None) -> MoneyGames:
    """The rubber and Chicago games of ``ordered`` (oldest first) tallied: nets, money, payments."""
    games = [r for r in ordered if r.counted]
    rows: dict[str, _Row] = {}
    tables: dict[tuple[str, ...], _Table] = {}
    # A lifetime is tens of thousands of games: the loop is kept to the sums themselves, and
    # each game to its table of names (a few tables hold a lifetime of games).
    for i, r in enumerate(games):
        ns, ew = r.totals
        margin = round_margin(ns - ew, round_to)
        table = tables.get(r.players)
        if table is None:
            table = tables[r.players] = _Table(_shares(r.players))
        table.games.append(r)
        for key, name, pair, seats, sign, for_partner in table.shares:
            row = rows.get(key)
            if row is None:
                row = rows[key] = _Row(name, pair)
            net = margin * sign
            row.points += net
            row.balance += net * seats
            row.played += 1
            row.for_partner += for_partner
            row.moved_at.append(i)
            row.after.append(row.points)
    recorded = _waiting(rows, games)
    order = sorted(rows, key=lambda k: (-rows[k].points, rows[k].name.casefold(), rows[k].name))
    players = tuple(
        PlayerTally(
            name=rows[k].name,
            points=rows[k].points,
            balance=rows[k].balance,
            money=None if stake is None else money(rows[k].points, stake),
            games=rows[k].played,
            pair=rows[k].pair,
            sat_out=_sat_out(rows[k], len(games), recorded),
            for_partner=rows[k].for_partner,
        )
        for k in order
    )
    names = {k: r.name for k, r in rows.items()}
    payments = tuple(
        Payment(names[payer], names[payee], pts, None if stake is None else money(pts, stake))
        for payer, payee, pts in settle({k: row.balance for k, row in rows.items()})
    )
    running = RunningNets(
        [r.id for r in games],
        [r.created for r in games],
        [names[k] for k in order],
        {names[k]: (rows[k].moved_at, rows[k].after) for k in order},
    )
    return MoneyGames(
        players=players,
        payments=payments,
        running=running,
        games=len(games),
        in_play=sum(1 for r in ordered if r.status is Status.IN_PLAY),
        round_to=round_to,
        stake=stake,
        ids=tuple(r.id for r in games),
        rotation=_rotation(rows),
        tables={players: table.games for players, table in tables.items()},
    )


@dataclass(slots=True)
class _Table:
    """A table of names being tallied: who its margins go to (``_shares``), and its counted games."""

    shares: tuple[tuple[str, str, bool, int, int, bool], ...]
    games: list[GameSummary] = field(default_factory=list)


def _add_session(row: _Row, r: GameSummary, side: Side) -> None:
    """One counted session into ``row``, from ``side``'s point of view: its IMPs, or its matchpoints
    and its percentage weighed by its boards."""
    row.played += 1
    if r.scoring is DuplicateScoring.MATCHPOINTS:
        row.matchpoints += r.matchpoints if side is Side.NS else r.top - r.matchpoints
        row.top += r.top
        ns_pct = r.pct if r.pct is not None else percent(r.matchpoints, r.top)
        if ns_pct is not None:
            boards = r.boards or 1
            row.shares += (ns_pct if side is Side.NS else 100 - ns_pct) * boards
            row.boards += boards
    elif r.imps is not None:
        mine = r.imps if side is Side.NS else -r.imps
        row.imps = mine if row.imps is None else row.imps + mine


def duplicate_sessions(ordered: Sequence[GameSummary]) -> DuplicateSessions:
    """The duplicate sessions of ``ordered`` with a board compared, per player, from their own side."""
    sessions = [r for r in ordered if r.counted]
    rows: dict[str, _Row] = {}
    for r in sessions:
        if r.by_pairs:
            _count_pairs(rows, r)
            continue
        for side, who in _sides(tuple(r.players)):
            for w in who:
                _add_session(rows.setdefault(w.key, _Row(w.name, w.pair)), r, side)
    recorded = _waiting(rows, sessions)

    def best_first(k: str) -> tuple[Decimal, Decimal, str, str]:
        d = rows[k]
        return (-(d.imps or Decimal(0)), -(pairs_percent(d.shares, d.boards) or Decimal(0)), d.name.casefold(), d.name)

    players = tuple(
        DuplicateTally(
            name=rows[k].name,
            sessions=rows[k].played,
            imps=rows[k].imps,
            matchpoints=rows[k].matchpoints,
            top=rows[k].top,
            boards=rows[k].boards,
            shares=rows[k].shares,
            pair=rows[k].pair,
            sat_out=_sat_out(rows[k], len(sessions), recorded),
        )
        for k in sorted(rows, key=best_first)
    )
    # Five or six sharing a table sit out in turn; counted by pairs, nobody waits for a seat.
    return DuplicateSessions(players, len(sessions), _rotation(rows) and not any(r.by_pairs for r in sessions))


def _count_pairs(rows: dict[str, _Row], r: GameSummary) -> None:
    """A game counted by pairs, for each named player: their pair's session, from its own side
    (its IMPs, or its percentage over the boards it had compared). A pair with no name is
    nobody, as an empty seat is: it has no row."""
    for pair in r.pairs:
        if not pair.boards:
            continue
        for name in (n for n in pair.names if n):
            _add_pair_session(rows.setdefault(person_key(name), _Row(name, False)), r, pair)


def _add_pair_session(row: _Row, r: GameSummary, pair: PairSummary) -> None:
    """One pair's session of a game counted by pairs into ``row``, from the pair's own side."""
    row.played += 1
    if r.scoring is DuplicateScoring.MATCHPOINTS:
        row.matchpoints += pair.matchpoints
        row.top += pair.top
        if pair.pct is not None:
            row.shares += pair.pct * pair.boards
            row.boards += pair.boards
    elif pair.imps is not None:
        row.imps = pair.imps if row.imps is None else row.imps + pair.imps


# Partnerships ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PartnershipTally:
    """Two players who sat together: their money games and their duplicate sessions as a pair.

    ``names`` in the order of their names. ``points`` is what the tally gives each of them for
    those games (their side's margins, rounded as the tally rounds them); ``won`` the games
    their side ended ahead in; ``rubbers`` and ``rubbers_won`` the rubbers among them and those
    their side won (``GameSummary.rubber_winner``). A session's figures are their side's, as
    the tally counts them.
    """

    names: tuple[str, str]
    games: int = 0
    won: int = 0
    points: int = 0
    sessions: int = 0
    imps: Decimal | None = None
    matchpoints: int = 0
    top: int = 0
    boards: int = 0
    shares: Decimal = Decimal(0)
    rubbers: int = 0  # of ``games``, the rubbers
    rubbers_won: int = 0  # of those, the rubbers their side won with two games

    @property
    def percent(self) -> Decimal | None:
        return pairs_percent(self.shares, self.boards)


@functools.lru_cache(maxsize=4096)
def _pairs(players: tuple[str, ...]) -> tuple[tuple[tuple[str, str], tuple[str, str], Side], ...]:
    """The partnerships of a game: for each side whose two seats hold two people, their keys and
    names (in the order of the keys) and the side."""
    names = dict(zip(SEATS, (" ".join(str(p).split()) for p in players)))
    out = []
    for side in (Side.NS, Side.EW):
        a, b = (names[s] for s in side.seats)
        ka, kb = person_key(a), person_key(b)
        if ka and kb and ka != kb:
            (ka, a), (kb, b) = sorted(((ka, a), (kb, b)))
            out.append(((ka, kb), (a, b), side))
    return tuple(out)


def partnerships(
    ordered: Sequence[GameSummary], tables: Mapping[tuple[str, ...], Seated], of: str | None = None
) -> tuple[PartnershipTally, ...]:
    """Every two players who sat together in the counted games of ``ordered`` (oldest first), the
    best first (the most points, then the best IMPs and percentage, then by name); ``of``: only
    the partnerships of the person of that key (``people.person_key``). ``tables``: the money
    games of ``ordered`` by their table of names (``seatings``), with the tally's rounding.

    The rules are the tally's: the counted games (``GameSummary.counted``), each margin rounded
    by ``settlement.round_margin``, a session's figures from the pair's side (``_add_session``).
    A side with a seat nobody holds is no partnership.
    """
    rows: dict[tuple[str, str], _Pair] = {}
    for r in ordered:
        if r.duplicate and r.counted:
            _session_pairs(rows, r, of)
    for players, seated in tables.items():
        for key, names, side in _pairs_of(players, of):
            pair = rows.get(key)
            if pair is None:
                pair = rows[key] = _Pair(names, _Row(names[0], False))
            pair.games += len(seated.games)
            pair.points += seated.net(side)
            pair.won += seated.ahead(side)
            pair.rubbers += seated.rubbers
            pair.rubbers_won += seated.won(side)

    def best_first(k: tuple[str, str]) -> tuple[int, Decimal, Decimal, str, str]:
        p = rows[k]
        d = p.sessions
        pct = pairs_percent(d.shares, d.boards) or Decimal(0)
        return (-p.points, -(d.imps or Decimal(0)), -pct, p.names[0].casefold(), p.names[1].casefold())

    return tuple(
        PartnershipTally(
            names=rows[k].names,
            games=rows[k].games,
            won=rows[k].won,
            points=rows[k].points,
            sessions=rows[k].sessions.played,
            imps=rows[k].sessions.imps,
            matchpoints=rows[k].sessions.matchpoints,
            top=rows[k].sessions.top,
            boards=rows[k].sessions.boards,
            shares=rows[k].sessions.shares,
            rubbers=rows[k].rubbers,
            rubbers_won=rows[k].rubbers_won,
        )
        for k in sorted(rows, key=best_first)
    )


def _session_pairs(rows: dict[tuple[str, str], _Pair], r: GameSummary, of: str | None) -> None:
    """A counted duplicate session's partnerships, each its session as the tally counts it: the
    named pairs of a game counted by pairs, or the two sides of one table."""
    if r.by_pairs:
        _pairs_sessions(rows, r, of)
        return
    for key, names, side in _pairs_of(r.players, of):
        pair = rows.get(key)
        if pair is None:
            pair = rows[key] = _Pair(names, _Row(names[0], False))
        _add_session(pair.sessions, r, side)


@functools.lru_cache(maxsize=4096)
def _pairs_of(players: tuple[str, ...], of: str | None) -> tuple[tuple[tuple[str, str], tuple[str, str], Side], ...]:
    """``_pairs`` of ``players``: only those of the person of key ``of``, if given."""
    return tuple(p for p in _pairs(players) if of is None or of in p[0])


def _pairs_sessions(rows: dict[tuple[str, str], _Pair], r: GameSummary, of: str | None) -> None:
    """A game's named pairs, each its session as the tally counts it."""
    for pair in r.pairs:
        a, b = (" ".join(n.split()) for n in pair.names)
        ka, kb = person_key(a), person_key(b)
        if not (pair.boards and ka and kb and ka != kb) or (of is not None and of not in (ka, kb)):
            continue
        (ka, a), (kb, b) = sorted(((ka, a), (kb, b)))
        row = rows.get((ka, kb))
        if row is None:
            row = rows[(ka, kb)] = _Pair((a, b), _Row(a, False))
        _add_pair_session(row.sessions, r, pair)


@dataclass(slots=True)
class _Pair:
    """A partnership being summed: its money games, those won and its points; its sessions as a row."""

    names: tuple[str, str]
    sessions: _Row
    games: int = 0
    won: int = 0
    points: int = 0
    rubbers: int = 0
    rubbers_won: int = 0


def notes(t: Tally) -> list[str]:
    """The sentences that explain the rows a tally has: unnamed pairs, partners settled for."""
    out = []
    if t.has_pairs:
        out.append("A side without names is one row, each player's share; it pays or is paid for both its players.")
    for p in t.players:
        if p.for_partner:
            games = f"{p.for_partner} game{'s' if p.for_partner != 1 else ''}"
            out.append(f"{p.name} settles for an unnamed partner too ({games}).")
    return out
