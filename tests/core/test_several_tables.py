"""A game of several tables: what a table may enter and when, and the session scored as by hand.

The scoring is the one a single table uses for "Other tables": each result compared with
the other results on its board (2 matchpoints for each beaten, 1 for each tie; cross-IMPs
averaged), Neuberg's factoring where a board has fewer results, victory points on the WBF
scale. The worked examples are done by hand in the comments; the random sessions are
checked against games of one table typed with the same results as their "Other tables".
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from support.builders import hand

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Game, Mode, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.kinds.several_tables.entering import (
    AlreadyIn,
    EntryRefused,
    Recorded,
    Repeated,
    correct,
    next_round,
    submit,
)
from bridgepad.core.rules.kinds.several_tables.inputs import By, SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup, Pair
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
from bridgepad.core.rules.outcome import BoardOutcome
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.rules.victory_points import match_vps

NS1, NS2, NS3 = Pair(Side.NS, 1), Pair(Side.NS, 2), Pair(Side.NS, 3)
EW1, EW2, EW3 = Pair(Side.EW, 1), Pair(Side.EW, 2), Pair(Side.EW, 3)
MP = Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS)
IMPS = Settings(duplicate_scoring=DuplicateScoring.IMPS)


def enter(inputs: SeveralTables, table: int, board: int, *typed: str, id: str = "", replace: bool = False) -> SeveralTables:
    result = TableResult(id or f"{table}-{board}-{len(inputs.results)}", table, 0, board, hand(*typed))
    outcome = submit(inputs, result, replace=replace)
    assert isinstance(outcome, Recorded), outcome
    return inputs.with_result(outcome.result)


def move_all(inputs: SeveralTables, leaving: int) -> SeveralTables:
    for t in range(1, inputs.setup.tables + 1):
        move = next_round(inputs, t, leaving, "2026-12-04T20:00:00+00:00")
        assert move is not None
        inputs = inputs.with_move(move)
    return inputs


def scored(inputs: SeveralTables, settings: Settings = MP) -> SeveralState:
    state = derive(Game(mode=Mode.DUPLICATE, settings=settings, several_tables=inputs)).session
    assert state is not None and state.several is not None
    return state.several


MITCHELL_3 = SeveralTables(MovementSetup.of(MovementKind.MITCHELL, 3, 6))  # 3 rounds of 2 boards


def test_a_table_enters_the_boards_of_its_round_only() -> None:
    s = MITCHELL_3  # round 1: table 1 boards 1-2, table 2 boards 3-4, table 3 boards 5-6
    s = enter(s, 1, 1, "4S", "N", "10")
    with pytest.raises(
        EntryRefused, match=r"^Board 3 is played at table 1 in round 2, not now: table 1 plays boards 1–2 in round 1\.$"
    ):
        submit(s, TableResult("x", 1, 0, 3, hand("4S", "N", "10")))
    with pytest.raises(EntryRefused, match=r"^There is no table 4: this game has tables 1 to 3\.$"):
        submit(s, TableResult("x", 4, 0, 1, hand("4S", "N", "10")))
    # Not before every board of the round is in.
    with pytest.raises(EntryRefused, match=r"^Table 1 has still to enter board 2 before it moves on\.$"):
        next_round(s, 1, 1, "2026-12-04T20:00:00+00:00")
    s = enter(s, 1, 2, "3NT", "S", "9")
    move = next_round(s, 1, 1, "2026-12-04T20:00:00+00:00")
    assert move is not None and move.round == 2
    s = s.with_move(move)
    assert next_round(s, 1, 1, "2026-12-04T20:01:00+00:00") is None  # the same move again: a repeat
    # Round 1 is closed at table 1: a correction of board 1 is the director's now.
    with pytest.raises(
        EntryRefused, match=r"^Round 1 is closed at table 1: table 1 plays boards 3–4 in round 2; the director can"
    ):
        submit(s, TableResult("y", 1, 0, 1, hand("4S", "N", "11")))
    fixed = correct(s, TableResult("d1", 1, 0, 1, hand("4S", "N", "11"), why="N-S claimed 11 tricks; E-W agreed"))
    assert fixed.result.by is By.DIRECTOR and fixed.result.round == 1 and fixed.replaced is not None
    with pytest.raises(EntryRefused, match="Say why"):
        correct(s, TableResult("d2", 1, 0, 1, hand("4S", "N", "11")))
    # The skip Mitchell of four tables never brings boards 10-12 to table 1.
    four = SeveralTables(MovementSetup.of(MovementKind.MITCHELL, 4, 12))
    with pytest.raises(EntryRefused, match=r"^Board 10 is not played at table 1\.$"):
        correct(four, TableResult("d3", 1, 0, 10, hand("4S", "N", "11"), why="typo"))


def test_a_retry_records_nothing_and_a_second_entry_asks_first() -> None:
    s = enter(MITCHELL_3, 1, 1, "4S", "N", "10", id="phone-1")
    again = submit(s, TableResult("phone-1", 1, 0, 1, hand("4S", "N", "10")))
    assert isinstance(again, Repeated) and again.result == s.results[0]
    other = submit(s, TableResult("phone-2", 1, 0, 1, hand("4S", "N", "9")))
    assert isinstance(other, AlreadyIn) and other.result == s.results[0]
    s = enter(s, 1, 1, "4S", "N", "9", id="phone-2", replace=True)
    state = scored(s)
    row = state.traveller(1).rows[0]
    assert row.ns_score == -50 and row.earlier == (s.results[0],) and state.changes == (s.results[1],)
    with pytest.raises(EntryRefused, match="was used for board 1 at table 1"):
        submit(s, TableResult("phone-1", 1, 0, 2, hand("4S", "N", "10")))


def test_a_board_is_at_one_table_at_a_time() -> None:
    """Table 1 finishes round 1 first and moves on; its round-2 boards (3-4) are still being
    played at table 2 in round 1, so it may enter them only once table 2 has."""
    s = enter(MITCHELL_3, 1, 1, "4S", "N", "10")
    s = enter(s, 1, 2, "3NT", "S", "9")
    move = next_round(s, 1, 1, "2026-12-04T20:00:00+00:00")
    assert move is not None
    s = s.with_move(move)
    with pytest.raises(
        EntryRefused, match=r"^Board 3 is still at table 2, for round 1: enter it here once table 2 has entered it\.$"
    ):
        submit(s, TableResult("early", 1, 0, 3, hand("2H", "E", "8")))
    s = enter(s, 2, 3, "2H", "E", "8")
    s = enter(s, 1, 3, "2H", "E", "9")  # now it has come
    assert [r.ns_score for r in scored(s).traveller(3).rows] == [-110, -140]


def test_a_sit_out_table_has_nothing_to_enter_and_moves_on() -> None:
    s = SeveralTables(MovementSetup.of(MovementKind.MITCHELL, 3, 6, pairs=5))  # E-W 3 missing
    state = scored(s)
    assert state.progress(3).sitting is not None and not state.progress(3).sitting.plays
    assert state.progress(3).done  # nothing to enter
    with pytest.raises(EntryRefused, match=r"^Board 5 is not played at table 3: N-S 3 sits out round 1 at table 3"):
        submit(s, TableResult("x", 3, 0, 5, hand("4S", "N", "10")))
    assert next_round(s, 3, 1, "2026-12-04T20:00:00+00:00") is not None


def test_a_three_table_mitchell_worked_by_hand() -> None:
    """Round 1 of three tables, then board 1 again at table 3 in round 2.

    Board 1, nobody vulnerable: table 1 N-S +420 (4S=), table 3 N-S +450 (4S+1). N-S 1 are
    beaten: 0 of 2; N-S 3 beat them: 2 of 2. E-W 1 (at table 1) 2 of 2, E-W 2 (at table 3
    in round 2) 0 of 2. Board 2, N-S vulnerable: table 1 -200 (3NT by S two down, 100 each
    vulnerable); table 3 +600 (3NT= by N: 100 below, 500 for a vulnerable game).
    N-S 1 0 of 2, N-S 3 2 of 2. Everyone else has no board compared yet.
    """
    s = enter(MITCHELL_3, 1, 1, "4S", "N", "10")
    s = enter(s, 1, 2, "3NT", "S", "7")
    s = enter(s, 2, 3, "2H", "E", "8")
    s = enter(s, 2, 4, "pass")
    s = enter(s, 3, 5, "1NT", "W", "7")
    s = enter(s, 3, 6, "4H", "W", "10")
    s = move_all(s, 1)  # round 2: table 3 has boards 1-2, with E-W 2
    s = enter(s, 3, 1, "4S", "N", "11")
    s = enter(s, 3, 2, "3NT", "N", "9")
    state = scored(s)
    assert [(r.table, r.ns_score, r.ns.matchpoints, r.ew.matchpoints) for r in state.traveller(1).rows] == [
        (1, 420, 0, 2),
        (3, 450, 2, 0),
    ]
    assert [r.ns_score for r in state.traveller(2).rows] == [-200, 600]
    ns1, ns3, ew1, ew2 = (state.standing(p) for p in (NS1, NS3, EW1, EW2))
    assert (ns1.matchpoints, ns1.top, ns1.percent, ns1.rank) == (0, 4, Decimal("0.00"), "2")
    assert (ns3.matchpoints, ns3.top, ns3.percent, ns3.rank) == (4, 4, Decimal("100.00"), "1")
    assert (ew1.percent, ew2.percent, ew1.rank, ew2.rank) == (Decimal("100.00"), Decimal("0.00"), "1", "2")
    assert state.standing(NS2).rank == "" and state.standing(NS2).played == 2  # played, nothing compared yet
    assert [p.pair for p in state.ranking(Side.NS)] == [NS3, NS1, NS2]
    assert state.status is Status.IN_PLAY and state.results == 8 and state.expected == 18
    # Table 3 is in round 2 with both its boards in: it may move on; table 1 has none of its round's.
    assert state.progress(3).done and state.progress(1).to_enter == (3, 4)


def test_a_team_match_worked_by_hand() -> None:
    """Two tables, four boards, two rounds of two.

    Board 1 (none vul): table 1 +420, table 2 -50: team 1 (N-S 1, E-W 2) +470: 10 IMPs.
    Board 2 (N-S vul): table 1 +110, table 2 +140: -30: -1 IMP.
    Board 3 (E-W vul): table 2 -620, table 1 -620: 0. Board 4 (both vul): table 2 +100 (3NT by
    E one down), table 1 -200 (2S by N two down): team 1 -300: -7 IMPs. Team 1: 10 - 1 + 0 - 7
    = +2 IMPs over 4 boards; VPs on the WBF scale. A traveller lists its rows by round.
    """
    s = SeveralTables(MovementSetup.of(MovementKind.TEAMS, 2, 4))
    s = enter(s, 1, 1, "4S", "N", "10")
    s = enter(s, 1, 2, "2S", "N", "8")
    s = enter(s, 2, 3, "4H", "E", "10")
    s = enter(s, 2, 4, "3NT", "E", "8")
    s = move_all(s, 1)
    s = enter(s, 1, 3, "4S", "W", "10")
    s = enter(s, 1, 4, "2S", "N", "6")
    s = enter(s, 2, 1, "4S", "N", "9")
    s = enter(s, 2, 2, "3H", "S", "9")
    state = scored(s, IMPS)
    assert [[r.ns_score for r in t.rows] for t in state.travellers] == [[420, -50], [110, 140], [-620, -620], [100, -200]]
    team1, team2 = state.teams
    assert (team1.imps, team2.imps, team1.compared) == (Decimal(2), Decimal(-2), 4)
    assert (team1.vp, team2.vp) == match_vps(2, 4)
    assert (team1.rank, team2.rank) == ("1", "2")
    assert team1.pairs == (NS1, EW2) and team2.pairs == (NS2, EW1)
    assert state.status is Status.FINISHED


def _random_mitchell(rng: random.Random, tables: int, pairs: int) -> SeveralTables:
    setup = MovementSetup.of(MovementKind.MITCHELL, tables, 2 * tables, pairs=pairs)
    s = SeveralTables(setup)
    contracts = ["4S", "3NT", "2H", "1NT", "5DX", "6S", "3C", "pass"]
    m = setup.movement()
    for r in range(1, m.rounds + 1):
        for sitting in m.round_sittings(r):
            for b in sitting.boards if sitting.plays else ():
                c = rng.choice(contracts)
                if c == "pass":
                    s = enter(s, sitting.table, b, "pass")
                else:
                    level = int(c[0])
                    s = enter(
                        s, sitting.table, b, c, rng.choice("NESW"), str(rng.randint(max(0, level + 6 - 4), min(13, level + 8)))
                    )
        s = move_all(s, r)
    return s


@pytest.mark.parametrize("seed", range(8))
def test_random_sessions_score_as_one_table_with_the_others_typed(seed: int) -> None:
    """Each pair's boards typed at one table with the other tables' N-S scores as "Other
    tables" give the same comparison; N-S 1 plays boards 1..B in order, so its whole session
    typed as one duplicate game gives its percentage, matchpoints and IMPs exactly."""
    rng = random.Random(seed)
    tables = rng.choice([3, 4, 5])
    s = _random_mitchell(rng, tables, rng.choice([2 * tables, 2 * tables - 1]))
    for settings in (MP, IMPS):
        state = scored(s, settings)
        for t in state.travellers:
            scores = [r.ns_score for r in t.rows]
            for i, row in enumerate(t.rows):
                others = tuple(scores[:i] + scores[i + 1 :])
                one = derive(
                    Game(
                        mode=Mode.DUPLICATE,
                        settings=settings,
                        first_board=t.board,
                        hands=(row.result.hand.__class__(**{**_fields(row.result.hand), "others": others}),),
                    )
                )
                outcome = one.hands[0]
                assert isinstance(outcome, BoardOutcome)
                assert outcome.comparison == row.ns
                assert row.ew.matchpoints == row.ns.top - row.ns.matchpoints
                assert row.ew.imps == (-row.ns.imps if row.ns.imps is not None else None)
        rows = [row for _, row in state.pair_rows(NS1)]
        if [row.result.board for row in rows] == list(range(1, len(rows) + 1)):
            scores_of = {t.board: [r.ns_score for r in t.rows] for t in state.travellers}
            hands = []
            for row in rows:
                others = list(scores_of[row.result.board])
                others.remove(row.ns_score)
                hands.append(row.result.hand.__class__(**{**_fields(row.result.hand), "others": tuple(others)}))
            one_table = derive(Game(mode=Mode.DUPLICATE, settings=settings, hands=tuple(hands))).session
            assert one_table is not None
            mine = state.standing(NS1)
            assert mine.percent == one_table.percent
            assert (mine.matchpoints, mine.top) == one_table.session_matchpoints
            assert mine.imps == one_table.imps_total


def _fields(h: object) -> dict[str, object]:
    return {k: getattr(h, k) for k in ("contract", "declarer", "tricks", "honors", "others", "at", "revoke")}


def test_neuberg_factors_a_board_with_fewer_results() -> None:
    """Five pairs on three tables (E-W 3 missing): each board is played twice, not three times,
    so nothing is factored; the percentages are each pair's matchpoints over its tops."""
    s = _random_mitchell(random.Random(3), 3, 5)
    state = scored(s)
    assert {t.expected for t in state.travellers} == {2}
    for standing in state.standings:
        assert standing.matchpoints.denominator == 1
        if standing.top:
            share = 100 * standing.matchpoints / standing.top
            assert standing.percent == (Decimal(share.numerator) / share.denominator).quantize(Decimal("0.01"))
    assert Fraction(0) <= min(s.matchpoints for s in state.standings)


