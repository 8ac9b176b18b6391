"""Each kind of game's face in the export formats: what a format asks a game's kind,
instead of asking which kind it is.

A format writes what every game has (the CSV's header, the JSON's inputs, the PBN's
header) and asks ``formats_of(game)`` for the rest: the pad's game answers from the
format's own one-table writers (``pad_game``), the evening of several tables from its
package (``several_tables``). A face is loaded when a game of its kind is first written.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from bridgepad.core.rules.kinds import kind_of

if TYPE_CHECKING:
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import Game

__all__ = ["KindFormats", "formats_of"]


class KindFormats(Protocol):
    """How one kind of game is written in each format."""

    def csv_rows(self, r: GameRecord) -> list[list[object]]:
        """Its rows under the CSV's header."""
        ...

    def markdown(self, r: GameRecord) -> str:
        """Its Markdown, heading to last line."""
        ...

    def figures(self, r: GameRecord) -> dict[str, Any]:
        """Its derived figures, as the JSON export and the share page give them."""
        ...

    def pbn_deals(self, r: GameRecord) -> list[Any]:
        """Its PBN games (``pbn_format.Deal``: not named here, since that module asks this one)."""
        ...

    def json_only_names(self, game: Game) -> list[str]:
        """Names the JSON export keeps and PBN's import does not read back (those not at a seat)."""
        ...

    def file_name_parts(self, game: Game) -> list[str]:
        """What an export's file name starts with, before the day (``rubber``, ``mitchell-4-tables``)."""
        ...


# The module of each kind's face (``FORMATS`` in it), by the kind's name (``GameKind.name``).
_FACES = {
    "pad": "bridgepad.services.formats.pad_game",
    "tables": "bridgepad.services.formats.several_tables.face",
}


def formats_of(game: Game) -> KindFormats:
    """The face of ``game``'s kind in the formats."""
    face: KindFormats = import_module(_FACES[kind_of(game).name]).FORMATS
    return face
