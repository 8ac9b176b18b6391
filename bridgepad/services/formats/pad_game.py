"""The pad's game in the export formats: each format's own one-table writers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgepad.services.formats import csv_format, json_format, markdown_format, pbn_format

if TYPE_CHECKING:
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import Game
    from bridgepad.services.formats.pbn_format import Deal


class PadFormats:
    def csv_rows(self, r: GameRecord) -> list[list[object]]:
        return csv_format.one_table_rows(r)

    def markdown(self, r: GameRecord) -> str:
        return markdown_format.one_table_markdown(r)

    def figures(self, r: GameRecord) -> dict[str, Any]:
        return json_format.one_table_figures(r)

    def pbn_deals(self, r: GameRecord) -> list[Deal]:
        return pbn_format.one_table_deals(r)

    def json_only_names(self, game: Game) -> list[str]:
        return []  # every name is a seat's, which PBN's import reads back

    def file_name_parts(self, game: Game) -> list[str]:
        return [game.mode.value]


FORMATS = PadFormats()
