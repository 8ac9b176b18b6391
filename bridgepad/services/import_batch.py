"""An import's games stored all at once or not at all, and never twice.

Which games are new: a game whose inputs are already in the history (see
``bridgepad.core.records.sameness``) is not stored again. The games of the file are matched
against the games of the folder one for one, a game found under its own id first, so
that a file holding two equal games adds what the folder lacks to have two.

All or nothing: the new games are written into a staging folder inside the data folder,
``import-<pid>-<token>.staging/games/``, flushed to the disk, and committed by one
rename of that folder to ``import-<pid>-<token>.commit``: that rename is the moment the
import happens. The committed games are then moved into ``games/`` one by one (never
over a file already there) and the emptied folder removed.

A crash before the rename leaves a staging folder: nothing was imported, and the next
start (``GameStore.recover``) or the next import deletes it. A crash after it leaves a
committed folder: the next start or import finishes moving its games in. A re-run of
the import after either finds the games it stored already there and adds nothing
twice. The folders of a process that is still running are left alone.

The import is to hold the data folder's lock while it plans and commits (the place is
marked in ``bridgepad.cli.import_games.run``), so that no other writer changes
``games/`` in between.
"""

from __future__ import annotations

import os
import shutil
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bridgepad.core.records.sameness import inputs_key
from bridgepad.services.formats.incoming import Incoming
from bridgepad.store.atomic_file import fsync_dir
from bridgepad.store.errors import UnreadableGame
from bridgepad.store.game_store import GameStore, StoredGame, game_bytes, id_at

PREFIX = "import-"
STAGING = ".staging"
COMMITTED = ".commit"
# Without a way to ask whether a process is alive, a folder this old is taken as abandoned.
ABANDONED_SECONDS = 600


@dataclass(frozen=True, slots=True)
class Plan:
    """What an import will do: the games to store, with their ids and times, and how many are there already."""

    new: tuple[StoredGame, ...]
    already: int
    problems: tuple[str, ...] = ()  # game files of the folder that could not be read to compare


class Matcher:
    """The games of the folder, by their inputs, for matching incoming games one for one;
    and the ids taken, so that each new game gets one of its own."""

    def __init__(self, store: GameStore) -> None:
        self.counts: Counter[str] = Counter()
        self.key_of: dict[str, str] = {}
        self.problems: list[str] = []  # game files of the folder that could not be read to compare
        self.taken = set(store.ids())
        self.already = 0
        for game_id in sorted(self.taken):
            try:
                key = inputs_key(store.load(game_id).game)
            except FileNotFoundError:
                continue
            except UnreadableGame as e:
                self.problems.append(str(e))
                continue
            self.counts[key] += 1
            self.key_of[game_id] = key

    def claim(self, key: str, game_id: str | None = None) -> bool:
        """Whether a game of these inputs is there still unmatched (under ``game_id``, if given); it is now matched."""
        if self.counts[key] <= 0 or (game_id is not None and self.key_of.get(game_id) != key):
            return False
        self.counts[key] -= 1
        self.already += 1
        return True

    def stored(self, inc: Incoming) -> StoredGame:
        """A new game as it will be stored: its own id and times, unless its id is taken."""
        created = inc.created or datetime.now().astimezone().isoformat(timespec="seconds")
        game_id = inc.id if inc.id is not None and inc.id not in self.taken else id_at(created)
        while game_id in self.taken:
            game_id = id_at(created)
        self.taken.add(game_id)
        return StoredGame(game_id, inc.game, created, inc.updated or created)


def plan(store: GameStore, incoming: Sequence[Incoming]) -> Plan:
    """Matches ``incoming`` against the games of ``store``; ids and times are kept when they do not clash."""
    m = Matcher(store)
    keys = [inputs_key(i.game) for i in incoming]
    there = [False] * len(incoming)
    # A game found under its own id first: an export brought back to the folder it left.
    for k, (inc, key) in enumerate(zip(incoming, keys)):
        if inc.id is not None and m.claim(key, inc.id):
            there[k] = True
    for k, key in enumerate(keys):
        if not there[k] and m.claim(key):
            there[k] = True
    new = [m.stored(inc) for inc, found in zip(incoming, there) if not found]
    return Plan(tuple(new), m.already, tuple(m.problems))


