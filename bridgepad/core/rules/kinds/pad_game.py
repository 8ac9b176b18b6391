"""The pad's game: one table's hands, typed one after another (rubber, Chicago, one table's duplicate)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from bridgepad.core.rules.game import replay
from bridgepad.core.rules.kinds.base import GameKind

if TYPE_CHECKING:
    from bridgepad.core.rules.game import Game, GameState


class PadGame(GameKind):
    name: ClassVar[str] = "pad"
    screen: ClassVar[str] = "pad"
    key_section: ClassVar[str] = "pad"
    own_hands: ClassVar[bool] = True

    def derive(self, game: Game) -> GameState:
        return replay(game)

    def entered(self, game: Game) -> bool:
        return bool(game.hands)


PAD_GAME = PadGame()
