"""The data folder's session: the game on the pad, every change made to it saved before it
is shown, undo, and the news of each save.

It knows nothing of textual. Each change builds a new ``Game`` from the old one
(``change``), writes it to disk, and only then becomes the state the screen shows; ``undo``
walks the changes back. Once a change is on disk the session publishes one ``GameChanged``
on ``changes`` (``services.changes``): the screens and the share server subscribe there.

The screens and commands reach the data folder only through a session: the game on the
pad here, its hands through ``hands`` (``pad_hands``), the folder's other files through
``files`` (``folder_files``). A failure a person must see is raised as one of
``bridgepad.store.errors``; a failed save stays as ``save_error`` until a save succeeds.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.double_dummy import Solution, Solved
from bridgepad.core.evening.windows import morning, parse_time, same_evening
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import Game, GameOverError, GameState
from bridgepad.core.rules.kinds import derive, nothing_entered
from bridgepad.services.changes import GameChanged, Hub, Origin
from bridgepad.services.session.folder_files import FolderFiles
from bridgepad.services.session.pad_hands import PadHands
from bridgepad.store.errors import (
    CannotReplay,
    GameGone,
    NotAGameId,
    ReadOnlyError,
    Refused,
    SaveError,
    UnreadableGame,
    shown_path,
)
from bridgepad.store.game_id import id_time
from bridgepad.store.game_store import IMPORT_PREFIX, GameStore, StoredGame, now_iso
from bridgepad.store.preferences_file import PreferencesFile

if TYPE_CHECKING:
    from bridgepad.services import import_batch
    from bridgepad.services.double_dummy import cache as solved_cache
else:
    # Only when an import's folder is left, or a game has its boards' cards: the pad opens without them.
    import_batch = lazy("bridgepad.services.import_batch")
    solved_cache = lazy("bridgepad.services.double_dummy.cache")

__all__ = ["READ_ONLY", "Change", "Kind", "ReadOnlyError", "SaveError", "Session"]


class Kind(str, Enum):
    """What a change did, and so how ``Session.undo`` takes it back."""

    EDIT = "edit"  # a game changed (on the pad or off it): ``before`` is how it was
    START = "start"  # a new game came on the pad: undo trashes it and puts ``previous`` back
    RESUME = "resume"  # an older game came on the pad: undo puts ``previous`` back, the other stays
    TRASH = "trash"  # a game went to the trash, as the file ``trashed``: undo restores it
    RESTORE = "restore"  # a game came back from the trash: undo moves it there again


@dataclass(frozen=True, slots=True)
class Change:
    """How to take one change back."""

    kind: Kind
    game_id: str
    what: str
    before: Game | None = None
    previous: StoredGame | None = None
    trashed: Path | None = None  # TRASH: where the game went; START, RESUME: the empty game set aside


@dataclass(frozen=True, slots=True)
class _Begun:
    """A game of the folder as the evening's count needs it: its id, when it began and last changed."""

    id: str
    created: datetime | None
    updated: datetime | None


