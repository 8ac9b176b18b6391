"""The evening of several tables as a kind of game: its results come from the tables, one movement for all."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import GameOverError, Replayer, SessionState
from bridgepad.core.rules.kinds.base import GameKind

if TYPE_CHECKING:
    from bridgepad.core.rules.game import Game
    from bridgepad.core.rules.kinds.several_tables import scores
    from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables
else:
    # The tables' figures: loaded with the first game of several tables, not to open a rubber.
    scores = lazy("bridgepad.core.rules.kinds.several_tables.scores")


class SeveralTablesKind(GameKind):
    name: ClassVar[str] = "tables"
    screen: ClassVar[str] = "tables"
    key_section: ClassVar[str] = "tables"
    phones_enter_results: ClassVar[bool] = True
    own_hands: ClassVar[bool] = False

    def derive(self, game: Game) -> SessionState:
        """No hands of its own: its figures in ``several``, its status theirs."""
        inputs = self.inputs(game)
        if game.hands or not game.rules.boards:
            raise GameOverError("a game of several tables is duplicate, and keeps its results by table")
        state = Replayer(game).state()
        assert isinstance(state, SessionState)
        state.several = scores.derive_several(inputs, game.settings, game.ended)
        state.status = state.several.status
        return state

    def entered(self, game: Game) -> bool:
        inputs = self.inputs(game)
        return bool(inputs.results or inputs.moves)

    @staticmethod
    def inputs(game: Game) -> SeveralTables:
        """What the tables sent, the movement and the pairs (a game of this kind always has them)."""
        inputs = game.several_tables
        assert inputs is not None, "a game of several tables without its inputs"
        return inputs


SEVERAL_TABLES = SeveralTablesKind()
