"""A game in a line: what the history lists and the tally counts, without the game's hands.

One type for both, made once from the game's derived record (``GameSummary.of_record``) and
kept in the history's index (``bridgepad.services.history``), so that neither the history
nor the tally reads a game file to show or count it. IMPs stay a Decimal from the state to
the index and back (kept there as text), never a float. The statistics rows of its seats
(``bridgepad.core.evening.game_stats``) come with it, for the statistics of a lifetime.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from bridgepad.core.evening.game_stats import SeatRow, state_stats_rows, stats_rows
from bridgepad.core.evening.kinds import evening_of
from bridgepad.core.evening.pair_summary import PairSummary
from bridgepad.core.evening.windows import parse_time
from bridgepad.core.model import Side
from bridgepad.core.records.record import GameRecord
from bridgepad.core.rules.game import GameState, Mode, Status, rubber_winner
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.summary import headline

__all__ = ["COUNTED", "GameSummary", "PairSummary"]

COUNTED = frozenset({Status.WON, Status.FINISHED, Status.ENDED})
_NS, _EW = Side.NS, Side.EW  # a lifetime of games summarised: looked up once (an enum's class attribute is slow)


_BOARD_MODES = frozenset(m for m in Mode if rules_for(m).boards)  # asked of every game of a lifetime: a set, not a call


# Made for every game each time the index is read (a lifetime of them): a plain slotted
# dataclass, never changed once made, since a frozen one's __init__ costs many times more.
@dataclass(slots=True)
class GameSummary:
    """One game for the history and the tally.

    Pairs of figures are (N-S, E-W). ``created`` and ``updated`` are when the game started
    and last changed (timezone-aware; None when the file's time cannot be read, and then
    ``written`` is the start as the file has it). ``players`` are the names by seat N, E,
    S, W ("" for a seat without a name). A duplicate session also keeps its scoring form
    and N-S's comparison: IMPs, matchpoints and the sum of the tops (``imps`` None and
    ``top`` 0 while nothing is compared).
    """

    id: str
    created: datetime | None
    updated: datetime | None
    mode: Mode
    players: tuple[str, str, str, str]
    games: tuple[int, int]  # games won: N-S, E-W
    totals: tuple[int, int]  # N-S total, E-W total
    status: Status
    complete: bool
    hands: int
    we: Side  # the side the pad writes as We (settings.we)
    headline: str  # bridgepad.core.words.summary.headline, from We's point of view
    scoring: DuplicateScoring | None = None  # duplicate: IMPs or matchpoints
    imps: Decimal | None = None  # duplicate: N-S IMPs
    matchpoints: int = 0  # duplicate: N-S matchpoints
    top: int = 0  # duplicate: the sum of the tops
    pct: Decimal | None = None  # duplicate: N-S's percentage as the session's settings take it
    boards: int = 0  # duplicate: the boards compared (counted by pairs: the movement's boards)
    sitting_out: tuple[str, ...] = ()  # players at the table who waited out this game, as entered
    written: str = ""  # the start time as the game file has it
    # A game whose tables each enter their own results (its kind's ``kinds.SummaryFields``): its
    # tables (0: one table), its movement, who leads, and each pair.
    tables: int = 0
    movement: str = ""  # teams or mitchell
    leaders: str = ""  # who leads or won, in a line
    pairs: tuple[PairSummary, ...] = ()
    seat_stats: tuple[SeatRow, ...] = ()  # game_stats.stats_rows: a row a seat, N, E, S, W (or a pair's player)

    @property
    def started(self) -> datetime | None:
        return self.created

    @property
    def timestamp(self) -> float | None:
        """``created`` as POSIX seconds."""
        return None if self.created is None else self.created.timestamp()

    @property
    def margin(self) -> int:
        """N-S total less E-W total."""
        return self.totals[0] - self.totals[1]

    def total(self, side: Side) -> int:
        return self.totals[0] if side is Side.NS else self.totals[1]

    def games_won(self, side: Side) -> int:
        return self.games[0] if side is Side.NS else self.games[1]

    @property
    def rubber_winner(self) -> Side | None:
        """The side that won this rubber with two games (None: not a rubber, or not won: in play,
        or ended by the players before a side had two games)."""
        return rubber_winner(self.status, *self.games)

    @property
    def over(self) -> bool:
        return self.status.over

    @property
    def duplicate(self) -> bool:
        return self.mode in _BOARD_MODES

    @property
    def by_pairs(self) -> bool:
        """Its players are counted by their pairs (``pairs``), not by seat: a game whose tables
        each enter their own results."""
        return self.tables > 1

    @property
    def counted(self) -> bool:
        """A finished game (rubber, Chicago), or a session with a board compared (duplicate;
        counted by pairs, a board of any pair's)."""
        if self.by_pairs:
            return any(p.boards for p in self.pairs)
        if self.duplicate:
            return self.top > 0
        return self.status in COUNTED

    @classmethod
    def of_record(cls, record: GameRecord) -> GameSummary:
        """The summary of a game's derived record, its seats' statistics rows with it."""
        return cls.of_state(record.state, record.id, record.created, record.updated, stats_rows(record))

    @classmethod
    def of_derived(cls, st: GameState, id: str, created: str, updated: str) -> GameSummary:
        """``of_record`` of the record of ``st``, without making the record: the summary is
        made of the state alone, and the statistics rows come from it alike (``state_stats_rows``).
        The history's index reads a lifetime of games this way; a record costs as much again."""
        return cls.of_state(st, id, created, updated, state_stats_rows(st))

    @classmethod
    def of_state(cls, st: GameState, id: str, created: str, updated: str, seat_stats: tuple[SeatRow, ...] = ()) -> GameSummary:
        """The summary of a game's derived state, with the times its file gives (and, from its
        record, its seats' statistics rows: ``of_record``)."""
        session = st.session
        compared = session is not None and bool(session.compared)
        game = st.game
        summary = cls(
            id=id,
            created=parse_time(created),
            updated=parse_time(updated or created),
            mode=st.mode,
            players=game.players,
            games=(st.games[_NS], st.games[_EW]),
            totals=(st.total(_NS), st.total(_EW)),
            status=st.status,
            complete=st.complete,
            hands=len(st.hands),
            we=game.settings.we,
            headline=headline(st, game.settings.we),
            scoring=game.settings.duplicate_scoring if session is not None else None,
            imps=session.imps_total if session is not None and compared else None,
            matchpoints=session.matchpoints if session is not None and compared else 0,
            top=session.top if session is not None and compared else 0,
            pct=session.percent if session is not None and compared else None,
            boards=session.compared if session is not None and compared else 0,  # (counted by pairs: below)
            sitting_out=game.sitting_out,
            written=created,
            seat_stats=seat_stats,
        )
        fields = evening_of(game).summary_fields(st)  # what its kind adds: nothing, for the pad's game
        return replace(summary, **fields) if fields else summary
