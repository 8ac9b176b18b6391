"""The game on the pad and every change made to it, saved before it is shown.

This is the whole of the app's logic that is not drawing: it knows nothing of
textual. Each change builds a new ``Game`` from the old one, writes it to disk, and
only then becomes the state the screen shows; ``undo`` walks the changes back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bridgepad.core.game import Game, GameState, HandOutcome, Mode, derive
from bridgepad.core.model import Hand
from bridgepad.core.text import visible
from bridgepad.store import Store, StoredGame, UnreadableGame, now_iso, shown_path


class SaveError(Exception):
    """A change could not be written to disk; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Change:
    """How to take one change back.

    A change within a game keeps the game as it was (``before``); starting a game keeps
    the game that was on the pad (``previous``), to go back to it.
    """

    game_id: str
    before: Game | None
    previous: StoredGame | None
    what: str


class Session:
    def __init__(
        self, store: Store, stored: StoredGame, problems: list[str] | None = None, read_only: bool = False
    ) -> None:
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
        previous = self.stored
        if self.unsaved:
            self.flush()  # the old game must reach the disk before the pad moves on
        if not previous.game.hands and not previous.game.ended and not self.unsaved:
            # A game with nothing in it is not kept: it would only count as a game played.
            # Undo writes it back from memory.
            try:
                self.store.discard(previous.id)
            except OSError:
                pass
        self.stored = self.store.new_stored(game)
        self.undo_stack.append(Change(self.stored.id, None, previous, what))
        self.state = state
        self.unsaved = self.unsaved_current = True
        return self.flush()

    def _change(self, game: Game, what: str) -> bool:
        self._check_writable()
        state = derive(game)  # refuse an impossible game before anything changes
        self.undo_stack.append(Change(self.stored.id, self.game, None, what))
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
        if change.before is None:
            assert change.previous is not None
            try:
                self.store.discard(change.game_id)
            except OSError as e:
                raise SaveError(f"Could not go back to the previous game: {e.strerror or e}.") from None
            self.stored = change.previous
            self.unsaved = not self.store.path(change.previous.id).exists()
            self.unsaved_current = True
        else:
            self.stored = replace(self.stored, game=change.before, updated=now_iso())
            self.unsaved = True
        self.undo_stack.pop()
        self.state = derive(self.stored.game)
        self.flush()
        return change.what

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
