"""The tally of an evening: each player's result over the finished games, what it is
worth at a stake, the fewest payments that settle it, the duplicate sessions by IMPs
or matchpoints, and who sat out.

Pure: no I/O, no user interface. The history (``bridgepad.services.history``) supplies one
``GameResult`` per game, a projection of the game's derived record; ``tally`` does the
rest, with the arithmetic of ``bridgepad.core.rules.settlement``.

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
    The new-game dialog records who waited with each game (``GameResult.sitting_out``):
    when any game of the window has such a record, the records are the answer (a game
    without one had nobody waiting, and a player who only waited still gets a row).
    Games from before those records (an imported log) are counted by inference: the
    games counted less the games each played. ``Tally.rotation`` says whether the
    window had such a table.

Rounding
    ``round_to=100`` rounds each game's margin to the nearest 100 before it is summed,
    half rounding up (1,320 → 1,300, 1,350 → 1,400, 50 → 100); the winning side gets
    the rounded margin and the losing side loses it.

Money
    ``stake`` is the money per 100 points: a player's money is points / 100 × stake, to
    the cent (half away from zero). Payments are computed exactly in points, then each
    is converted to money the same way.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from bridgepad.core.evening.windows import aware
from bridgepad.core.model import SEATS, Side
from bridgepad.core.readers.people import person_key
from bridgepad.core.rules.duplicate import percent
from bridgepad.core.rules.game import Mode, Status
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.rules.settlement import check_stake, money, round_margin, settle

COUNTED = frozenset({Status.WON, Status.FINISHED, Status.ENDED})
ROTATION = range(5, 7)  # five or six people: one or two sit out each game


# Input ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the tally needs of one game.

    ``players`` are the names by seat N, E, S, W ("" for a seat without a name);
    ``created`` is when the game started and ``updated`` when it last changed
    (timezone-aware, or None if unknown). A duplicate session also carries its
    scoring form and N-S's comparison over the boards compared.
    """

    players: tuple[str, str, str, str]
    ns_total: int
    ew_total: int
    status: Status
    created: datetime | None = None
    id: str = ""
    updated: datetime | None = None
    mode: Mode = Mode.RUBBER
    scoring: DuplicateScoring | None = None
    imps: Decimal | None = None  # N-S IMPs (None: nothing compared)
    matchpoints: int = 0  # N-S matchpoints
    top: int = 0  # the sum of the tops (0: nothing compared)
    sitting_out: tuple[str, ...] = ()  # players at the table who waited out this game, as entered

    @property
    def duplicate(self) -> bool:
        return rules_for(self.mode).boards

    @property
    def counted(self) -> bool:
        """A finished game (rubber, Chicago), or a session with a board compared (duplicate)."""
        if self.duplicate:
            return self.top > 0
        return self.status in COUNTED

    @property
    def margin(self) -> int:
        """N-S total less E-W total."""
        return self.ns_total - self.ew_total


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

    @property
    def percent(self) -> Decimal | None:
        return percent(self.matchpoints, self.top)


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


@dataclass(frozen=True, slots=True)
class Tally:
    """The tally: players best first (ties by name), payments, the running nets, and the
    duplicate sessions apart."""

    players: tuple[PlayerTally, ...]
    payments: tuple[Payment, ...]
    running: tuple[TallyStep, ...]
    games: int  # counted rubber and Chicago games
    in_play: int  # rubber and Chicago games left out because they are still being played
    round_to: int | None
    stake: Decimal | None
    ids: tuple[str, ...] = field(default=())  # the counted games, oldest first
    duplicate: tuple[DuplicateTally, ...] = field(default=())
    sessions: int = 0  # counted duplicate sessions
    rotation: bool = False  # five or six people played the games: say who sat out
    duplicate_rotation: bool = False  # the same for the duplicate sessions

    def player(self, name: str) -> PlayerTally | None:
        return next((p for p in self.players if p.name == name), None)

    @property
    def has_pairs(self) -> bool:
        return any(p.pair for p in self.players)

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
            "sessions": self.sessions,
            "duplicate": {
                d.name: {
                    "sessions": d.sessions,
                    "imps": _number(d.imps),
                    "matchpoints": d.matchpoints if d.top else None,
                    "top": d.top if d.top else None,
                    "pct": _number(d.percent),
                    "sat_out": d.sat_out if self.duplicate_rotation and not d.pair else None,
                }
                for d in self.duplicate
            },
        }


