"""Games on disk: one JSON file a game, the pointer to the game on the pad, and the
trash; written atomically, never silently lost.

Layout of the data directory (``settings.json`` is ``bridgepad.store.preferences_file``'s)::

    games/<id>.json     one game each: its inputs and a schema version
    games/<id>.journal  what its tables sent since the file was last written whole (``game_journal``)
    current             the id of the game on the pad
    trash/              games deleted from the history (``trashed``, ``restore``)
    games/<id>.json.corrupt-<time>   a file that could not be read, kept aside byte for byte
    import-<id>.staging, import-<id>.commit   an import at work or cut short (``bridgepad.services.import_batch``)

What it finds damaged it keeps aside and reports as values (``recover``,
``open_current``), in sentences for a person; it keeps no list of its own.

Every file is read through ``bridgepad.store.data_files`` (a regular file, under a size limit,
JSON of bounded depth) and every field checked as strictly as a game's: ids by
``bridgepad.store.game_id``, times, names. Every message that quotes a file's name or content
shows its control characters as escapes (``bridgepad.core.words.text.visible``).
"""

from __future__ import annotations

import errno
import json
import os
import re
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.double_dummy import Solution
from bridgepad.core.lazy import lazy
from bridgepad.core.readers.boards_json import solved_from_json, solved_json, unchecked_from_json
from bridgepad.core.readers.serialize import (
    SCHEMA,
    TIME_HELP,
    SchemaError,
    game_from_json,
    game_to_json,
    is_time,
    schema_of,
)
from bridgepad.core.rules.game import Game, GameOverError, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.words.text import visible
from bridgepad.store.atomic_file import atomic_write, fsync_dir, make_private_dirs, sweep_temps, tighten
from bridgepad.store.compactor import Compactor
from bridgepad.store.data_files import (
    MAX_DATA_BYTES,
    MAX_DATA_TEXT,
    NotReadable,
    keep_aside,
    parse_json,
    read_head,
    read_regular,
    read_regular_stat,
)
from bridgepad.store.errors import NotAGameId, UnreadableGame, shown_path
from bridgepad.store.game_id import ID_HELP, MAX_ID_LENGTH, is_game_id, new_id
from bridgepad.store.game_journal import (
    JournalFull,
    JournalRead,
    JournalWriter,
    journal_line,
    journal_path,
    journaled_of,
    read_journal,
    with_entries,
)

if TYPE_CHECKING:
    import platformdirs
else:
    platformdirs = lazy("platformdirs")  # the platform's folder: not asked when --data-dir or the variable names one

__all__ = [
    "GameStore",
    "Opened",
    "StoredGame",
    "TrashedGame",
    "UnreadableGame",
    "data_dir",
    "is_game_id",
    "new_id",
    "now_iso",
    "shown_path",
]

ENV_VAR = "BRIDGEPAD_DATA_DIR"
IMPORT_PREFIX = "import-"  # the folders of an import at work or cut short (``bridgepad.services.import_batch``)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir`` first, then $BRIDGEPAD_DATA_DIR, then the platform's user data folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("bridgepad")


def now_iso() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


@dataclass(slots=True)
class StoredGame:
    id: str
    game: Game
    created: str
    updated: str
    # The double-dummy cache of its boards, by board and deal: derived, but slow to derive,
    # so kept at the end of the game's file (``boards_json``) and never part of its inputs.
    solved: dict[tuple[int, Deal], Solution] = field(default_factory=dict)
    # Those of its solutions a deals file gave, not yet checked against the solver (the pad checks them once).
    unchecked: frozenset[tuple[int, Deal]] = frozenset()
    # The last line of its journal (``game_journal``) the game holds: the file written whole
    # says it, so that a reader skips the lines it covers.
    journaled: int = 0
    # What was dropped from its journal on reading (a sentence), "" for nothing.
    journal_problem: str = ""
    # The one change that brings the game on disk to this one, as its journal keeps it
    # (``game_journal``): ``save`` then appends it as line ``journaled`` instead of writing all.
    change: dict[str, Any] | None = field(default=None, compare=False)

    def meta(self) -> dict[str, Any]:
        return {"id": self.id, "created": self.created, "updated": self.updated}


