"""The scoring tables of the rule book, one function a table.

Each function is a row lookup and nothing more; how a hand's entries are put together
from them lives in ``bridgepad.core.rules.scoring``.
"""

from __future__ import annotations

from bridgepad.core.model import Contract, Doubling, Strain

GAME = 100  # trick points below the line that make a game


def trick_value(strain: Strain, trick: int) -> int:
    """Undoubled value of the ``trick``-th odd trick (1-based) bid and made."""
    if strain.is_minor:
        return 20
    if strain.is_major:
        return 30
    return 40 if trick == 1 else 30


def trick_score(contract: Contract) -> int:
    """Below the line for a contract made: the tricks bid, times 2 doubled or 4 redoubled."""
    base = sum(trick_value(contract.strain, t) for t in range(1, contract.level + 1))
    return base * contract.doubling.value


def overtrick_value(strain: Strain, doubling: Doubling, vulnerable: bool) -> int:
    """Above the line for each overtrick."""
    if doubling is Doubling.NONE:
        return 20 if strain.is_minor else 30
    per = 200 if vulnerable else 100
    return per if doubling is Doubling.DOUBLED else per * 2


def insult(doubling: Doubling) -> int:
    """Above the line for making a doubled (50) or redoubled (100) contract."""
    return {Doubling.NONE: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}[doubling]


def slam_bonus(level: int, vulnerable: bool) -> int:
    """A slam bid and made: small 500/750, grand 1,000/1,500."""
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def undertrick_values(count: int, doubling: Doubling, vulnerable: bool) -> list[int]:
    """What each of ``count`` undertricks costs, in order."""
    values = []
    for n in range(1, count + 1):
        if doubling is Doubling.NONE:
            values.append(100 if vulnerable else 50)
            continue
        if vulnerable:
            doubled = 200 if n == 1 else 300
        else:
            doubled = 100 if n == 1 else 200 if n <= 3 else 300
        values.append(doubled * (2 if doubling is Doubling.REDOUBLED else 1))
    return values


HONORS_FOUR_TRUMP = 100
HONORS_FIVE_TRUMP = 150
HONORS_FOUR_ACES = 150

RUBBER_TWO_NIL = 700
RUBBER_TWO_ONE = 500
UNFINISHED_GAME = 300
UNFINISHED_PART_SCORE = 100


def rubber_bonus(loser_games: int) -> int:
    return RUBBER_TWO_NIL if loser_games == 0 else RUBBER_TWO_ONE


def game_bonus(vulnerable: bool) -> int:
    """Chicago and duplicate: a game made earns 300 not vulnerable, 500 vulnerable."""
    return 500 if vulnerable else 300


PART_SCORE_BONUS = 50  # duplicate, and Chicago played "fifty"
CHICAGO_OPEN_PART_SCORE = 100  # Chicago: a part score still open after the fourth deal

IMP_SCALE = (
    20,
    50,
    90,
    130,
    170,
    220,
    270,
    320,
    370,
    430,
    500,
    600,
    750,
    900,
    1100,
    1300,
    1500,
    1750,
    2000,
    2250,
    2500,
    3000,
    3500,
    4000,
)


def imps(difference: int) -> int:
    """International Match Points for a score difference, signed like the difference."""
    size = abs(difference)
    n = 0
    for threshold in IMP_SCALE:
        if size < threshold:
            break
        n += 1
    return n if difference >= 0 else -n
