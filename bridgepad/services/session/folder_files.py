"""The data folder's files beside its games: the preferences, the people, the trash and the history.

The screens and commands reach them through the session (``session.files``), so a read-only
window only ever reads them; a failure a person must see is raised as a ``SaveError``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from bridgepad.core.lazy import lazy
from bridgepad.core.rules.settings import Settings
from bridgepad.store.errors import SaveError
from bridgepad.store.game_store import GameStore, StoredGame, TrashedGame
from bridgepad.store.preferences_file import Looks, NewGameDefaults, Players, PreferencesFile, TallyPreferences

if TYPE_CHECKING:
    from bridgepad.services import history
    from bridgepad.store import people_file
    from bridgepad.store.people_file import People
else:
    history = lazy("bridgepad.services.history")  # not needed to paint the pad
    people_file = lazy("bridgepad.store.people_file")  # only the statistics and the tally ask


class FolderFiles:
    """The folder's files other than the game on the pad, read and written for one session."""

    def __init__(self, store: GameStore, *, read_only: bool) -> None:
        self._store = store
        self._read_only = read_only
        self._preferences = PreferencesFile(store.root, read_only=read_only)
        self._history: history.History | None = None

    # The history ------------------------------------------------------------------
    def history(self) -> history.History:
        """The folder's games, one History for the session's life: the new-game dialog, the
        history and the tally all ask this one, which reads again only what changed. A
        read-only window's only looks (sets nothing aside, writes no index)."""
        if self._history is None:
            self._history = history.History(self._store, read_only=self._read_only)
        return self._history

    def history_is_indexed(self) -> bool:
        """Whether the folder has a summary index to read ahead (a rebuild waits to be asked)."""
        return self.history().index_path.is_file()

    # Preferences --------------------------------------------------------------------
    def defaults(self) -> NewGameDefaults:
        """The rules and names that new games start with, and what was wrong with them as saved."""
        return self._preferences.new_game_defaults()

    def save_defaults(self, settings: Settings, players: Players) -> None:
        """Keeps the rules and names for new games; SaveError if they could not be written."""
        try:
            self._preferences.save_new_game_defaults(settings, players)
        except OSError as e:
            raise SaveError(f"Could not save the settings: {e.strerror or e}.") from None

    def tally_preferences(self) -> TallyPreferences:
        return self._preferences.tally()

    def save_tally_preferences(self, rounding: bool, stake: Decimal | None) -> None:
        """Keeps the tally's rounding and stake; SaveError if they could not be written."""
        try:
            self._preferences.save_tally(rounding, stake)
        except OSError as e:
            raise SaveError(f"Could not save the tally's choices: {e.strerror or e}.") from None

    def people(self) -> People:
        """The names said to be one person (``bridgepad players merge``), read again at each call."""
        return people_file.PeopleFile(self._store.root, read_only=self._read_only).read()

    def looks(self) -> Looks:
        """The colour theme and keymap kept for the app (the usual ones if the file cannot be read)."""
        try:
            return self._preferences.looks()
        except OSError:
            return Looks()

    def save_theme(self, theme: str) -> None:
        """Keeps the colour theme for the next start; SaveError if it could not be written."""
        try:
            self._preferences.save_theme(theme)
        except OSError as e:
            raise SaveError(f"The theme is used now but could not be kept for the next start: {e.strerror or e}.") from None

    # The trash --------------------------------------------------------------------
    def trashed(self) -> list[tuple[TrashedGame, StoredGame | None]]:
        """The games in the trash, the last deleted first, each with its game if it can be read."""
        return [(t, self._store.load_trashed(t.name)) for t in self._store.trashed()]
