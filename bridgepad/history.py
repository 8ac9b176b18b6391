"""The history of games, listed from a small summary index instead of every game file.

``index.json`` sits in the data folder next to ``games/``. It holds one summary per
game together with the game file's ``(st_mtime_ns, st_size, st_ino)`` when it was
read. ``History.summaries()`` lists the games folder (``os.scandir``), reuses every
summary whose file is unchanged, reads only the files that are new or changed, drops
the entries whose file has gone, and writes the index back (atomically) only when
something changed. An index that is missing, unreadable or of another schema is
rebuilt from the games. The index is read as strictly as a game: only a regular file
under the size limit, JSON of bounded depth (``bridgepad.data_files``), and each row
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
import json
import math
import operator
import os
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from bridgepad.atomic_file import atomic_write
from bridgepad.core.game import Mode, Status
from bridgepad.core.model import Seat, Side
from bridgepad.core.notation import NotationError, check_name
from bridgepad.core.people import MAX_WAITING
from bridgepad.core.record import GameRecord, make_record
from bridgepad.core.serialize import SCHEMA as GAME_SCHEMA
from bridgepad.core.serialize import is_time
from bridgepad.core.settings import DuplicateScoring
from bridgepad.core.tally import GameResult
from bridgepad.core.text import visible
from bridgepad.core.windows import parse_time
from bridgepad.data_files import NotReadable, load_json
from bridgepad.errors import UnreadableGame, shown_path
from bridgepad.game_id import is_game_id
from bridgepad.game_store import GameStore, misnamed

INDEX_NAME = "index.json"
# Bumped whenever a summary's content or the scoring that produces it changes: an
# index of another schema is rebuilt from the games.
INDEX_SCHEMA = f"4/{GAME_SCHEMA}"

_STATUSES = {s.value: s for s in Status}
_MODES = {m.value: m for m in Mode}
_SIDES = {s.value: s for s in Side}
_SCORINGS = {"": "", **{d.value: d.value for d in DuplicateScoring}}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the history shows of one game, without reading the game file: a projection
    of the game's derived record (``bridgepad.core.record``).

    Pairs of figures are (N-S, E-W). ``margin`` is N-S total less E-W total.
    ``timestamp`` is ``created`` as POSIX seconds (None if it cannot be read), and
    ``started`` the same as a timezone-aware datetime. Duplicate games also keep their
    scoring form and N-S's comparison: IMPs, matchpoints and the sum of the tops
    (``imps`` None and ``top`` 0 when nothing was compared).
    """

    id: str
    created: str  # ISO time from the file
    updated: str
    mode: Mode
    players: tuple[str, str, str, str]  # by seat N, E, S, W; "" for no name
    games: tuple[int, int]  # games won: N-S, E-W
    totals: tuple[int, int]  # N-S total, E-W total
    margin: int
    status: Status
    complete: bool
    hands: int
    we: Side  # the side the pad writes as We (settings.we)
    headline: str  # bridgepad.core.summary.headline, from We's point of view
    timestamp: float | None
    scoring: str = ""  # duplicate: "imps" or "matchpoints"; "" for rubber and Chicago
    imps: float | None = None  # duplicate: N-S IMPs
    matchpoints: int = 0  # duplicate: N-S matchpoints
    top: int = 0  # duplicate: the sum of the tops
    sitting_out: tuple[str, ...] = ()  # players at the table who waited out this game

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
        started = parse_time(r.created)
        mp = r.matchpoints
        return cls(
            id=r.id,
            created=r.created,
            updated=r.updated,
            mode=r.mode,
            players=r.game.players,
            games=(r.games_won(Side.NS), r.games_won(Side.EW)),
            totals=(r.total(Side.NS), r.total(Side.EW)),
            margin=r.margin,
            status=r.status,
            complete=r.state.complete,
            hands=len(r.hand_lines),
            we=r.we,
            headline=r.headline,
            timestamp=started.timestamp() if started is not None else None,
            scoring=r.scoring.value if r.scoring is not None else "",
            imps=float(r.imps) if r.imps is not None else None,
            matchpoints=mp[0] if mp else 0,
            top=mp[1] if mp else 0,
            sitting_out=r.game.sitting_out,
        )


