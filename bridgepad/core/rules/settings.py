"""The house rules a game is played under, the rule book's reading being the default.

Every choice here is a difference between the rule book and its own table of how other
tables play, or a place where the fuller rule books read the rules differently.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any

from bridgepad.core.model import Side


class ChicagoVulnerable(str, Enum):
    """Who is vulnerable on Chicago deals 2 and 3 (deal 1 nobody, deal 4 both)."""

    OPPONENTS = "opponents"  # the rule book: the dealer's opponents on both
    DEALER = "dealer"  # the rule book's table of how other tables play: the dealer's side on both
    DEALER_THEN_OPPONENTS = "dealer-then-opponents"  # some rule books: dealer's side on 2, opponents on 3

    @property
    def description(self) -> str:
        return {
            ChicagoVulnerable.OPPONENTS: "the dealer's opponents are vulnerable on deals 2 and 3",
            ChicagoVulnerable.DEALER: "the dealer's side is vulnerable on deals 2 and 3",
            ChicagoVulnerable.DEALER_THEN_OPPONENTS: "the dealer's side is vulnerable on deal 2, the dealer's opponents on deal 3",
        }[self]


class ChicagoPartScore(str, Enum):
    CARRY = "carry"  # the rule book: carried until a game; 100 for one still open after deal 4
    FIFTY = "fifty"  # other tables: 50 at once for each part score made, nothing carried

    @property
    def description(self) -> str:
        return {
            ChicagoPartScore.CARRY: "part scores carry until a game; one still open after deal 4 earns 100",
            ChicagoPartScore.FIFTY: "each part score made earns 50 at once and nothing is carried",
        }[self]


class PassWord(str, Enum):
    PASS = "Pass"
    NO_BID = "No bid"


class NextDealer(str, Enum):
    """Who deals the first hand of the next rubber."""

    PASSES_ON = "passes-on"  # the rule book: the deal simply passes to the left, across rubbers
    ROTATES = "rotates"  # some tables: each rubber's first dealer is left of the last rubber's first dealer


class DuplicateScoring(str, Enum):
    """How a duplicate board is compared with the other results on it."""

    IMPS = "imps"  # a team match: IMPs against the other table (cross-IMPs against two or more)
    MATCHPOINTS = "matchpoints"  # a pairs game: 2 for each result beaten, 1 for each tie

    @property
    def word(self) -> str:
        """``IMPs`` or ``matchpoints``, as a sentence says how boards are compared."""
        return "IMPs" if self is DuplicateScoring.IMPS else "matchpoints"

    @property
    def description(self) -> str:
        return {
            DuplicateScoring.IMPS: "IMPs, as a team match (averaged over several other results)",
            DuplicateScoring.MATCHPOINTS: "matchpoints, as a pairs game: 2 for each result beaten, 1 for each tie",
        }[self]


class PairsPercentage(str, Enum):
    """How a pairs session's matchpoints make its percentage."""

    # As clubs score a pairs game (WBF, ACBL, EBU): each board weighs the same, a board with
    # fewer results than the most any board has factored up to that many by Neuberg's formula.
    NEUBERG = "neuberg"
    TOPS = "tops"  # all the matchpoints over all the tops: a board with more results weighs more

    @property
    def description(self) -> str:
        return {
            PairsPercentage.NEUBERG: "each board weighs the same; one with fewer results is factored up by Neuberg's formula",
            PairsPercentage.TOPS: "all the matchpoints over all the tops, so a board with more results weighs more",
        }[self]


@dataclass(frozen=True, slots=True)
class Settings:
    honors: bool = True
    chicago_vulnerable: ChicagoVulnerable = ChicagoVulnerable.OPPONENTS
    chicago_part_score: ChicagoPartScore = ChicagoPartScore.CARRY
    pass_word: PassWord = PassWord.PASS
    we: Side = Side.NS
    next_dealer: NextDealer = NextDealer.PASSES_ON
    duplicate_scoring: DuplicateScoring = DuplicateScoring.IMPS
    pairs_percentage: PairsPercentage = PairsPercentage.NEUBERG

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in out.items()}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Reads saved settings; unknown keys are ignored and bad values fall back to the default."""
        if not isinstance(data, dict):
            return cls()
        # A lifetime of games has a handful of different settings: each read once (they are frozen, so shared).
        items = tuple(data.items())
        if len(items) <= _PLAIN_SETTINGS and all(type(v) in _PLAIN_VALUES for _, v in items):
            return _settings_of(items)
        return cls._read(data)

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Settings:
        kwargs: dict[str, Any] = {}
        defaults = cls()  # once, not once a field: every game of a rebuilt index reads its settings
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(defaults, f.name)
            if isinstance(default, bool):
                if isinstance(value, bool):
                    kwargs[f.name] = value
            elif isinstance(default, Enum):
                try:
                    kwargs[f.name] = type(default)(value)
                except ValueError:
                    pass
        return cls(**kwargs)

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


_PLAIN_SETTINGS = 32  # more items than settings has fields: read without remembering them
# Hashable, and equal only to values of their own type (never an int: 1 == True would take one for the other).
_PLAIN_VALUES = frozenset({str, bool, type(None)})


@functools.lru_cache(maxsize=64)
def _settings_of(items: tuple[tuple[str, Any], ...]) -> Settings:
    return Settings._read(dict(items))
