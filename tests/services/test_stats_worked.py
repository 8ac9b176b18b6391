"""The statistics of three small evenings, every figure worked by hand from the rules.

Evening 1, Monday 2 March 2026 (two rubbers, an hour apart: one evening)
    Rubber 1, 20:00   N Ann  E Bob  S Cy   W Di
        N 4S 10     Ann makes 4S: 120 below for N-S, a game.
        E 3NTX 7    Bob two down doubled, E-W not vulnerable: 100 + 200 = 300 to N-S.
        S 4H 10     Cy makes 4H: 120 below, the second game; 700 for the rubber won 2-0.
        N-S 1,240, E-W 0: N-S (Ann and Cy) by 1,240.
    Rubber 2, 21:30   N Ann  E Cy   S Bob  W Di
        W 2D 8      Di makes 2D: 40 below for E-W.
        N 6NT 12    Ann makes 6NT: 40 + 5 x 30 = 190 below, a game; 500 for the slam, not vulnerable.
        E 1C 6      Cy one down, not vulnerable: 50 to N-S.
        S 3NT 9     Bob makes 3NT: 100 below, the second game; 700 for the rubber won 2-0.
        N-S 1,540, E-W 40: N-S (Ann and Bob) by 1,500.

Evening 2, Monday 9 March (a Chicago)   N Di  E Ann  S Eve  W Bob
    deal 1 (nobody vulnerable)  N 2S 7 rev EW 2: seven tricks as played, E-W revoked and
                                won two after it: two tricks to Di, 9 scored, 2S+1: 60 below, 30 above.
    deal 2 (E deals; N-S vul.)  passed out: dealt again, not counted.
    deal 2                      E 4HX 9: Ann one down doubled, not vulnerable: 100 to N-S.
    deal 3 (S deals; E-W vul.)  S 3NT 10: Eve makes 3NT+1, not vulnerable: 100 below, 30 above,
                                a game on the 60: 300.
    deal 4 (both vulnerable)    W 7C 13: Bob makes 7C: 140 below, 1,500 for the grand slam, 500 for the game.
    N-S 620, E-W 2,140: E-W (Ann and Bob) by 1,520.

Evening 3, Monday 16 March (a team match, two boards)   N Ann  E Bob  S Eve  W Cy
    board 1 (nobody vul.)   N 4S 10: +420; the other table +420: 0 IMPs.
    board 2 (N-S vul.)      E 3NT 8: Bob one down, not vulnerable: +50; the other table -400
                            (3NT made by E-W): 450 more, 10 IMPs to N-S.
    N-S (Ann and Eve) +10 IMPs, E-W (Bob and Cy) -10.

Nets (the money games)                      games won  rubbers won/played  evenings  best   worst
    Ann  +1,240 + 1,500 + 1,520 = +4,260       3    3        2/2              3      +2,740  +1,520
    Bob  -1,240 + 1,500 + 1,520 = +1,780       3    2        1/2              3      +1,520    +260
    Cy   +1,240 - 1,500         =   -260       2    1        1/2              2        -260    -260
    Di   -1,240 - 1,500 - 1,520 = -4,260       3    0        0/2              2      -1,520  -2,740
    Eve                  -1,520 = -1,520       1    0        0/0              2      -1,520  -1,520
(Ann's evening 1: +1,240 + 1,500 = +2,740; Bob's: -1,240 + 1,500 = +260; Di's: -2,740.)

As declarer (contracts played, made; bid/made by kind; doubled made/down; tricks over the contract)
    Ann  4S=, 6NT=, 4HX-1, 4S=        4 played, 3 made; game 3/2, small slam 1/1; doubled 0/1; -1 in all: -0.25
    Bob  3NTX-2, 3NT=, 7C=, 3NT-1     4 played, 2 made; game 3/1, grand slam 1/1; doubled 0/1; -3: -0.75
    Cy   4H=, 1C-1                    2 played, 1 made; part 1/0, game 1/1; -1: -0.50
    Di   2D=, 2S+1 (after the revoke) 2 played, 2 made; part 2/2; +1: +0.50
    Eve  3NT+1                        1 played, 1 made; game 1/1; +1: +1.00

As defender (of the thirteen contracts, the two players beside the declarer)
    Ann  3NTX-2, 2D=, 1C-1, 2S+1, 3NT+1, 3NT-1    6 defended, 3 set; 1 doubled, 1 set
    Bob  4S=, 4H=, 2D=, 1C-1, 2S+1, 3NT+1, 4S=    7 defended, 1 set; none doubled
    Cy   3NTX-2, 6NT=, 3NT=, 4S=                  4 defended, 1 set; 1 doubled, 1 set
    Di   4S=, 4H=, 6NT=, 3NT=, 4HX-1, 7C=         6 defended, 1 set; 1 doubled, 1 set
    Eve  4HX-1, 7C=, 3NT-1                        3 defended, 2 set; 1 doubled, 1 set

Partnerships: Ann & Bob 2 games, 2 won, +3,020; Ann & Cy 1, 1, +1,240; Bob & Di 1, 0, -1,240;
Cy & Di 1, 0, -1,500; Di & Eve 1, 0, -1,520; in the team match Ann & Eve +10 IMPs, Bob & Cy -10.
Rubbers together (won/played): Ann & Bob 1/1 (rubber 2; their other game the Chicago), Ann & Cy
1/1, Bob & Di 0/1, Cy & Di 0/1; Di & Eve played none.

Percentages, in whole percent, half up from the counts: Ann made 3 of 4 (75%), down 1 (25%);
Bob 2 of 4 (50%); Bob won 2 of 3 games (67%); Eve set 2 of 3 (67%); Cy set 1 of 4 (25%).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from support.three_evenings import RUBBER_1, local, one, three_evenings

from bridgepad.core.evening.stats import Span, Stats, statistics
from bridgepad.core.evening.stats_view import Table
from bridgepad.core.rules.game import Mode
from bridgepad.services.history import History
from bridgepad.store.game_store import GameStore, StoredGame


@pytest.fixture
def stats(tmp_path: Path) -> Stats:
    three_evenings(tmp_path / "data")
    return statistics(History(GameStore(tmp_path / "data")).summaries())


def test_the_games_score_as_worked_by_hand(tmp_path: Path) -> None:
    three_evenings(tmp_path / "data")
    by_id = {s.id: s for s in History(GameStore(tmp_path / "data")).summaries()}
    totals = [by_id[f"20260302-0000{k:02d}-0001"].totals for k in range(3)]
    assert totals == [(1240, 0), (1540, 40), (620, 2140)]
    match = by_id["20260302-000003-0001"]
    assert match.mode is Mode.DUPLICATE and match.imps == Decimal(10)


def test_each_player_s_results_evenings_and_best_and_worst_evening(stats: Stats) -> None:
    got = {
        p.name: (
            p.points,
            p.games,
            p.won,
            p.rubbers_won,
            p.rubbers,
            p.evenings,
            p.best and p.best.points,
            p.worst and p.worst.points,
        )
        for p in stats.players
    }
    assert got == {
        "Ann": (4260, 3, 3, 2, 2, 3, 2740, 1520),
        "Bob": (1780, 3, 2, 1, 2, 3, 1520, 260),
        "Cy": (-260, 2, 1, 1, 2, 2, -260, -260),
        "Di": (-4260, 3, 0, 0, 2, 2, -1520, -2740),
        "Eve": (-1520, 1, 0, 0, 0, 2, -1520, -1520),
    }
    assert [p.name for p in stats.players] == ["Ann", "Bob", "Cy", "Eve", "Di"]  # the best net first
    ann = stats.players[0]
    assert ann.best is not None and ann.best.day == "2026-03-02" and ann.worst is not None and ann.worst.day == "2026-03-09"
    assert ann.average == Decimal(1420)  # 4,260 over three games
    assert (stats.games, stats.sessions) == (3, 1)


def test_as_declarer(stats: Stats) -> None:
    by = {p.name: p.declarer for p in stats.players}
    got = {
        n: (d.played, d.made, d.down, d.part_bid, d.part_made, d.game_bid, d.game_made, d.small_bid, d.small_made)
        + (d.grand_bid, d.grand_made, d.doubled_made, d.doubled_down, d.redoubled_made, d.redoubled_down, d.tricks)
        for n, d in by.items()
    }
    assert got == {
        "Ann": (4, 3, 1, 0, 0, 3, 2, 1, 1, 0, 0, 0, 1, 0, 0, Decimal("-0.25")),
        "Bob": (4, 2, 2, 0, 0, 3, 1, 0, 0, 1, 1, 0, 1, 0, 0, Decimal("-0.75")),
        "Cy": (2, 1, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, Decimal("-0.50")),
        "Di": (2, 2, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Decimal("0.50")),
        "Eve": (1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, Decimal("1.00")),
    }
    assert (by["Ann"].slams_bid, by["Ann"].slams_made, by["Bob"].slams_bid, by["Bob"].slams_made) == (1, 1, 1, 1)


def test_the_tables_give_the_percentages_half_up_from_the_counts(stats: Stats) -> None:
    from bridgepad.core.evening.stats_view import declarer_table, defender_table, players_table

    def cells(table: Table, name: str) -> dict[str, str]:
        (row,) = (r for r in table.rows if r.name == name)
        return {c.title: cell for c, cell in zip(table.columns, row.cells)}

    declarer = declarer_table(stats)
    assert (cells(declarer, "Ann")["Made"], cells(declarer, "Ann")["Down"]) == ("3 75%", "1 25%")
    assert cells(declarer, "Bob")["Made"] == "2 50%"
    assert cells(players_table(stats), "Bob")["Won"] == "2 67%"
    defender = defender_table(stats)
    assert (cells(defender, "Eve")["Set"], cells(defender, "Cy")["Set"]) == ("2  67%", "1  25%")


@pytest.mark.parametrize(("part", "whole", "words"), [(5, 8, "63%"), (1, 8, "13%"), (3, 8, "38%"), (1, 3, "33%"), (0, 0, "")])
def test_a_whole_percent_is_rounded_half_up_once(part: int, whole: int, words: str) -> None:
    from bridgepad.core.evening.stats_view import whole_percent

    # 62.5% is 63%, 12.5% is 13%: half away from zero, from the counts (not 62, as half-even would have it).
    assert whole_percent(part, whole) == words


def test_as_defender(stats: Stats) -> None:
    got = {p.name: (p.defender.defended, p.defender.set, p.defender.doubled, p.defender.doubles_set) for p in stats.players}
    assert got == {"Ann": (6, 3, 1, 1), "Bob": (7, 1, 0, 0), "Cy": (4, 1, 1, 1), "Di": (6, 1, 1, 1), "Eve": (3, 2, 1, 1)}


def test_the_partnerships_and_the_team_match(stats: Stats) -> None:
    got = {(p.names, p.games, p.won, p.rubbers_won, p.rubbers, p.points, p.sessions, p.imps) for p in stats.partnerships}
    assert got == {
        (("Ann", "Bob"), 2, 2, 1, 1, 3020, 0, None),
        (("Ann", "Cy"), 1, 1, 1, 1, 1240, 0, None),
        (("Bob", "Di"), 1, 0, 0, 1, -1240, 0, None),
        (("Cy", "Di"), 1, 0, 0, 1, -1500, 0, None),
        (("Di", "Eve"), 1, 0, 0, 0, -1520, 0, None),
        (("Ann", "Eve"), 0, 0, 0, 0, 0, 1, Decimal(10)),
        (("Bob", "Cy"), 0, 0, 0, 0, 0, 1, Decimal(-10)),
    }
    assert stats.partnerships[0].names == ("Ann", "Bob")  # the best net first
    imps = {p.name: p.duplicate.imps for p in stats.players if p.duplicate is not None}
    assert imps == {"Ann": 10, "Eve": 10, "Bob": -10, "Cy": -10}


def test_a_span_and_a_mode_take_their_games_only(tmp_path: Path) -> None:
    three_evenings(tmp_path / "data")
    games = History(GameStore(tmp_path / "data")).summaries()
    second = statistics(games, Span(local(3, 0), local(10, 0)))  # the week of the Chicago
    assert {p.name: p.points for p in second.players} == {"Ann": 1520, "Bob": 1520, "Di": -1520, "Eve": -1520}
    rubbers = statistics(games, Span(modes=frozenset({Mode.RUBBER})))
    assert {p.name: p.points for p in rubbers.players} == {"Ann": 2740, "Bob": 260, "Cy": -260, "Di": -2740}
    assert {p.name: p.declarer.played for p in rubbers.players} == {"Ann": 2, "Bob": 2, "Cy": 2, "Di": 1}
    assert statistics(games, Span(local(17, 0))).empty


def test_one_player_has_the_figures_everyone_s_statistics_give_them(stats: Stats, tmp_path: Path) -> None:
    games = History(GameStore(tmp_path / "data")).summaries()
    for p in stats.players:
        alone = statistics(games, player=p.name.upper())
        assert alone.players == (p,)
        assert set(alone.partnerships) == {q for q in stats.partnerships if p.name in q.names}


def test_of_two_evenings_as_good_the_earlier_is_the_best_and_the_worst(tmp_path: Path) -> None:
    # Rubber 1 on two Mondays a week apart: Ann +1,240 on each, her best and worst evening both
    # the first; Bob -1,240 on each, the same.
    store = GameStore(tmp_path / "data")
    store.ensure()
    for k, start in enumerate((local(2, 20), local(9, 20))):
        store.save(StoredGame(f"2026030{k}-000000-0001", one(RUBBER_1), start.isoformat(), start.isoformat()))
    st = statistics(History(GameStore(tmp_path / "data")).summaries())
    for name, net in (("Ann", 1240), ("Bob", -1240)):
        (p,) = (q for q in st.players if q.name == name)
        assert p.evenings == 2 and p.best is not None and p.worst is not None
        assert (p.best.points, p.best.day, p.worst.points, p.worst.day) == (net, "2026-03-02", net, "2026-03-02")


def test_the_nets_are_the_tally_s_at_a_stake_and_rounded(tmp_path: Path) -> None:
    from bridgepad.core.evening.tally import tally

    three_evenings(tmp_path / "data")
    games = History(GameStore(tmp_path / "data")).summaries()
    st = statistics(games, round_to=100, stake=Decimal("0.10"))
    # Rounded to the 100: Ann 1,200 + 1,500 + 1,500 = 4,200; Bob -1,200 + 1,500 + 1,500 = 1,800.
    assert {p.name: (p.points, p.money) for p in st.players if p.name in ("Ann", "Bob")} == {
        "Ann": (4200, Decimal("4.20")),
        "Bob": (1800, Decimal("1.80")),
    }
    t = tally(games, 100, Decimal("0.10"))
    assert {p.name: (p.points, p.money) for p in st.players if p.games} == {p.name: (p.points, p.money) for p in t.players}
