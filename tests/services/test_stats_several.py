"""The statistics of a game of several tables: every pair's players, at each table, with their
session as the tally counts it (their pair's IMPs or percentage), their partnership, the
evening and the contracts they defended; the names of one game never merged as one person.

The team match's contracts (tests/support/several.py), worked by hand. Table 1, N-S 1 Ann &
Bob against E-W 1 Cy & Di: boards 1 4S N 10 (=), 2 2H E 8 (=), 3 3NT N 10 (+1), 4 5DX W 9
(-2, doubled), 5 3NT S 8 (-1), 6 4H W 10 (=), 7 2S E 8 (=), 8 1C N 7 (=). Table 2, N-S 2 Gus &
Hal against E-W 2 Eve & Fay: 5 3NT S 9 (=), 6 4H W 10 (=), 7 1NT N 7 (=), 8 passed out, 1 4S N
9 (-1), 2 3H E 9 (=), 3 3NT N 9 (=), 4 5D W 11 (=).

As defender (defended, set, doubled, doubles set): Ann and Bob boards 2, 4, 6, 7: 4, 1, 1, 1;
Cy and Di boards 1, 3, 5, 8: 4, 1, 0, 0; Gus and Hal boards 6, 2, 4: 3, 0, 0, 0; Eve and Fay
boards 5, 7, 1, 3: 4, 1, 0, 0 (board 8 passed out: nobody's). As declarer: nobody, since a
result names the pair, not which of the two declared.
"""

from __future__ import annotations

from pathlib import Path

from support.several import mitchell, on_pad, team_match

from bridgepad.core.evening.persons import MergeRefused, Merges, merge, persons
from bridgepad.core.evening.stats import statistics
from bridgepad.core.evening.stats_view import defender_table
from bridgepad.core.evening.tally import tally
from bridgepad.services.history import History
from bridgepad.store.game_store import GameStore

TEAMS = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


def test_a_team_match_of_two_tables_counts_every_pair(tmp_path: Path) -> None:
    on_pad(tmp_path / "data", team_match())
    games = History(GameStore(tmp_path / "data")).summaries()
    st = statistics(games)
    t = tally(games)
    assert sorted(p.name for p in st.players) == sorted(TEAMS)
    # Each player's session is the tally's, and came the one evening.
    by_tally = {d.name: (d.sessions, d.imps, d.percent) for d in t.duplicate}
    for p in st.players:
        assert p.duplicate is not None and (p.duplicate.sessions, p.duplicate.imps, p.duplicate.percent) == by_tally[p.name]
        assert p.evenings == 1 and p.games == 0
    # The pairs as they sat, each with its own side's IMPs: a team's two pairs the same, the other team's the opposite.
    pairs = {q.names: (q.sessions, q.imps) for q in st.partnerships}
    assert set(pairs) == {("Ann", "Bob"), ("Cy", "Di"), ("Eve", "Fay"), ("Gus", "Hal")}
    assert all(sessions == 1 for sessions, _ in pairs.values())
    assert pairs[("Ann", "Bob")][1] == pairs[("Eve", "Fay")][1] == -pairs[("Cy", "Di")][1]  # type: ignore[operator]
    assert by_tally["Ann"][1] == pairs[("Ann", "Bob")][1]
    # The contracts they defended, both of the pair against each; none declared by anyone.
    defended = {p.name: (p.defender.defended, p.defender.set, p.defender.doubled, p.defender.doubles_set) for p in st.players}
    assert defended == {
        "Ann": (4, 1, 1, 1),
        "Bob": (4, 1, 1, 1),
        "Cy": (4, 1, 0, 0),
        "Di": (4, 1, 0, 0),
        "Gus": (3, 0, 0, 0),
        "Hal": (3, 0, 0, 0),
        "Eve": (4, 1, 0, 0),
        "Fay": (4, 1, 0, 0),
    }
    assert all(p.declarer.played == 0 for p in st.players) and st.pair_games == 1
    assert "At several tables (a game) a result names the pair that declared" in defender_table(st).note
    # One player's statistics find them at whichever table they sat.
    gus = statistics(games, player="gus")
    assert [p.name for p in gus.players] == ["Gus"] and [q.names for q in gus.partnerships] == [("Gus", "Hal")]
    assert gus.players[0].defender == next(p for p in st.players if p.name == "Gus").defender


def test_a_pairs_game_of_four_tables_and_its_people(tmp_path: Path) -> None:
    on_pad(tmp_path / "data", mitchell())
    games = History(GameStore(tmp_path / "data")).summaries()
    st = statistics(games)
    t = tally(games)
    assert {p.name: p.duplicate.percent for p in st.players if p.duplicate} == {d.name: d.percent for d in t.duplicate}
    assert len(st.partnerships) == 8 and all(q.percent is not None for q in st.partnerships)
    # 29 results sent by the tables, one of them passed out (board 9), and the director's change
    # of one (table 2, board 5) in its place: 28 contracts that count, each defended by a pair's two.
    assert sum(p.defender.defended for p in st.players) == 2 * 28
    people = {p.name for p in persons(games, Merges())}
    assert {"Ann", "Oz", "Pat", "Max"} <= people and len(people) == 16
    # Two who played the same session are two people, whatever tables they sat at.
    try:
        merge(Merges(), "Oz", "Ann", games)
    except MergeRefused as e:
        assert "two people" in str(e)
    else:
        raise AssertionError("a merge of two who played one session was made")
