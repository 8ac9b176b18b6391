"""What one hand writes on the pad, and why.

A hand's contract points are computed once per (contract, tricks, vulnerability) and
cached: there are only a few thousand such combinations, and every replay of a game
recomputes its hands, so the cache keeps re-deriving a whole evening cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from bridgepad.core import tables
from bridgepad.core.model import Contract, Doubling, Honors, Strain


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
    """One figure a hand earns, for the declaring side or the defenders."""

    kind: Kind
    points: int
    for_declarer: bool
    reason: str

    @property
    def below(self) -> bool:
        return self.kind is Kind.TRICKS


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


def trick_score_reason(contract: Contract) -> str:
    s = contract.strain
    if s is Strain.NT:
        base = "40" if contract.level == 1 else f"40 + {contract.level - 1} × 30"
        if contract.doubling is not Doubling.NONE and contract.level > 1:
            base = f"({base})"
    else:
        base = f"{contract.level} × {tables.trick_value(s, 1)}"
    if contract.doubling is not Doubling.NONE:
        base += f" × {contract.doubling.value}"
    made = {Doubling.NONE: "", Doubling.DOUBLED: ", doubled", Doubling.REDOUBLED: ", redoubled"}[contract.doubling]
    return f"trick score{made}: {base} = {_n(tables.trick_score(contract))}"


@lru_cache(maxsize=8192)
def score_contract(contract: Contract, tricks: int, vulnerable: bool) -> ContractScore:
    """The rubber-bridge figures of a contract played: tricks below, premiums above."""
    needed = contract.tricks_needed
    d = contract.doubling
    if tricks < needed:
        down = needed - tricks
        values = tables.undertrick_values(down, d, vulnerable)
        penalty = sum(values)
        if d is Doubling.NONE:
            how = f"{down} × {values[0]}"
        else:
            how = " + ".join(_n(v) for v in values)
        dbl = "" if d is Doubling.NONE else f", {d.word}"
        word = "undertrick" if down == 1 else "undertricks"
        reason = f"{down} {word}{dbl}, {_vul_word(vulnerable)}: {how}"
        if down > 1:
            reason += f" = {_n(penalty)}"
        return ContractScore(False, 0, (Item(Kind.UNDERTRICKS, penalty, False, reason),))

    items = [Item(Kind.TRICKS, tables.trick_score(contract), True, trick_score_reason(contract))]
    over = tricks - needed
    if over:
        per = tables.overtrick_value(contract.strain, d, vulnerable)
        dbl = "" if d is Doubling.NONE else f", {d.word}, {_vul_word(vulnerable)}"
        word = "overtrick" if over == 1 else "overtricks"
        reason = f"{over} {word}{dbl}: {over} × {per}"
        if over > 1:
            reason += f" = {_n(over * per)}"
        items.append(Item(Kind.OVERTRICKS, over * per, True, reason))
    if d is not Doubling.NONE:
        items.append(Item(Kind.INSULT, tables.insult(d), True, f"making a {d.word} contract (the insult): {tables.insult(d)}"))
    slam = tables.slam_bonus(contract.level, vulnerable)
    if slam:
        name = "small slam" if contract.level == 6 else "grand slam"
        items.append(Item(Kind.SLAM, slam, True, f"{name} bid and made, {_vul_word(vulnerable)}: {_n(slam)}"))
    return ContractScore(True, tables.trick_score(contract), tuple(items))


def honors_reason(honors: Honors, contract: Contract) -> str:
    if contract.strain is Strain.NT:
        what = "four aces in one hand at notrump"
    elif honors.points == tables.HONORS_FIVE_TRUMP:
        what = "all five trump honors in one hand"
    else:
        what = "four of the five trump honors in one hand"
    return f"honors, {what}: {honors.points}"


@lru_cache(maxsize=8192)
def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Declarer's signed score at duplicate: the board stands alone, nothing carried."""
    cs = score_contract(contract, tricks, vulnerable)
    if not cs.made:
        return -cs.penalty
    bonus = tables.game_bonus(vulnerable) if cs.trick_score >= tables.GAME else tables.PART_SCORE_BONUS
    return cs.trick_score + cs.declarer_above + bonus


def duplicate_items(contract: Contract, tricks: int, vulnerable: bool) -> tuple[Item, ...]:
    """The duplicate score of a board broken into its parts, as a player would explain it."""
    cs = score_contract(contract, tricks, vulnerable)
    if not cs.made:
        return cs.items
    return cs.items + (bonus_item(cs.trick_score, vulnerable, True),)


def bonus_item(trick_score: int, vulnerable: bool, for_declarer: bool) -> Item:
    """Duplicate-style bonus for one contract made: 300/500 for a game, 50 for a part score."""
    if trick_score >= tables.GAME:
        pts = tables.game_bonus(vulnerable)
        return Item(Kind.GAME_BONUS, pts, for_declarer, f"game bonus, {_vul_word(vulnerable)}: {pts}")
    return Item(Kind.PART_SCORE, tables.PART_SCORE_BONUS, for_declarer, f"part score bonus: {tables.PART_SCORE_BONUS}")
