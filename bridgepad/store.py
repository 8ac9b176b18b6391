"""Games on disk: one JSON file a game, written atomically, never silently lost.

Layout of the data directory::

    games/<id>.json     one game each: its inputs and a schema version
    current             the id of the game on the pad
    settings.json       the rules and names that new games start with, the tally's
                        stake, the colour theme and a keymap
    trash/              games deleted from the history
    games/<id>.json.corrupt-<time>   a file that could not be read, kept aside byte for byte
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bridgepad.core.game import Game
from bridgepad.core.serialize import SCHEMA, SchemaError, game_from_json, game_to_json, schema_of
from bridgepad.core.settings import Settings

ENV_VAR = "BRIDGEPAD_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir`` first, then $BRIDGEPAD_DATA_DIR, then the platform's user data folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("bridgepad")


def now_iso() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def atomic_write(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old file or the new."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # The rename is durable only once the folder itself reaches the disk.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class UnreadableGame(Exception):
    """A game file that could not be read; it has been moved aside to ``kept``."""

    def __init__(self, path: Path, kept: Path | None, reason: str) -> None:
        self.path = path
        self.kept = kept
        self.reason = reason
        where = f"; it was kept as {kept}" if kept else ""
        super().__init__(f"Could not read {path.name}: {reason}{where}.")


@dataclass(slots=True)
class StoredGame:
    id: str
    game: Game
    created: str
    updated: str

    def meta(self) -> dict[str, Any]:
        return {"id": self.id, "created": self.created, "updated": self.updated}


def new_id() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S-") + os.urandom(2).hex()


STALE_TEMP_SECONDS = 60


class Store:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.games_dir = root / "games"
        self.problems: list[str] = []  # files found unreadable and kept aside, in words

    def ensure(self) -> None:
        for folder in (self.root, self.games_dir):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)

    def tidy(self) -> None:
        """At start: moves aside a ``current`` that is not a file, and sweeps temp files
        left by a write that was killed half-way (old enough that no writer still owns them)."""
        current = self.root / "current"
        if current.is_dir() or (current.exists() and not current.is_file()):
            kept = self.keep_aside(current)
            self.problems.append(f"The pointer to the current game was not a file; it was kept as {kept}.")
        now = datetime.now().timestamp()
        for folder in (self.root, self.games_dir):
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                    try:
                        if now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                            os.unlink(entry.path)
                    except OSError:
                        pass

    def path(self, game_id: str) -> Path:
        return self.games_dir / f"{game_id}.json"

    # The current game -------------------------------------------------------
    def current_id(self) -> str | None:
        try:
            text = (self.root / "current").read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return text if text and "/" not in text and "\\" not in text and not text.startswith(".") else None

    def set_current(self, game_id: str) -> None:
        atomic_write(self.root / "current", game_id.encode() + b"\n")

    # Games ------------------------------------------------------------------
    def save(self, stored: StoredGame) -> None:
        data = game_to_json(stored.game, stored.meta())
        atomic_write(self.path(stored.id), json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))

    def new_stored(self, game: Game) -> StoredGame:
        """A new game with a fresh id, not yet written."""
        t = now_iso()
        stored = StoredGame(new_id(), game, t, t)
        while self.path(stored.id).exists():
            stored.id = new_id()
        return stored

    def create(self, game: Game) -> StoredGame:
        """Writes a new game and makes it the current one."""
        stored = self.new_stored(game)
        self.ensure()
        self.save(stored)
        self.set_current(stored.id)
        return stored

    def add(self, game: Game, created: str | None = None) -> StoredGame:
        """Saves ``game`` as a new file without making it the current game (for imports).

        ``created`` is the ISO time to record as its start (default: now).
        """
        t = created or now_iso()
        try:
            at: datetime | None = datetime.fromisoformat(t)
        except ValueError:
            at = None

        def fresh() -> str:  # the id begins with the start time, so ids sort as the games began
            return at.strftime("%Y%m%d-%H%M%S-") + os.urandom(2).hex() if at is not None else new_id()

        stored = StoredGame(fresh(), game, t, t)
        while self.path(stored.id).exists():
            stored.id = fresh()
        self.ensure()
        self.save(stored)
        return stored

    def load(self, game_id: str) -> StoredGame:
        """Reads a game; a file that cannot be read is moved aside and UnreadableGame raised."""
        path = self.path(game_id)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise
        except IsADirectoryError:
            raise UnreadableGame(path, self.keep_aside(path), "it is a folder, not a file") from None
        except OSError as e:
            raise UnreadableGame(path, None, e.strerror or str(e)) from None
        try:
            data = json.loads(raw.decode("utf-8"))
            game = game_from_json(data)
        except UnicodeDecodeError:
            raise UnreadableGame(path, self.keep_aside(path), "it is not UTF-8 text") from None
        except SchemaError as e:
            raise UnreadableGame(path, self.keep_aside(path), str(e).rstrip(".")) from None
        except (ValueError, RecursionError):
            # Not JSON, cut short, or JSON no game could be: nested too deep, numbers too long.
            reason = "it is empty" if not raw.strip() else "it is not valid JSON (perhaps cut short)"
            raise UnreadableGame(path, self.keep_aside(path), reason) from None
        created = data.get("created") if isinstance(data.get("created"), str) else now_iso()
        updated = data.get("updated") if isinstance(data.get("updated"), str) else created
        stored = StoredGame(game_id, game, created, updated)
        old = schema_of(data)
        if old is not None and old < SCHEMA:
            self._migrated(path, raw, old, stored)
        return stored

    def _migrated(self, path: Path, raw: bytes, old: int, stored: StoredGame) -> None:
        """Keeps the file as it was beside the game, then rewrites it in the current schema."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        keep = path.with_name(f"{path.name}.schema{old}-{stamp}")
        try:
            if not keep.exists():
                atomic_write(keep, raw)
            self.save(stored)
        except OSError:
            pass  # still readable as it is; the migration is tried again next time

    def load_quietly(self, game_id: str) -> StoredGame | None:
        """Reads a game without moving anything aside (for a window that may not write)."""
        try:
            data = json.loads(self.path(game_id).read_bytes().decode("utf-8"))
            game = game_from_json(data)
        except (OSError, ValueError, RecursionError):
            return None
        created = data.get("created") if isinstance(data.get("created"), str) else now_iso()
        updated = data.get("updated") if isinstance(data.get("updated"), str) else created
        return StoredGame(game_id, game, created, updated)

    def keep_aside(self, path: Path) -> Path | None:
        """Renames an unreadable file out of the way, byte for byte, and returns where it went."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target

    def discard(self, game_id: str) -> Path | None:
        """Moves a game to the trash folder (never destroys it) and returns where it went."""
        path = self.path(game_id)
        if not path.exists():
            return None
        trash = self.root / "trash"
        trash.mkdir(parents=True, exist_ok=True, mode=0o700)
        target = trash / path.name
        n = 1
        while target.exists():
            n += 1
            target = trash / f"{game_id}-{n}.json"
        os.replace(path, target)
        _fsync_dir(self.games_dir)
        return target

    def ids(self) -> list[str]:
        """Game ids, oldest first (ids begin with their creation time)."""
        try:
            names = os.listdir(self.games_dir)
        except OSError:
            return []
        return sorted(n[:-5] for n in names if n.endswith(".json") and not n.startswith("."))

    # Settings for new games -------------------------------------------------
    def _settings_file(self) -> dict[str, Any]:
        path = self.root / "settings.json"
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError:
            raw = None  # a folder, or unreadable: kept aside below
        data: Any = None
        if raw is not None:
            try:
                data = json.loads(raw.decode("utf-8"))
            except (ValueError, RecursionError):
                data = None
        if isinstance(data, dict):
            return data
        # Never written over: kept aside byte for byte, and said, before the defaults are used.
        kept = self.keep_aside(path)
        self.problems.append(f"Could not read settings.json; it was kept as {kept}, and the usual rules are used.")
        return {}

    def _update_settings_file(self, **parts: Any) -> None:
        # One file holds the rules for new games and the tally's stake; each writer keeps the rest.
        data = self._settings_file()
        data.update(parts)
        atomic_write(self.root / "settings.json", json.dumps(data, indent=1).encode("utf-8"))

    def load_defaults(self) -> tuple[Settings, tuple[str, str, str, str]]:
        data = self._settings_file()
        players = data.get("players")
        names = ("", "", "", "")
        if isinstance(players, list) and len(players) == 4 and all(isinstance(p, str) for p in players):
            names = (players[0], players[1], players[2], players[3])
        return Settings.from_json(data.get("settings")), names

    def save_defaults(self, settings: Settings, players: tuple[str, str, str, str]) -> None:
        self._update_settings_file(settings=settings.to_json(), players=list(players))

    def load_tally_prefs(self) -> tuple[bool, str]:
        """The tally's last choices: round margins to 100 or not, and the stake per 100 ("" for none)."""
        prefs = self._settings_file().get("tally")
        if not isinstance(prefs, dict):
            return False, ""
        rounding = prefs.get("round") is True
        stake = prefs.get("stake") if isinstance(prefs.get("stake"), str) else ""
        return rounding, stake

    def save_tally_prefs(self, rounding: bool, stake: str) -> None:
        self._update_settings_file(tally={"round": rounding, "stake": stake})

    def load_looks(self) -> tuple[str, Any]:
        """The colour theme chosen last ("" for none yet) and the user's keymap as written ("keys")."""
        data = self._settings_file()
        theme = data.get("theme")
        return (theme if isinstance(theme, str) else ""), data.get("keys")

    def save_theme(self, theme: str) -> None:
        self._update_settings_file(theme=theme)
