"""The tally of an evening: each player's result over the finished games, what it is
worth at a stake, and the fewest payments that settle it.

Pure: no I/O, no user interface. The history (``bridgepad.history``) supplies one
``GameResult`` per game; ``tally`` does the rest.

Who is who
    A player is a name, whatever seat it sat in, so partnerships can change from one
    game to the next: each game adds to a player the margin of the side they sat on
    (their side's total less the other side's). A seat without a name is named by the
    seat word ("North") when its partner is named. A side with neither seat named
    counts as one entity, "North-South" or "East-West", that stands for both of its
    players: its points and money are each player's share (like every other row), but
    it pays or is paid for the two of them, so its settlement balance is twice its
    points. That keeps the books balanced when one side is named and the other is not.

Which games count
    Finished games only: a rubber won, a Chicago of four deals, or any game the players
    ended early (status ``ended``). A game still in play is left out (and counted in
    ``Tally.in_play``). The mode is not looked at.

Rounding
    ``round_to=100`` rounds each game's margin to the nearest 100 before it is summed,
    half rounding up (1,320 → 1,300, 1,350 → 1,400, 50 → 100); the winning side gets
    the rounded margin and the losing side loses it.

Money
    ``stake`` is the money per 100 points: a player's money is points / 100 × stake, to
    the cent (half away from zero). Payments are computed exactly in points, then each
    is converted to money the same way.

Time windows
    ``Window.TODAY`` starts at local midnight today, ``Window.WEEK`` at local midnight
    on the Monday of this week (not "the last seven days"), ``Window.ALL`` has no start.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from typing import Any

from bridgepad.core.game import Status
from bridgepad.core.model import SEATS, Seat, Side

COUNTED = frozenset({Status.WON, Status.FINISHED, Status.ENDED})
EXACT_LIMIT = 14  # nonzero balances up to this many are settled by exact search
CENT = Decimal("0.01")


# Input ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the tally needs of one game.

    ``players`` are the names by seat N, E, S, W ("" for a seat without a name);
    ``created`` is when the game started (timezone-aware, or None if unknown).
    """

    players: tuple[str, str, str, str]
    ns_total: int
    ew_total: int
    status: Status
    created: datetime | None = None
    id: str = ""
    sitting_out: tuple[str, ...] = ()  # players at the table who waited out this game

    @property
    def counted(self) -> bool:
        """A finished game: won, a Chicago's four deals played, or ended by the players."""
        return self.status in COUNTED

    @property
    def margin(self) -> int:
        """N-S total less E-W total."""
        return self.ns_total - self.ew_total


