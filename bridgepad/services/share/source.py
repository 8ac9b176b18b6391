"""Where the shared view reads the game from: the data folder, read-only, or the app's own session.

``FolderSource`` is what ``bridgepad share`` reads beside a pad running in another
process: it never takes the folder's lock and never writes a byte (a read-only
``Session`` follows the ``current`` game as a second window does, and the history is
only looked at). Its ``stamp`` is what tells a change, by the game's files alone: the
``current`` pointer and the current game's file, their size, time and inode
(``folder_watch`` looks at it).

``SessionSource`` is the app's: the session the pad writes through, whose every save is
published (``Session.changes``), so a hand is shown the moment it is saved.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bridgepad.core.evening.tally import Tally, tally
from bridgepad.core.evening.windows import Window, since, window_start
from bridgepad.core.records.record import record_of
from bridgepad.core.rules.game import Game, GameOverError
from bridgepad.core.rules.settlement import rounding_unit
from bridgepad.services.session import Session
from bridgepad.services.share.view import page_state
from bridgepad.store.game_journal import journal_path
from bridgepad.store.game_store import GameStore
from bridgepad.store.preferences_file import PreferencesFile

if TYPE_CHECKING:
    from pathlib import Path

Stamp = tuple[tuple[int, int, int] | None, ...]


def tonight(session: Session) -> Tally:
    """Tonight's tally at the stake and rounding the tally screen saved, as ``bridgepad tally``
    gives it by default; the history is only looked at, never written."""
    prefs = session.files.tally_preferences()
    results = session.files.history().summaries(look_only=True)
    start = window_start(Window.TONIGHT, datetime.now().astimezone(), results)
    return tally(since(results, start), rounding_unit(prefs.rounding), prefs.stake)


def session_state(session: Session) -> dict[str, Any]:
    """The page's state of the game on ``session``'s pad."""
    stored = session.stored
    record = record_of(session.state, stored.id, stored.created, stored.updated, stored.solved)
    return page_state(record, session.game_number(), tonight(session) if session.state.over else None)


class SessionSource:
    """The app's session (``current`` gives the one in use: a read-only window may take over)."""

    def __init__(self, current: Callable[[], Session]) -> None:
        self._current = current

    def state(self) -> dict[str, Any]:
        return session_state(self._current())


def _stat(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


class FolderSource:
    """The data folder at ``root``, followed read-only as a second window follows the pad."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._store = GameStore(root)
        self._session: Session | None = None
        self._preferences = PreferencesFile(root)
        self._pointer: tuple[int, int, int] | None = None
        self._game_id: str | None = None

    def stamp(self) -> Stamp:
        """The size, time and inode of ``current``, of the game it names, of that game's journal
        (a table's result is appended there before the file is written whole) and of the
        settings (the tally's stake): what a save changes. ``current`` is read again only when it changed."""
        store = self._store
        pointer = _stat(store.root / "current")
        if pointer != self._pointer:
            self._pointer, self._game_id = pointer, store.current_id()
        game = _stat(store.path(self._game_id)) if self._game_id else None
        journal = _stat(journal_path(store.games_dir, self._game_id)) if self._game_id else None
        return (pointer, game, journal, _stat(store.root / "settings.json"))

    @property
    def game_id(self) -> str | None:
        """The game ``current`` named at the last ``stamp``."""
        return self._game_id

    def session(self) -> Session:
        """The game ``current`` names, read without moving or writing anything (a damaged
        file is the pad's to set aside); an empty rubber while there is none."""
        if self._session is not None:
            self._session.reload()
            return self._session
        store = self._store
        game_id = store.current_id()
        stored = store.load_quietly(game_id) if game_id else None
        if stored is not None:
            try:
                self._session = Session(store, stored, read_only=True)
            except GameOverError:
                stored = None
        if stored is None:
            defaults = self._preferences.new_game_defaults()
            fresh = store.new_stored(Game(settings=defaults.settings, players=defaults.players))
            self._session = Session(store, fresh, read_only=True, fresh=True)
        assert self._session is not None
        return self._session

    def state(self) -> dict[str, Any]:
        return session_state(self.session())