MODE_HEAD_BYTES = 512  # a game file names its mode within its first few lines (``game_bytes``)
_MODE_IN_HEAD = re.compile(rb'^ "mode": "(' + b"|".join(m.value.encode() for m in Mode) + rb')",$', re.MULTILINE)
_UPDATED_IN_HEAD = re.compile(rb'^ "updated": "([0-9T:.+-]{1,40})",$', re.MULTILINE)
STALE_TEMP_SECONDS = 60  # a temporary file of an older bridgepad (unlocked) is abandoned after this
CURRENT_LIMIT = MAX_ID_LENGTH + 2  # an id and a line break: anything longer is not an id


@dataclass(frozen=True, slots=True)
class TrashedGame:
    """A file in the trash folder: its name there and when it was moved there (POSIX seconds)."""

    name: str
    trashed_at: float


def trashed_id(name: str) -> str | None:
    """The id of a game file in the trash (``discard`` names a second file of one id
    ``<id>-2.json``), or None for a name that no game of bridgepad's could have."""
    if not name.endswith(".json"):
        return None
    stem = name[: -len(".json")]
    base, _, n = stem.rpartition("-")
    game_id = base if n.isdigit() and base.count("-") >= 2 else stem
    return game_id if is_game_id(game_id) else None


def misnamed(folder: Path, name: str) -> str:
    """The message for a file in the games folder whose name is not ``<id>.json``."""
    return f"Skipped {shown_path(folder / name)}: its name is not a game id ({ID_HELP}), so it was left as it is."


def id_at(created: str) -> str:
    """A fresh id that begins with ``created`` (an ISO time), so that ids sort as the games began."""
    try:
        at = datetime.fromisoformat(created)
    except ValueError:
        return new_id()
    return new_id(at)


def game_bytes(stored: StoredGame) -> bytes:
    """A game file's content: the one place that says how a game is written."""
    data = game_to_json(stored.game, stored.meta())
    kept = kept_solutions(stored)
    if kept:
        data["double_dummy"] = solved_json(kept, stored.unchecked)
    if stored.journaled:
        data["journaled"] = stored.journaled  # last: the head a look at the mode reads stays as it was
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


class GameTooLarge(OSError):
    """A game file that its reader would refuse for its size: never written."""


def kept_solutions(stored: StoredGame) -> dict[tuple[int, Deal], Solution]:
    """The cached solutions of the boards the game has now (those of cards since replaced go)."""
    deals = stored.game.deals
    if deals is None:
        return {}
    out = {}
    for (number, deal), solution in stored.solved.items():
        board = deals.board(number)
        if board is not None and board.deal == deal:
            out[(number, deal)] = solution
    return out


@dataclass(frozen=True, slots=True)
class Opened:
    """The game ``current`` names, if it could be read and replayed, and what was found
    wrong on the way (each a sentence for a person)."""

    stored: StoredGame | None
    problems: tuple[str, ...] = ()