# Output --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """One player's line: ``points`` is their net over the counted games.

    ``pair`` marks an unnamed partnership ("North-South", "East-West"): its points and
    money are each of its two players' share, and ``balance`` (what it settles) is
    twice its points. For everyone else ``balance == points``.
    """

    name: str
    points: int
    balance: int
    money: Decimal | None  # points / 100 × stake, to the cent; None without a stake
    games: int  # counted games played
    pair: bool = False


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer that settles the tally: ``payer`` pays ``payee``."""

    payer: str
    payee: str
    points: int
    amount: Decimal | None  # the money, to the cent; None without a stake

    @property
    def text(self) -> str:
        """"Bob pays Ann 13.20" (money), or "Bob pays Ann 1,320 points" without a stake."""
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
    """The tally: players best first (ties by name), payments, and the running nets."""

    players: tuple[PlayerTally, ...]
    payments: tuple[Payment, ...]
    running: tuple[TallyStep, ...]
    games: int  # counted games
    in_play: int  # games left out because they are still being played
    round_to: int | None
    stake: Decimal | None
    ids: tuple[str, ...] = field(default=())  # the counted games, oldest first

    def player(self, name: str) -> PlayerTally | None:
        return next((p for p in self.players if p.name == name), None)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: points as integers, money as numbers (None without a stake)."""
        money = None if self.stake is None else {p.name: float(p.money or 0) for p in self.players}
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
            "money": money,
            "pairs": [p.name for p in self.players if p.pair],
            "round": self.round_to,
            "stake": None if self.stake is None else float(self.stake),
            "ids": list(self.ids),
        }


# The arithmetic ------------------------------------------------------------


def round_margin(margin: int, unit: int | None = 100) -> int:
    """``margin`` rounded to the nearest ``unit``, half away from zero; ``None``: as is.

    >>> round_margin(1320), round_margin(1350), round_margin(50), round_margin(-1350)
    (1300, 1400, 100, -1400)
    """
    if unit is None:
        return margin
    if unit <= 0:
        raise ValueError("the rounding unit must be a positive number of points")
    size = (2 * abs(margin) + unit) // (2 * unit) * unit
    return size if margin >= 0 else -size


def money(points: int, stake: Decimal) -> Decimal:
    """``points`` / 100 × ``stake``, to the cent, half away from zero."""
    return (Decimal(points) / 100 * stake).quantize(CENT, rounding=ROUND_HALF_UP)


def entities(players: Sequence[str]) -> dict[Side, dict[str, int]]:
    """For each side, the names that play for it and how many seats each stands for.

    >>> entities(("Ann", "", "", ""))[Side.NS], entities(("Ann", "", "", ""))[Side.EW]
    ({'Ann': 1, 'South': 1}, {'East-West': 2})
    """
    names = dict(zip(SEATS, (" ".join(str(p).split()) for p in players)))
    out: dict[Side, dict[str, int]] = {}
    for side in (Side.NS, Side.EW):
        seats: tuple[Seat, Seat] = side.seats
        if not any(names[s] for s in seats):
            out[side] = {side.word: 2}
            continue
        who: dict[str, int] = {}
        for s in seats:
            name = names[s] or s.word
            who[name] = who.get(name, 0) + 1
        out[side] = who
    return out


def settle(balances: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The fewest transfers ``(payer, payee, points)`` that bring every balance to zero.

    Balances must sum to zero. The minimum is the number of nonzero balances less the
    largest number of disjoint groups that each sum to zero; it is found exactly for up
    to ``EXACT_LIMIT`` nonzero balances (a search over subsets), and beyond that by the
    greedy rule (the largest debtor pays the largest creditor), which may use a few more.
    """
    if sum(balances.values()) != 0:
        raise ValueError("the balances do not sum to zero")
    people = sorted((n for n, b in balances.items() if b), key=lambda n: (n.casefold(), n))
    if len(people) > EXACT_LIMIT:
        return _greedy({n: balances[n] for n in people})
    groups = _zero_sum_groups([balances[n] for n in people])
    out: list[tuple[str, str, int]] = []
    for g in groups:
        out.extend(_greedy({people[i]: balances[people[i]] for i in g}))
    return out


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint zero-sum groups that partition ``values`` (which sum to zero)."""
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    # best[mask]: in the best ordering of mask's members, how many prefixes sum to zero.
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        m, b = mask, 0
        while m:
            low = m & -m
            v = best[mask ^ low]
            if v > b:
                b = v
            m ^= low
        best[mask] = b + (1 if sums[mask] == 0 else 0)
    groups: list[list[int]] = []
    mask, current = full, []
    while mask:
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        m = mask
        while m:
            low = m & -m
            if best[mask ^ low] == target:
                break
            m ^= low
        current.append(low.bit_length() - 1)
        mask ^= low
        if sums[mask] == 0:
            groups.append(sorted(current))
            current = []
    return sorted(groups)


def _greedy(balances: dict[str, int]) -> list[tuple[str, str, int]]:
    """Largest debtor pays largest creditor until all are square (ties by name)."""
    bal = {n: b for n, b in balances.items() if b}
    out: list[tuple[str, str, int]] = []
    while bal:
        payer = min(bal, key=lambda n: (bal[n], n.casefold(), n))
        payee = min(bal, key=lambda n: (-bal[n], n.casefold(), n))
        amount = min(-bal[payer], bal[payee])
        if amount <= 0:  # pragma: no cover - balances sum to zero
            break
        out.append((payer, payee, amount))
        for n, d in ((payer, amount), (payee, -amount)):
            bal[n] += d
            if bal[n] == 0:
                del bal[n]
    return out


def _order_key(indexed: tuple[int, GameResult]) -> tuple[int, datetime, int]:
    i, r = indexed
    if r.created is None:
        return (1, _EPOCH, i)
    return (0, _aware(r.created), i)


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def tally(results: Iterable[GameResult], round_to: int | None = None, stake: Decimal | None = None) -> Tally:
    """Tallies ``results`` (any order; they are taken oldest first by ``created``).

    ``round_to``: None, or the unit each game's margin is rounded to (100 at most
    clubs). ``stake``: money per 100 points, or None for points only.
    """
    if stake is not None and (not stake.is_finite() or stake < 0):
        raise ValueError("the stake must be a positive amount")
    ordered = [r for _, r in sorted(enumerate(results), key=_order_key)]
    counted = [r for r in ordered if r.counted]
    in_play = sum(1 for r in ordered if r.status is Status.IN_PLAY)
    points: dict[str, int] = {}
    balance: dict[str, int] = {}
    played: dict[str, int] = {}
    pairs: set[str] = set()
    nets_after: list[dict[str, int]] = []
    for r in counted:
        margin = round_margin(r.margin, round_to)
        for side, who in entities(r.players).items():
            net = margin if side is Side.NS else -margin
            for name, seats in who.items():
                points[name] = points.get(name, 0) + net
                balance[name] = balance.get(name, 0) + net * seats
                played[name] = played.get(name, 0) + 1
                if seats == 2 and name == side.word:
                    pairs.add(name)
        nets_after.append(dict(points))
    order = sorted(points, key=lambda n: (-points[n], n.casefold(), n))
    players = tuple(
        PlayerTally(
            name=n,
            points=points[n],
            balance=balance[n],
            money=None if stake is None else money(points[n], stake),
            games=played[n],
            pair=n in pairs,
        )
        for n in order
    )
    payments = tuple(
        Payment(payer, payee, pts, None if stake is None else money(pts, stake)) for payer, payee, pts in settle(balance)
    )
    running = tuple(
        TallyStep(r.id, r.created, {n: after.get(n, 0) for n in order}) for r, after in zip(counted, nets_after)
    )
    return Tally(
        players=players,
        payments=payments,
        running=running,
        games=len(counted),
        in_play=in_play,
        round_to=round_to,
        stake=stake,
        ids=tuple(r.id for r in counted),
    )


# Time windows --------------------------------------------------------------


class Window(str, Enum):
    """Which games the tally covers: a key in the tally screen cycles through them."""

    TODAY = "today"
    WEEK = "week"
    ALL = "all"

    @property
    def label(self) -> str:
        return {Window.TODAY: "today", Window.WEEK: "this week", Window.ALL: "all time"}[self]

    @property
    def next(self) -> Window:
        """The window after this one: today → this week → all time → today."""
        order = (Window.TODAY, Window.WEEK, Window.ALL)
        return order[(order.index(self) + 1) % 3]

    def start(self, now: datetime | None = None) -> datetime | None:
        """When the window opens, timezone-aware local time (None: all time)."""
        return window_start(self, now)


def local_midnight(day: date) -> datetime:
    """The start of ``day`` in local time, timezone-aware."""
    return datetime.combine(day, time()).astimezone()


def window_start(window: Window, now: datetime | None = None) -> datetime | None:
    """Local midnight today (TODAY), local midnight on this week's Monday (WEEK), or None (ALL).

    ``now`` defaults to the current local time; a naive ``now`` is taken as local time.
    """
    if window is Window.ALL:
        return None
    now = (now or datetime.now()).astimezone()
    today = now.date()
    if window is Window.WEEK:
        today -= timedelta(days=today.weekday())
    return local_midnight(today)


def parse_time(text: str | None) -> datetime | None:
    """An ISO time as written in a game file, timezone-aware (a naive time is local); None if unreadable."""
    if not text or not isinstance(text, str):
        return None
    try:
        d = datetime.fromisoformat(text)
    except ValueError:
        return None
    return d if d.tzinfo is not None else d.astimezone()


def since(results: Iterable[GameResult], start: datetime | None) -> list[GameResult]:
    """The results of games started at or after ``start`` (all of them for None).

    A game whose start time is unknown is kept only when ``start`` is None.
    """
    if start is None:
        return list(results)
    if start.tzinfo is None:
        start = start.astimezone()
    return [r for r in results if r.created is not None and _aware(r.created) >= start]


def _aware(d: datetime) -> datetime:
    return d if d.tzinfo is not None else d.astimezone()
