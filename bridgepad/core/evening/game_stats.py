"""A game's statistics rows: what each seat did as declarer and as defender.

Each kind of game turns its one derived record (``bridgepad.core.records.record``) into
rows of figures, in the order ``FIGURES`` names them (``stats_rows``, asking ``kinds``).
The history's index keeps the rows beside the game's summary (``GameSummary.seat_stats``),
made once when the game is read, so that the statistics of a lifetime
(``bridgepad.core.evening.stats``) are sums of rows and never read a game file or a hand.
The index takes the same rows from the state the record is made of (``state_stats_rows``),
as it needs nothing else of the record.

What counts
    Every hand played with a contract: a passed-out deal is nobody's contract, and is in
    no row. The tricks are the tricks scored, after any revoke's transfer (the result the
    pad writes), so a contract made is one whose tricks scored reach the tricks bid.

    A contract is counted by what was bid, undoubled: a part score, a game (its tricks bid
    worth ``tables.GAME`` below the line: 3NT, 4♥, 4♠, 5♣, 5♦ and beyond), a small slam (six)
    or a grand slam (seven). A doubled 2♠ that makes is a part score doubled into game, and
    counts as a part score bid (and as a doubled contract made).

    ``doubled_made`` and ``doubled_down`` count the doubled and the redoubled contracts alike
    (a redoubled contract was doubled first); ``redoubled_made`` and ``redoubled_down`` the
    redoubled among them. A defender's double is any doubled or redoubled contract they
    defended; ``doubles_set`` those that went down.

Rows
    The pad's game gives one row per seat, North, East, South, West, whoever sat there (a
    seat without a name has its row too: the statistics skip it, as the tally skips a seat
    nobody holds): ``seat_rows``.

    A game counted by its pairs gives one row per player of each pair instead, the pairs in
    the session's order (the order of ``GameSummary.pairs``), each pair's two in the order of
    their names, from its kind's face (``kinds``); a contract it counts is counted as
    defended in both rows of the pair against it (``count_defended``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING

from bridgepad.core.evening.kinds import evening_of
from bridgepad.core.model import Contract, Doubling, Seat, Strain
from bridgepad.core.rules.tables import GAME, trick_score

if TYPE_CHECKING:
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import GameState

# The figures of a row, in order. Changing them changes the index: bump its schema.
FIGURES = (
    "played",  # contracts declared
    "made",
    "part_bid",
    "part_made",
    "game_bid",
    "game_made",
    "small_bid",
    "small_made",
    "grand_bid",
    "grand_made",
    "doubled_made",  # doubled or redoubled, made
    "doubled_down",
    "redoubled_made",
    "redoubled_down",
    "tricks_over",  # the sum of tricks scored less tricks bid: + over, - under
    "defended",  # contracts defended
    "set",  # of them, down
    "doubled_defended",  # of them, doubled or redoubled
    "doubles_set",  # of those, down
)
WIDTH = len(FIGURES)
AT = {name: i for i, name in enumerate(FIGURES)}

SeatRow = tuple[int, ...]  # one seat's figures, in FIGURES' order
Play = tuple[Contract | None, Seat | None, int | None]  # a hand: its contract, declarer and tricks scored
EMPTY: SeatRow = (0,) * WIDTH
SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)


class Bid(str, Enum):
    """What a contract was bid as."""

    PART = "part"
    GAME = "game"
    SMALL = "small"
    GRAND = "grand"


def bid_kind(contract: Contract) -> Bid:
    """A part score, a game, a small or a grand slam, by the contract as bid, undoubled.

    >>> from bridgepad.core.model import Strain
    >>> [bid_kind(Contract(n, strain)).value for n, strain in ((2, Strain.NT), (3, Strain.NT), (4, Strain.C), (5, Strain.D))]
    ['part', 'game', 'part', 'game']
    """
    if contract.level == 7:
        return Bid.GRAND
    if contract.level == 6:
        return Bid.SMALL
    undoubled = Contract(contract.level, contract.strain) if contract.doubling is not Doubling.NONE else contract
    return Bid.GAME if trick_score(undoubled) >= GAME else Bid.PART


_BID_AT = {
    Bid.PART: (AT["part_bid"], AT["part_made"]),
    Bid.GAME: (AT["game_bid"], AT["game_made"]),
    Bid.SMALL: (AT["small_bid"], AT["small_made"]),
    Bid.GRAND: (AT["grand_bid"], AT["grand_made"]),
}


# 35 contracts, three ways doubled: a lifetime of hands asks again and again. Asked by the
# contract's parts, whose tuple hashes in C, where a Contract's own hash is a call of Python's.
@functools.lru_cache(maxsize=512)
def _counted(level: int, strain: Strain, doubling: Doubling) -> tuple[int, int, bool, bool]:
    """Where a contract counts: its kind's two figures (bid, made), doubled, redoubled."""
    bid, made = _BID_AT[bid_kind(Contract(level, strain, doubling))]
    return bid, made, doubling is not Doubling.NONE, doubling is Doubling.REDOUBLED


