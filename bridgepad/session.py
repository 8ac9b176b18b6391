"""The game on the pad and every change made to it, saved before it is shown.

This is the whole of the app's logic that is not drawing: it knows nothing of
textual. Each change builds a new ``Game`` from the old one, writes it to disk, and
only then becomes the state the screen shows; ``undo`` walks the changes back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bridgepad.core.game import Game, GameState, HandOutcome, Mode, derive
from bridgepad.core.model import Hand
from bridgepad.store import Store, StoredGame, UnreadableGame, now_iso


class SaveError(Exception):
    """A change could not be written to disk; the message says what to do."""


@dataclass(frozen=True, slots=True)
class Change:
    """How to take one change back: the game's id and what it held before (None: it was new)."""

    game_id: str
    before: Game | None
    previous_current: str | None
    what: str


class Session:
    def __init__(self, store: Store, stored: StoredGame, problems: list[str] | None = None) -> None:
        self.store = store
        self.stored = stored
        self.state: GameState = derive(stored.game)
        self.undo_stack: list[Change] = []
        self.problems: list[str] = problems or []

    # Opening ----------------------------------------------------------------
    @classmethod
    def open(cls, store: Store) -> Session:
        """The game in progress, or a new rubber; an unreadable file is set aside and reported."""
        problems: list[str] = []
        store.ensure()
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
                problems.append(f"Could not replay {game_id}.json: {e}; it was kept as {kept}.")
                stored = None
        if stored is None:
            settings, players = store.load_defaults()
            stored = store.create(Game(settings=settings, players=players))
        return cls(store, stored, problems)

    # Reading ----------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.stored.game

    def preview(self, hand: Hand, index: int | None = None) -> tuple[HandOutcome, GameState]:
        """What ``hand`` would write if recorded (``index``: in place of that hand)."""
        game = self._target_game()
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
    def add_hand(self, hand: Hand) -> None:
        if self.state.over:
            self.start(self._target_game().add(hand), "new hand")
        else:
            self._change(self.game.add(hand), "new hand")

    def replace_hand(self, index: int, hand: Hand) -> None:
        hands = list(self.game.hands)
        hands[index] = hand
        self._change(self.game.with_hands(tuple(hands)), f"hand {index + 1} edited")

    def delete_hand(self, index: int) -> None:
        hands = list(self.game.hands)
        del hands[index]
        self._change(self.game.with_hands(tuple(hands)), f"hand {index + 1} deleted")

    def end_game(self) -> None:
        self._change(replace(self.game, ended=True), f"{self.game.mode.word} ended")

    def start(self, game: Game, what: str = "new game") -> None:
        """Makes ``game`` the current one, in a new file; the old game stays on disk."""
        previous = self.stored.id
        try:
            stored = self.store.create(game)
        except OSError as e:
            raise SaveError(_save_failed(e)) from None
        self.undo_stack.append(Change(stored.id, None, previous, what))
        self.stored = stored
        self.state = derive(game)

    def _change(self, game: Game, what: str) -> None:
        state = derive(game)  # refuse an impossible game before anything is written
        before = self.game
        stored = replace(self.stored, game=game, updated=now_iso())
        try:
            self.store.save(stored)
        except OSError as e:
            raise SaveError(_save_failed(e)) from None
        self.undo_stack.append(Change(stored.id, before, None, what))
        self.stored = stored
        self.state = state

    def undo(self) -> str | None:
        """Takes back the last change; returns what was undone, or None if nothing is left."""
        if not self.undo_stack:
            return None
        change = self.undo_stack[-1]
        try:
            if change.before is None:
                self.store.discard(change.game_id)
                assert change.previous_current is not None
                self.store.set_current(change.previous_current)
                stored = self.store.load(change.previous_current)
            else:
                stored = replace(self.stored, game=change.before, updated=now_iso())
                self.store.save(stored)
        except OSError as e:
            raise SaveError(_save_failed(e)) from None
        self.undo_stack.pop()
        self.stored = stored
        self.state = derive(stored.game)
        return change.what


def _save_failed(e: OSError) -> str:
    why = e.strerror or str(e)
    return f"Could not save to {e.filename or 'the data folder'}: {why}. Nothing was changed; free some space or fix the folder's permissions and try again."
