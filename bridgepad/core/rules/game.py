"""A game as entered, and everything derived from it by replaying its hands.

A ``Game`` holds only inputs: the mode, the house rules, the first dealer, the
players and the hands as typed. ``derive`` replays them into a ``GameState`` (a
``SessionState`` at duplicate): the entries above and below the line (each with its
reason), games won, vulnerability, the next dealer, bonuses and whether the game is
over. How each hand is played is the mode's rules' (``game.rules``); editing or deleting
an old hand is therefore just a new list of hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.modes.base import ModeRules, Play
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.state import (
    BoardOutcome,
    Entry,
    GameOverError,
    GameState,
    HandOutcome,
    Mode,
    SessionState,
    Status,
)

__all__ = [
    "BoardOutcome",
    "Entry",
    "Game",
    "GameOverError",
    "GameState",
    "HandOutcome",
    "Mode",
    "Replayer",
    "SessionState",
    "Status",
    "derive",
]

NO_NAMES: tuple[str, str, str, str] = ("", "", "", "")


@dataclass(frozen=True, slots=True)
class Game:
    mode: Mode = Mode.RUBBER
    settings: Settings = field(default_factory=Settings)
    first_dealer: Seat = Seat.N
    hands: tuple[Hand, ...] = ()
    ended: bool = False
    players: tuple[str, str, str, str] = NO_NAMES  # by seat: N, E, S, W
    first_board: int = 1  # the board a duplicate session starts at (saved only for duplicate)
    sitting_out: tuple[str, ...] = ()  # players at the table waiting out this game (five or six)

    @property
    def rules(self) -> ModeRules:
        """The rules of this game's mode."""
        return rules_for(self.mode)

    def name(self, seat: Seat) -> str:
        return self.players[("N", "E", "S", "W").index(seat.value)]

    def with_hands(self, hands: tuple[Hand, ...]) -> Game:
        return replace(self, hands=hands)

    def add(self, hand: Hand) -> Game:
        return replace(self, hands=self.hands + (hand,))


class Replayer:
    """Plays hands one by one into a game's state; ``derive`` and log replay both use it."""

    def __init__(self, game: Game) -> None:
        self.mode_rules = game.rules
        self.p = Play(game, self.mode_rules)

    @property
    def game(self) -> Game:
        return self.p.game

    @game.setter
    def game(self, game: Game) -> None:
        self.p.game = game  # the same play, its game's inputs completed (log replay)

    @property
    def status(self) -> Status:
        return self.p.status

    @property
    def deal(self) -> int:
        """The deal to come: a Chicago's 1-4, a duplicate board's number."""
        return self.p.deal

    @property
    def games(self) -> dict[Side, int]:
        """Games won so far in this rubber or Chicago."""
        return self.p.games

    @property
    def vulnerable(self) -> frozenset[Side]:
        """Who is vulnerable on the next hand."""
        return self.mode_rules.vulnerable(self.p)

    def play(self, hand: Hand) -> HandOutcome:
        if self.p.status is not Status.IN_PLAY:
            raise GameOverError("this game is over; a new hand starts the next game")
        return self.mode_rules.play(self.p, hand)

    def end(self) -> None:
        """The players stop here: the game pays what its mode pays for ending early."""
        if self.p.status.over:
            return
        self.mode_rules.end(self.p)
        self.p.status = Status.ENDED

    def state(self) -> GameState:
        return self.mode_rules.state(self.p)


def derive(game: Game) -> GameState:
    r = Replayer(game)
    for n, hand in enumerate(game.hands, 1):
        if r.status.over:
            raise GameOverError(f"hand {n} comes after the end of the {game.mode.word}")
        r.play(hand)
    if game.ended:
        r.end()
    return r.state()
