"""A game's journal: what its tables sent since the game file was last written whole.

A table's result is saved by appending one line to ``games/<id>.journal`` and syncing it, a
cost that does not grow with the game: the game file is rewritten whole later, off the event
loop (``bridgepad.store.compactor``), and then the lines it covers are dropped. Each line is
one JSON object: ``seq``, a number that only grows over the game's life; ``updated``, when
it came; and one change, exactly as the game file holds it (``several_tables_json``)::

    {"seq": 7, "updated": "...", "result": {"id": ..., "table": 2, ...}}
    {"seq": 8, "updated": "...", "move": {"table": 2, "round": 3, "at": "..."}}
    {"seq": 9, "updated": "...", "names": {"NS1": ["Ann", "Bob"], ...}}

The game file says the last line it covers (``"journaled": N``, a key older readers pass
over); a reader takes the file, then the lines after N, in order. A file rewritten and its
journal not yet trimmed (a kill in between) is therefore read the same. A last line without
its line break was cut short by a kill before it was synced, so never acknowledged: it is
dropped and reported. The same for a line that cannot be read, and all after it.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgepad.store.atomic_file import atomic_write, fsync_dir
from bridgepad.store.data_files import MAX_DATA_BYTES, NotReadable, parse_json, read_regular
from bridgepad.store.errors import shown_path

JOURNAL_SUFFIX = ".journal"
# A line is one change: a result is about 200 bytes, the names of 128 pairs some 20 KB.
MAX_LINE_BYTES = 256 * 1024
# The journal is read whole, as any data file (``MAX_DATA_BYTES``); past this the writer
# writes the game whole instead of appending (the compactor keeps it far below).
MAX_JOURNAL_BYTES = MAX_DATA_BYTES - MAX_LINE_BYTES
CHANGES = ("result", "move", "names")
MAX_SEQ = 2**53  # a whole number every JSON reader reads exactly


class JournalFull(OSError):
    """One more line would pass what a reader reads: the game is written whole instead."""


def journal_path(games_dir: Path, game_id: str) -> Path:
    return games_dir / f"{game_id}{JOURNAL_SUFFIX}"


def journal_line(seq: int, updated: str, change: dict[str, Any]) -> bytes:
    """One change as a line of the journal."""
    (kind,) = change
    if kind not in CHANGES:
        raise ValueError(f"{kind!r} is not a change a journal keeps")
    return json.dumps({"seq": seq, "updated": updated, **change}, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    updated: str
    kind: str
    change: Any


@dataclass(frozen=True, slots=True)
class JournalRead:
    """The lines read, in order, and what was dropped (a clause for a sentence, or "")."""

    entries: tuple[Entry, ...] = ()
    problem: str = ""
    size: int = 0


def read_journal(path: Path, is_time: Any) -> JournalRead:
    """The journal at ``path``; an empty read if there is none. NotReadable if it cannot be
    opened or read at all (not a regular file, too large)."""
    try:
        raw = read_regular(path)
    except FileNotFoundError:
        return JournalRead()
    pieces = raw.split(b"\n")
    torn = pieces.pop()  # after the last line break: empty, or a line cut short
    entries: list[Entry] = []
    last = 0
    for n, piece in enumerate(pieces, 1):
        entry = _entry(piece, last, is_time)
        if entry is None:
            dropped = len(pieces) - n + 1 + (1 if torn else 0)
            return JournalRead(
                tuple(entries), f"its line {n} cannot be read, so {dropped} line(s) from it were dropped", len(raw)
            )
        entries.append(entry)
        last = entry.seq
    if torn:
        return JournalRead(tuple(entries), "its last line was cut short (never reported saved), so it was dropped", len(raw))
    return JournalRead(tuple(entries), "", len(raw))


def _entry(piece: bytes, last: int, is_time: Any) -> Entry | None:
    if len(piece) > MAX_LINE_BYTES:
        return None
    try:
        data = parse_json(piece)
    except NotReadable:
        return None
    if not isinstance(data, dict) or len(data) != 3:
        return None
    seq, updated = data.get("seq"), data.get("updated")
    kinds = [k for k in CHANGES if k in data]
    if type(seq) is not int or not last < seq <= MAX_SEQ or not is_time(updated) or len(kinds) != 1:
        return None
    return Entry(seq, str(updated), kinds[0], data[kinds[0]])


def with_entries(data: dict[str, Any], entries: tuple[Entry, ...]) -> dict[str, Any]:
    """The game file's JSON with ``entries`` applied as its reader would have read them had the
    whole file been written (a new dict; ``data`` is left as it is). Lines the file covers are skipped."""
    covered = journaled_of(data)
    entries = tuple(e for e in entries if e.seq > covered)
    if not entries:
        return data
    several = data.get("several_tables")
    if not isinstance(several, dict):
        return data  # not a game of several tables: its reader names what is wrong
    several = dict(several)
    results = list(several.get("results", [])) if isinstance(several.get("results", []), list) else []
    moves = list(several.get("moves", [])) if isinstance(several.get("moves", []), list) else []
    for e in entries:
        if e.kind == "result":
            results.append(e.change)
        elif e.kind == "move":
            moves.append(e.change)
        else:
            several["names"] = e.change
    several["results"], several["moves"] = results, moves
    return {**data, "several_tables": several, "updated": entries[-1].updated, "journaled": entries[-1].seq}


def journaled_of(data: dict[str, Any]) -> int:
    """The last journal line a game file covers (0: none, as every file of an older bridgepad)."""
    value = data.get("journaled", 0)
    return value if type(value) is int and 0 <= value <= MAX_SEQ else 0


class JournalWriter:
    """Appends lines to the games' journals and trims what the game files cover; one lock for
    both, so that a trim never drops a line appended while it read (one writing process holds
    the folder: ``folder_lock``)."""

    def __init__(self, games_dir: Path) -> None:
        self.games_dir = games_dir
        self.lock = threading.Lock()

    def append(self, game_id: str, line: bytes) -> None:
        """Writes ``line`` at the end of the game's journal and syncs it. JournalFull when the
        journal would pass what is read; any OSError leaves the journal as it was, as far as
        it can be put back (a line cut short is dropped by the reader anyway)."""
        if len(line) > MAX_LINE_BYTES:
            raise JournalFull(f"a change of {len(line):,} bytes is more than a journal line holds")
        path = journal_path(self.games_dir, game_id)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        with self.lock:
            fd = os.open(path, flags, 0o600)
            try:
                size = os.fstat(fd).st_size
                if size + len(line) > MAX_JOURNAL_BYTES:
                    raise JournalFull(f"{shown_path(path)} is as large as a journal may grow")
                try:
                    _write_all(fd, line)
                    os.fsync(fd)
                except BaseException:
                    _truncate(fd, size)
                    raise
            finally:
                os.close(fd)
            if size == 0:
                fsync_dir(self.games_dir)  # a new journal's name reaches the disk with its first line

    def trim(self, game_id: str, covered: int) -> None:
        """Drops the lines the game file now covers (``seq`` up to ``covered``): the journal
        goes when every line is covered, else is rewritten with the rest, atomically."""
        path = journal_path(self.games_dir, game_id)
        with self.lock:
            try:
                raw = read_regular(path)
            except (FileNotFoundError, NotReadable):
                return
            keep = [line + b"\n" for line in raw.split(b"\n")[:-1] if _seq(line) > covered]
            if keep:
                if len(keep) < raw.count(b"\n"):
                    atomic_write(path, b"".join(keep))
                return
            try:
                os.unlink(path)
            except FileNotFoundError:
                return
            fsync_dir(self.games_dir)

    def remove(self, game_id: str) -> None:
        """Drops the journal whole: the game file was just written with all of it (a line past
        what it covers can only be one whose append failed, never acknowledged)."""
        path = journal_path(self.games_dir, game_id)
        with self.lock:
            try:
                os.unlink(path)
            except FileNotFoundError:
                return
            fsync_dir(self.games_dir)


def _seq(line: bytes) -> int:
    """A line's ``seq`` for trimming; a line that cannot be read is kept (it is the reader's to report)."""
    try:
        data = json.loads(line)
    except ValueError:
        return MAX_SEQ + 1
    seq = data.get("seq") if isinstance(data, dict) else None
    return seq if type(seq) is int else MAX_SEQ + 1


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _truncate(fd: int, size: int) -> None:
    try:
        os.ftruncate(fd, size)
    except OSError:
        pass
