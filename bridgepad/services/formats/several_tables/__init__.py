"""The evening of several tables in the export formats (its face: ``face.FORMATS``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgepad.core.records.record import GameRecord
    from bridgepad.core.rules.kinds.several_tables.scores import SeveralState


def tables_state(r: GameRecord) -> SeveralState:
    """The tables' figures: travellers, standings, changes (a game of this kind always has them)."""
    s = r.session
    assert s is not None and s.several is not None, "a game of several tables without its figures"
    return s.several
