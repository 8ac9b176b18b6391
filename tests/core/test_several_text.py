"""A game of several tables in words, as the laptop, the exports and the history say it; and the
pieces of the core the laptop reads (each table's traveller lines, what each change replaced,
a board as one table scores it).

The figures are worked by hand in the comments (the IMP scale: 20-40 is 1, 50-80 2, 170-210
5, 430-490 10, 600-740 12, 1100-1290 15)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from support.builders import hand
from support.several import TEAM_MATCH, corrected, mitchell, played, several, team_match

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.kinds.several_tables.entering import EntryRefused, board_range, boards_text, check_why
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, Pair
from bridgepad.core.rules.kinds.several_tables.one_table import as_one_table, board_start, others_at
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.rules.victory_points import match_vps
from bridgepad.core.words import several_text as words
from bridgepad.core.words.summary import headline


def state_of(game) -> SeveralState:  # type: ignore[no-untyped-def]
    s = derive(game).session
    assert s is not None and s.several is not None
    return s.several


def test_the_team_match_worked_by_hand() -> None:
    """Team 1 (N-S 1 at table 1, E-W 2 at table 2), each board's N-S scores, table 1 then table 2:
    1 +420 v -50: +470, 10. 2 (N-S vul) -110 v -140: +30, 1. 3 +430 v +400: +30, 1.
    4 (both) 5♦X by W two down +500 v 5♦ made -600: +1100, 15. 5 (N-S vul) 3NT one down
    -100 v 3NT made +600: -700, -12. 6 -620 v -620: 0. 7 -110 v +90: -200, -5. 8 +70 v
    passed out 0: +70, 2. Team 1 +12 IMPs over 8 boards."""
    state = state_of(team_match())
    one, two = state.teams
    assert [t.rows[0].ns.imps for t in state.travellers] == [
        Decimal(n) for n in (10, 1, 1, 15, 12, 0, 5, -2)
    ]  # by round: table 1 first on boards 1-4, table 2 first on 5-8
    assert (one.imps, two.imps, one.compared) == (Decimal(12), Decimal(-12), 8)
    assert one.vp == match_vps(12, 8)[0] and Decimal("14.3") < one.vp < Decimal(
        "14.5"
    )  # 10 + 10(1 - τ^(36/15√8))/(1 - τ³) = 14.39
    assert (one.rank, two.rank) == ("1", "2")
    assert words.leaders(state) == f"Team 1 +12 IMPs, {one.vp} VPs"
    assert words.headline(state) == f"All 16 results are in; the winners: Team 1 +12 IMPs, {one.vp} VPs."
    assert headline(derive(team_match())) == words.headline(state)  # the game's headline, everywhere
    assert words.team_pairs(state, one) == "N-S 1 (Ann & Bob) and E-W 2 (Eve & Fay)"
    assert words.round_words(state) == "All 16 results are in."


def test_the_words_of_a_team_match_half_way() -> None:
    state = state_of(team_match(TEAM_MATCH[:5]))  # round 1: table 1 boards 1-2, table 2 boards 5-6 and 7
    assert words.round_words(state) == "5 of 16 results in; round 1: every table is playing."
    assert words.leaders(state) == ""  # nothing compared: no board was played at both tables yet
    assert words.headline(state) == "5 of 16 results in."
    t1, t2 = state.tables
    assert words.progress_line(t1, state.movement) == "Round 1 of 2: 3 of 4 boards in, board 4 to come."
    assert words.progress_line(t2, state.movement) == "Round 1 of 2: 2 of 4 boards in, boards 7–8 to come."
    assert (words.progress_state(t1), words.boards_in_words(t1)) == ("playing", "3/4")


def test_a_mitchell_s_progress_leaders_and_traveller() -> None:
    """Board 1, nobody vulnerable: 4♠= +420 at table 1 (round 1), 4♠+1 +450 at table 4 (round 2),
    4♠= +420 at table 3 (round 3). N-S: 420 ties one, beats none: 1 of 4; 450 beats two: 4 of 4."""
    state = state_of(mitchell())
    lines = words.traveller_lines(state, 1)
    assert [(x.round, x.table, x.ns, x.ew, x.contract, x.result, x.score, x.ns_figure, x.ew_figure) for x in lines] == [
        ("1", "1", "1", "1", "4♠", "=", "+420", "1", "3"),
        ("2", "4", "4", "3", "4♠", "+1", "+450", "4", "0"),
        ("3", "3", "3", "4", "4♠", "=", "+420", "1", "3"),
    ]
    assert words.traveller_title(state, 1) == "Board 1 · North deals · Nobody vulnerable · 3 of 3 results · top 4"
    # Board 8 is in at table 1 in round 3; board 9 waits there, its line "to come".
    nine = words.traveller_lines(state, 9)
    assert [(x.table, x.contract, x.row is None) for x in nine] == [
        ("3", "Pass", False),
        ("2", "1NT", False),
        ("1", "to come", True),
    ]
    assert words.round_words(state) == "29 of 36 results in; round 3: every table is playing."
    t1 = state.progress(1)
    assert words.progress_line(t1, state.movement) == "Round 3 of 3: 2 of 3 boards in, board 9 to come."
    assert words.vulnerable_short(state.traveller(5).vulnerable) == "N-S"


def test_each_change_says_what_it_replaced_and_why() -> None:
    """Board 5 (N-S vulnerable) at table 2: 3♠= by S, +140 (90 + 50), then the director's 3♠+1, +170."""
    state = state_of(mitchell())
    (change,) = state.change_log
    assert (change.board, change.table, change.replaced_score, change.ns_score) == (5, 2, 140, 170)
    assert change.replaced.by.value == "table" and change.result.by.value == "director"
    head, what = words.change_lines(change)
    assert head.endswith(" · the director · board 5 at table 2, round 1")
    assert (
        what
        == "was 3♠ by S, 9 tricks (N-S +140); now 3♠ by S, 10 tricks (N-S +170): N-S claimed ten tricks; E-W agreed at the table"
    )
    assert state.changes == (change.result,)
    # The traveller's line is the one that counts, marked, with what it replaced.
    (line,) = [x for x in words.traveller_lines(state, 5) if x.table == "2"]
    assert line.changed and line.score == "+170"
    sitting, row = state.traveller_sittings(5)[0]
    details = words.row_details(state, sitting, row)
    assert details[0] == "Table 2, round 1: N-S 2 (Gus & Hal) v E-W 2 (Eve & Fay)"
    assert details[2] == "Why: N-S claimed ten tricks; E-W agreed at the table"
    assert details[3].startswith("Replaced 3♠ by S, 9 tricks, entered by the table at ")


