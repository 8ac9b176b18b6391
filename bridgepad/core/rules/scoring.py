"""What one hand writes on the pad, and why.

A hand's contract points are computed once per (contract, tricks, vulnerability) and
cached: there are only a few thousand such combinations, and every replay of a game
recomputes its hands, so the cache keeps re-deriving a whole evening cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from bridgepad.core.model import Contract, Doubling, Honors, Strain
from bridgepad.core.rules import tables


class Kind(str, Enum):
    TRICKS = "tricks"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam"
    UNDERTRICKS = "undertricks"
    HONORS = "honors"
    GAME_BONUS = "game bonus"
    PART_SCORE = "part score"
    OPEN_PART_SCORE = "open part score"
    RUBBER = "rubber"
    UNFINISHED_GAME = "unfinished game"
    UNFINISHED_PART_SCORE = "unfinished part score"


@dataclass(frozen=True, slots=True)
class Item:
    """One figure a hand earns, for the declaring side or the defenders, with the parts of
    the scoring table it was worked from; its sentence (``reason``) is built from those
    parts, so whoever needs a part (``bridgepad score``) reads it, not the sentence.

    ``count``: the tricks counted (the contract's level for the trick score, the over- or
    undertricks, the slam's level); ``rate``: the points a trick is worth when every one
    counted is worth the same (``first``: the first trick's, 40 at notrump); ``terms``:
    each undertrick's value when they differ (doubled); ``vulnerable``: None where the
    figure does not depend on it; ``doubling``: the contract's, where it counts.
    """

    kind: Kind
    points: int
    for_declarer: bool
    count: int = 0
    rate: int = 0
    first: int = 0
    terms: tuple[int, ...] = ()
    vulnerable: bool | None = None
    doubling: Doubling = Doubling.NONE

    @property
    def below(self) -> bool:
        return self.kind is Kind.TRICKS

    @property
    def what(self) -> str:
        """What the figure is for: ``2 undertricks, doubled, vulnerable``, ``trick score, doubled``."""
        d, vul = self.doubling, "" if self.vulnerable is None else _vul_word(self.vulnerable)
        doubled = "" if d is Doubling.NONE else f", {d.word}"
        plural = "" if self.count == 1 else "s"
        match self.kind:
            case Kind.TRICKS:
                return f"trick score{doubled}"
            case Kind.OVERTRICKS:
                return f"{self.count} overtrick{plural}" + (f"{doubled}, {vul}" if doubled else "")
            case Kind.UNDERTRICKS:
                return f"{self.count} undertrick{plural}{doubled}, {vul}"
            case Kind.INSULT:
                return f"making a {d.word} contract (the insult)"
            case Kind.SLAM:
                return f"{'small' if self.count == 6 else 'grand'} slam bid and made, {vul}"
            case Kind.GAME_BONUS:
                return f"game bonus, {vul}"
            case Kind.PART_SCORE:
                return "part score bonus"
        return self.kind.value

    @property
    def working(self) -> str:
        """The arithmetic from the table: ``4 × 30 × 2``, ``200 + 300``; the figure alone for a bonus."""
        match self.kind:
            case Kind.TRICKS:
                if self.first != self.rate:  # notrump: the first trick is worth more
                    base = str(self.first) if self.count == 1 else f"{self.first} + {self.count - 1} × {self.rate}"
                    if self.doubling is not Doubling.NONE and self.count > 1:
                        base = f"({base})"
                else:
                    base = f"{self.count} × {self.rate}"
                return base + ("" if self.doubling is Doubling.NONE else f" × {self.doubling.value}")
            case Kind.OVERTRICKS:
                return f"{self.count} × {self.rate}"
            case Kind.UNDERTRICKS:
                return " + ".join(_n(t) for t in self.terms) if self.terms else f"{self.count} × {self.rate}"
        return _n(self.points)

    @property
    def figure(self) -> str:
        """The working and, where it adds or multiplies more than one trick, its total."""
        working = self.working
        if working == _n(self.points):  # 1NT undoubled: "40", not "40 = 40"
            return working
        if self.kind is Kind.TRICKS or (self.kind in (Kind.OVERTRICKS, Kind.UNDERTRICKS) and self.count > 1):
            return f"{working} = {_n(self.points)}"
        return working

    @property
    def reason(self) -> str:
        """The sentence the pad's explanation and the exports show: ``1 overtrick: 1 × 30``."""
        return f"{self.what}: {self.figure}"


@dataclass(frozen=True, slots=True)
class ContractScore:
    made: bool
    trick_score: int
    items: tuple[Item, ...]

    @property
    def declarer_above(self) -> int:
        return sum(i.points for i in self.items if i.for_declarer and not i.below)

    @property
    def penalty(self) -> int:
        return sum(i.points for i in self.items if not i.for_declarer)


def _vul_word(vulnerable: bool) -> str:
    return "vulnerable" if vulnerable else "not vulnerable"


def _n(x: int) -> str:
    return f"{x:,}"


def trick_score_item(contract: Contract) -> Item:
    """The trick score below the line: the level, each trick's value (the first's apart), doubled or not."""
    first, rate = tables.trick_value(contract.strain, 1), tables.trick_value(contract.strain, 2)
    return Item(
        Kind.TRICKS, tables.trick_score(contract), True, count=contract.level, rate=rate, first=first, doubling=contract.doubling
    )


@lru_cache(maxsize=8192)
def score_contract(contract: Contract, tricks: int, vulnerable: bool) -> ContractScore:
    """The rubber-bridge figures of a contract played: tricks below, premiums above."""
    needed = contract.tricks_needed
    d = contract.doubling
    if tricks < needed:
        down = needed - tricks
        values = tables.undertrick_values(down, d, vulnerable)
        # Undoubled, every undertrick is worth the same (a rate); doubled, each its own (terms).
        uneven = () if d is Doubling.NONE else tuple(values)
        rate = 0 if uneven else values[0]
        item = Item(Kind.UNDERTRICKS, sum(values), False, down, rate, terms=uneven, vulnerable=vulnerable, doubling=d)
        return ContractScore(False, 0, (item,))

    items = [trick_score_item(contract)]
    over = tricks - needed
    if over:
        per = tables.overtrick_value(contract.strain, d, vulnerable)
        vul = None if d is Doubling.NONE else vulnerable  # undoubled, an overtrick is worth the same either way
        items.append(Item(Kind.OVERTRICKS, over * per, True, over, per, vulnerable=vul, doubling=d))
    if d is not Doubling.NONE:
        items.append(Item(Kind.INSULT, tables.insult(d), True, doubling=d))
    slam = tables.slam_bonus(contract.level, vulnerable)
    if slam:
        items.append(Item(Kind.SLAM, slam, True, count=contract.level, vulnerable=vulnerable))
    return ContractScore(True, tables.trick_score(contract), tuple(items))


def honors_reason(honors: Honors, contract: Contract) -> str:
    if contract.strain is Strain.NT:
        what = "four aces in one hand at notrump"
    elif honors.points == tables.HONORS_FIVE_TRUMP:
        what = "all five trump honors in one hand"
    else:
        what = "four of the five trump honors in one hand"
    return f"honors, {what}: {honors.points}"


def duplicate_items(contract: Contract, tricks: int, vulnerable: bool) -> tuple[Item, ...]:
    """The duplicate score of a board broken into its parts, as a player would explain it."""
    cs = score_contract(contract, tricks, vulnerable)
    if not cs.made:
        return cs.items
    return cs.items + (bonus_item(cs.trick_score, vulnerable, True),)


@lru_cache(maxsize=8192)
def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Declarer's signed score at duplicate: the signed sum of the board's items, declarer's less the defenders'."""
    return sum(i.points if i.for_declarer else -i.points for i in duplicate_items(contract, tricks, vulnerable))


def bonus_item(trick_score: int, vulnerable: bool, for_declarer: bool) -> Item:
    """Duplicate-style bonus for one contract made: 300/500 for a game, 50 for a part score."""
    if trick_score >= tables.GAME:
        return Item(Kind.GAME_BONUS, tables.game_bonus(vulnerable), for_declarer, vulnerable=vulnerable)
    return Item(Kind.PART_SCORE, tables.PART_SCORE_BONUS, for_declarer)
