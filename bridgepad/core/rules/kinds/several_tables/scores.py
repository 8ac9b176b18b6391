"""A game of several tables scored: each board's traveller, each pair's and team's standing, each table's progress.

Each result is scored as a one-table board is (``modes.duplicate``), and compared with
the other results on its board exactly as "Other tables" are at one table
(``duplicate.compare``): N-S's score against the other N-S scores, E-W's as its
negative against theirs, so E-W's matchpoints are the top less N-S's and their IMPs the
negative. A pair's percentage is ``duplicate.SessionMatchpoints`` over the boards it
played (factored by Neuberg's formula, by default, where a board has fewer results than the
most any board of the session has: the same N for every pair), its IMPs their sum. A Mitchell has a winner in each direction; a team match's team is its
N-S pair at table 1 and its E-W pair at table 2, whose comparisons are the same, and its
victory points are the match's on the WBF scale.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.duplicate import Comparison, SessionMatchpoints, compare
from bridgepad.core.rules.kinds.several_tables.entering import counted, table_round
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import Movement, MovementKind, MovementSetup, Pair, Sitting
from bridgepad.core.rules.modes.base import Play
from bridgepad.core.rules.modes.duplicate import DuplicateRules
from bridgepad.core.rules.outcome import BoardOutcome, Status
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.rules.victory_points import match_vps
from bridgepad.core.rules.vulnerability import board_vulnerable

_DUPLICATE = DuplicateRules()


@dataclass(frozen=True, slots=True)
class _OneBoard:
    """A board played alone, as the duplicate rules replay one: what ``Play`` reads of a game."""

    settings: Settings
    first_board: int

    @property
    def first_dealer(self) -> Seat:
        return board_dealer(self.first_board)


def board_outcome(board: int, hand: Hand, settings: Settings) -> BoardOutcome:
    """What ``hand`` writes on ``board``, as a one-table game scores it."""
    p = Play(_OneBoard(settings, board), _DUPLICATE)
    return _DUPLICATE.play(p, hand)


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One table's result on a board: who sat, what was entered, what it scored and how it compares."""

    sitting: Sitting
    result: TableResult  # the one that counts
    outcome: BoardOutcome
    ns: Comparison  # N-S's score against the other tables' N-S scores
    ew: Comparison  # E-W's, the negative of N-S's, against theirs
    earlier: tuple[TableResult, ...] = ()  # results it replaced at this table, oldest first

    @property
    def ns_score(self) -> int:
        return self.outcome.board_score

    @property
    def table(self) -> int:
        return self.sitting.table

    def comparison(self, side: Side) -> Comparison:
        return self.ns if side is Side.NS else self.ew


