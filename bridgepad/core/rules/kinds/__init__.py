"""The kinds of game, and which one a game is: the one place that tells them apart.

``kind_of`` (``Game.kind``) is asked instead of asking a game which kind it is; each kind's
package answers for it (``pad_game``, ``several_tables``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgepad.core.rules.kinds.base import GameKind
from bridgepad.core.rules.kinds.pad_game import PAD_GAME
from bridgepad.core.rules.kinds.several_tables.kind import SEVERAL_TABLES

if TYPE_CHECKING:
    from bridgepad.core.rules.game import Game

__all__ = ["KINDS", "PAD_GAME", "SEVERAL_TABLES", "GameKind", "kind_of"]

KINDS: dict[str, GameKind] = {k.name: k for k in (PAD_GAME, SEVERAL_TABLES)}


def kind_of(game: Game) -> GameKind:
    """The kind of ``game``: an evening of several tables if the tables' inputs are kept, else the pad's game."""
    return SEVERAL_TABLES if game.several_tables is not None else PAD_GAME