class GameStore:
    """The games folder, the ``current`` pointer and the trash of one data folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.games_dir = root / "games"
        self.journal = JournalWriter(self.games_dir)
        self.compactor = Compactor(self._compact)
        # Game files are written whole by the session and by the compactor's thread: one at a
        # time, and never one older than the file (``_covered``: the journal line each covers).
        self._file_lock = threading.Lock()
        self._covered: dict[str, int] = {}

    def ensure(self) -> None:
        """Makes the data folder and its games folder, and any folder above them, private (0700);
        the data folder and its games folder tightened to 0700 if they were there already, open to others."""
        make_private_dirs(self.games_dir)
        tighten(self.root)
        tighten(self.games_dir)

    def recover(self) -> list[str]:
        """At start: moves aside a ``current`` that does not name a game and sweeps temporary
        files left by a write that was killed half-way (ones no living process is writing).
        Returns what it found, in words. An import killed part way is the session's to finish."""
        found: list[str] = []
        current = self.root / "current"
        problem = self.current_problem()
        if problem is not None:
            kept = keep_aside(current)
            where = f"it was kept as {shown_path(kept)}" if kept else "it could not be moved aside"
            found.append(f"The pointer to the current game, {shown_path(current)}, could not be read: {problem}; {where}.")
        now = time.time()
        for folder in (self.root, self.games_dir, self.root / "trash"):
            sweep_temps(folder)
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                # Left by an older bridgepad, whose temporary files were not locked.
                if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                    try:
                        if (
                            entry.is_file(follow_symlinks=False)
                            and now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_SECONDS
                        ):
                            os.unlink(entry.path)
                    except OSError:
                        pass
        return found

    def open_current(self, *, recover: bool) -> Opened:
        """The game on the pad as the folder has it, first ``recover``-ed if asked (a window
        that holds the folder). A game file that cannot be read or replayed is kept aside
        (when it can be moved), as ``load`` keeps any game file, and said; without
        ``recover`` (a window that only looks) it is said and left where it is."""
        problems = self.recover() if recover else []
        game_id = self.current_id()
        if game_id is None:
            return Opened(None, tuple(problems))
        try:
            stored = self.load(game_id) if recover else self.read(game_id)
            derive(stored.game)
        except FileNotFoundError:
            return Opened(None, tuple(problems))
        except UnreadableGame as e:
            return Opened(None, (*problems, str(e) if recover or not e.damaged else e.skipped()))
        except GameOverError as e:
            kept = keep_aside(self.path(game_id)) if recover else None
            where = f"it was kept as {shown_path(kept)}" if kept else "it was left as it is"
            return Opened(None, (*problems, f"Could not replay {game_id}.json: {visible(str(e))}; {where}."))
        if stored.journal_problem:
            problems.append(self._fold_damaged_journal(stored) if recover else f"{stored.journal_problem}; it was left as it is.")
        return Opened(stored, tuple(problems))

    def _fold_damaged_journal(self, stored: StoredGame) -> str:
        """The journal copied aside byte for byte, then the game written whole with what the
        journal held up to the damage, then the journal dropped: new lines start a journal of
        their own. Killed at any step, the next start does it again."""
        path = journal_path(self.games_dir, stored.id)
        try:
            kept = _copy_aside(path)
            self.save(stored)
            self.journal.remove(stored.id)
        except OSError as e:
            return f"{stored.journal_problem}; the game could not be written whole ({e.strerror or e}), so it was left as it is."
        where = f"kept as {shown_path(kept)}" if kept else "no longer there"
        return f"{stored.journal_problem}; the game was written whole without it and the journal {where}."

    def path(self, game_id: str) -> Path:
        """The file of a game; NotAGameId for anything that is not an id (it would name another file)."""
        if not is_game_id(game_id):
            raise NotAGameId(f"{visible(str(game_id))[:80]!r} is not a game id: {ID_HELP}.")
        return self.games_dir / f"{game_id}.json"

    # The current game -------------------------------------------------------
    def current_id(self) -> str | None:
        """The id in ``current``, if it holds one; None for no file or anything else."""
        try:
            return self._read_current()
        except (FileNotFoundError, NotReadable):
            return None

    def current_problem(self) -> str | None:
        """Why ``current`` does not name a game (a clause), or None if it does or is absent."""
        try:
            self._read_current()
        except FileNotFoundError:
            return None
        except NotReadable as e:
            return e.reason
        return None

    def _read_current(self) -> str:
        raw = read_regular(self.root / "current", CURRENT_LIMIT)
        try:
            text = raw.decode("ascii").strip()
        except UnicodeDecodeError:
            raise NotReadable("it does not hold a game id") from None
        if not is_game_id(text):
            raise NotReadable("it does not hold a game id")
        return text

    def set_current(self, game_id: str) -> None:
        self.path(game_id)  # an id, or NotAGameId
        atomic_write(self.root / "current", game_id.encode("ascii") + b"\n")

    # Games ------------------------------------------------------------------
    def save(self, stored: StoredGame) -> None:
        """The game on disk, synced. With a ``change``: that change appended to the game's journal
        as line ``stored.journaled``, a cost that does not grow with the game, and the file
        written whole later, off this thread (``compactor``). Else the file written whole,
        atomically, and the journal lines it covers dropped. GameTooLarge if its reader would
        refuse the file; OSError (ESTALE) for a game older than the file this process last wrote
        of it (a slow reader's copy must not undo what came since)."""
        if stored.change is not None:
            whole = replace(stored, change=None)
            try:
                self.journal.append(stored.id, journal_line(stored.journaled, stored.updated, stored.change))
            except JournalFull:
                self._write_whole(whole, game_bytes(whole), always=True)
                return
            self.compactor.later(whole)
            return
        self._write_whole(stored, game_bytes(stored), always=True)

    def _write_whole(self, stored: StoredGame, data: bytes, *, always: bool) -> None:
        path = self.path(stored.id)
        if len(data) > MAX_DATA_BYTES:
            raise GameTooLarge(
                errno.EFBIG, f"the game would be a file of more than {MAX_DATA_TEXT}, more than bridgepad reads back", str(path)
            )
        with self._file_lock:
            covered = self._covered.get(stored.id, 0)
            if stored.journaled < covered or (not always and stored.journaled == covered):
                if always:
                    raise OSError(errno.ESTALE, "a newer copy of the game was written meanwhile", str(path))
                return
            if not always and not os.path.lexists(path):
                return  # moved to the trash meanwhile: not brought back by a late fold
            atomic_write(path, data)
            self._covered[stored.id] = stored.journaled
        if stored.journaled:
            self.journal.trim(stored.id, stored.journaled)

    def fold_later(self, stored: StoredGame) -> None:
        """A journal left beside ``stored``'s file (the last run ended before folding it) is
        folded into the file soon, off the caller's thread."""
        if stored.journaled and os.path.lexists(journal_path(self.games_dir, stored.id)):
            self.compactor.later(stored)

    def _compact(self, snapshot: Any) -> None:
        """The compactor's write: the game file whole as of ``snapshot`` (serialized outside the
        lock, so that a save waits only for the write itself), unless a newer one is there."""
        assert isinstance(snapshot, StoredGame)
        if snapshot.journaled <= self._covered.get(snapshot.id, 0):
            return
        self._write_whole(snapshot, game_bytes(snapshot), always=False)

    def new_stored(self, game: Game) -> StoredGame:
        """A new game with a fresh id, not yet written."""
        t = now_iso()
        stored = StoredGame(new_id(), game, t, t)
        while os.path.lexists(self.path(stored.id)):
            stored.id = new_id()
        return stored

    def add(self, game: Game, created: str | None = None) -> StoredGame:
        """Saves ``game`` as a new file without making it the current game (for imports).

        ``created`` is the ISO time to record as its start (default: now).
        """
        t = created if created is not None and is_time(created) else now_iso()
        stored = StoredGame(id_at(t), game, t, t)  # ids begin with the start time, so sort as the games began
        while os.path.lexists(self.path(stored.id)):
            stored.id = id_at(t)
        self.ensure()
        self.save(stored)
        return stored

    # One parser (``_read_path``) for every game file; ``read``, ``load``, ``load_quietly``
    # and ``load_trashed`` differ only in what they do with its answer.
    def read(self, game_id: str) -> StoredGame:
        """Reads a game without moving anything: FileNotFoundError if there is none,
        UnreadableGame (``kept`` None) if the file cannot be a game."""
        return self.read_stat(game_id)[0]

    def read_stat(self, game_id: str) -> tuple[StoredGame, os.stat_result]:
        """``read``, and the stat of the file as it was read (for the history's index)."""
        stored, _raw, _schema, st = self._read(game_id)
        return stored, st

    def _read(self, game_id: str) -> tuple[StoredGame, bytes, int | None, os.stat_result]:
        return self._read_path(self.path(game_id), game_id)

    def _read_path(
        self, path: Path, game_id: str, *, journal: bool = True
    ) -> tuple[StoredGame, bytes, int | None, os.stat_result]:
        """Reads the game file at ``path`` as the game ``game_id``, checked as every game file is,
        with the lines of its journal it does not cover (``journal``: a game among the games)."""
        try:
            raw, st = read_regular_stat(path)
            data = parse_json(raw)
            problem = ""
            if journal and isinstance(data, dict) and "several_tables" in data:
                # Read after the file, then the file looked at again: a fold between the two
                # (the file replaced, the lines it covers dropped) is read again.
                for _ in range(3):
                    lines = self._read_journal(game_id)
                    again = os.stat(path)
                    if (again.st_ino, again.st_mtime_ns, again.st_size) == (st.st_ino, st.st_mtime_ns, st.st_size):
                        break
                    raw, st = read_regular_stat(path)
                    data = parse_json(raw)
                data, problem = _with_journal(data, lines)
            game = game_from_json(data)
            created = _time_field(data, "created", None)
            updated = _time_field(data, "updated", created)
        except NotReadable as e:
            raise UnreadableGame(path, None, e.reason, e.damaged) from None
        except SchemaError as e:
            raise UnreadableGame(path, None, str(e).rstrip(".")) from None
        solved = solved_from_json(data.get("double_dummy"), game.deals)
        unchecked = unchecked_from_json(data.get("double_dummy"), solved)
        if problem:
            problem = f"The journal of {game_id}, {shown_path(journal_path(self.games_dir, game_id))}: {problem}"
        stored = StoredGame(game_id, game, created, updated, solved, unchecked, journaled_of(data), problem)
        return stored, raw, schema_of(data), st

    def _read_journal(self, game_id: str) -> JournalRead:
        try:
            return read_journal(journal_path(self.games_dir, game_id), is_time)
        except NotReadable as e:
            return JournalRead((), f"it could not be read ({e.reason}), so none of it was taken")

    def load(self, game_id: str) -> StoredGame:
        """Reads a game; a file that cannot be one is moved aside and UnreadableGame raised.

        A file that could not be opened at all (no permission) is left where it is."""
        return self.load_stat(game_id)[0]

    def load_stat(self, game_id: str) -> tuple[StoredGame, os.stat_result]:
        """``load``, and the stat of the file as it was read (before any rewrite in this schema)."""
        try:
            stored, raw, old, st = self._read(game_id)
        except UnreadableGame as e:
            kept = keep_aside(e.path) if e.damaged else None
            raise UnreadableGame(e.path, kept, e.reason, e.damaged) from None
        if old is not None and old < SCHEMA:
            self._migrated(self.path(game_id), raw, old, stored)
        return stored, st

    def _migrated(self, path: Path, raw: bytes, old: int, stored: StoredGame) -> None:
        """Keeps the file as it was beside the game, then rewrites it in the current schema."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        keep = path.with_name(f"{path.name}.schema{old}-{stamp}")
        try:
            if not os.path.lexists(keep):
                atomic_write(keep, raw)
            self.save(stored)
        except OSError:
            pass  # still readable as it is; the migration is tried again next time

    def mode_of(self, game_id: str) -> Mode | None:
        """A game's mode, read from the head of its file (a mode never changes once a game
        is made, and a game file says it among its first lines); the whole file is read
        only if the head does not say. None if the game cannot be read."""
        try:
            found = _MODE_IN_HEAD.search(read_head(self.path(game_id), MODE_HEAD_BYTES))
        except (OSError, NotReadable):
            return None
        if found is not None:
            return Mode(found.group(1).decode("ascii"))
        stored = self.load_quietly(game_id)
        return stored.game.mode if stored is not None else None

    def updated_of(self, game_id: str) -> str | None:
        """When a game last changed, read from the head of its file as ``mode_of`` reads its
        mode (None if the head does not say, or the game cannot be read)."""
        try:
            found = _UPDATED_IN_HEAD.search(read_head(self.path(game_id), MODE_HEAD_BYTES))
        except (OSError, NotReadable):
            return None
        if found is None:
            return None
        text = found.group(1).decode("ascii")
        return text if is_time(text) else None

    def load_quietly(self, game_id: str) -> StoredGame | None:
        """``read``, for a window that may not write: None where ``read`` raises."""
        try:
            return self.read(game_id)
        except (OSError, UnreadableGame, NotAGameId):
            return None

    def discard(self, game_id: str) -> Path | None:
        """Moves a game to the trash folder (never destroys it) and returns where it went; what
        its journal holds is written into it first, so that the file in the trash is the game."""
        path = self.path(game_id)
        if not os.path.lexists(path):
            return None
        if os.path.lexists(journal_path(self.games_dir, game_id)):
            self.compactor.wait()
            if os.path.lexists(journal_path(self.games_dir, game_id)):
                stored = self.read(game_id)
                self.save(stored)
                self.journal.remove(game_id)  # its damaged rest, if any, was reported on opening
        trash = self.root / "trash"
        make_private_dirs(trash)
        target = trash / path.name
        n = 1
        while os.path.lexists(target):
            n += 1
            target = trash / f"{game_id}-{n}.json"
        os.replace(path, target)
        try:
            os.utime(target)  # its time in the trash is when it went there: the trash lists the newest first
        except OSError:
            pass
        fsync_dir(self.games_dir)
        return target

    @property
    def trash_dir(self) -> Path:
        return self.root / "trash"

    def trashed(self) -> list[TrashedGame]:
        """The games in the trash folder, most recently trashed first."""
        try:
            entries = list(os.scandir(self.trash_dir))
        except OSError:
            return []
        out = []
        for entry in entries:
            if trashed_id(entry.name) is None:
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                when = entry.stat(follow_symlinks=False).st_mtime
            except OSError:
                continue
            out.append(TrashedGame(entry.name, when))
        out.sort(key=lambda t: (t.trashed_at, t.name), reverse=True)
        return out

    def load_trashed(self, name: str) -> StoredGame | None:
        """A game in the trash, read as any game file is, without moving anything (None if it cannot be read)."""
        game_id = trashed_id(name)
        if game_id is None:
            return None
        try:
            stored = self._read_path(self.trash_dir / name, game_id, journal=False)[0]
        except (OSError, UnreadableGame):
            return None
        return stored

    def restore(self, name: str) -> str:
        """Moves the trash's file ``name`` back among the games and returns the game's id:
        the id it had, or a fresh one if a game of that id has come since."""
        game_id = trashed_id(name)
        source = self.trash_dir / name
        if game_id is None or not source.is_file() or source.is_symlink():
            raise FileNotFoundError(f"no game {visible(name)!r} in the trash")
        if os.path.lexists(self.path(game_id)):
            game_id = new_id()
            while os.path.lexists(self.path(game_id)):
                game_id = new_id()
        self.ensure()
        os.replace(source, self.path(game_id))
        fsync_dir(self.games_dir)
        fsync_dir(self.trash_dir)
        return game_id

    def listing(self) -> tuple[list[str], list[str]]:
        """Game ids, oldest first (ids begin with their creation time), and a message for
        each file that looks like a game but whose name is not an id."""
        try:
            names = os.listdir(self.games_dir)
        except OSError:
            return [], []
        ids: list[str] = []
        skipped: list[str] = []
        for n in names:
            if not n.endswith(".json") or n.startswith("."):
                continue
            if is_game_id(n[:-5]):
                ids.append(n[:-5])
            else:
                skipped.append(misnamed(self.games_dir, n))
        return sorted(ids), sorted(skipped)

    def ids(self) -> list[str]:
        """Game ids, oldest first (ids begin with their creation time)."""
        return self.listing()[0]


def _copy_aside(path: Path) -> Path | None:
    """A copy of ``path`` beside it, named as ``keep_aside`` names a file it moves (None: no file)."""
    try:
        raw = read_regular(path)
    except (FileNotFoundError, NotReadable):
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    atomic_write(target, raw, replace=False)
    return target


def _with_journal(data: Any, lines: JournalRead) -> tuple[Any, str]:
    """The game's JSON with its journal's lines, and what was dropped from the journal (a
    clause, or ""). Lines the game's reader refuses (damage: every line is checked as its
    result before it is written) are dropped from the first of them, found by halving."""
    if not isinstance(data, dict) or not lines.entries:
        return data, lines.problem
    entries = lines.entries
    merged = with_entries(data, entries)
    try:
        game_from_json(merged)
    except SchemaError:
        good, bad = 0, len(entries)  # with ``good`` lines the game reads, with ``bad`` it does not
        while bad - good > 1:
            mid = (good + bad) // 2
            try:
                game_from_json(with_entries(data, entries[:mid]))
                good = mid
            except SchemaError:
                bad = mid
        dropped = len(entries) - good
        return with_entries(
            data, entries[:good]
        ), f"{dropped} line(s) from its line {good + 1} do not fit the game, so they were dropped"
    return merged, lines.problem


def _time_field(data: dict[str, Any], key: str, fallback: str | None) -> str:
    """``created`` or ``updated``: a time, or the fallback (now) when the file has none."""
    value = data.get(key)
    if value is None:
        return fallback or now_iso()
    if not is_time(value):
        raise SchemaError(f"The file's {key} is not {TIME_HELP}.")
    return str(value)