@dataclass(frozen=True, slots=True)
class Traveller:
    """A board's results at every table that played it, by round, as a paper traveller lists them."""

    board: int
    dealer: Seat
    vulnerable: frozenset[Side]
    rows: tuple[TravellerRow, ...]
    expected: int  # how many tables the movement has play it

    @property
    def complete(self) -> bool:
        return len(self.rows) == self.expected


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A pair's session so far: its boards, its matchpoints or IMPs, and its place in its direction."""

    pair: Pair
    names: tuple[str, str]
    played: int  # boards with a result
    compared: int  # of those, boards with another result to compare with
    matchpoints: Fraction  # as its percentage takes them: factored, by default
    top: int
    percent: Decimal | None
    imps: Decimal
    rank: str = ""  # ``1``, ``=2``; empty while nothing is compared


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team in a team match: its two pairs, its IMPs (or matchpoints) and its victory points."""

    team: int
    pairs: tuple[Pair, Pair]  # its N-S pair at table 1 (or 2), then its E-W pair
    imps: Decimal
    matchpoints: int
    top: int
    compared: int  # boards played at both tables
    vp: Decimal | None  # None while no board is compared
    rank: str = ""


@dataclass(frozen=True, slots=True)
class TableProgress:
    """Where a table is: its round, the pairs there, and the boards of the round already in."""

    table: int
    round: int  # one past the last round: the table has finished
    sitting: Sitting | None  # None once finished
    entered: tuple[int, ...]  # the round's boards in, in the round's order

    @property
    def finished(self) -> bool:
        return self.sitting is None

    @property
    def done(self) -> bool:
        """Every board of its round is in (or it has none to play): it may move on."""
        if self.sitting is None:
            return True
        return not self.sitting.plays or len(self.entered) == len(self.sitting.boards)

    @property
    def to_enter(self) -> tuple[int, ...]:
        if self.sitting is None or not self.sitting.plays:
            return ()
        return tuple(b for b in self.sitting.boards if b not in self.entered)


@dataclass(frozen=True, slots=True)
class ResultChange:
    """A result that took another's place at its table (a table's correction, the director's
    change), with the one it replaced and what each scored for N-S."""

    result: TableResult
    replaced: TableResult
    ns_score: int
    replaced_score: int

    @property
    def board(self) -> int:
        return self.result.board

    @property
    def table(self) -> int:
        return self.result.table


@dataclass(frozen=True, slots=True)
class SeveralState:
    """Everything the laptop, the phones and the exports show of a game of several tables."""

    inputs: SeveralTables
    movement: Movement
    scoring: DuplicateScoring
    travellers: tuple[Traveller, ...]  # by board number
    standings: tuple[PairStanding, ...]  # every pair, N-S first, by number
    teams: tuple[TeamStanding, ...]  # a team match's two teams (none in a Mitchell)
    tables: tuple[TableProgress, ...]
    status: Status
    change_log: tuple[ResultChange, ...] = ()  # ``changes``, each with what it replaced and the scores

    @property
    def kind(self) -> MovementKind:
        return self.movement.kind

    @property
    def matchpointed(self) -> bool:
        return self.scoring is DuplicateScoring.MATCHPOINTS

    @property
    def results(self) -> int:
        return sum(len(t.rows) for t in self.travellers)

    @property
    def expected(self) -> int:
        return sum(t.expected for t in self.travellers)

    @property
    def complete(self) -> bool:
        return self.results == self.expected

    @property
    def changes(self) -> tuple[TableResult, ...]:
        """Every result that took another's place (a table's correction, the director's change), as they came."""
        seen: set[tuple[int, int]] = set()
        out = []
        for r in self.inputs.results:
            if (r.table, r.board) in seen:
                out.append(r)
            seen.add((r.table, r.board))
        return tuple(out)

    def traveller_sittings(self, board: int) -> tuple[tuple[Sitting, TravellerRow | None], ...]:
        """Every table that plays ``board``, by round, with its result when it is in: the
        traveller with the rows still to come."""
        rows = {row.table: row for row in self.traveller(board).rows}
        return tuple((s, rows.get(s.table)) for s in self.movement.board_sittings(board))

    def traveller(self, board: int) -> Traveller:
        for t in self.travellers:
            if t.board == board:
                return t
        raise KeyError(board)

    def standing(self, pair: Pair) -> PairStanding:
        for s in self.standings:
            if s.pair == pair:
                return s
        raise KeyError(pair)

    def ranking(self, side: Side) -> tuple[PairStanding, ...]:
        """One direction's pairs, best first (a Mitchell has a winner each way); unranked pairs last."""
        mine = [s for s in self.standings if s.pair.side is side]
        return tuple(sorted(mine, key=lambda s: (-_rank_value(s, self.matchpointed) if s.rank else 1, s.pair.number)))

    @property
    def team_ranking(self) -> tuple[TeamStanding, ...]:
        """A team match's two teams, the one in front first (by number while level or nothing is compared)."""
        return tuple(sorted(self.teams, key=lambda t: (int(t.rank.lstrip("=") or 1), t.team)))

    def pair_rows(self, pair: Pair) -> tuple[tuple[Traveller, TravellerRow], ...]:
        """The boards ``pair`` has played, with their traveller: its own card."""
        return tuple((t, row) for t in self.travellers for row in t.rows if pair in (row.sitting.ns, row.sitting.ew))

    def progress(self, table: int) -> TableProgress:
        return self.tables[table - 1]

    def round_over(self, round: int) -> bool:
        """Every table has every board of ``round`` in."""
        return all(t.round > round or (t.round == round and t.done) for t in self.tables)


def _rank_value(s: PairStanding, matchpointed: bool) -> Decimal:
    if matchpointed:
        return s.percent if s.percent is not None else Decimal(-1)
    return s.imps


def _ranked(standings: list[PairStanding], matchpointed: bool) -> dict[Pair, str]:
    """Each compared pair's place: ``1``, then ``=2`` for pairs level on the figure."""
    scored = [s for s in standings if s.compared]
    values = [_rank_value(s, matchpointed) for s in scored]
    out = {}
    for s, v in zip(scored, values):
        above = sum(1 for w in values if w > v)
        level = sum(1 for w in values if w == v)
        out[s.pair] = f"={above + 1}" if level > 1 else str(above + 1)
    return out


