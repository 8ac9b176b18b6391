"""The parts a score is worked from, as the scoring table gives them (worked by hand):
how many tricks counted, what each is worth where all are worth the same, and the terms
where they are not. An item that counts no tricks (the insult, a bonus) says none."""

from __future__ import annotations

from bridgepad.core.model import Contract, Doubling, Strain
from bridgepad.core.rules.scoring import Kind, bonus_item, duplicate_items, score_contract


def parts(item) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    return (item.kind, item.points, item.count, item.rate, item.terms)


def test_doubled_undertricks_each_have_their_own_worth_and_no_rate() -> None:
    # 4S doubled, vulnerable, two down: 200 for the first, 300 for the second.
    (item,) = score_contract(Contract(4, Strain.S, Doubling.DOUBLED), 8, True).items
    assert parts(item) == (Kind.UNDERTRICKS, 500, 2, 0, (200, 300))


def test_undoubled_undertricks_are_all_worth_the_same() -> None:
    # 3NT not vulnerable, three down: 50 each.
    (item,) = score_contract(Contract(3, Strain.NT), 6, False).items
    assert parts(item) == (Kind.UNDERTRICKS, 150, 3, 50, ())


def test_a_doubled_contract_made_with_an_overtrick() -> None:
    # 4S doubled, vulnerable, eleven tricks: 4 × 30 × 2 = 240 below; the overtrick 200; the insult 50.
    items = score_contract(Contract(4, Strain.S, Doubling.DOUBLED), 11, True).items
    assert [parts(i) for i in items] == [
        (Kind.TRICKS, 240, 4, 30, ()),
        (Kind.OVERTRICKS, 200, 1, 200, ()),
        (Kind.INSULT, 50, 0, 0, ()),
    ]


def test_the_duplicate_bonuses_count_no_tricks() -> None:
    # 2H made exactly, not vulnerable: 60 and the part-score bonus of 50; 4H vulnerable: the game bonus of 500.
    *_, part = duplicate_items(Contract(2, Strain.H), 8, False)
    assert parts(part) == (Kind.PART_SCORE, 50, 0, 0, ())
    assert parts(bonus_item(120, True, True)) == (Kind.GAME_BONUS, 500, 0, 0, ())
    # A small slam counts its level: 6S by a side not vulnerable, 500.
    slam = score_contract(Contract(6, Strain.S), 12, False).items[-1]
    assert parts(slam) == (Kind.SLAM, 500, 6, 0, ())