def commit(store: GameStore, games: Iterable[StoredGame]) -> Path:
    """Writes ``games`` into a staging folder and commits it with one rename; returns the committed folder.

    On any failure before the rename the staging folder is removed and nothing is imported.
    ``games`` may be a generator: they are written as they come, never all held at once.
    """
    store.ensure()
    token = f"{os.getpid()}-{os.urandom(4).hex()}"
    staging = store.root / f"{PREFIX}{token}{STAGING}"
    folder = staging / "games"
    try:
        folder.mkdir(parents=True, mode=0o700)
        paths = []
        for g in games:
            path = folder / f"{g.id}.json"
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(game_bytes(g))
            paths.append(path)
        _flush(paths)
        fsync_dir(folder)
        committed = staging.with_name(f"{PREFIX}{token}{COMMITTED}")
        os.rename(staging, committed)
        fsync_dir(store.root)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return committed


def finish(store: GameStore, committed: Path) -> int:
    """Moves a committed folder's games into ``games/``, never over another file; returns how many."""
    folder = committed / "games"
    store.ensure()
    moved = 0
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.is_file(follow_symlinks=False) and entry.name.endswith(".json"):
            _move_in(Path(entry.path), store.games_dir)
            moved += 1
    fsync_dir(store.games_dir)
    shutil.rmtree(committed)
    fsync_dir(store.root)
    return moved


def recover(store: GameStore) -> list[str]:
    """Cleans what an import killed part way left behind: one sentence for each folder dealt with."""
    try:
        entries = list(os.scandir(store.root))
    except OSError:
        return []
    said = []
    for entry in sorted(entries, key=lambda e: e.name):
        name = entry.name
        if not name.startswith(PREFIX) or not name.endswith((STAGING, COMMITTED)):
            continue
        if not entry.is_dir(follow_symlinks=False) or _still_running(entry):
            continue
        path = Path(entry.path)
        try:
            if name.endswith(STAGING):
                shutil.rmtree(path)
                said.append("An import that was cut short before it was stored has been cleaned away; nothing of it was kept.")
            else:
                n = finish(store, path)
                said.append(f"An import that was cut short after it was stored has been finished: {n} more games moved in.")
        except OSError as e:
            said.append(f"Could not finish tidying {name} after an import that was cut short: {e.strerror or e}.")
    return said


def _still_running(entry: os.DirEntry[str]) -> bool:
    """Whether the import that made this folder may still be at work."""
    pid_text = entry.name[len(PREFIX) :].split("-", 1)[0]
    if not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    if os.name == "posix":
        try:
            os.kill(pid, 0)  # signal 0 asks only whether the process exists
        except ProcessLookupError:
            return False
        except PermissionError:
            return True  # it exists, under another user
        return True
    try:
        age = datetime.now().timestamp() - entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return True
    return age < ABANDONED_SECONDS


def _flush(paths: Sequence[Path]) -> None:
    """Every staged file on the disk before the commit: one system-wide sync where there is one."""
    if hasattr(os, "sync"):
        os.sync()
        return
    for path in paths:  # pragma: no cover - platforms without sync(2)
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _move_in(src: Path, games_dir: Path) -> None:
    """Moves one game file into ``games/`` under its name, or beside a different file of that name."""
    stem = src.name[: -len(".json")]
    dst = games_dir / src.name
    n = 1
    while True:
        try:
            os.link(src, dst)  # a link never replaces a file that is there
        except FileExistsError:
            if dst.read_bytes() == src.read_bytes():
                break  # moved before a crash, and the original not yet removed
            n += 1
            dst = games_dir / f"{stem}-{n}.json"
            continue
        except OSError:
            # A file system without hard links: a rename, once nothing is there.
            if dst.exists():
                n += 1
                dst = games_dir / f"{stem}-{n}.json"
                continue
            os.rename(src, dst)
            return
        break
    os.unlink(src)
