"""The history of games, listed from a small summary index instead of every game file.

``index.json`` sits in the data folder next to ``games/``. It holds one summary per
game together with the game file's ``(st_mtime_ns, st_size, st_ino)`` when it was
read. ``History.summaries()`` lists the games folder (``os.scandir``), reuses every
summary whose file is unchanged, reads only the files that are new or changed, drops
the entries whose file has gone, and writes the index back (atomically) only when
something changed. An index that is missing, unreadable or of another schema is
rebuilt from the games. The index is read as strictly as a game: only a regular file
under the size limit, JSON of bounded depth (``bridgepad.store.data_files``), and each row
checked beyond its types (an id, times, printable names and headline, finite
numbers); a row that fails is dropped and its game read again from its own file, so
nothing written into the index by hand can reach a screen.

A game file that cannot be read is set aside by ``GameStore.load`` (renamed
``<id>.json.corrupt-<time>``) and reported in ``History.problems``. A file that reads
but cannot be replayed is left where it is, reported, and remembered in the index so
that it is not read again until it changes.

No textual or rich here: the command line and the screens both use it.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import os
import threading
import typing
from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any

from bridgepad.core.evening.tally import GameResult
from bridgepad.core.evening.windows import parse_time
from bridgepad.core.model import Seat, Side
from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.readers.people import MAX_WAITING
from bridgepad.core.readers.serialize import SCHEMA as GAME_SCHEMA
from bridgepad.core.readers.serialize import is_time
from bridgepad.core.records.record import GameRecord
from bridgepad.core.rules.game import GameOverError, GameState, Mode, Status, derive
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.summary import headline
from bridgepad.core.words.text import visible
from bridgepad.store.atomic_file import atomic_write
from bridgepad.store.data_files import NotReadable, load_json
from bridgepad.store.errors import UnreadableGame, shown_path
from bridgepad.store.game_id import is_game_id
from bridgepad.store.game_store import GameStore, misnamed

INDEX_NAME = "index.json"
# Bumped whenever a summary's content or the scoring that produces it changes: an
# index of another schema is rebuilt from the games.
INDEX_SCHEMA = f"4/{GAME_SCHEMA}"


def _check(test: Callable[[Any], bool]) -> dict[str, Callable[[Any], bool]]:
    """A field's metadata: what a cell of the index must pass beyond its JSON type."""
    return {"check": test}


@functools.lru_cache(maxsize=4096)  # the same few names fill most rows
def _is_name(text: str) -> bool:
    try:
        return check_name(text, Seat.N) == text
    except NotationError:
        return False


MAX_SHOWN_TEXT = 1000  # a headline or a problem: far longer than any bridgepad writes


def _is_line(text: str) -> bool:
    return len(text) <= MAX_SHOWN_TEXT and text.isprintable()


def _are_waiting(names: list[Any]) -> bool:
    return len(names) <= MAX_WAITING and all(type(n) is str and _is_name(n) for n in names)


