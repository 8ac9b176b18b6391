"""The pad's game: its hands typed, edited and deleted, and what a hand would write before it is.

Each change goes through the session (``Session.change``, or ``Session.start`` when the game
on the pad is over and the hand opens the next one), so it is saved and published like any other.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from bridgepad.core.rules.game import Game, GameState, HandOutcome
from bridgepad.core.rules.kinds import derive
from bridgepad.store.game_store import now_iso

if TYPE_CHECKING:
    from bridgepad.core.model import Hand


class GameOnThePad(Protocol):
    """What the hands need of the session (``folder_session.Session``), which holds them: named
    here so that the session's module and this one do not import each other."""

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> GameState: ...

    def start(self, game: Game, what: str = ...) -> bool: ...

    def change(self, game: Game, what: str) -> bool: ...


class PadHands:
    """The hands of the game on ``session``'s pad (``session.hands``)."""

    def __init__(self, session: GameOnThePad) -> None:
        self._session = session

    # Before a hand is recorded -------------------------------------------------------
    def preview(self, hand: Hand, index: int | None = None) -> tuple[HandOutcome, GameState]:
        """What ``hand`` would write if recorded (``index``: in place of that hand of this game)."""
        game = self.target_game() if index is None else self._session.game
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
        session = self._session
        if index is None:
            return session.state if not session.state.over else derive(self.target_game())
        return derive(session.game.with_hands(session.game.hands[:index]))

    @property
    def next_deal(self) -> int:
        """The number of the next hand, Chicago deal or board, in the game it goes into."""
        return self.before().next_deal

    def target_game(self) -> Game:
        """The game a new hand goes into: this one, or the next if this one is over."""
        session = self._session
        if not session.state.over:
            return session.game
        st = session.state
        return replace(
            session.game,
            hands=(),
            ended=False,
            first_dealer=st.next_first_dealer,
            first_board=session.game.rules.next_first_board(st.next_deal),
        )

    # Changing ---------------------------------------------------------------------------
    # Each change takes effect in memory first and is then written at once. If the
    # write fails the change is kept, ``unsaved`` stays true, and ``flush`` retries.
    def add(self, hand: Hand) -> bool:
        session = self._session
        hand = replace(hand, at=now_iso())
        if session.state.over:
            return session.start(self.target_game().add(hand), "new hand")
        return session.change(session.game.add(hand), "new hand")

    def replace(self, index: int, hand: Hand) -> bool:
        session = self._session
        hands = list(session.game.hands)
        hands[index] = replace(hand, at=hands[index].at)
        return session.change(session.game.with_hands(tuple(hands)), f"hand {index + 1} edited")

    def delete(self, index: int) -> bool:
        session = self._session
        hands = list(session.game.hands)
        del hands[index]
        return session.change(session.game.with_hands(tuple(hands)), f"hand {index + 1} deleted")