class Session:
    def __init__(
        self,
        store: GameStore,
        stored: StoredGame,
        problems: tuple[str, ...] = (),
        read_only: bool = False,
        *,
        fresh: bool = False,
    ) -> None:
        self._store = store
        self.files = FolderFiles(store, read_only=read_only)  # preferences, people, trash, history
        self.hands = PadHands(self)  # the pad's game: its hands typed, edited, deleted
        self.stored = stored
        self._state: GameState | None = derive(stored.game)
        self.undo_stack: list[Change] = []
        self.problems = problems  # what opening found wrong in the folder, each a sentence to show once
        self.read_only = read_only
        self.read_only_reason = READ_ONLY  # who holds the folder and how to end it, once the app knows
        self.unsaved = False  # the game in memory is newer than its file
        self.unsaved_current = False  # the ``current`` pointer is not yet written
        # A fresh game, made because there was none in progress, is written with its first
        # change: opening a folder writes no game, so one replaced at once leaves no trace.
        self.fresh = fresh
        self.save_error: SaveError | None = None  # the last save that failed, until one succeeds
        # Each change that reached the disk, once: the screens and the share server listen here.
        self.changes: Hub[GameChanged] = Hub()
        self._news: GameChanged | None = None  # the change on its way to the disk, published once it is there
        # The last journal line tried for each game (``record``'s appends): a line whose append
        # failed may be on disk all the same, so its number is never used again, and the next
        # save writes the game whole, covering it (``_whole_next``).
        self._tried: dict[str, int] = {}
        self._whole_next = False
        if not read_only and not fresh:
            store.fold_later(stored)  # a journal left by the last run is folded into the file soon

    # Opening ----------------------------------------------------------------
    @classmethod
    def open(cls, store: GameStore, read_only: bool = False) -> Session:
        """The game in progress, or a new rubber (kept in memory until it changes); an
        unreadable file is set aside by the store and its problem reported in ``problems``.

        ``read_only``: another window holds the data folder, so nothing is written.
        """
        if not read_only:
            store.ensure()
        opened = store.open_current(recover=not read_only)
        problems = opened.problems
        if not read_only:
            # An import killed part way: finished if it had committed, else cleaned away.
            problems += _recover_imports(store)
        if opened.stored is not None:
            return cls(store, opened.stored, problems, read_only)
        defaults = PreferencesFile(store.root, read_only=read_only).new_game_defaults()
        fresh = store.new_stored(Game(settings=defaults.settings, players=defaults.players))
        return cls(store, fresh, problems + defaults.problems, read_only, fresh=True)

    @classmethod
    def open_folder(cls, root: Path, read_only: bool = False) -> Session:
        """``open`` on the data folder at ``root``."""
        return cls.open(GameStore(root), read_only)

    @staticmethod
    def make_folder(root: Path) -> None:
        """Makes the data folder and its games folder, private; OSError if it cannot."""
        GameStore(root).ensure()

    def reopened(self) -> Session:
        """The same folder opened again, to write: a read-only window taking over."""
        session = Session.open(self._store)
        session.changes = self.changes  # its listeners hear the window that writes now
        return session

    def reload(self) -> bool:
        """Read-only windows: picks up the game the other window is keeping. True if it changed."""
        game_id = self._store.current_id() or self.stored.id
        stored = self._store.load_quietly(game_id)
        if stored is None or (stored.id == self.stored.id and stored.game == self.stored.game):
            return False
        try:
            state = derive(stored.game)
        except GameOverError:
            return False
        if stored.id == self.stored.id:  # what this window solved meanwhile stays (kept by board and deal)
            # A table this window checked against the solver is the solver's, whatever the other still says.
            checked = {k: s for k, s in self.stored.solved.items() if k not in self.stored.unchecked}
            stored = replace(
                stored,
                solved={**self.stored.solved, **stored.solved, **checked},
                unchecked=stored.unchecked - checked.keys(),
            )
        self.stored, self.state = stored, state
        self.changes.publish(GameChanged(stored.id, "saved by another window", Origin.OTHER_WINDOW))
        return True

    # Reading ----------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The game on the pad played through: worked out when first asked after a table's result
        (a save does not wait for the scores of every board; the rules it passed keep it playable)."""
        if self._state is None:
            self._state = derive(self.stored.game)
        return self._state

    @state.setter
    def state(self, value: GameState) -> None:
        self._state = value

    @property
    def game(self) -> Game:
        return self.stored.game

    @property
    def path(self) -> Path:
        """The file of the game on the pad (not yet written while it is fresh)."""
        return self._store.path(self.stored.id)

    def games_to_count(self) -> bool:
        """Whether the statistics have a game to count: the game on the pad is over, or the
        folder holds another (a game put away was played). A listing, not a reading of the games."""
        return self.state.over or any(i != self.stored.id for i in self._store.ids())

    def game_number(self) -> int:
        """This game's place among the games of its mode in its evening, as the tally and the
        new-game dialog count an evening (``same_evening``): the first Chicago after three
        rubbers is Chicago 1, and a rubber started at 00:30 follows the rubbers of the evening before."""
        start = id_time(self.stored.id) or parse_time(self.stored.created)
        if start is None:
            return 1
        return 1 + self._games_of_the_evening(start, with_current=False)

    def next_game_number(self, now: datetime | None = None) -> int:
        """The number of the game that follows this one once it is over: a game begun now,
        so it follows every game of the evening so far. A resumed older game is not followed
        by its own number plus one: rubber 4 resumed and ended while rubber 5 was played
        is followed by rubber 6."""
        return 1 + self._games_of_the_evening(now or datetime.now().astimezone(), with_current=True)

    def _games_of_the_evening(self, start: datetime, *, with_current: bool) -> int:
        """How many games of this game's mode began in the evening of a game begun at ``start``
        and before it; the game on the pad among them only ``with_current`` (it may not be
        on disk yet, so it is taken from memory)."""
        current = self.stored.id
        floor = morning(start)  # no evening reaches back past the morning before it
        earlier = []
        for i in _ids_of_days(self._store.ids(), floor, start):  # an evening's few are looked at, not the history
            begun = id_time(i)
            if i != current and begun is not None and floor <= begun < start:
                earlier.append(_Begun(i, begun, parse_time(self._store.updated_of(i))))
        if with_current:
            begun = id_time(current) or parse_time(self.stored.created)
            if begun is not None and floor <= begun < start:
                earlier.append(_Begun(current, begun, parse_time(self.stored.updated)))
        mode = self.game.mode
        # Each game's mode from the head of its file: an evening of imported games stays quick to open.
        return sum(1 for g in same_evening(start, earlier) if g.id == current or self._store.mode_of(g.id) is mode)

    def read_game(self, game_id: str) -> StoredGame | None:
        """Another game of the folder, read without moving anything (None if it cannot be)."""
        return self._store.load_quietly(game_id)

    # The double-dummy cache ----------------------------------------------------
    def unsolved(self) -> tuple[tuple[int, Deal], ...]:
        """The boards of the game on the pad whose cards are known but not yet solved double dummy."""
        return solved_cache.unsolved(self.game, self.stored.solved)

    def unchecked(self) -> tuple[tuple[int, Deal], ...]:
        """The boards of the game on the pad whose solution a deals file gave and the solver has
        not yet checked, in order of board."""
        return tuple(sorted(self.stored.unchecked & solved_cache.kept_keys(self.game, self.stored.solved), key=lambda k: k[0]))

    def keep_solved(self, solutions: dict[tuple[int, Deal], Solution]) -> bool:
        """Keeps boards' solutions in the game's cache, written with the game (not a change to undo:
        they are derived from its cards); False if the write failed (a read-only window keeps them in memory).
        The solver's answer for a board a deals file gave checks it: the solver's is kept."""
        # A new stored game, not the old one changed: what follows the game (the shared view)
        # sees that it moved.
        self.stored = replace(
            self.stored, solved={**self.stored.solved, **solutions}, unchecked=self.stored.unchecked - solutions.keys()
        )
        if self.read_only or self.fresh:
            return not self.read_only
        self.unsaved = True
        self._news = GameChanged(self.stored.id, "boards solved double dummy", Origin.PAD)
        return self.flush()

    def end_game(self) -> bool:
        return self.change(replace(self.game, ended=True), f"{self.game.mode.word} ended")

    def start(self, game: Game, what: str = "new game", given: Solved | None = None) -> bool:
        """Makes ``game`` the current one, in a new file; the old game stays on disk. ``given``:
        its boards' double dummy as its deals file gave it, taken at once and checked later."""
        self.check_writable()
        state = derive(game)
        previous, set_aside = self._leave()
        self.stored = self._store.new_stored(game)
        if given:
            self.stored = replace(self.stored, solved=dict(given), unchecked=frozenset(given))
        self.fresh = False
        self.undo_stack.append(Change(Kind.START, self.stored.id, what, previous=previous, trashed=set_aside))
        self.state = state
        self.unsaved = self.unsaved_current = True
        self._news = GameChanged(self.stored.id, what, Origin.PAD)
        return self.flush()

    def resume(self, game_id: str, what: str = "game resumed") -> bool:
        """Puts a game from the history back on the pad to play on; the game on the pad stays saved.

        Raises GameGone or UnreadableGame if the file cannot be read, CannotReplay if its
        hands cannot be replayed.
        """
        self.check_writable()
        stored = self._load(game_id)
        state = _replayed(stored)
        previous, set_aside = self._leave()
        self.stored, self.state = stored, state
        self.fresh = False
        self.undo_stack.append(Change(Kind.RESUME, stored.id, what, previous=previous, trashed=set_aside))
        self.unsaved_current = True
        self._news = GameChanged(stored.id, what, Origin.PAD)
        return self.flush()

    def _leave(self) -> tuple[StoredGame, Path | None]:
        """The game on the pad, on disk before another takes its place, and where it went if,
        being empty, it was set aside in the trash."""
        previous = self.stored
        if self.unsaved:
            self.flush()  # the old game must reach the disk before the pad moves on
        set_aside = None
        if nothing_entered(previous.game) and not self.unsaved:
            # A game with nothing in it is not kept: it would only count as a game played.
            # Undo brings it back from the trash (or, failing that, writes it from memory).
            try:
                set_aside = self._store.discard(previous.id)
            except OSError:
                pass
        return previous, set_aside

    def end_other(self, game_id: str, what: str = "game ended") -> None:
        """Ends a game that is not on the pad, with its unfinished bonuses (the pad's ``x``).

        Raises GameGone or UnreadableGame if it cannot be read, CannotReplay if it cannot
        be replayed, SaveError if it cannot be written (then nothing changed).
        """
        if game_id == self.stored.id:
            self.end_game()
            return
        self.check_writable()
        stored = self._load(game_id)
        ended = replace(stored.game, ended=True)
        _replayed(replace(stored, game=ended))
        self._write_other(replace(stored, game=ended, updated=now_iso()))
        self.undo_stack.append(Change(Kind.EDIT, game_id, what, before=stored.game))

    def trash(self, game_id: str, what: str = "game moved to the trash") -> Path | None:
        """Moves a game that is not on the pad to the trash folder; returns where it went."""
        self.check_writable()
        if game_id == self.stored.id:
            raise Refused("That is the game on the pad: start or resume another game first.")
        try:
            where = self._store.discard(game_id)
        except OSError as e:
            raise SaveError(f"Could not move the game to the trash: {e.strerror or e}.") from None
        if where is not None:
            self.undo_stack.append(Change(Kind.TRASH, game_id, what, trashed=where))
        return where

    def restore(self, name: str, what: str = "game restored from the trash") -> str:
        """Brings the trash's file ``name`` back among the games; returns the game's id."""
        self.check_writable()
        try:
            game_id = self._store.restore(name)
        except OSError as e:
            raise SaveError(f"Could not restore {name}: {e.strerror or e}.") from None
        self.undo_stack.append(Change(Kind.RESTORE, game_id, what))
        return game_id

    def _load(self, game_id: str) -> StoredGame:
        try:
            return self._store.load(game_id)
        except FileNotFoundError:
            raise GameGone("Its file is gone.") from None

    def _write_other(self, stored: StoredGame) -> None:
        try:
            self._store.save(stored)
        except OSError as e:
            raise SaveError(f"Could not save {self._store.path(stored.id)}: {e.strerror or e}; nothing was changed.") from None

    def change(self, game: Game, what: str, *, origin: Origin = Origin.PAD, table: int | None = None) -> bool:
        """Makes ``game`` the game on the pad, undoably, and writes it; False (the change kept on
        screen, ``save_error`` set, retried by ``flush``) if the write failed. Refused if ``game``
        cannot be played through."""
        self.check_writable()
        try:
            state = derive(game)  # refuse an impossible game before anything changes
        except GameOverError as e:
            raise Refused(str(e)) from None
        self.undo_stack.append(Change(Kind.EDIT, self.stored.id, what, before=self.game))
        self.stored = replace(self.stored, game=game, updated=now_iso())
        self.state = state
        self.unsaved = True
        if self.fresh:  # its first change: the fresh game is written, and becomes the current one
            self.fresh = False
            self.unsaved_current = True
        self._news = GameChanged(self.stored.id, what, origin, table)
        return self.flush()

    def record(
        self,
        game: Game,
        what: str,
        *,
        origin: Origin,
        table: int | None = None,
        undoable: bool,
        change: dict[str, Any] | None = None,
    ) -> None:
        """A change that counts only once it is on disk (a phone is told it was saved): if the
        write fails, memory goes back to what the disk holds and the SaveError is raised, so the
        sender's retry is what records it. Not ``undoable``: undo stops here.

        ``change``: the change alone, as the game's journal keeps it (``GameStore.append``): then
        only it is written and synced, a cost that does not grow with the game, and the file is
        written whole later, off this thread. ``game`` must be one the rules let in (``entering``):
        it is not played through before it is saved."""
        self.check_writable()
        if change is not None and self._append(game, what, origin, table, change):
            if not undoable:
                self.undo_stack.clear()
            return
        before = (self.stored, self._state, self.unsaved, self.fresh, self.unsaved_current, len(self.undo_stack))
        if not self.change(game, what, origin=origin, table=table):
            self.stored, self._state, self.unsaved, self.fresh, self.unsaved_current, depth = before
            del self.undo_stack[depth:]
            self._news = None
            assert self.save_error is not None
            raise self.save_error
        if not undoable:
            self.undo_stack.clear()

    def _append(self, game: Game, what: str, origin: Origin, table: int | None, change: dict[str, Any]) -> bool:
        """``record`` by the journal: True once the change is on disk; False where the game must be
        written whole instead (a game not yet on disk, a save still owed, a journal full)."""
        if self.unsaved or self.unsaved_current or self.fresh or self._whole_next:
            return False
        game_id = self.stored.id
        seq = max(self.stored.journaled, self._tried.get(game_id, 0)) + 1
        self._tried[game_id] = seq
        stored = replace(self.stored, game=game, updated=now_iso(), journaled=seq, journal_problem="")
        try:
            self._store.save(replace(stored, change=change))
        except OSError as e:
            self._whole_next = True  # the line may be on disk: the game is written whole next, covering it
            self.save_error = _save_failed(e, self._store.path(game_id))
            raise self.save_error from None
        self.undo_stack.append(Change(Kind.EDIT, game_id, what, before=self.game))
        self.stored, self._state = stored, None
        self.save_error = None
        self.changes.publish(GameChanged(game_id, what, origin, table))
        return True

    def flush(self) -> bool:
        """Writes what is not yet on disk; False (with ``save_error`` set) if that failed."""
        if self.read_only:
            return False
        wrote = self.unsaved or self.unsaved_current
        try:
            if self.unsaved:
                self._store.ensure()
                tried = self._tried.get(self.stored.id, 0)
                if self.stored.journaled < tried:  # past any journal line whose append failed
                    self.stored = replace(self.stored, journaled=tried)
                self._store.save(self.stored)
                self.unsaved = self._whole_next = False
            if self.unsaved_current:
                self._store.set_current(self.stored.id)
                self.unsaved_current = False
        except (OSError, UnicodeError, NotAGameId) as e:
            # UnicodeError, NotAGameId: what the disk cannot take (refused on reading, so never expected).
            self.save_error = _save_failed(e, self._store.path(self.stored.id))
            return False
        self.save_error = None
        news, self._news = self._news, None
        if wrote:
            self.changes.publish(news or GameChanged(self.stored.id, "saved", Origin.PAD))
        return True

    def undo(self) -> str | None:
        """Takes back the last change; returns what was undone, or None if nothing is left."""
        self.check_writable()
        if not self.undo_stack:
            return None
        change = self.undo_stack[-1]
        if change.kind is Kind.EDIT and change.game_id != self.stored.id:
            self._undo_off_pad(change)
        elif change.kind is Kind.EDIT:
            assert change.before is not None
            self.stored = replace(self.stored, game=change.before, updated=now_iso())
            self.unsaved = True
        elif change.kind in (Kind.START, Kind.RESUME):
            assert change.previous is not None
            if change.kind is Kind.START:
                try:
                    self._store.discard(change.game_id)
                except OSError as e:
                    raise SaveError(f"Could not go back to the previous game: {e.strerror or e}.") from None
            self.stored = change.previous
            self.fresh = False  # a fresh game it replaced is written now, as any game undone to
            if change.trashed is not None and not self._store.path(change.previous.id).exists():
                try:  # the empty game set aside comes back from the trash, not as a copy beside it
                    self._store.restore(change.trashed.name)
                except OSError:
                    pass
            self.unsaved = not self._store.path(change.previous.id).exists()
            self.unsaved_current = True
        else:
            self._undo_off_pad(change)
        self.undo_stack.pop()
        self.state = derive(self.stored.game)
        self._news = GameChanged(self.stored.id, f"undone: {change.what}", Origin.PAD)
        self.flush()
        return change.what

    def _undo_off_pad(self, change: Change) -> None:
        """Takes back a change to a game that is not on the pad: an end, a trashing, a restore."""
        try:
            if change.kind is Kind.TRASH:
                assert change.trashed is not None
                self._store.restore(change.trashed.name)
            elif change.kind is Kind.RESTORE:
                self._store.discard(change.game_id)
            else:
                assert change.before is not None
                stored = self._store.load(change.game_id)
                self._write_other(replace(stored, game=change.before, updated=now_iso()))
        except (OSError, UnreadableGame) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise SaveError(f"Could not take back the {change.what}: {why}.") from None

    def check_writable(self) -> None:
        """ReadOnlyError, with who holds the folder, if this window only looks."""
        if self.read_only:
            raise ReadOnlyError(self.read_only_reason)