_SCORINGS = {"": "", **{d.value: d.value for d in DuplicateScoring}}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the history shows of one game, without reading the game file: a projection
    of the game's derived state.

    Pairs of figures are (N-S, E-W). ``margin`` is N-S total less E-W total.
    ``timestamp`` is ``created`` as POSIX seconds (None if it cannot be read), and
    ``started`` the same as a timezone-aware datetime. Duplicate games also keep their
    scoring form and N-S's comparison: IMPs, matchpoints and the sum of the tops
    (``imps`` None and ``top`` 0 when nothing was compared).

    The index row is declared by these fields (``_COLUMNS``): a new field is written
    to and read from ``index.json`` as it is, checked by its type and its ``_check``.
    """

    id: str = field(metadata=_check(is_game_id))
    created: str = field(metadata=_check(is_time))  # ISO time from the file
    updated: str = field(metadata=_check(is_time))
    mode: Mode
    players: tuple[str, str, str, str] = field(metadata=_check(_is_name))  # by seat N, E, S, W; "" for no name
    games: tuple[int, int]  # games won: N-S, E-W
    totals: tuple[int, int]  # N-S total, E-W total
    margin: int
    status: Status
    complete: bool
    hands: int
    we: Side  # the side the pad writes as We (settings.we)
    headline: str  # bridgepad.core.words.summary.headline, from We's point of view
    timestamp: float | None
    scoring: str = field(default="", metadata=_check(_SCORINGS.__contains__))  # duplicate: "imps" or "matchpoints"
    imps: float | None = None  # duplicate: N-S IMPs
    matchpoints: int = 0  # duplicate: N-S matchpoints
    top: int = 0  # duplicate: the sum of the tops
    sitting_out: tuple[str, ...] = field(default=(), metadata=_check(_are_waiting))  # who waited out this game

    @property
    def started(self) -> datetime | None:
        return parse_time(self.created)

    def total(self, side: Side) -> int:
        return self.totals[0] if side is Side.NS else self.totals[1]

    def games_won(self, side: Side) -> int:
        return self.games[0] if side is Side.NS else self.games[1]

    @property
    def over(self) -> bool:
        return self.status.over

    def result(self) -> GameResult:
        """The game as the tally takes it."""
        return GameResult(
            self.players,
            self.totals[0],
            self.totals[1],
            self.status,
            self.started,
            self.id,
            updated=parse_time(self.updated),
            mode=self.mode,
            scoring=DuplicateScoring(self.scoring) if self.scoring else None,
            # The index keeps IMPs as JSON numbers; they are two-decimal figures, exact as text.
            imps=Decimal(str(self.imps)) if self.imps is not None else None,
            matchpoints=self.matchpoints,
            top=self.top,
            sitting_out=self.sitting_out,
        )

    @classmethod
    def of(cls, r: GameRecord) -> GameSummary:
        """The summary of a game's record."""
        return cls.of_state(r.state, r.id, r.created, r.updated)

    @classmethod
    def of_state(cls, st: GameState, id: str, created: str, updated: str) -> GameSummary:
        """The summary of a game's derived state: what ``of`` gives its record, without the
        record's lines (the history needs only their count, one a hand)."""
        started = parse_time(created)
        session = st.session
        compared = session is not None and bool(session.compared)
        game = st.game
        return cls(
            id=id,
            created=created,
            updated=updated or created,
            mode=st.mode,
            players=game.players,
            games=(st.games[Side.NS], st.games[Side.EW]),
            totals=(st.total(Side.NS), st.total(Side.EW)),
            margin=st.margin,
            status=st.status,
            complete=st.complete,
            hands=len(st.hands),
            we=game.settings.we,
            headline=headline(st, game.settings.we),
            timestamp=started.timestamp() if started is not None else None,
            scoring=game.settings.duplicate_scoring.value if session is not None else "",
            imps=float(session.imps_total) if session is not None and compared else None,
            matchpoints=session.matchpoints if session is not None and compared else 0,
            top=session.top if session is not None and compared else 0,
            sitting_out=game.sitting_out,
        )


# The index row -------------------------------------------------------------------------
#
# The index holds one flat row per game, which json reads far faster than objects: the
# id, the game file's mtime_ns, size and inode, then every other field of GameSummary
# in its order, a fixed tuple spread over as many cells, an enum by its value, a tuple
# of any length as a list. Each cell is checked by its JSON type and, beyond it, by
# what bridgepad could have written (``_check``, or the type's own: a printable line, a
# number in range), so that nothing written into the index by hand reaches a screen.

_INT_LIMIT = 1 << 63  # a stat figure or a score: beyond this the row was not written by bridgepad
_NONE = type(None)


def _finite(x: float | None) -> bool:
    return x is None or (abs(x) < _INT_LIMIT and math.isfinite(x))


@dataclass(frozen=True, slots=True)
class _Column:
    """One field of GameSummary in the row: its cells from ``start``, ``width`` of them."""

    name: str
    start: int
    width: int  # 1, or a fixed tuple's length
    types: tuple[type, ...]  # what JSON type each cell may have
    check: Callable[[Any], bool] | None  # each cell's check beyond its type
    decode: Callable[[Any], Any] | None  # a cell's JSON value to the field's (None: as it is)
    encode: Callable[[Any], Any] | None  # the field's value to a cell's (None: as it is)
    spread: bool  # a fixed tuple, one cell per item


def _column(f: Field[Any], hint: Any, start: int) -> _Column:
    """How the row keeps one field, from its type hint and its metadata."""
    check = f.metadata.get("check")
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if isinstance(hint, type) and issubclass(hint, Enum):
        by_value = {m.value: m for m in hint}
        return _Column(f.name, start, 1, (str,), check or by_value.__contains__, by_value.get, _value, False)
    if origin is tuple and args and args[-1] is not Ellipsis:
        (item,) = set(args)  # a fixed tuple of one type: (N-S, E-W), or the four seats
        inner = _column(f, item, start)
        return _Column(f.name, start, len(args), inner.types, inner.check, inner.decode, None, True)
    if origin is tuple:
        return _Column(f.name, start, 1, (list,), check, tuple, list, False)
    if hint in (float | None, float):
        return _Column(f.name, start, 1, (float, int, _NONE), check or _finite, _float_or_none, None, False)
    if hint is bool:
        return _Column(f.name, start, 1, (bool,), check, None, None, False)
    if hint is int:
        return _Column(f.name, start, 1, (int,), check, None, None, False)
    if hint is str:
        return _Column(f.name, start, 1, (str,), check or _is_line, None, None, False)
    raise TypeError(f"GameSummary.{f.name}: no index column for {hint!r}")