# The index holds one flat row per game, which json reads far faster than objects:
#   id, mtime_ns, size, ino, created, updated, mode, N, E, S, W, games N-S, games E-W,
#   total N-S, total E-W, margin, status, complete, hands, we, headline, timestamp,
#   scoring, IMPs, matchpoints, top, sitting out (a list of names)
_S, _I, _N, _L = str, int, type(None), list
_ROW_TYPES = {
    (_S, _I, _I, _I, _S, _S, _S, _S, _S, _S, _S, _I, _I, _I, _I, _I, _S, bool, _I, _S, _S, ts, _S, imps, _I, _I, _L)
    for ts in (float, _N)
    for imps in (float, int, _N)
}
_PROBLEM_TYPES = (_S, _I, _I, _I, _S)  # id, mtime_ns, size, ino, the problem
MAX_SHOWN_TEXT = 1000  # a headline or a problem: far longer than any bridgepad writes


@functools.lru_cache(maxsize=4096)  # the same few names fill most rows
def _is_name(text: str) -> bool:
    try:
        return check_name(text, Seat.N) == text
    except NotationError:
        return False


def _is_line(text: str) -> bool:
    return len(text) <= MAX_SHOWN_TEXT and text.isprintable()


_INT_LIMIT = 1 << 63  # a stat figure or a score: beyond this the row was not written by bridgepad
_ints = operator.itemgetter(1, 2, 3, 11, 12, 13, 14, 15, 18, 24, 25)


def _row_is_sound(r: list[Any]) -> bool:
    """Beyond its types, a row bridgepad could have written: ``r`` has passed ``_ROW_TYPES``."""
    ints = _ints(r)
    return (
        -_INT_LIMIT < min(ints)
        and max(ints) < _INT_LIMIT
        and is_game_id(r[0])
        and is_time(r[4])
        and is_time(r[5])
        and _is_name(r[7])
        and _is_name(r[8])
        and _is_name(r[9])
        and _is_name(r[10])
        and _is_line(r[20])
        and (r[21] is None or math.isfinite(r[21]))
        and r[22] in _SCORINGS
        and (r[23] is None or (abs(r[23]) < _INT_LIMIT and math.isfinite(r[23])))
    )


def _row(stat: tuple[int, int, int], s: GameSummary) -> list[Any]:
    return [
        s.id,
        *stat,
        s.created,
        s.updated,
        s.mode.value,
        *s.players,
        *s.games,
        *s.totals,
        s.margin,
        s.status.value,
        s.complete,
        s.hands,
        s.we.value,
        s.headline,
        s.timestamp,
        s.scoring,
        s.imps,
        s.matchpoints,
        s.top,
        list(s.sitting_out),
    ]


def _from_row(r: list[Any]) -> GameSummary:
    """A summary from an index row already checked against ``_ROW_TYPES``; KeyError if a word is
    unknown or the sitting-out list holds anything but a few names."""
    out = r[26]
    if len(out) > MAX_WAITING or not all(type(n) is str and _is_name(n) for n in out):
        raise KeyError("sitting out")
    return GameSummary(
        r[0], r[4], r[5], _MODES[r[6]], (r[7], r[8], r[9], r[10]), (r[11], r[12]), (r[13], r[14]),
        r[15], _STATUSES[r[16]], r[17], r[18], _SIDES[r[19]], r[20], r[21],
        _SCORINGS[r[22]], None if r[23] is None else float(r[23]), r[24], r[25], tuple(out),
    )  # fmt: skip


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