READ_ONLY = "Another bridgepad has this data folder open, so this window is read-only; close the other one to enter hands here."


def _ids_of_days(ids: list[str], first: datetime, last: datetime) -> list[str]:
    """The ids, sorted, that may begin between ``first`` and ``last``: an id begins with its local
    date (``new_id``), so the others are never read as times (a day either side, for a clock put
    back across midnight). At 20,000 games the pad's number takes a quarter of the time it did:
    what is left is listing the folder."""
    low = (first.astimezone() - timedelta(days=1)).strftime("%Y%m%d")
    high = (last.astimezone() + timedelta(days=2)).strftime("%Y%m%d")
    return ids[bisect_left(ids, low) : bisect_left(ids, high)]


def _recover_imports(store: GameStore) -> tuple[str, ...]:
    """``import_batch.recover``, imported only when an import's folder is there: the pad
    opens without loading the import's machinery (matching, incoming games)."""
    try:
        names = os.listdir(store.root)
    except OSError:
        return ()
    if not any(name.startswith(IMPORT_PREFIX) for name in names):
        return ()
    return tuple(import_batch.recover(store))


def _replayed(stored: StoredGame) -> GameState:
    """A stored game's state; CannotReplay if its hands cannot be played through."""
    try:
        return derive(stored.game)
    except GameOverError as e:
        raise CannotReplay(str(e)) from None


def _save_failed(e: Exception, path: Path) -> SaveError:
    why = (e.strerror if isinstance(e, OSError) else None) or str(e)
    failed = f"Could not save to {shown_path(path)}: {why}."
    return SaveError(
        f"{failed} The change is kept on screen and saving is retried; free some space or fix the folder's permissions.",
        at_the_end=f"{failed} The last change was not saved and is lost; free some space or fix the folder's permissions.",
    )