def test_a_reason_is_a_sentence_that_can_be_kept() -> None:
    assert check_why("  a   claim  ") == "a claim"
    with pytest.raises(EntryRefused, match=r"^Say why the result is changed: the change is written down with its reason\.$"):
        check_why("   ")
    with pytest.raises(EntryRefused, match="at most 200 characters"):
        check_why("x" * 201)
    with pytest.raises(EntryRefused, match="at most 200 characters"):
        check_why("tab\x1b[31m")


def test_a_round_s_boards_as_a_table_prints_them() -> None:
    assert [board_range(b) for b in ((7,), (4, 5, 6), (1, 3))] == ["7", "4–6", "1, 3"]
    assert [boards_text(b) for b in ((7,), (4, 5, 6), (1, 3))] == ["board 7", "boards 4–6", "boards 1, 3"]


def test_a_board_as_one_table_scores_it_with_the_others_typed() -> None:
    """Board 1 at table 1, the other tables' +450 and +420 as its Other tables: a 4♠+1 there, +450,
    ties one and beats one: 3 of 4 matchpoints."""
    state = state_of(mitchell())
    mp = Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS)
    assert others_at(state, 1, 1) == (450, 420)
    outcome, after = as_one_table(state, mp, 1, 1, hand("4S", "N", "11"))
    assert outcome.ns_score == 450 and outcome.comparison is not None
    assert (outcome.comparison.matchpoints, outcome.comparison.top) == (3, 4)
    assert after.session is not None and after.session.several is None
    start = board_start(mp, 5)
    assert start.next_deal == 5 and start.next_vulnerable == frozenset({Side.NS})


def test_a_sit_out_and_the_skip_in_words() -> None:
    s = played(several(MovementKind.MITCHELL, 3, 6, pairs=5), [])  # E-W 3 missing: N-S 3 sits out round 1
    state = state_of(__import__("support.several", fromlist=["game_of"]).game_of(s, DuplicateScoring.MATCHPOINTS))
    t3 = state.progress(3)
    assert words.progress_state(t3) == "sits out"
    assert words.progress_line(t3, state.movement) == "Round 1 of 3: N-S 3 sits out; nothing to enter."
    assert words.boards_in_words(t3) == "-"
    assert words.pair_of(state, Pair(Side.EW, 1)) == "E-W 1"


def test_a_session_ended_early_says_so() -> None:
    from dataclasses import replace

    game = replace(team_match(TEAM_MATCH[:10]), ended=True)  # round 1 and board 5 at table 1
    state = state_of(game)
    assert state.status is Status.ENDED
    assert words.headline(state).startswith("The session was ended early; 9 of 16 results in; leading: Team 2")


def test_a_correction_at_a_table_that_never_plays_the_board_is_refused() -> None:
    with pytest.raises(EntryRefused, match=r"^Board 10 is not played at table 1\.$"):
        corrected(played(several(MovementKind.MITCHELL, 4, 12), []), 1, 10, ("4S", "N", "10"), "typo", 1)


def test_a_team_match_level_at_the_end_says_so() -> None:
    """Every board played the same way at both tables: 0 IMPs each time, 10 VPs each."""
    first = [e for e in TEAM_MATCH[:8] if e is not None]
    swapped = [(3 - table, board, *typed) for table, board, *typed in first]  # the other table, the same result
    state = state_of(team_match([*first, None, *swapped, None]))  # type: ignore[list-item]
    assert state.status is Status.FINISHED
    assert words.leaders(state) == "Team 1 and Team 2 level, 10.00 VPs each"
    assert words.headline(state) == "All 16 results are in; Team 1 and Team 2 level, 10.00 VPs each."
