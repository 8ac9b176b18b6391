"""An import's games stored all at once or not at all, and never twice.

Which games are new: a game whose inputs are already in the history (see
``bridgepad.core.records.sameness``) is not stored again. The games of the file are matched
against the games of the folder one for one, a game found under its own id first, so
that a file holding two equal games adds what the folder lacks to have two.

All or nothing: the new games are written into a staging folder inside the data folder,
``import-<id>.staging/games/``, flushed to the disk, and committed by one rename of that
folder to ``import-<id>.commit``: that rename is the moment the import happens. The
committed games are then moved into ``games/`` one by one (never over a file already
there) and the emptied folder removed.

The ``<id>`` is random, never a process id (those are reused), and written again in a
marker file inside the folder (``owner``). Whoever looks at these folders holds the data
folder's lock, as an import holds it from its plan to its last move: so the only import
that can be at work is the looker's own, known by its id; every other folder was left by
an import that was cut short.

A crash before the rename leaves a staging folder: nothing was imported, and the next
start (``Session.open``) or the next import deletes it. A crash after it leaves a
committed folder: the next start or import finishes moving its games in (saying how many
it moved, and nothing for a folder already emptied). A re-run of the import after either
finds the games it stored already there and adds nothing twice.

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
from bridgepad.store.game_store import IMPORT_PREFIX, GameStore, StoredGame, game_bytes, id_at

PREFIX = IMPORT_PREFIX
STAGING = ".staging"
COMMITTED = ".commit"
MARKER = "owner"  # inside each folder: its id, which no other import can have
_ACTIVE: set[str] = set()  # the ids of the imports this process is at work on


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
    token = os.urandom(16).hex()
    staging = store.root / f"{PREFIX}{token}{STAGING}"
    folder = staging / "games"
    _ACTIVE.add(token)
    try:
        folder.mkdir(parents=True, mode=0o700)
        _write_new(staging / MARKER, token.encode("ascii") + b"\n")
        paths = []
        for g in games:
            path = folder / f"{g.id}.json"
            _write_new(path, game_bytes(g))
            paths.append(path)
        _flush(paths)
        fsync_dir(folder)
        committed = staging.with_name(f"{PREFIX}{token}{COMMITTED}")
        os.rename(staging, committed)
        fsync_dir(store.root)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        _ACTIVE.discard(token)
        raise
    return committed


def _write_new(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def finish(store: GameStore, committed: Path) -> int:
    """Moves a committed folder's games into ``games/``, never over another file, and removes
    the folder; returns how many games it moved in (not those a cut-short run had moved)."""
    folder = committed / "games"
    store.ensure()
    moved = 0
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except FileNotFoundError:
        entries = []  # emptied and half removed by a run cut short in its last step
    try:
        for entry in entries:
            if entry.is_file(follow_symlinks=False) and entry.name.endswith(".json"):
                moved += _move_in(Path(entry.path), store.games_dir)
        fsync_dir(store.games_dir)
        shutil.rmtree(committed, onerror=_gone_already)
        fsync_dir(store.root)
    finally:
        _ACTIVE.discard(_folder_id(committed.name))
    return moved


def _gone_already(_function: object, _path: str, exc_info: tuple[type[BaseException], BaseException, object]) -> None:
    """``rmtree``: what is gone already is no failure (a removal cut short, taken up again)."""
    if not isinstance(exc_info[1], FileNotFoundError):
        raise exc_info[1]


def _folder_id(name: str) -> str:
    return name[len(PREFIX) :].rsplit(".", 1)[0]


def recover(store: GameStore) -> list[str]:
    """Cleans what an import cut short left behind: one sentence for each folder that held
    something. To be called with the data folder's lock held: then every folder but this
    process's own imports was left by one that no longer runs."""
    try:
        entries = list(os.scandir(store.root))
    except OSError:
        return []
    said = []
    for entry in sorted(entries, key=lambda e: e.name):
        name = entry.name
        if not name.startswith(PREFIX) or not name.endswith((STAGING, COMMITTED)):
            continue
        if not entry.is_dir(follow_symlinks=False) or _ours_at_work(Path(entry.path)):
            continue
        path = Path(entry.path)
        try:
            if name.endswith(STAGING):
                shutil.rmtree(path, onerror=_gone_already)
                said.append("An import that was cut short before it was stored has been cleaned away; nothing of it was kept.")
            else:
                n = finish(store, path)
                if n:
                    games = f"{n} more game{'s' if n != 1 else ''}"
                    said.append(f"An import that was cut short after it was stored has been finished: {games} moved in.")
        except OSError as e:
            said.append(f"Could not finish tidying {name} after an import that was cut short: {e.strerror or e}.")
    return said


def _ours_at_work(folder: Path) -> bool:
    """Whether the folder is one of this process's imports, at work now: its marker holds
    an id this process is using. A folder without a marker (cut short before it was written,
    or from an older bridgepad) is no one's."""
    try:
        with open(folder / MARKER, "rb") as f:
            token = f.read(64).decode("ascii", "replace").strip()
    except OSError:
        return False
    return token in _ACTIVE and token == _folder_id(folder.name)


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


def _move_in(src: Path, games_dir: Path) -> int:
    """Moves one game file into ``games/`` under its name, or beside a different file of that
    name; 1 if it was moved now, 0 if a run cut short had moved it (only its original left)."""
    stem = src.name[: -len(".json")]
    dst = games_dir / src.name
    n = 1
    moved = 1
    while True:
        try:
            os.link(src, dst)  # a link never replaces a file that is there
        except FileExistsError:
            if os.path.samefile(src, dst) or dst.read_bytes() == src.read_bytes():
                moved = 0  # moved before a crash, and the original not yet removed
                break
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
            return 1
        break
    os.unlink(src)
    return moved
