"""The kinds of game, which one a game is, and its figures worked out as its kind says: the one
place that tells the kinds apart.

``kind_of(game)`` is asked instead of asking a game which kind it is; ``derive(game)`` works out
every figure of a game the way its kind does; each kind's package answers for it
(``pad_game``, ``several_tables``). This package sits above ``core.rules.game``: a kind knows
the game it works on, and the game knows no kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgepad.core.rules.kinds.base import GameKind
from bridgepad.core.rules.kinds.pad_game import PAD_GAME
from bridgepad.core.rules.kinds.several_tables.kind import SEVERAL_TABLES

if TYPE_CHECKING:
    from bridgepad.core.rules.game import Game, GameState

__all__ = ["KINDS", "PAD_GAME", "SEVERAL_TABLES", "GameKind", "derive", "kind_of", "nothing_entered"]

KINDS: dict[str, GameKind] = {k.name: k for k in (PAD_GAME, SEVERAL_TABLES)}


def kind_of(game: Game) -> GameKind:
    """The kind of ``game``: an evening of several tables if the tables' inputs are kept, else the pad's game."""
    return SEVERAL_TABLES if game.several_tables is not None else PAD_GAME


def derive(game: Game) -> GameState:
    """Every figure of ``game``, as its kind works them out. GameOverError if it cannot be played through."""
    return kind_of(game).derive(game)


def nothing_entered(game: Game) -> bool:
    """Nothing entered: no hand, no table's result or move, not ended. Such a game is not kept
    when another takes its place: it would only count as a game played."""
    return not game.ended and not kind_of(game).entered(game)