def _number(x: Decimal | None) -> int | float | None:
    if x is None:
        return None
    return int(x) if x == x.to_integral_value() else float(x)


# The tally -----------------------------------------------------------------

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _order_key(indexed: tuple[int, GameResult]) -> tuple[int, datetime, int]:
    i, r = indexed
    if r.created is None:
        return (1, _EPOCH, i)
    return (0, aware(r.created), i)


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
    waited: int = 0  # games this player is recorded as sitting out


def _waiting(rows: dict[str, _Row], played: Sequence[GameResult]) -> bool:
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


def _by_name(rows: Mapping[str, _Row]) -> dict[str, str]:
    return {k: r.name for k, r in rows.items()}


def tally(results: Iterable[GameResult], round_to: int | None = None, stake: Decimal | None = None) -> Tally:
    """Tallies ``results`` (any order; they are taken oldest first by ``created``).

    ``round_to``: None, or the unit each game's margin is rounded to (100 at most
    clubs). ``stake``: money per 100 points, or None for points only.
    """
    if stake is not None:
        check_stake(stake)  # the one rule for a stake, in the sentences the tally screen shows
    ordered = [r for _, r in sorted(enumerate(results), key=_order_key)]
    games = [r for r in ordered if r.counted and not r.duplicate]
    sessions = [r for r in ordered if r.counted and r.duplicate]
    in_play = sum(1 for r in ordered if r.status is Status.IN_PLAY and not r.duplicate)

    rows: dict[str, _Row] = {}
    nets_after: list[dict[str, int]] = []
    for r in games:
        margin = round_margin(r.margin, round_to)
        for side, who in _sides(tuple(r.players)):
            net = margin if side is Side.NS else -margin
            for w in who:
                row = rows.setdefault(w.key, _Row(w.name, w.pair))
                row.points += net
                row.balance += net * w.seats
                row.played += 1
                row.for_partner += w.for_partner
        nets_after.append({k: row.points for k, row in rows.items()})
    recorded = _waiting(rows, games)

    dup: dict[str, _Row] = {}
    for r in sessions:
        for side, who in _sides(tuple(r.players)):
            for w in who:
                row = dup.setdefault(w.key, _Row(w.name, w.pair))
                row.played += 1
                if r.scoring is DuplicateScoring.MATCHPOINTS:
                    row.matchpoints += r.matchpoints if side is Side.NS else r.top - r.matchpoints
                    row.top += r.top
                elif r.imps is not None:
                    mine = r.imps if side is Side.NS else -r.imps
                    row.imps = mine if row.imps is None else row.imps + mine
    dup_recorded = _waiting(dup, sessions)

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
    names = _by_name(rows)
    payments = tuple(
        Payment(names[payer], names[payee], pts, None if stake is None else money(pts, stake))
        for payer, payee, pts in settle({k: row.balance for k, row in rows.items()})
    )
    running = tuple(TallyStep(r.id, r.created, {names[k]: after.get(k, 0) for k in order}) for r, after in zip(games, nets_after))

    def dup_key(k: str) -> tuple[Decimal, Decimal, str, str]:
        d = dup[k]
        return (-(d.imps or Decimal(0)), -(percent(d.matchpoints, d.top) or Decimal(0)), d.name.casefold(), d.name)

    duplicate = tuple(
        DuplicateTally(
            name=dup[k].name,
            sessions=dup[k].played,
            imps=dup[k].imps,
            matchpoints=dup[k].matchpoints,
            top=dup[k].top,
            pair=dup[k].pair,
            sat_out=_sat_out(dup[k], len(sessions), dup_recorded),
        )
        for k in sorted(dup, key=dup_key)
    )
    return Tally(
        players=players,
        payments=payments,
        running=running,
        games=len(games),
        in_play=in_play,
        round_to=round_to,
        stake=stake,
        ids=tuple(r.id for r in games),
        duplicate=duplicate,
        sessions=len(sessions),
        rotation=sum(1 for row in rows.values() if not row.pair) in ROTATION,
        duplicate_rotation=sum(1 for row in dup.values() if not row.pair) in ROTATION,
    )


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