_PLACE = {seat: i for i, seat in enumerate(SEAT_ORDER)}
# The defenders of each declarer, by place: the two on either side.
_DEFENDERS = {seat: (_PLACE[seat.next], _PLACE[seat.next.partner]) for seat in SEAT_ORDER}
(_PLAYED, _MADE, _DOUBLED_MADE, _DOUBLED_DOWN, _REDOUBLED_MADE, _REDOUBLED_DOWN, _OVER) = (
    AT[f] for f in ("played", "made", "doubled_made", "doubled_down", "redoubled_made", "redoubled_down", "tricks_over")
)
(_DEFENDED, _SET, _DOUBLED_DEFENDED, _DOUBLES_SET) = (AT[f] for f in ("defended", "set", "doubled_defended", "doubles_set"))


def seat_rows(plays: Iterable[Play]) -> tuple[SeatRow, SeatRow, SeatRow, SeatRow]:
    """The four seats' rows (N, E, S, W) of one table's hands, each as its contract, declarer and tricks scored."""
    rows = [[0] * WIDTH for _ in SEAT_ORDER]
    for contract, declarer, tricks in plays:
        if contract is None or declarer is None or tricks is None:
            continue  # passed out (nobody's contract), or a bonus of the game's own
        bid, bid_made, doubled, redoubled = _counted(contract.level, contract.strain, contract.doubling)
        over = tricks - contract.level - 6
        made = over >= 0
        mine = rows[_PLACE[declarer]]
        mine[_PLAYED] += 1
        mine[bid] += 1
        mine[_OVER] += over
        if made:
            mine[_MADE] += 1
            mine[bid_made] += 1
        if doubled:
            mine[_DOUBLED_MADE if made else _DOUBLED_DOWN] += 1
            if redoubled:
                mine[_REDOUBLED_MADE if made else _REDOUBLED_DOWN] += 1
        for place in _DEFENDERS[declarer]:
            count_defended(rows[place], doubled, made)
    n, e, s, w = (tuple(r) for r in rows)
    return n, e, s, w


def count_defended(row: list[int], doubled: bool, made: bool) -> None:
    """A contract defended, into a defender's ``row``."""
    row[_DEFENDED] += 1
    if doubled:
        row[_DOUBLED_DEFENDED] += 1
    if not made:
        row[_SET] += 1
        if doubled:
            row[_DOUBLES_SET] += 1


def stats_rows(record: GameRecord) -> tuple[SeatRow, ...]:
    """The statistics rows of a game, from its derived record, as its kind gives them: one a
    seat, N, E, S, W, for the pad's game (``seat_rows``); two a pair, counted by pairs.

    The history's index takes the same rows from the game's derived state when it reads a
    game (``state_stats_rows``).
    """
    return evening_of(record.game).stats_rows(record)


def state_stats_rows(state: GameState) -> tuple[SeatRow, ...]:
    """``stats_rows`` of a game's record, from the state the record is made of, without making it:
    the history's index reads a lifetime of games for these rows and their summaries, which need
    nothing else of the record."""
    return evening_of(state.game).state_stats_rows(state)
