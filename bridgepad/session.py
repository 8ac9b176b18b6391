"""The game on the pad and every change made to it, saved before it is shown.

This is the whole of the app's logic that is not drawing: it knows nothing of
textual. Each change builds a new ``Game`` from the old one, writes it to disk, and
only then becomes the state the screen shows; ``undo`` walks the changes back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from bridgepad.core.game import Game, GameState, HandOutcome, Mode, derive
from bridgepad.core.model import Hand
from bridgepad.core.text import visible
from bridgepad.import_batch import recover
from bridgepad.store import Store, StoredGame, UnreadableGame, now_iso, shown_path


class SaveError(Exception):
    """A change could not be written to disk; the message says what to do."""


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


class Session:
    def __init__(self, store: Store, stored: StoredGame, problems: list[str] | None = None, read_only: bool = False) -> None:
        self.store = store
        self.stored = stored
        self.state: GameState = derive(stored.game)
        self.undo_stack: list[Change] = []
        self.problems: list[str] = problems or []
        self.read_only = read_only
        self.read_only_reason = READ_ONLY  # who holds the folder and how to end it, once the app knows
        self.unsaved = False  # the game in memory is newer than its file
        self.unsaved_current = False  # the ``current`` pointer is not yet written
        self.save_error: str | None = None

    # Opening ----------------------------------------------------------------
    @classmethod
    def open(cls, store: Store, read_only: bool = False, *, keep_fresh: bool = True) -> Session:
        """The game in progress, or a new rubber; an unreadable file is set aside and reported.

        ``read_only``: another window holds the data folder, so nothing is written,
        not even a fresh game (it is kept in memory only). ``keep_fresh=False``: the
        fresh rubber made when there is no game in progress is not written either, for a
        caller that starts a game of its own at once (``bridgepad new``), which would
        otherwise only move it, empty, to the trash.
        """
        problems: list[str] = []
        if not read_only:
            store.ensure()
            store.tidy()
            # An import killed part way: finished if it had committed, else cleaned away.
            for message in recover(store):
                store.say(message)
        game_id = store.current_id()
        stored: StoredGame | None = None
        if game_id is not None:
            try:
                stored = store.load(game_id)
                derive(stored.game)
            except FileNotFoundError:
                stored = None
            except UnreadableGame as e:
                problems.append(str(e))
                stored = None
            except ValueError as e:
                kept = store.keep_aside(store.path(game_id))
                where = f"it was kept as {shown_path(kept)}" if kept else "it was left as it is"
                problems.append(f"Could not replay {game_id}.json: {visible(str(e))}; {where}.")
                stored = None
        if stored is not None:
            problems += store.problems
            store.problems.clear()
            return cls(store, stored, problems, read_only)
        settings, players = store.load_defaults()
        problems += store.problems
        store.problems.clear()
        session = cls(store, store.new_stored(Game(settings=settings, players=players)), problems, read_only)
        # A read-only window keeps its fresh game in memory only, and never claims to owe a save.
        session.unsaved = session.unsaved_current = keep_fresh and not read_only
        session.flush()
        return session

    def reload(self) -> bool:
        """Read-only windows: picks up the game the other window is keeping. True if it changed."""
        game_id = self.store.current_id() or self.stored.id
        try:
            stored = self.store.load_quietly(game_id)
        except (OSError, ValueError):
            return False
        if stored is None or (stored.id == self.stored.id and stored.game == self.stored.game):
            return False
        try:
            state = derive(stored.game)
        except ValueError:
            return False
        self.stored, self.state = stored, state
        return True

    # Reading ----------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.stored.game

    def preview(self, hand: Hand, index: int | None = None) -> tuple[HandOutcome, GameState]:
        """What ``hand`` would write if recorded (``index``: in place of that hand of this game)."""
        game = self._target_game() if index is None else self.game
        if index is None:
            candidate = game.add(hand)
            at = len(candidate.hands) - 1
        else:
            hands = list(game.hands)
            hands[index] = hand
            candidate = game.with_hands(tuple(hands))
            at = index
        st = derive(candidate)
        return st.hands[at], st

    def before(self, index: int | None = None) -> GameState:
        """The state a hand is entered into: after the hands so far (or, ``index``, before that hand)."""
        if index is None:
            return self.state if not self.state.over else derive(self._target_game())
        return derive(self.game.with_hands(self.game.hands[:index]))

    def _target_game(self) -> Game:
        """The game a new hand goes into: this one, or the next if this one is over."""
        if not self.state.over:
            return self.game
        st = self.state
        return replace(
            self.game,
            hands=(),
            ended=False,
            first_dealer=st.next_first_dealer,
            first_board=st.next_deal if self.game.mode is Mode.DUPLICATE else 1,
        )

    # Changing ---------------------------------------------------------------
    # Each change takes effect in memory first and is then written at once. If the
    # write fails the change is kept, ``unsaved`` stays true, and ``flush`` retries.
    def add_hand(self, hand: Hand) -> bool:
        hand = replace(hand, at=now_iso())
        if self.state.over:
            return self.start(self._target_game().add(hand), "new hand")
        return self._change(self.game.add(hand), "new hand")

    def replace_hand(self, index: int, hand: Hand) -> bool:
        hands = list(self.game.hands)
        hands[index] = replace(hand, at=hands[index].at)
        return self._change(self.game.with_hands(tuple(hands)), f"hand {index + 1} edited")

    def delete_hand(self, index: int) -> bool:
        hands = list(self.game.hands)
        del hands[index]
        return self._change(self.game.with_hands(tuple(hands)), f"hand {index + 1} deleted")

    def end_game(self) -> bool:
        return self._change(replace(self.game, ended=True), f"{self.game.mode.word} ended")

    def start(self, game: Game, what: str = "new game") -> bool:
        """Makes ``game`` the current one, in a new file; the old game stays on disk."""
        self._check_writable()
        state = derive(game)
        previous, set_aside = self._leave()
        self.stored = self.store.new_stored(game)
        self.undo_stack.append(Change(Kind.START, self.stored.id, what, previous=previous, trashed=set_aside))
        self.state = state
        self.unsaved = self.unsaved_current = True
        return self.flush()

    def resume(self, game_id: str, what: str = "game resumed") -> bool:
        """Puts a game from the history back on the pad to play on; the game on the pad stays saved.

        Raises FileNotFoundError or UnreadableGame if the file cannot be read, ValueError if
        its hands cannot be replayed.
        """
        self._check_writable()
        stored = self.store.load(game_id)
        state = derive(stored.game)
        previous, set_aside = self._leave()
        self.stored, self.state = stored, state
        self.undo_stack.append(Change(Kind.RESUME, stored.id, what, previous=previous, trashed=set_aside))
        self.unsaved_current = True
        return self.flush()

    def _leave(self) -> tuple[StoredGame, Path | None]:
        """The game on the pad, on disk before another takes its place, and where it went if,
        being empty, it was set aside in the trash."""
        previous = self.stored
        if self.unsaved:
            self.flush()  # the old game must reach the disk before the pad moves on
        set_aside = None
        if not previous.game.hands and not previous.game.ended and not self.unsaved:
            # A game with nothing in it is not kept: it would only count as a game played.
            # Undo brings it back from the trash (or, failing that, writes it from memory).
            try:
                set_aside = self.store.discard(previous.id)
            except OSError:
                pass
        return previous, set_aside

    def end_other(self, game_id: str, what: str = "game ended") -> None:
        """Ends a game that is not on the pad, with its unfinished bonuses (the pad's ``x``).

        Raises FileNotFoundError or UnreadableGame if it cannot be read, ValueError if it
        cannot be replayed, SaveError if it cannot be written (then nothing changed).
        """
        if game_id == self.stored.id:
            self.end_game()
            return
        self._check_writable()
        stored = self.store.load(game_id)
        ended = replace(stored.game, ended=True)
        derive(ended)
        self._write_other(replace(stored, game=ended, updated=now_iso()))
        self.undo_stack.append(Change(Kind.EDIT, game_id, what, before=stored.game))

    def trash(self, game_id: str, what: str = "game moved to the trash") -> Path | None:
        """Moves a game that is not on the pad to the trash folder; returns where it went."""
        self._check_writable()
        if game_id == self.stored.id:
            raise ValueError("that is the game on the pad: start or resume another game first")
        try:
            where = self.store.discard(game_id)
        except OSError as e:
            raise SaveError(f"Could not move the game to the trash: {e.strerror or e}.") from None
        if where is not None:
            self.undo_stack.append(Change(Kind.TRASH, game_id, what, trashed=where))
        return where

    def restore(self, name: str, what: str = "game restored from the trash") -> str:
        """Brings the trash's file ``name`` back among the games; returns the game's id."""
        self._check_writable()
        try:
            game_id = self.store.restore(name)
        except OSError as e:
            raise SaveError(f"Could not restore {name}: {e.strerror or e}.") from None
        self.undo_stack.append(Change(Kind.RESTORE, game_id, what))
        return game_id

    def _write_other(self, stored: StoredGame) -> None:
        try:
            self.store.save(stored)
        except OSError as e:
            raise SaveError(f"Could not save {self.store.path(stored.id)}: {e.strerror or e}; nothing was changed.") from None

    def _change(self, game: Game, what: str) -> bool:
        self._check_writable()
        state = derive(game)  # refuse an impossible game before anything changes
        self.undo_stack.append(Change(Kind.EDIT, self.stored.id, what, before=self.game))
        self.stored = replace(self.stored, game=game, updated=now_iso())
        self.state = state
        self.unsaved = True
        return self.flush()

    def flush(self) -> bool:
        """Writes what is not yet on disk; False (with ``save_error`` set) if that failed."""
        if self.read_only:
            return False
        try:
            if self.unsaved:
                self.store.ensure()
                self.store.save(self.stored)
                self.unsaved = False
            if self.unsaved_current:
                self.store.set_current(self.stored.id)
                self.unsaved_current = False
        except (OSError, ValueError) as e:
            # ValueError: text the disk cannot take (it is refused on reading, so should never come).
            self.save_error = _save_failed(e, self.store.path(self.stored.id))
            return False
        self.save_error = None
        return True

    def undo(self) -> str | None:
        """Takes back the last change; returns what was undone, or None if nothing is left."""
        self._check_writable()
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
                    self.store.discard(change.game_id)
                except OSError as e:
                    raise SaveError(f"Could not go back to the previous game: {e.strerror or e}.") from None
            self.stored = change.previous
            if change.trashed is not None and not self.store.path(change.previous.id).exists():
                try:  # the empty game set aside comes back from the trash, not as a copy beside it
                    self.store.restore(change.trashed.name)
                except OSError:
                    pass
            self.unsaved = not self.store.path(change.previous.id).exists()
            self.unsaved_current = True
        else:
            self._undo_off_pad(change)
        self.undo_stack.pop()
        self.state = derive(self.stored.game)
        self.flush()
        return change.what

    def _undo_off_pad(self, change: Change) -> None:
        """Takes back a change to a game that is not on the pad: an end, a trashing, a restore."""
        try:
            if change.kind is Kind.TRASH:
                assert change.trashed is not None
                self.store.restore(change.trashed.name)
            elif change.kind is Kind.RESTORE:
                self.store.discard(change.game_id)
            else:
                assert change.before is not None
                stored = self.store.load(change.game_id)
                self._write_other(replace(stored, game=change.before, updated=now_iso()))
        except (OSError, UnreadableGame) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise SaveError(f"Could not take back the {change.what}: {why}.") from None

    def _check_writable(self) -> None:
        if self.read_only:
            raise ReadOnlyError(self.read_only_reason)


READ_ONLY = "Another bridgepad has this data folder open, so this window is read-only; close the other one to enter hands here."


class ReadOnlyError(ValueError):
    """A change was asked of a window that may only look."""


def _save_failed(e: Exception, path: object) -> str:
    why = (e.strerror if isinstance(e, OSError) else None) or str(e)
    return (
        f"Could not save to {path}: {why}. The change is kept on screen and saving is retried; "
        "free some space or fix the folder's permissions."
    )