# Each board's traveller depends on that board's results alone (and the movement and the
# settings): kept here with the results it was worked out from, so that a result saved scores
# its own board again, not every board of the session (the laptop works the state out after
# each table's result, on its event loop). A few games are kept: the pad's and one beside it.
_BoardsKept = dict[int, tuple[tuple[TableResult, ...], "Traveller"]]
_kept_boards: list[tuple[MovementSetup, Settings, _BoardsKept]] = []
_KEPT_GAMES = 4


def _boards_kept(setup: MovementSetup, settings: Settings) -> _BoardsKept:
    # Looked up and added to, never reordered in place: another thread deriving another game
    # (an export, the history) at the same moment finds the list whole.
    for kept_setup, kept_settings, boards in tuple(_kept_boards):
        if kept_setup == setup and kept_settings == settings:
            return boards
    boards = {}
    _kept_boards.insert(0, (setup, settings, boards))
    del _kept_boards[_KEPT_GAMES:]
    return boards


def derive_several(inputs: SeveralTables, settings: Settings, ended: bool = False) -> SeveralState:
    movement = inputs.setup.movement()
    by_board: dict[int, list[TableResult]] = {}
    for r in inputs.results:
        by_board.setdefault(r.board, []).append(r)
    kept = _boards_kept(inputs.setup, settings)
    travellers_list = []
    for b in movement.board_numbers():
        sent = tuple(by_board.get(b, ()))
        found = kept.get(b)
        # Equal results give an equal traveller; a tuple compares each result by identity
        # first, so the boards no new result touched are recognised at little cost.
        if found is None or found[0] != sent:
            found = (sent, _traveller(movement, b, sent, settings))
            kept[b] = found
        travellers_list.append(found[1])
    travellers = tuple(travellers_list)
    matchpointed = settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
    # Neuberg's N is the session's: a board with fewer results than the most any board has is
    # factored up to that many for every pair, not only for pairs that met the fullest board.
    most = max((len(t.rows) for t in travellers), default=0)
    by_pair = _comparisons_by_pair(travellers)
    standings = [_standing(inputs, p, by_pair.get(p, []), settings, most) for p in movement.pairs]
    ranks: dict[Pair, str] = {}
    if movement.kind is MovementKind.MITCHELL:
        for side in (Side.NS, Side.EW):
            ranks.update(_ranked([s for s in standings if s.pair.side is side], matchpointed))
    standings = [_with_rank(s, ranks.get(s.pair, "")) for s in standings]
    teams = _teams(movement, standings, travellers, matchpointed) if movement.kind is MovementKind.TEAMS else ()
    have = counted(inputs)
    tables = tuple(_progress(inputs, movement, t, have) for t in range(1, movement.tables + 1))
    complete = all(t.complete for t in travellers)
    status = Status.ENDED if ended and not complete else Status.FINISHED if complete else Status.IN_PLAY
    log = _change_log(inputs, settings)
    return SeveralState(inputs, movement, settings.duplicate_scoring, travellers, tuple(standings), teams, tables, status, log)


@dataclass(frozen=True, slots=True)
class _ChangesSoFar:
    """The change log of the results up to ``results``, and the last result at each table's board."""

    results: tuple[TableResult, ...]
    settings: Settings
    log: tuple[ResultChange, ...]
    last: dict[tuple[int, int], TableResult]


# As with the boards: each result saved is one more than the game had, so the log goes on from
# the one worked out before instead of scoring every change again (thousands, in a long evening
# of corrections).
_recent_logs: list[_ChangesSoFar] = []


def _change_log(inputs: SeveralTables, settings: Settings) -> tuple[ResultChange, ...]:
    results = inputs.results
    start = _ChangesSoFar((), settings, (), {})
    for known in tuple(_recent_logs):
        n = len(known.results)
        goes_on = n <= len(results) and (n == 0 or results[n - 1] is known.results[-1])
        if known.settings == settings and goes_on and (known.results is results or results[:n] == known.results):
            start = known
            break
    if start.results is results:
        return start.log
    last = dict(start.last)
    log = list(start.log)
    for r in results[len(start.results) :]:
        before = last.get((r.table, r.board))
        if before is not None:
            new, old = (board_outcome(x.board, x.hand, settings).board_score for x in (r, before))
            log.append(ResultChange(r, before, new, old))
        last[(r.table, r.board)] = r
    done = _ChangesSoFar(results, settings, tuple(log), last)
    _recent_logs.insert(0, done)
    del _recent_logs[_KEPT_GAMES:]
    return done.log