def test_neuberg_factors_every_pair_to_the_session_s_fullest_board() -> None:
    """Seven pairs at four tables, twelve boards (E-W 4 missing; the skip after round 2).

    The pair that would have met E-W 4 sits out: N-S 4 in round 1, N-S 1 in round 2 (E-W 4
    has moved up to table 1), N-S 3 in round 3 (it has skipped to table 3). So boards 10–12,
    1–3 and 4–6 are each played twice, at the two tables where a pair was not out, and boards
    7–9 three times (tables 3, 2 and 1). N-S 4 never meets boards 7–9.

    Every table bids and makes four spades by North; N-S 4 take an overtrick on each of their
    six boards (1–3 in round 2, 4–6 in round 3). A board played twice has a top of 2 (on the
    scale of 2 a result beaten): factored to the session's 3 results by Neuberg's formula,
    (MP + 1) × 3 / 2 − 1 on a top of 4. N-S 4 win each of theirs, 2 of 2: 3.5 of 4, 21 of 24,
    87.50 % (not the 100 % of its own boards' tops). N-S 2 (boards 4–6 against N-S 4, 0 of 2:
    0.5 of 4 each; then boards 7–9 tied three ways, 2 of 4 each; out of nothing else: round 3
    at table 2 plays 10–12 against E-W 3, tied, 1 of 2, factored 2 of 4): 1.5 + 6 + 6 = 13.5
    of 36, 37.50 %. N-S 1 (1–3 against N-S 4: 0.5 each; out in round 2; 7–9 tied: 2 each):
    7.5 of 24, 31.25 %.
    """
    s = SeveralTables(MovementSetup.of(MovementKind.MITCHELL, 4, 12, pairs=7))
    m = s.setup.movement()
    assert [p.label for r in (1, 2, 3) for p in m.sitting_out(r)] == ["N-S 4", "N-S 1", "N-S 3"]
    for r in range(1, m.rounds + 1):
        for sitting in m.round_sittings(r):
            for b in sitting.boards if sitting.plays else ():
                s = enter(s, sitting.table, b, "4S", "N", "11" if sitting.table == 4 else "10")
        s = move_all(s, r)
    state = scored(s)
    assert {t.board: len(t.rows) for t in state.travellers} == {b: 3 if b in (7, 8, 9) else 2 for b in range(1, 13)}
    ns4, ns2, ns1 = (state.standing(Pair(Side.NS, n)) for n in (4, 2, 1))
    assert (ns4.matchpoints, ns4.top, ns4.percent) == (21, 24, Decimal("87.50"))
    assert (ns2.matchpoints, ns2.top, ns2.percent) == (Fraction(27, 2), 36, Decimal("37.50"))
    assert (ns1.matchpoints, ns1.top, ns1.percent) == (Fraction(15, 2), 24, Decimal("31.25"))
    assert state.ranking(Side.NS)[0].pair == Pair(Side.NS, 4)
