"""The movements against their published definitions, for every table count and board count.

The definitions, as clubs publish them:
- A team match at two tables: nobody moves; every board is played once at each table, a
  team sitting N-S at one table and E-W at the other; a set of boards is at one table at a time.
- A Mitchell: N-S pairs stay at their tables; E-W pairs move up one table after each round
  (from the last table to the first), boards move down one table (from the first to the
  last). On an even number of tables, E-W pairs skip one table once, half way, so that no
  E-W pair meets a set of boards twice; with one pair short, the pair that would have met
  the missing one sits out. Every E-W pair meets every N-S pair at most once and plays
  every board at most once.
These are checked here round by round, without the movement's own arithmetic.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bridgepad.core.model import Side
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup, default_kind, setup_problem
from bridgepad.core.rules.kinds.several_tables.movements.base import Movement, Pair, Sitting
from bridgepad.core.words.movement_text import guide_card, movement_title, next_words, sitting_out_words

TABLES = range(2, 9)
BOARDS = range(8, 33)


def setups() -> list[MovementSetup]:
    out = []
    for tables in TABLES:
        for boards in BOARDS:
            kind = default_kind(tables)
            pair_counts = (4,) if kind is MovementKind.TEAMS else (2 * tables, 2 * tables - 1)
            for pairs in pair_counts:
                out.append(MovementSetup.of(kind, tables, boards, pairs=pairs))
    return out


SETUPS = setups()


def playing(m: Movement) -> list[Sitting]:
    return [s for s in m.sittings if s.plays]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s.kind.value}-{s.tables}t-{s.boards}b-{s.pairs}p")
def test_every_movement_keeps_the_rules(setup: MovementSetup) -> None:
    assert setup_problem(setup) is None
    m = setup.movement()
    # Every board in play is in exactly one set, and the sets are the boards 1 to B.
    assert sorted(b for s in m.sets for b in s) == list(range(1, setup.boards + 1))
    # Each pair meets each opponent at most once (in a team match, the pairs at a table face
    # each other all match: one meeting, however many rounds), and plays each board at most once.
    meetings = Counter(frozenset((s.ns, s.ew)) for s in playing(m))
    if setup.kind is MovementKind.MITCHELL:
        assert max(meetings.values()) == 1
    else:
        assert set(meetings) == {frozenset((Pair(Side.NS, 1), Pair(Side.EW, 1))), frozenset((Pair(Side.NS, 2), Pair(Side.EW, 2)))}
    for pair in m.pairs:
        boards = [b for s in m.pair_sittings(pair) if s.plays for b in s.boards]
        assert len(boards) == len(set(boards)), pair
    # A round's boards are at one table only.
    for r in range(1, m.rounds + 1):
        boards = [b for s in m.round_sittings(r) for b in s.boards]
        assert len(boards) == len(set(boards))
    # Every board is played the same number of times; with a pair short, each round one pair sits
    # out, named, and the boards there wait: on an even number of tables that leaves one set
    # played once more than the others (the set the missing pair would never have met).
    plays = Counter(b for s in playing(m) for b in s.boards)
    assert set(plays) <= set(range(1, setup.boards + 1))
    if setup.pairs % 2 == 0:
        assert len(set(plays.values())) == 1 and len(plays) == setup.boards
    else:
        assert max(plays.values()) - min(plays.values()) <= 1
        for r in range(1, m.rounds + 1):
            out = m.sitting_out(r)
            assert len(out) == 1
            assert sitting_out_words(m, r) == f"{out[0].label} sits out round {r}."
    # Every pair plays: a pair short leaves the pairs at 2T - 1.
    assert len(m.pairs) == setup.pairs


@pytest.mark.parametrize(
    "setup", [s for s in SETUPS if s.kind is MovementKind.MITCHELL], ids=lambda s: f"{s.tables}t-{s.boards}b-{s.pairs}p"
)
def test_a_mitchell_moves_as_published(setup: MovementSetup) -> None:
    m = setup.movement()
    t = setup.tables
    assert m.rounds == (t if t % 2 else t - 1)  # every table, or one fewer with the skip
    for r in range(1, m.rounds):
        for s in m.round_sittings(r):
            after = m.sitting(s.table, r + 1)
            assert after.ns == s.ns  # N-S stay
            down = m.sitting((s.table - 2) % t + 1, r + 1)
            assert down.boards == s.boards  # the boards move down a table
            if s.ew is not None:
                moved = next(x for x in m.round_sittings(r + 1) if x.ew == s.ew)
                skip = t % 2 == 0 and r == t // 2  # after half the rounds, on an even number of tables
                assert moved.table == (s.table - 1 + (2 if skip else 1)) % t + 1


def test_a_team_match_as_published() -> None:
    m = MovementSetup.of(MovementKind.TEAMS, 2, 16).movement()
    assert m.rounds == 2
    assert [(s.round, s.table, s.ns and s.ns.label, s.ew and s.ew.label, s.boards[0], s.boards[-1]) for s in m.sittings] == [
        (1, 1, "N-S 1", "E-W 1", 1, 8),
        (1, 2, "N-S 2", "E-W 2", 9, 16),
        (2, 1, "N-S 1", "E-W 1", 9, 16),
        (2, 2, "N-S 2", "E-W 2", 1, 8),
    ]
    # A team is its N-S pair at one table and its E-W pair at the other.
    assert [m.team_of(p) for p in (Pair(Side.NS, 1), Pair(Side.EW, 2), Pair(Side.NS, 2), Pair(Side.EW, 1))] == [1, 1, 2, 2]


def test_the_four_table_mitchell_card_by_card() -> None:
    """The skip Mitchell of four tables, twelve boards, as a guide card prints it (worked by hand:
    E-W move 1→2, then skip to 4; boards move 4-6 → table 1, 1-3 → table 4)."""
    setup = MovementSetup.of(MovementKind.MITCHELL, 4, 12)
    m = setup.movement()
    assert movement_title(setup) == "Mitchell, 4 tables, 12 boards: 3 rounds of 3"
    assert guide_card(m, 1) == [
        "Table 1",
        "Round 1: N-S 1 v E-W 1, boards 1–3",
        "Round 2: N-S 1 v E-W 4, boards 4–6",
        "Round 3: N-S 1 v E-W 2, boards 7–9",
    ]
    assert guide_card(m, 3) == [
        "Table 3",
        "Round 1: N-S 3 v E-W 3, boards 7–9",
        "Round 2: N-S 3 v E-W 2, boards 10–12",
        "Round 3: N-S 3 v E-W 4, boards 1–3",
    ]
    assert next_words(m, 1, 2) == [
        "N-S 1 stays at table 1.",
        "E-W 4 skips a table: moves to table 3.",
        "Boards 4–6 go to table 4.",
        "Round 3 here: N-S 1 v E-W 2, boards 7–9, from table 2.",
    ]
    assert next_words(m, 1, 3) == ["That was the last round: the session is over at this table."]


def test_uneven_boards_share_out_with_the_first_sets_larger() -> None:
    setup = MovementSetup.of(MovementKind.MITCHELL, 3, 8)
    assert [len(s) for s in setup.movement().sets] == [3, 3, 2]
    assert setup.boards_per_round == "3 or 2"


@pytest.mark.parametrize(
    ("setup", "field", "words"),
    [
        (MovementSetup.of(MovementKind.TEAMS, 3, 12), "tables", "A team match is played at 2 tables"),
        (MovementSetup.of(MovementKind.MITCHELL, 2, 12), "tables", "2 tables play a team match"),
        (MovementSetup.of(MovementKind.MITCHELL, 9, 27), "tables", "3 to 8 tables, not 9"),
        (MovementSetup.of(MovementKind.MITCHELL, 4, 12, rounds=4), "rounds", "1 to 3 rounds, as E-W skip"),
        (MovementSetup.of(MovementKind.MITCHELL, 4, 12, pairs=6), "pairs", "8 pairs, or 7"),
        (MovementSetup.of(MovementKind.MITCHELL, 5, 4), "boards", "Give 5 to 64 boards"),
        (MovementSetup.of(MovementKind.TEAMS, 2, 16, rounds=1), "rounds", "2 rounds at least"),
        (MovementSetup.of(MovementKind.MITCHELL, 3, 65), "boards", "not 65"),
    ],
)
def test_a_movement_that_cannot_be_played_is_named(setup: MovementSetup, field: str, words: str) -> None:
    problem = setup_problem(setup)
    assert problem is not None and problem[0] == field and words in problem[1], problem


def test_the_movement_in_words_as_a_director_announces_it() -> None:
    from bridgepad.core.words.movement_text import movement_words

    assert movement_words(MovementSetup.of(MovementKind.MITCHELL, 5, 10).movement()) == [
        (
            "N-S pairs stay at their tables. After each round E-W pairs move up a table (from table 5 to table 1) "
            "and the boards move down a table (from table 1 to table 5)."
        ),
    ]  # five tables, five rounds: no skip on an odd number
    six = movement_words(MovementSetup.of(MovementKind.MITCHELL, 6, 12).movement())
    assert six[1] == "After round 3 E-W pairs skip a table: each moves up two, so that no pair meets boards twice."
    # Three rounds of six tables end before the skip comes.
    assert len(movement_words(MovementSetup.of(MovementKind.MITCHELL, 6, 12, rounds=3).movement())) == 1
    assert movement_words(MovementSetup.of(MovementKind.TEAMS, 2, 16).movement()) == [
        "Team 1: N-S 1 at table 1 and E-W 2 at table 2.",
        "Team 2: N-S 2 at table 2 and E-W 1 at table 1.",
        "Nobody moves: after round 1 the two tables swap boards.",
    ]
