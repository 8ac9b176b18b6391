"""The history of games, listed from a small summary index instead of every game file.

``index.sqlite`` sits in the data folder next to ``games/``: an SQLite database (the
standard library's ``sqlite3``) with one row per game, its ``GameSummary``
(``bridgepad.core.evening.game_summary``) together with the game file's
``(st_mtime_ns, st_size, st_ino)`` when it was read, and the statistics rows of its seats
(``bridgepad.core.evening.game_stats``, one BLOB: ``_pack_stats``), so that the statistics
of a lifetime read no game file either. ``History.summaries()`` lists the
games folder (``os.scandir``), reuses every summary whose file is unchanged, reads only
the files that are new or changed, drops the entries whose file has gone, and writes the
index back only when something changed.

The index is a cache: it can always be rebuilt from the games, and it is. It is built in
memory and written whole, atomically (``bridgepad.store.atomic_file``), never changed in
place, so that another window reading it never meets half a write and no journal lives in
the data folder; it is read the same way, its bytes first (only a regular file under the
size limit, ``bridgepad.store.data_files``), then opened in memory. An index that is
missing, damaged, not a database, of another schema or of another shape is rebuilt from
the games, never an error. Each row is checked beyond its types (an id, times, printable
names and headline, figures that are numbers, IMPs as a decimal); a row that fails is
dropped and its game read again from its own file, so nothing written into the index by
hand can reach a screen. IMPs are kept as text: a Decimal from the game to the tally.

A rebuild of many games (``POOL_FROM`` and more) reads them in a pool of processes, one a
core (``bridgepad.services.workers``), each sending back the index rows of its share;
the caller is told its progress, and with ``partial`` the summaries read so far, so that a
screen can fill in its rows while the rest are read.

A game file that cannot be read is set aside by ``GameStore.load`` (renamed
``<id>.json.corrupt-<time>``) and reported in ``History.problems``. A file that reads
but cannot be replayed is left where it is, reported, and remembered in the index so
that it is not read again until it changes.

No textual or rich here: the command line and the screens both use it.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import json
import os
import re
import sqlite3
import struct
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from bridgepad.core.evening.game_stats import WIDTH as STAT_WIDTH
from bridgepad.core.evening.game_stats import SeatRow
from bridgepad.core.evening.game_summary import GameSummary, PairSummary
from bridgepad.core.evening.windows import parse_time
from bridgepad.core.model import Seat, Side
from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.readers.people import MAX_WAITING
from bridgepad.core.readers.serialize import MAX_TIME_LENGTH
from bridgepad.core.readers.serialize import SCHEMA as GAME_SCHEMA
from bridgepad.core.readers.several_tables_setup import MOST_TABLES, MOVEMENT_NAMES
from bridgepad.core.rules.game import GameOverError, Mode, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.text import visible
from bridgepad.services.workers import NoPool, Pool, cores
from bridgepad.store.atomic_file import atomic_write
from bridgepad.store.data_files import NotReadable, read_regular
from bridgepad.store.errors import UnreadableGame, shown_path
from bridgepad.store.game_id import is_game_id
from bridgepad.store.game_store import GameStore, misnamed

# (A pool's processes import this module, so it imports no screen, and no more than it needs.)

INDEX_NAME = "index.sqlite"
# The largest index read: 20,000 games with their statistics rows are about 6.5 MB, so a
# lifetime of 200,000 games fits, where the 16 MB of any other data file would not (an
# index refused for its size would be rebuilt at every look).
MAX_INDEX_BYTES = 64 * 1024 * 1024
OLD_INDEX_NAME = "index.json"  # the index before it was a database: removed once this one is written
# Bumped whenever a summary's content or the scoring that produces it changes: an
# index of another schema is rebuilt from the games.
INDEX_SCHEMA = f"9/{GAME_SCHEMA}"

# The tables, exactly: an index holding anything else (a view, a trigger, another
# column) is not one bridgepad wrote, and is rebuilt.
TABLES = (
    "CREATE TABLE meta (schema TEXT NOT NULL) STRICT",
    (
        "CREATE TABLE games ("
        "id TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL, ino INTEGER NOT NULL, "
        "created TEXT NOT NULL, updated TEXT NOT NULL, mode TEXT NOT NULL, "
        "north TEXT NOT NULL, east TEXT NOT NULL, south TEXT NOT NULL, west TEXT NOT NULL, "
        "games_ns INTEGER NOT NULL, games_ew INTEGER NOT NULL, total_ns INTEGER NOT NULL, total_ew INTEGER NOT NULL, "
        "status TEXT NOT NULL, complete INTEGER NOT NULL, hands INTEGER NOT NULL, we TEXT NOT NULL, "
        "headline TEXT NOT NULL, scoring TEXT NOT NULL, imps TEXT NOT NULL, matchpoints INTEGER NOT NULL, "
        "top INTEGER NOT NULL, pct TEXT NOT NULL, boards INTEGER NOT NULL, sitting_out TEXT NOT NULL, "
        "tables INTEGER NOT NULL, movement TEXT NOT NULL, leaders TEXT NOT NULL, pairs TEXT NOT NULL, "
        "stats BLOB NOT NULL) STRICT"
    ),
    (
        "CREATE TABLE problems ("
        "id TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL, ino INTEGER NOT NULL, "
        "problem TEXT NOT NULL) STRICT"
    ),
)
_COLUMNS = (
    "id, mtime_ns, size, ino, created, updated, mode, north, east, south, west, games_ns, games_ew, "
    "total_ns, total_ew, status, complete, hands, we, headline, scoring, imps, matchpoints, top, pct, boards, sitting_out, "
    "tables, movement, leaders, pairs, stats"
)
_INTEGERS = (
    "mtime_ns", "size", "ino", "games_ns", "games_ew", "total_ns", "total_ew", "hands", "matchpoints", "top", "boards", "tables",
)  # fmt: skip
_TEXTS = (
    "id",
    "created",
    "updated",
    "north",
    "east",
    "south",
    "west",
    "headline",
    "imps",
    "pct",
    "sitting_out",
    "leaders",
    "pairs",
)
_ONE_OF = {
    "mode": tuple(m.value for m in Mode),
    "status": tuple(s.value for s in Status),
    "we": tuple(s.value for s in Side),
    "scoring": ("", *(d.value for d in DuplicateScoring)),
    "movement": ("", *MOVEMENT_NAMES),
}


def _one_of(column: str, values: tuple[str, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


# The rows a forged file could hold that bridgepad would not have written are left out by the
# database itself first (a cell of the wrong type, a value no enum has), the rest in Python.
_SELECT_GAMES = f"SELECT {_COLUMNS} FROM games WHERE " + " AND ".join(
    [f"typeof({c}) = 'integer'" for c in _INTEGERS]
    + [f"typeof({c}) = 'text'" for c in _TEXTS]
    + [_one_of(c, v) for c, v in _ONE_OF.items()]
    + ["complete IN (0, 1)", "typeof(stats) = 'blob'"]
)
_SELECT_PROBLEMS = (
    "SELECT id, mtime_ns, size, ino, problem FROM problems WHERE typeof(id) = 'text' AND typeof(mtime_ns) = 'integer' "
    "AND typeof(size) = 'integer' AND typeof(ino) = 'integer' AND typeof(problem) = 'text'"
)


@functools.lru_cache(maxsize=4096)  # the same few names fill most rows
def _is_name(text: str) -> bool:
    try:
        return check_name(text, Seat.N) == text
    except NotationError:
        return False


MAX_SHOWN_TEXT = 1000  # a headline or a problem: far longer than any bridgepad writes


def _is_line(text: str) -> bool:
    return len(text) <= MAX_SHOWN_TEXT and text.isprintable()


_IMPS = re.compile(r"-?[0-9]{1,9}(\.[0-9]{1,9})?")  # str() of a Decimal of IMPs, as written


class _Forged(ValueError):
    """A row bridgepad could not have written: dropped, and its game read again."""


def _waiting(text: str) -> tuple[str, ...]:
    names = tuple(text.split("\n")) if text else ()
    if len(names) > MAX_WAITING or not all(map(_is_name, names)):
        raise _Forged
    return names


def _when(text: str) -> datetime:
    """A time as bridgepad writes them (``serialize.is_time``), read once: short, plain ASCII, ISO."""
    when = parse_time(text) if 0 < len(text) <= MAX_TIME_LENGTH and text.isascii() and text.isprintable() else None
    if when is None:
        raise _Forged
    return when


# The seats' statistics rows as one BLOB: a byte giving the size of every figure (1, 2 or 4
# bytes, signed, little-endian; most games' figures fit one), then the figures, row after row.
_STAT_CODES = {1: "b", 2: "h", 4: "i"}
_STAT_LIMITS = {size: 1 << (8 * size - 1) for size in _STAT_CODES}
MAX_STAT_ROWS = 64  # four seats a table: far more tables than any game has


@functools.lru_cache(maxsize=256)
def _stat_struct(size: int, count: int) -> struct.Struct:
    return struct.Struct(f"<{count}{_STAT_CODES[size]}")


_ROW_STRUCTS = {size: struct.Struct(f"<{STAT_WIDTH}{code}") for size, code in _STAT_CODES.items()}  # one seat's row


def _pack_stats(rows: tuple[SeatRow, ...]) -> bytes:
    flat = list(itertools.chain.from_iterable(rows))
    low, high = (min(flat), max(flat)) if flat else (0, 0)
    size = next(n for n, limit in _STAT_LIMITS.items() if -limit <= low and high < limit)
    return bytes((size,)) + _stat_struct(size, len(flat)).pack(*flat)


def _unpack_stats(blob: bytes) -> tuple[SeatRow, ...]:
    """The rows of a BLOB as ``_pack_stats`` writes it; _Forged for any other bytes."""
    size = blob[0] if blob else 0
    count, left = divmod(len(blob) - 1, size or 1)
    if size not in _STAT_CODES or left or count % (4 * STAT_WIDTH) or count > MAX_STAT_ROWS * STAT_WIDTH:
        raise _Forged
    return tuple(_ROW_STRUCTS[size].iter_unpack(memoryview(blob)[1:]))


_MODES = {m.value: m for m in Mode}
_STATUSES = {s.value: s for s in Status}
_SIDES = {s.value: s for s in Side}
_SCORINGS = {"": None, **{d.value: d for d in DuplicateScoring}}


def _summary(row: tuple[Any, ...], checked: bool = True) -> GameSummary:
    """The summary in an index row (after the id and the stat); _Forged if a cell could not be bridgepad's.

    ``checked`` False: a row this bridgepad has just made of a game it read (in a pool's process),
    which it takes as it would take the summary itself, unchecked."""
    (game_id, _m, _s, _i, created, updated, mode, n, e, s, w, g_ns, g_ew, t_ns, t_ew) = row[:15]
    (status, complete, hands, we, headline, scoring, imps, matchpoints, top, pct, boards, waiting) = row[15:27]
    (tables, movement, leaders, pairs, stats) = row[27:]
    players = (n, e, s, w)
    started: datetime | None
    if checked:
        if not (is_game_id(game_id) and _is_line(headline) and _is_line(leaders) and 0 <= tables <= MOST_TABLES):
            raise _Forged
        if not all(map(_is_name, players)) or any(v and _IMPS.fullmatch(v) is None for v in (imps, pct)):
            raise _Forged
        started, ended, sitting_out = _when(created), _when(updated) if updated else None, _waiting(waiting)
    else:
        started, ended = parse_time(created), parse_time(updated) if updated else None
        sitting_out = tuple(waiting.split("\n")) if waiting else ()
    return GameSummary(
        id=game_id,
        created=started,
        updated=ended or started,
        mode=_MODES[mode],
        players=players,
        games=(g_ns, g_ew),
        totals=(t_ns, t_ew),
        status=_STATUSES[status],
        complete=bool(complete),
        hands=hands,
        we=_SIDES[we],
        headline=headline,
        scoring=_SCORINGS[scoring],
        imps=Decimal(imps) if imps else None,
        matchpoints=matchpoints,
        top=top,
        pct=Decimal(pct) if pct else None,
        boards=boards,
        sitting_out=sitting_out,
        written=created,
        tables=tables,
        movement=movement,
        leaders=leaders,
        pairs=_pairs(pairs),
        seat_stats=_unpack_stats(stats),
    )


def _pairs_text(pairs: tuple[PairSummary, ...]) -> str:
    """A game's pairs (``GameSummary.pairs``) as the index keeps them: JSON, the figures as text (IMPs a Decimal's)."""
    if not pairs:
        return ""
    return json.dumps(
        [
            [
                p.side.value,
                *p.names,
                "" if p.imps is None else str(p.imps),
                p.matchpoints,
                p.top,
                "" if p.pct is None else str(p.pct),
                p.boards,
            ]
            for p in pairs
        ],
        ensure_ascii=False,
    )


def _pairs(text: str) -> tuple[PairSummary, ...]:
    """The pairs of ``_pairs_text``; _Forged for anything bridgepad would not have written."""
    if not text:
        return ()
    try:
        items = json.loads(text)
    except ValueError:
        raise _Forged from None
    if not isinstance(items, list) or len(items) > 2 * MOST_TABLES:
        raise _Forged
    out = []
    for item in items:
        if not (isinstance(item, list) and len(item) == 8):
            raise _Forged
        side, first, second, imps, mp, top, pct, boards = item
        texts_ok = all(isinstance(v, str) for v in (side, first, second, imps, pct)) and side in _SIDES
        numbers_ok = all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (mp, top, boards))
        if not (texts_ok and numbers_ok and _is_name(first) and _is_name(second)):
            raise _Forged
        if any(v and _IMPS.fullmatch(v) is None for v in (imps, pct)):
            raise _Forged
        out.append(
            PairSummary(
                _SIDES[side], (first, second), Decimal(imps) if imps else None, mp, top, Decimal(pct) if pct else None, boards
            )
        )
    return tuple(out)


# Each member's text, looked up (an enum's ``.value`` is a call of Python's in 3.11): a row is made
# for every game of a rebuilt index.
_TEXT_OF: dict[Any, str] = {None: "", **{v: k for k, v in (_MODES | _STATUSES | _SIDES | _SCORINGS).items() if v is not None}}


def _row(game_id: str, stat: tuple[int, int, int], s: GameSummary) -> tuple[Any, ...]:
    text = _TEXT_OF
    return (
        game_id,
        *stat,
        s.written,
        "" if s.updated is None else s.updated.isoformat(),
        text[s.mode],
        *s.players,
        *s.games,
        *s.totals,
        text[s.status],
        int(s.complete),
        s.hands,
        text[s.we],
        s.headline,
        text[s.scoring],
        "" if s.imps is None else str(s.imps),
        s.matchpoints,
        s.top,
        "" if s.pct is None else str(s.pct),
        s.boards,
        "\n".join(s.sitting_out),
        s.tables,
        s.movement,
        s.leaders,
        _pairs_text(s.pairs),
        _pack_stats(s.seat_stats),
    )


_HEADER = b"SQLite format 3\x00"  # how every SQLite database file begins


class _NotAnIndex(Exception):
    """The file is not an index this bridgepad wrote: it is rebuilt."""


def _database(data: bytes) -> sqlite3.Connection:
    """The index's bytes as a database in memory, if its tables are exactly bridgepad's."""
    if not data.startswith(_HEADER):  # an empty file, text, another kind of file: not a database
        raise _NotAnIndex
    con = sqlite3.connect(":memory:")
    try:
        con.deserialize(data)
        con.execute("PRAGMA trusted_schema = OFF")
        found = {row[0] for row in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")}
        if found != set(TABLES) or con.execute("SELECT schema FROM meta").fetchall() != [(INDEX_SCHEMA,)]:
            raise _NotAnIndex
    except BaseException:
        con.close()
        raise
    return con


def _encode(entries: Iterable[tuple[str, _Entry]]) -> bytes:
    """The index as the bytes of a database, built in memory."""
    encoder = _Encoder()
    try:
        encoder.add(entries)
        return encoder.bytes()
    finally:
        encoder.close()


_INSERT_GAME = f"INSERT INTO games VALUES ({', '.join('?' * len(_COLUMNS.split(',')))})"


class _Encoder:
    """The index as a database in memory, its entries added as they come (a rebuild's shares,
    while the processes read the rest), its bytes at the end."""

    def __init__(self) -> None:
        self.count = 0  # entries added
        self._con = sqlite3.connect(":memory:")
        try:
            for table in TABLES:
                self._con.execute(table)
            self._con.execute("INSERT INTO meta VALUES (?)", (INDEX_SCHEMA,))
        except BaseException:
            self._con.close()
            raise

    def add(self, entries: Iterable[tuple[str, _Entry]]) -> None:
        games, problems = [], []
        for game_id, e in entries:
            if e.summary is not None:
                games.append(e.row if e.row is not None else _row(game_id, e.stat, e.summary))
            else:
                problems.append((game_id, *e.stat, e.problem))
        self._con.executemany(_INSERT_GAME, games)
        self._con.executemany("INSERT INTO problems VALUES (?, ?, ?, ?, ?)", problems)
        self.count += len(games) + len(problems)

    def bytes(self) -> bytes:
        self._con.commit()
        return self._con.serialize()

    def close(self) -> None:
        self._con.close()


@dataclass(slots=True)
class _Entry:
    stat: tuple[int, int, int]  # st_mtime_ns, st_size, st_ino
    summary: GameSummary | None  # None: the file reads but cannot be replayed
    problem: str = ""
    row: tuple[Any, ...] | None = None  # its index row, when it came as one (from a pool's process)


def _stat_key(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _newest_first(s: GameSummary) -> tuple[bool, float, str]:
    """Sort key, used in reverse: known start times before unknown ones."""
    ts = s.timestamp
    return (ts is not None, ts or 0.0, s.id)


Progress = Callable[[int, int], None]  # (games read so far, games to read): while the index is rebuilt
Partial = Callable[[list[GameSummary]], None]  # the summaries so far, newest first: while the index is rebuilt
PROGRESS_EVERY = 50  # games read between two reports of progress
# The summaries so far are given after half a second, then after twice as long each time:
# each is sorted and a screen shows it, work beside the reading that must not slow it down.
PARTIAL_SECONDS = 0.5
# ... and only while a quarter of them are still to read: nearer the end the whole comes soon,
# and a screen's look at the part (the tally's sums, a paint) would only put it off.
PARTIAL_UNTIL = 0.75
POOL_FROM = 2500  # games to read from which a pool of processes is worth starting (about a quarter of a second)
POOL_SHARE = 250  # games a process reads at a time: the progress moves on as each share comes back


class History:
    """Summaries of every game in a store, kept in ``index.sqlite`` next to ``games/``.

    One instance is meant to be kept for the life of the app (or of a command) and
    asked again and again: each call lists the games folder once (one directory
    listing and a stat per file), re-reads only what changed, and reads ``index.sqlite``
    only if another process has rewritten it since. When nothing changed, the list of the
    last call is given again (the history's rows and the tally's games alike). Calls from two or more threads
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
        self._unwritten = False  # a look-only call found changes the index does not hold yet
        self._looked: set[str] = set()  # games read by a look-only call, not yet by one that may write
        self._lock = threading.RLock()

    def summaries(
        self, progress: Progress | None = None, *, look_only: bool = False, partial: Partial | None = None
    ) -> list[GameSummary]:
        """Every readable game, newest first (by start time, then by id, both descending).

        Updates ``problems`` with one sentence per game file skipped. ``progress`` is
        told how many of the game files to read have been read, while any are (all of
        them when the index is rebuilt); ``partial``, now and then meanwhile, the
        summaries so far, newest first. ``look_only``: write nothing and set nothing
        aside, as a read-only window would (for a dialog that only offers names); what
        it finds is written at the next call that may write. The list returned is
        shared: not to be changed.
        """
        with self._lock, _collector_held():
            return self._summaries(progress, look_only or self.read_only, partial)

    def quick(self, at_most: int = 500) -> bool:
        """Whether the next call is quick enough to make on a key: the index is in memory
        already, or the folder holds at most ``at_most`` game files (one listing, no stat)."""
        # Never waits for a read under way (a rebuild in another screen's worker): then it is not quick.
        if not self._lock.acquire(blocking=False):
            return False
        try:
            if self._entries is not None and self._index_stat is not None:
                try:
                    if _stat_key(os.lstat(self.index_path)) == self._index_stat:
                        return True
                except OSError:
                    pass
        finally:
            self._lock.release()
        files = self._files_up_to(at_most + 1)
        return files is None or files <= at_most  # None: nothing to read, the call says why

    def _summaries(self, progress: Progress | None, look_only: bool, partial: Partial | None = None) -> list[GameSummary]:
        self.problems = []
        entries, from_disk = self._read_index()
        # Every game to be read, and many of them: the processes start (their interpreters, their
        # imports) while this one lists the folder.
        pool = self._pool() if not entries and (self._files_up_to(POOL_FROM) or 0) >= POOL_FROM else None
        try:
            return self._summaries_listed(entries, from_disk, progress, look_only, partial, pool)
        finally:
            if pool is not None:
                pool.close()

    def _files_up_to(self, count: int) -> int | None:
        """The files in the games folder, counted up to ``count`` (their names, nothing read);
        None where the folder cannot be listed."""
        try:
            with os.scandir(self.store.games_dir) as scan:
                return sum(1 for _ in itertools.islice(scan, count))
        except OSError:
            return None

    @staticmethod
    def _pool() -> Pool[_Share, list[_Read]] | None:
        if cores() < 2:
            return None
        try:
            return Pool(_read_share)
        except NoPool:
            return None

    def _summaries_listed(
        self,
        entries: dict[str, _Entry],
        from_disk: bool,
        progress: Progress | None,
        look_only: bool,
        partial: Partial | None,
        pool: Pool[_Share, list[_Read]] | None,
    ) -> list[GameSummary]:
        changed = not from_disk
        seen: dict[str, _Entry] = {}
        to_read: list[str] = []
        listed = self._list(entries)
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
        # Newest first (an id begins with the game's start): a screen filling in as they come shows
        # the games at its top first.
        to_read.sort(reverse=True)
        shown = [time.monotonic(), PARTIAL_SECONDS]  # when the games so far were last given, and the wait till the next

        def read(game_id: str, entry: _Entry | None) -> None:
            if look_only:
                self._looked.add(game_id)
            else:
                self._looked.discard(game_id)
            if entry is not None:
                seen[game_id] = entry

        def so_far(k: int) -> None:
            if progress is not None:
                progress(k, len(to_read))
            if partial is not None and k < PARTIAL_UNTIL * len(to_read) and time.monotonic() - shown[0] >= shown[1]:
                partial(_sorted(seen))
                shown[0], shown[1] = time.monotonic(), shown[1] * 2

        changed = changed or bool(to_read)
        # A rebuild of many: the index's rows are put in its database as each share comes, while
        # the processes read the rest, rather than all at the end.
        encoder = _Encoder() if not entries and not look_only and len(to_read) >= POOL_FROM else None
        try:
            self._read_games(to_read, look_only, read, so_far, pool, encoder)
            if progress is not None and to_read:
                progress(len(to_read), len(to_read))
            if len(seen) != len(entries):
                changed = True
            self._entries = seen
            self._unwritten = self._unwritten or changed
            if self._unwritten and not look_only and (listed is not None or os.path.lexists(self.index_path)):
                # a failed write is tried again next time
                self._unwritten = not self._write_index(
                    seen, encoder if encoder is not None and encoder.count == len(seen) else None
                )
        finally:
            if encoder is not None:
                encoder.close()
        if changed or self._sorted is None:
            self._sorted = _sorted(seen)
        return self._sorted

    def _read_games(
        self,
        ids: list[str],
        look_only: bool,
        read: Callable[[str, _Entry | None], None],
        so_far: Callable[[int], None],
        pool: Pool[_Share, list[_Read]] | None = None,
        encoder: _Encoder | None = None,
    ) -> None:
        """Reads the game files ``ids`` into ``read``, in a pool of processes when there are many
        (``pool``, if it was started already), telling ``so_far`` how many are done as it goes;
        ``encoder`` is given the entries that came from the processes, as they come."""
        left = ids
        done = 0
        if len(ids) >= POOL_FROM and (pool := pool or self._pool()) is not None:
            shares = [(str(self.store.root), ids[k : k + POOL_SHARE], look_only) for k in range(0, len(ids), POOL_SHARE)]

            def came(share: _Share, results: list[_Read]) -> None:
                nonlocal done
                kept: list[tuple[str, _Entry]] = []
                for game_id, stat, row, problem, remembered in results:
                    self.loads += 1
                    if problem:
                        self.problems.append(problem)
                    entry = None
                    if stat is not None and row is not None:
                        entry = _Entry(stat, _summary(row, checked=False), row=row)
                    elif stat is not None and remembered:
                        entry = _Entry(stat, None, problem)
                    read(game_id, entry)
                    if entry is not None:
                        kept.append((game_id, entry))
                if encoder is not None:
                    encoder.add(kept)
                done += len(share[1])
                so_far(done)

            so_far(0)
            try:
                with pool:
                    pool.run(shares, came)
                return
            except NoPool as e:
                left = [game_id for share in e.left for game_id in share[1]]
        for game_id in left:
            if done % PROGRESS_EVERY == 0:
                so_far(done)
            read(game_id, self._read_game(game_id, look_only))
            done += 1

    def _list(self, known: Mapping[str, _Entry]) -> list[tuple[str, tuple[int, int, int] | None]] | None:
        """Each game file's id and stat, from one listing of the folder; None if it cannot be listed.

        A name ``known`` has (an id checked when it was read) is not checked again. With nothing
        known every file is to be read, and its stat is taken as it is read: None here."""
        games_dir = self.store.games_dir
        try:
            scan = os.scandir(games_dir)
        except FileNotFoundError:
            return None
        except OSError as e:
            self.problems.append(f"Could not list {shown_path(games_dir)}: {e.strerror or e}.")
            return None
        out: list[tuple[str, tuple[int, int, int] | None]] = []
        with scan:
            for item in scan:
                name = item.name
                if not name.endswith(".json") or name.startswith("."):
                    continue
                game_id = name[:-5]
                if game_id not in known and not is_game_id(game_id):
                    self.problems.append(misnamed(games_dir, name))
                    continue
                if not known:
                    out.append((game_id, None))
                    continue
                try:
                    out.append((game_id, _stat_key(item.stat(follow_symlinks=False))))
                except OSError:
                    continue  # gone since the listing
        return out

    # The index file --------------------------------------------------------
    def _read_index(self) -> tuple[dict[str, _Entry], bool]:
        """The entries of the index (or those in memory, while it has not changed), and whether
        they are current: False when it could not be read at all."""
        try:
            key: tuple[int, int, int] | None = _stat_key(os.lstat(self.index_path))
        except OSError:
            key = None
        if self._entries is not None and key == self._index_stat:
            # What this instance last read or wrote (or, only looking, last built): still current;
            # ``_unwritten`` says whether the file is yet to be written.
            return self._entries, True
        # What is in memory is no longer the index: were this call stopped half-way (a screen
        # that went), the next must not take it for the index, and reads again.
        self._index_stat = None
        self._sorted = None
        self._entries = None
        if key is None:
            return {}, False
        try:
            con = _database(read_regular(self.index_path, MAX_INDEX_BYTES))
        except (OSError, NotReadable, sqlite3.Error, _NotAnIndex):
            return {}, False  # rebuilt from the games, and written over (it is only a summary)
        entries: dict[str, _Entry] = {}
        try:
            for row in con.execute(_SELECT_GAMES):
                try:
                    summary = _summary(row)
                except _Forged:
                    continue  # a damaged row: that game is simply read again
                entries[row[0]] = _Entry((row[1], row[2], row[3]), summary)
            for game_id, *stat, problem in con.execute(_SELECT_PROBLEMS):
                if is_game_id(game_id) and _is_line(problem):
                    entries[game_id] = _Entry((stat[0], stat[1], stat[2]), None, problem)
        except sqlite3.Error:
            return {}, False
        finally:
            con.close()
        self._index_stat = key
        return entries, True

    def _write_index(self, entries: dict[str, _Entry], encoder: _Encoder | None = None) -> bool:
        """Writes ``entries`` as the index (``encoder``: a database that holds them already)."""
        try:
            data = encoder.bytes() if encoder is not None else _encode((k, entries[k]) for k in sorted(entries))
            atomic_write(self.index_path, data)
            self._index_stat = _stat_key(os.stat(self.index_path))
        except (OSError, sqlite3.Error) as e:
            self._index_stat = None
            reason = e.strerror if isinstance(e, OSError) and e.strerror else e
            self.problems.append(f"Could not write the history index {shown_path(self.index_path)}: {reason}.")
            return False
        try:
            os.unlink(self.store.root / OLD_INDEX_NAME)
        except OSError:
            pass  # none there (or it stays: nothing reads it)
        return True

    # One game file ---------------------------------------------------------
    def _read_game(self, game_id: str, look_only: bool) -> _Entry | None:
        """Reads one game into an entry; None if it is gone, unreadable (set aside unless
        ``look_only``) or cannot be read yet."""
        self.loads += 1
        entry, problem = _read_one(self.store, game_id, look_only)
        if problem:
            self.problems.append(problem)
        return entry


