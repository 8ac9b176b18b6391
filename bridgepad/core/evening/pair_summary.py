"""One pair of a game counted by its pairs, as its summary line keeps it (``GameSummary.pairs``).

Apart from the summary so that the kinds' faces in the evening (``kinds``), which say what a
game adds to its line, can name it without naming the summary that asks them.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from bridgepad.core.model import Side


@dataclass(frozen=True, slots=True)
class PairSummary:
    """One pair of a game whose tables each enter their own results, as the tally counts its
    players: its names and its figures from its own side (IMPs, matchpoints and tops as
    compared, its percentage)."""

    side: Side
    names: tuple[str, str]
    imps: Decimal | None  # None while nothing of the pair's is compared
    matchpoints: int  # the boards' matchpoints as scored, not factored
    top: int
    pct: Decimal | None  # as the session's settings take it (factored by Neuberg's formula, by default)
    boards: int  # boards compared