class History:
    """Summaries of every game in a store, kept in ``index.json`` next to ``games/``.

    One instance may be kept and asked again and again: each call rescans the games
    folder (a directory listing and a stat per file), re-reads only what changed, and
    parses ``index.json`` only if another process has rewritten it since.
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

    def summaries(self) -> list[GameSummary]:
        """Every readable game, newest first (by start time, then by id, both descending).

        Updates ``problems`` with one sentence per game file skipped.
        """
        self.problems = []
        entries, from_disk = self._read_index()
        changed = not from_disk
        seen: dict[str, _Entry] = {}
        try:
            scan = os.scandir(self.store.games_dir)
        except FileNotFoundError:
            scan = None
        except OSError as e:
            self.problems.append(f"Could not list {shown_path(self.store.games_dir)}: {e.strerror or e}.")
            scan = None
        if scan is not None:
            with scan:
                for item in scan:
                    name = item.name
                    if not name.endswith(".json") or name.startswith("."):
                        continue
                    game_id = name[:-5]
                    if not is_game_id(game_id):
                        self.problems.append(misnamed(self.store.games_dir, name))
                        continue
                    try:
                        key = _stat_key(item.stat(follow_symlinks=False))
                    except OSError:
                        continue  # gone since the listing
                    old = entries.get(game_id)
                    if old is not None and old.stat == key:
                        seen[game_id] = old
                        if old.summary is None:
                            self.problems.append(old.problem)
                        continue
                    entry = self._read_game(game_id)
                    changed = True
                    if entry is not None:
                        seen[game_id] = entry
        if len(seen) != len(entries):
            changed = True
        self._entries = seen
        if changed and not self.read_only and (scan is not None or os.path.lexists(self.index_path)):
            self._write_index(seen)
        out = [e.summary for e in seen.values() if e.summary is not None]
        out.sort(key=_newest_first, reverse=True)
        return out

    def results(self) -> list[GameResult]:
        """Every game as the tally takes it (see ``bridgepad.core.tally``)."""
        return [s.result() for s in self.summaries()]

    # The index file --------------------------------------------------------
    def _read_index(self) -> tuple[dict[str, _Entry], bool]:
        """The entries of index.json, and whether it could be read at all."""
        try:
            key: tuple[int, int, int] | None = _stat_key(os.lstat(self.index_path))
        except OSError:
            key = None
        if self._entries is not None and key == self._index_stat:
            # What this instance last read or wrote (or, read-only, last built): still current.
            return self._entries, key is not None
        self._index_stat = None
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
        for r in data["games"]:
            # A damaged row is skipped, and that game simply read again.
            if type(r) is list and tuple(map(type, r)) in row_types and _row_is_sound(r):
                try:
                    entries[r[0]] = _Entry((r[1], r[2], r[3]), _from_row(r))
                except KeyError:
                    pass
        for r in data["problems"]:
            if type(r) is list and tuple(map(type, r)) == _PROBLEM_TYPES and is_game_id(r[0]) and _is_line(r[4]):
                entries[r[0]] = _Entry((r[1], r[2], r[3]), None, r[4])
        self._index_stat = key
        return entries, True

    def _write_index(self, entries: dict[str, _Entry]) -> None:
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
        except OSError as e:
            self._index_stat = None
            self.problems.append(f"Could not write the history index {shown_path(self.index_path)}: {e.strerror or e}.")

    # One game file ---------------------------------------------------------
    def _read_game(self, game_id: str) -> _Entry | None:
        """Reads one game into an entry; None if it is gone or has been set aside."""
        path = self.store.path(game_id)
        self.loads += 1
        try:
            before = _stat_key(os.lstat(path))
            stored = self.store.read(game_id) if self.read_only else self.store.load(game_id)
        except FileNotFoundError:
            return None
        except UnreadableGame as e:
            self.problems.append(str(e) if e.kept or not self.read_only else f"{str(e)[:-1]}; it was left as it is.")
            return None
        try:
            summary = GameSummary.of(make_record(stored.game, stored.id, stored.created, stored.updated))
        except ValueError as e:
            problem = f"Could not replay {path.name}: {visible(str(e))}; it was left as it is."
            self.problems.append(problem)
            return _Entry(before, None, problem)
        return _Entry(before, summary)