@contextlib.contextmanager
def _collector_held() -> Iterator[None]:
    """Python's cyclic collector held off while the summaries are made: a lifetime's index makes
    some 300,000 objects that all live on, which the collector would walk again and again for
    nothing (a tenth of the instructions of reading the index, more of a rebuild). On again after,
    unless something else had it off (bridgepad's main, until the pad's first paint)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _sorted(entries: Mapping[str, _Entry]) -> list[GameSummary]:
    out = [e.summary for e in entries.values() if e.summary is not None]
    out.sort(key=_newest_first, reverse=True)
    return out


def _read_one(store: GameStore, game_id: str, look_only: bool) -> tuple[_Entry | None, str]:
    """One game file read into an entry, and the sentence for what was wrong with it ("" for
    nothing). The entry is None if the file is gone or unreadable (set aside unless
    ``look_only``); a game that cannot be replayed has an entry without a summary."""
    try:
        stored, st = store.read_stat(game_id) if look_only else store.load_stat(game_id)
    except FileNotFoundError:
        return None, ""
    except UnreadableGame as e:
        return None, str(e) if e.kept or not look_only else f"{str(e)[:-1]}; it was left as it is."
    read = _stat_key(st)  # the file as it was read: a change after it is seen by the next listing
    try:
        summary = GameSummary.of_derived(derive(stored.game), stored.id, stored.created, stored.updated)
    except GameOverError as e:
        problem = f"Could not replay {game_id}.json: {visible(str(e))}; it was left as it is."
        return _Entry(read, None, problem), problem
    return _Entry(read, summary), ""


# What a pool's process sends back for each game: its id, the file's stat (None: no entry),
# its index row (None: no summary), the sentence for what was wrong, and whether the entry
# is kept without a summary (a game that cannot be replayed, not read again until it changes).
_Read = tuple[str, tuple[int, int, int] | None, tuple[Any, ...] | None, str, bool]


_Share = tuple[str, list[str], bool]  # a pool's process's share of a rebuild: the data folder, the ids, look only


def _read_share(share: _Share) -> list[_Read]:
    """A pool's process's share of a rebuild: each game of ``share`` read, as index rows (a
    summary as its row costs a tenth to send back of what the summary itself costs)."""
    root, ids, look_only = share
    store = GameStore(Path(root))
    out: list[_Read] = []
    for game_id in ids:
        entry, problem = _read_one(store, game_id, look_only)
        if entry is None:
            out.append((game_id, None, None, problem, False))
        elif entry.summary is None:
            out.append((game_id, entry.stat, None, problem, True))
        else:
            out.append((game_id, entry.stat, _row(game_id, entry.stat, entry.summary), problem, False))
    return out
