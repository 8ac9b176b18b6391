"""Each kind of game's face in the evening: what a game adds to its summary line and which
statistics rows it gives, asked of the game's kind instead of asking which kind it is.

The pad's game gives a row a seat and adds nothing to its line (``pad_game``); the evening of
many tables gives two rows a pair and adds its tables, movement, leaders and pairs
(``several_tables``). A face is loaded when a game of its kind is first summarised.
"""

from __future__ import annotations

import functools
from importlib import import_module
from typing import TYPE_CHECKING, Protocol, TypedDict

from bridgepad.core.evening.pair_summary import PairSummary
from bridgepad.core.rules.kinds import kind_of

if TYPE_CHECKING:
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import Game, GameState

__all__ = ["KindEvening", "StatsRows", "SummaryFields", "evening_of"]

# A game's statistics rows, ``game_stats.SeatRow`` a row: spelt out here, as ``game_stats`` asks
# this module for them and is not to be asked back.
StatsRows = tuple[tuple[int, ...], ...]


class SummaryFields(TypedDict, total=False):
    """The fields of a summary line (``GameSummary``) a kind gives beyond what every game has."""

    boards: int
    tables: int
    movement: str
    leaders: str
    pairs: tuple[PairSummary, ...]


class KindEvening(Protocol):
    """How one kind of game is summarised and counted."""

    def stats_rows(self, record: GameRecord) -> StatsRows:
        """Its statistics rows (``game_stats``), from its derived record."""
        ...

    def state_stats_rows(self, state: GameState) -> StatsRows:
        """``stats_rows`` from the state the record is made of, without making the record."""
        ...

    def summary_fields(self, state: GameState) -> SummaryFields:
        """What it adds to its summary line (nothing: an empty dict)."""
        ...


# The module of each kind's face (``EVENING`` in it), by the kind's name (``GameKind.name``).
_FACES = {
    "pad": "bridgepad.core.evening.pad_game",
    "tables": "bridgepad.core.evening.several_tables",
}


@functools.cache  # asked for every game of a rebuilt index: the module looked up once a kind
def _face(name: str) -> KindEvening:
    face: KindEvening = import_module(_FACES[name]).EVENING
    return face


def evening_of(game: Game) -> KindEvening:
    """The face of ``game``'s kind in the evening."""
    return _face(kind_of(game).name)
