"""The evening of several tables in the export formats: its standings, travellers and changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgepad.core.rules.kinds.several_tables.kind import SEVERAL_TABLES
from bridgepad.services.formats.pbn_format import MANDATORY, Deal, _date, rule_tags, shown_name
from bridgepad.services.formats.pbn_several import several_deals
from bridgepad.services.formats.several_tables import tables_state
from bridgepad.services.formats.several_tables.csv_rows import several_rows
from bridgepad.services.formats.several_tables.markdown import several_markdown
from bridgepad.services.formats.several_tables_figures import several_figures

if TYPE_CHECKING:
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.game import Game


class SeveralTablesFormats:
    def csv_rows(self, r: GameRecord) -> list[list[object]]:
        return several_rows(r)

    def markdown(self, r: GameRecord) -> str:
        return several_markdown(r)

    def figures(self, r: GameRecord) -> dict[str, Any]:
        return several_figures(tables_state(r))

    def pbn_deals(self, r: GameRecord) -> list[Deal]:
        """One PBN game a board, with its traveller (``pbn_several``)."""
        rules = rule_tags(r.game.settings)
        return [
            Deal([(name, mandatory[name]) for name in MANDATORY] + sorted({**extra, **rules}.items()), sections)
            for mandatory, extra, sections in several_deals(r, shown_name, _date(r.created))
        ]

    def json_only_names(self, game: Game) -> list[str]:
        """The pairs' names: a pair's comes back from the JSON export only."""
        return [n for _, names in SEVERAL_TABLES.inputs(game).names for n in names if n]

    def file_name_parts(self, game: Game) -> list[str]:
        """Its movement and tables (``mitchell-4-tables``): its pairs are many."""
        setup = SEVERAL_TABLES.inputs(game).setup
        return [setup.kind.value, f"{setup.tables}-tables"]


FORMATS = SeveralTablesFormats()