def _traveller(movement: Movement, board: int, sent: tuple[TableResult, ...], settings: Settings) -> Traveller:
    """``board``'s traveller from its results as they came (the last at each table counts)."""
    have: dict[int, TableResult] = {}
    history: dict[int, list[TableResult]] = {}
    for r in sent:
        have[r.table] = r
        history.setdefault(r.table, []).append(r)
    sittings = movement.board_sittings(board)
    played = [(s, have[s.table]) for s in sittings if s.table in have]
    outcomes = [board_outcome(board, r.hand, settings) for _, r in played]
    scores = [o.board_score for o in outcomes]
    rows = []
    for i, ((sitting, result), outcome) in enumerate(zip(played, outcomes)):
        others = scores[:i] + scores[i + 1 :]
        ns = compare(scores[i], others)
        ew = compare(-scores[i], [-o for o in others])
        earlier = tuple(history[sitting.table][:-1])
        rows.append(TravellerRow(sitting, result, outcome, ns, ew, earlier))
    return Traveller(board, board_dealer(board), board_vulnerable(board), tuple(rows), len(sittings))


def _comparisons(pair: Pair, travellers: Iterable[Traveller]) -> list[Comparison]:
    return [row.comparison(pair.side) for t in travellers for row in t.rows if row.sitting.pair(pair.side) == pair]


def _comparisons_by_pair(travellers: Iterable[Traveller]) -> dict[Pair, list[Comparison]]:
    """Each pair's comparisons, board by board, in one pass over the travellers (as ``_comparisons`` gives them)."""
    out: dict[Pair, list[Comparison]] = {}
    for t in travellers:
        for row in t.rows:
            for side in (Side.NS, Side.EW):
                pair = row.sitting.pair(side)
                if pair is not None:
                    out.setdefault(pair, []).append(row.comparison(side))
    return out


def _standing(inputs: SeveralTables, pair: Pair, comparisons: list[Comparison], settings: Settings, most: int) -> PairStanding:
    acc = SessionMatchpoints(settings.pairs_percentage, most=most)
    imps = Decimal(0)
    for c in comparisons:
        acc.add(c)
        if c.imps is not None:
            imps += c.imps
    matchpoints, top = acc.scored
    return PairStanding(pair, inputs.names_of(pair), len(comparisons), acc.boards, matchpoints, top, acc.percent, imps)


def _with_rank(s: PairStanding, rank: str) -> PairStanding:
    return PairStanding(s.pair, s.names, s.played, s.compared, s.matchpoints, s.top, s.percent, s.imps, rank)


def _teams(
    movement: Movement, standings: list[PairStanding], travellers: tuple[Traveller, ...], matchpointed: bool
) -> tuple[TeamStanding, ...]:
    by_pair = {s.pair: s for s in standings}
    ns1, ns2 = (p for p in movement.pairs if p.side is Side.NS)
    ew1, ew2 = (p for p in movement.pairs if p.side is Side.EW)
    out = []
    for team, (ns, ew) in ((1, (ns1, ew2)), (2, (ns2, ew1))):
        # The team's N-S pair's comparisons are the team's: each board against the other table.
        mine = _comparisons(ns, travellers)
        s = by_pair[ns]
        matchpoints = sum(c.matchpoints for c in mine if c.compared)
        top = sum(c.top for c in mine if c.compared)
        vp = match_vps(s.imps, s.compared)[0] if s.compared else None
        out.append(TeamStanding(team, (ns, ew), s.imps, matchpoints, top, s.compared, vp))
    (a, b) = out
    if a.compared:
        key_a, key_b = (Decimal(a.matchpoints), Decimal(b.matchpoints)) if matchpointed else (a.imps, b.imps)
        ranks = ("=1", "=1") if key_a == key_b else (("1", "2") if key_a > key_b else ("2", "1"))
        out = [_team_rank(a, ranks[0]), _team_rank(b, ranks[1])]
    return tuple(out)


def _team_rank(t: TeamStanding, rank: str) -> TeamStanding:
    return TeamStanding(t.team, t.pairs, t.imps, t.matchpoints, t.top, t.compared, t.vp, rank)


def _progress(inputs: SeveralTables, movement: Movement, table: int, have: dict[tuple[int, int], TableResult]) -> TableProgress:
    now = table_round(inputs, table)
    if now > movement.rounds:
        return TableProgress(table, now, None, ())
    sitting = movement.sitting(table, now)
    entered = tuple(b for b in sitting.boards if (table, b) in have) if sitting.plays else ()
    return TableProgress(table, now, sitting, entered)
