"""What every kind of game answers: the pad's game of one table, or an evening of many tables.

A kind is to a game what a mode's rules are to a hand (``core.rules.modes``): one object,
without state, that the rest of the code asks instead of asking which kind a game is. It
says how the game's figures are derived from what was entered, whether anything was, and
the names the screens and the share server look its parts up by (its screen, its keys).
The floors above keep their own faces of a kind in a registry of the same names.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from bridgepad.core.rules.game import Game, GameState


class GameKind(ABC):
    """One kind of game. One instance a kind: ``Game.kind``."""

    name: ClassVar[str]  # "pad" or "tables": the key of every floor's registry of kinds
    screen: ClassVar[str]  # the screen the app opens for a game of this kind
    key_section: ClassVar[str]  # the section of keys (``tui.keys``) that screen answers to first
    phones_enter_results: ClassVar[bool] = False  # each table's phone sends its results (the share server serves their links)
    # Whether the game's results are the hands typed at this one table (``Game.hands``), each
    # a line of the pad; if not, a board's results are its traveller's, sent by the tables.
    own_hands: ClassVar[bool]

    @abstractmethod
    def derive(self, game: Game) -> GameState:
        """Every figure of ``game``, worked out from what was entered. GameOverError if it cannot be."""

    @abstractmethod
    def entered(self, game: Game) -> bool:
        """Whether anything was entered: a hand, a table's result or move."""