def _value(e: Enum) -> Any:
    return e.value


def _float_or_none(x: float | None) -> float | None:
    try:
        return None if x is None else float(x)
    except OverflowError:  # a row that fails its check: dropped
        return None


def _columns() -> tuple[_Column, ...]:
    hints = typing.get_type_hints(GameSummary)
    out = []
    at = 4  # the id, then the file's (mtime_ns, size, ino)
    for f in fields(GameSummary):
        if f.name == "id":
            out.append(_Column("id", 0, 1, (str,), f.metadata["check"], None, None, False))
            continue
        c = _column(f, hints[f.name], at)
        out.append(c)
        at += c.width
    return tuple(out)


_COLUMNS = _columns()
_ROW_WIDTH = 4 + sum(c.width for c in _COLUMNS if c.name != "id")
STAT_COLUMNS = ("mtime_ns", "size", "ino")


def column(name: str) -> int:
    """Where a field's (first) cell is in an index row: ``column("status")``; also the stat's names."""
    if name in STAT_COLUMNS:
        return 1 + STAT_COLUMNS.index(name)
    return next(c.start for c in _COLUMNS if c.name == name)


def _row_types() -> set[tuple[type, ...]]:
    """Every tuple of cell types a sound row may have (a number may be int, float or null)."""
    cells: list[tuple[type, ...]] = [(str,), (int,), (int,), (int,)] + [()] * (_ROW_WIDTH - 4)
    for c in _COLUMNS:
        for k in range(c.width):
            cells[c.start + k] = c.types
    return set(itertools.product(*cells))


_ROW_TYPES = _row_types()
_PROBLEM_TYPES = (str, int, int, int, str)  # id, mtime_ns, size, ino, the problem
# Cells that must hold a number in range: the stat figures, and every int column.
_INT_CELLS = (1, 2, 3, *(c.start + k for c in _COLUMNS if c.types == (int,) for k in range(c.width)))
# Each cell with a check beyond its type, and the check.
_CHECKS = tuple((c.start + k, c.check) for c in _COLUMNS if c.check is not None for k in range(c.width))


def _row(stat: tuple[int, int, int], s: GameSummary) -> list[Any]:
    row: list[Any] = [s.id, *stat]
    for c in _COLUMNS[1:]:
        v = getattr(s, c.name)
        if c.spread:
            row.extend(v)
        else:
            row.append(v if c.encode is None else c.encode(v))
    return row


def _from_rows(rows: list[list[Any]]) -> list[GameSummary | None]:
    """A summary from each index row whose cell types are in ``_ROW_TYPES``; None for a row with
    a cell bridgepad could not have written.

    Column by column rather than row by row: each check and each conversion is mapped over
    a whole column at once, which reads an index of many thousand games several times faster.
    """
    if not rows:
        return []
    cols = list(zip(*rows))
    good = [True] * len(rows)

    def drop_failing(col: tuple[Any, ...], ok: Callable[[Any], bool]) -> None:
        for k, v in enumerate(col):
            if not ok(v):
                good[k] = False

    in_range: Callable[[Any], bool] = lambda v: -_INT_LIMIT < v < _INT_LIMIT
    for at in _INT_CELLS:
        col = cols[at]
        if not (-_INT_LIMIT < min(col) and max(col) < _INT_LIMIT):
            drop_failing(col, in_range)
    for at, check in _CHECKS:
        if not all(map(check, cols[at])):
            drop_failing(cols[at], check)
    values: list[Any] = []
    for c in _COLUMNS:
        if c.spread:
            parts = cols[c.start : c.start + c.width]
            if c.decode is not None:
                parts = [tuple(map(c.decode, p)) for p in parts]
            values.append(zip(*parts))
        else:
            values.append(cols[c.start] if c.decode is None else map(c.decode, cols[c.start]))
    return [GameSummary(*v) if ok else None for v, ok in zip(zip(*values), good)]


@dataclass(slots=True)
class _Entry:
    stat: tuple[int, int, int]  # st_mtime_ns, st_size, st_ino
    summary: GameSummary | None  # None: the file reads but cannot be replayed
    problem: str = ""


