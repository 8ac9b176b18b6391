"""The statistics of a game of several tables: every pair's players, at each table, with their
session as the tally counts it (their pair's IMPs or percentage), their partnership and the
evening; the names of one game never merged as one person."""

from __future__ import annotations

from pathlib import Path

from several_support import mitchell, on_pad, team_match

from bridgepad.core.evening.persons import MergeRefused, Merges, merge, persons
from bridgepad.core.evening.stats import statistics
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
    # One player's statistics find them at whichever table they sat.
    gus = statistics(games, player="gus")
    assert [p.name for p in gus.players] == ["Gus"] and [q.names for q in gus.partnerships] == [("Gus", "Hal")]


def test_a_pairs_game_of_four_tables_and_its_people(tmp_path: Path) -> None:
    on_pad(tmp_path / "data", mitchell())
    games = History(GameStore(tmp_path / "data")).summaries()
    st = statistics(games)
    t = tally(games)
    assert {p.name: p.duplicate.percent for p in st.players if p.duplicate} == {d.name: d.percent for d in t.duplicate}
    assert len(st.partnerships) == 8 and all(q.percent is not None for q in st.partnerships)
    people = {p.name for p in persons(games, Merges())}
    assert {"Ann", "Oz", "Pat", "Max"} <= people and len(people) == 16
    # Two who played the same session are two people, whatever tables they sat at.
    try:
        merge(Merges(), "Oz", "Ann", games)
    except MergeRefused as e:
        assert "two people" in str(e)
    else:
        raise AssertionError("a merge of two who played one session was made")