def _stat_key(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _newest_first(s: GameSummary) -> tuple[bool, float, str]:
    """Sort key, used in reverse: known start times before unknown ones."""
    ts = s.timestamp
    return (ts is not None, ts or 0.0, s.id)


Progress = Callable[[int, int], None]  # (games read so far, games to read): while the index is rebuilt
PROGRESS_EVERY = 50  # games read between two reports of progress


class History:
    """Summaries of every game in a store, kept in ``index.json`` next to ``games/``.

    One instance is meant to be kept for the life of the app (or of a command) and
    asked again and again: each call lists the games folder once (one directory
    listing and a stat per file), re-reads only what changed, and parses ``index.json``
    only if another process has rewritten it since. When nothing changed, the list (and
    the tally's results) of the last call is given again. Calls from several threads
    (the screens read it in a worker) take turns.
    """

    def __init__(self, store: GameStore, *, read_only: bool = False) -> None:
        """``read_only``: for a window that may not write to the data folder; the index is
        then read but never written, and an unreadable game file is reported but left
        where it is (``GameStore.load_quietly``) instead of being set aside."""
        self.store = store
        self.read_only = read_only
        self.index_path = store.root / INDEX_NAME
        self.problems: list[str] = []  # from the last call: files skipped, and why
        self.loads = 0  # game files read by this instance (for the curious and the tests)
        self._entries: dict[str, _Entry] | None = None
        self._index_stat: tuple[int, int, int] | None = None
        self._sorted: list[GameSummary] | None = None  # the last answer, while nothing changes
        self._results: list[GameResult] | None = None
        self._unwritten = False  # a look-only call found changes the index does not hold yet
        self._looked: set[str] = set()  # games read by a look-only call, not yet by one that may write
        self._lock = threading.RLock()

    def summaries(self, progress: Progress | None = None, *, look_only: bool = False) -> list[GameSummary]:
        """Every readable game, newest first (by start time, then by id, both descending).

        Updates ``problems`` with one sentence per game file skipped. ``progress`` is
        told how many of the game files to read have been read, while any are (all of
        them when the index is rebuilt). ``look_only``: write nothing and set nothing
        aside, as a read-only window would (for a dialog that only offers names); what
        it finds is written at the next call that may write. The list returned is
        shared: not to be changed.
        """
        with self._lock:
            return self._summaries(progress, look_only or self.read_only)

    def results(self, progress: Progress | None = None) -> list[GameResult]:
        """Every game as the tally takes it (see ``bridgepad.core.evening.tally``), newest first."""
        with self._lock:
            summaries = self._summaries(progress, self.read_only)
            if self._results is None:
                self._results = [s.result() for s in summaries]
            return self._results

    def quick(self, at_most: int = 500) -> bool:
        """Whether the next call is quick enough to make on a key: the index is in memory
        already, or the folder holds at most ``at_most`` game files (one listing, no stat)."""
        with self._lock:
            if self._entries is not None and self._index_stat is not None:
                try:
                    if _stat_key(os.lstat(self.index_path)) == self._index_stat:
                        return True
                except OSError:
                    pass
        try:
            with os.scandir(self.store.games_dir) as scan:
                return sum(1 for _ in itertools.islice(scan, at_most + 1)) <= at_most
        except OSError:
            return True  # nothing to read: the call says why

    def _summaries(self, progress: Progress | None, look_only: bool) -> list[GameSummary]:
        self.problems = []
        entries, from_disk = self._read_index()
        changed = not from_disk
        seen: dict[str, _Entry] = {}
        to_read: list[str] = []
        listed = self._list()
        if listed is not None:
            for game_id, key in listed:
                old = entries.get(game_id)
                # A game only looked at is read again by the next call that may write, which
                # brings an older file up to date or sets a damaged one aside (Store.load).
                if old is not None and old.stat == key and (look_only or game_id not in self._looked):
                    seen[game_id] = old
                    if old.summary is None:
                        self.problems.append(old.problem)
                else:
                    to_read.append(game_id)
        for k, game_id in enumerate(to_read):
            if progress is not None and k % PROGRESS_EVERY == 0:
                progress(k, len(to_read))
            entry = self._read_game(game_id, look_only)
            if look_only:
                self._looked.add(game_id)
            else:
                self._looked.discard(game_id)
            changed = True
            if entry is not None:
                seen[game_id] = entry
        if progress is not None and to_read:
            progress(len(to_read), len(to_read))
        if len(seen) != len(entries):
            changed = True
        self._entries = seen
        self._unwritten = self._unwritten or changed
        if self._unwritten and not look_only and (listed is not None or os.path.lexists(self.index_path)):
            self._unwritten = not self._write_index(seen)  # a failed write is tried again next time
        if changed or self._sorted is None:
            out = [e.summary for e in seen.values() if e.summary is not None]
            out.sort(key=_newest_first, reverse=True)
            self._sorted, self._results = out, None
        return self._sorted

    def _list(self) -> list[tuple[str, tuple[int, int, int]]] | None:
        """Each game file's id and stat, from one listing of the folder; None if it cannot be listed."""
        games_dir = self.store.games_dir
        try:
            scan = os.scandir(games_dir)
        except FileNotFoundError:
            return None
        except OSError as e:
            self.problems.append(f"Could not list {shown_path(games_dir)}: {e.strerror or e}.")
            return None
        out = []
        with scan:
            for item in scan:
                name = item.name
                if not name.endswith(".json") or name.startswith("."):
                    continue
                game_id = name[:-5]
                if not is_game_id(game_id):
                    self.problems.append(misnamed(games_dir, name))
                    continue
                try:
                    out.append((game_id, _stat_key(item.stat(follow_symlinks=False))))
                except OSError:
                    continue  # gone since the listing
        return out

    # The index file --------------------------------------------------------
    def _read_index(self) -> tuple[dict[str, _Entry], bool]:
        """The entries of index.json (or those in memory, while it has not changed), and whether
        they are current: False when it could not be read at all."""
        try:
            key: tuple[int, int, int] | None = _stat_key(os.lstat(self.index_path))
        except OSError:
            key = None
        if self._entries is not None and key == self._index_stat:
            # What this instance last read or wrote (or, only looking, last built): still current;
            # ``_unwritten`` says whether the file is yet to be written.
            return self._entries, True
        self._index_stat = None
        self._sorted = None
        if key is None:
            return {}, False
        try:
            data = load_json(self.index_path)
        except (OSError, NotReadable):
            return {}, False  # rebuilt from the games, and written over (it is only a summary)
        if (
            not isinstance(data, dict)
            or data.get("schema") != INDEX_SCHEMA
            or not isinstance(data.get("games"), list)
            or not isinstance(data.get("problems"), list)
        ):
            return {}, False
        entries: dict[str, _Entry] = {}
        row_types = _ROW_TYPES
        # A damaged row is skipped, and that game simply read again.
        rows = [r for r in data["games"] if type(r) is list and tuple(map(type, r)) in row_types]
        for r, summary in zip(rows, _from_rows(rows)):
            if summary is not None:
                entries[r[0]] = _Entry((r[1], r[2], r[3]), summary)
        for r in data["problems"]:
            if type(r) is list and tuple(map(type, r)) == _PROBLEM_TYPES and is_game_id(r[0]) and _is_line(r[4]):
                entries[r[0]] = _Entry((r[1], r[2], r[3]), None, r[4])
        self._index_stat = key
        return entries, True

    def _write_index(self, entries: dict[str, _Entry]) -> bool:
        rows = [_row(e.stat, e.summary) for _, e in sorted(entries.items()) if e.summary is not None]
        problems = [[k, *e.stat, e.problem] for k, e in sorted(entries.items()) if e.summary is None]
        # One row a line: compact, yet a person can still read it.
        dump = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        text = (
            f'{{"schema":{dump(INDEX_SCHEMA)},\n"games":[\n'
            + ",\n".join(dump(r) for r in rows)
            + '\n],\n"problems":[\n'
            + ",\n".join(dump(r) for r in problems)
            + "\n]}\n"
        )
        try:
            atomic_write(self.index_path, text.encode("utf-8"))
            self._index_stat = _stat_key(os.stat(self.index_path))
            return True
        except OSError as e:
            self._index_stat = None
            self.problems.append(f"Could not write the history index {shown_path(self.index_path)}: {e.strerror or e}.")
            return False

    # One game file ---------------------------------------------------------
    def _read_game(self, game_id: str, look_only: bool) -> _Entry | None:
        """Reads one game into an entry; None if it is gone, unreadable (set aside unless
        ``look_only``) or cannot be read yet."""
        path = self.store.path(game_id)
        self.loads += 1
        try:
            before = _stat_key(os.lstat(path))
            stored = self.store.read(game_id) if look_only else self.store.load(game_id)
        except FileNotFoundError:
            return None
        except UnreadableGame as e:
            self.problems.append(str(e) if e.kept or not look_only else f"{str(e)[:-1]}; it was left as it is.")
            return None
        try:
            summary = GameSummary.of_state(derive(stored.game), stored.id, stored.created, stored.updated)
        except GameOverError as e:
            problem = f"Could not replay {path.name}: {visible(str(e))}; it was left as it is."
            self.problems.append(problem)
            return _Entry(before, None, problem)
        return _Entry(before, summary)
