"""``bridgepad stats --format json`` over a few hundred random games of every mode, each figure
against the reckoning the test makes from ``bridgepad export --all --format json`` alone
(tests/support/stats.py), and the nets and money against ``bridgepad tally --all --json``."""

from __future__ import annotations

import json
import random
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from support.cli import run_cli as run
from support.stats import half_up, key, random_games, reckon

from bridgepad.store.game_store import GameStore
from bridgepad.store.preferences_file import PreferencesFile

GAMES = 300


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stats") / "data"
    store = GameStore(root)
    store.ensure()
    for stored in random_games(random.Random(34), GAMES, datetime(2025, 9, 1, 19, 0).astimezone()):
        store.save(stored)
    PreferencesFile(root).save_tally(False, Decimal("0.10"))
    return root


def cli_json(root: Path, *args: str) -> dict:  # type: ignore[type-arg]
    p = run(root, *args)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def both(folder: Path) -> tuple[dict, dict]:  # type: ignore[type-arg]
    export = cli_json(folder, "export", "--all", "--format", "json")
    assert len(export["games"]) == GAMES
    return reckon(export), cli_json(folder, "stats", "--format", "json")


def test_the_games_are_of_every_mode_and_most_are_counted(both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    _, stats = both
    assert stats["games"] > 100 and stats["sessions"] > 30
    assert len(stats["players"]) == 6


def test_each_player_s_results(both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    want, stats = both
    got = {key(n): p for n, p in stats["players"].items()}
    assert set(got) == set(want["players"])
    for k, p in want["players"].items():
        g = got[k]
        assert (g["net"], g["games"], g["won"]) == (p.net, p.games, p.won), k
        assert g["rubbers"] == {"played": p.rubbers, "won": p.rubbers_won}, k
        assert Decimal(str(g["money"])) == half_up(Decimal(p.net) / 1000, "0.01"), k  # 0.10 a hundred
        assert g["average"] == (int(half_up(Decimal(p.net) / p.games, "1")) if p.games else None), k
        assert g["evenings"] == len(p.nights), k
        if p.by_night:
            best = max(p.by_night.values())
            worst = min(p.by_night.values())
            assert (g["best_evening"]["net"], g["worst_evening"]["net"]) == (best, worst), k
            first_best = min(day for day, net in p.by_night.items() if net == best)
            first_worst = min(day for day, net in p.by_night.items() if net == worst)
            assert g["best_evening"]["began"] == first_best.isoformat(), k
            assert g["worst_evening"]["began"] == first_worst.isoformat(), k
        else:
            assert g["best_evening"] is None and g["worst_evening"] is None, k


def test_each_player_as_declarer_and_defender(both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    want, stats = both
    got = {key(n): p for n, p in stats["players"].items()}
    for k, p in want["players"].items():
        d, mine = got[k]["declarer"], p.declarer
        assert (d["played"], d["made"], d["down"]) == (mine["played"], mine["made"], mine["played"] - mine["made"]), k
        for kind, name in (("part", "part_score"), ("game", "game"), ("small", "small_slam"), ("grand", "grand_slam")):
            assert d[name] == {"bid": mine[f"{kind}_bid"], "made": mine[f"{kind}_made"]}, (k, kind)
        assert d["slams_bid"] == mine["small_bid"] + mine["grand_bid"]
        assert d["slams_made"] == mine["small_made"] + mine["grand_made"]
        for f in ("doubled_made", "doubled_down", "redoubled_made", "redoubled_down"):
            assert d[f] == mine[f], (k, f)
        tricks = half_up(Decimal(mine["tricks_over"]) / mine["played"], "0.01") if mine["played"] else None
        assert d["tricks"] == (None if tricks is None else float(tricks)), k
        assert got[k]["defender"] == {f: p.defender[f] for f in ("defended", "set", "doubled", "doubles_set")}, k


def test_the_partnerships(both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    want, stats = both
    got = {tuple(sorted(key(n) for n in p["players"])): p for p in stats["partnerships"]}
    assert set(got) == set(want["partnerships"])
    assert any(p["rubbers_won"] for p in want["partnerships"].values())
    for pk, p in want["partnerships"].items():
        g = got[pk]
        assert {f: g[f] for f in ("games", "won", "net", "sessions")} | {
            "rubbers": g["rubbers"]["played"],
            "rubbers_won": g["rubbers"]["won"],
        } == p, pk


def test_a_person_has_one_spelling_in_every_table(folder: Path, both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    _, stats = both
    # The games have the names typed in other letter cases ("ANN", "ann"); the statistics spell a
    # person one way, their row's, in the partnerships too (the JSON's names are its keys).
    export = cli_json(folder, "export", "--all", "--format", "json")
    typed = {n for g in export["games"] for n in g["game"]["players"].values() if n}
    assert len(typed) > len({key(n) for n in typed})
    assert {n for p in stats["partnerships"] for n in p["players"]} == set(stats["players"])


def test_the_duplicate_sessions(both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    want, stats = both
    got = {key(n): p["duplicate"] for n, p in stats["players"].items()}
    for k, p in want["players"].items():
        if not p.sessions:
            assert got[k] is None
            continue
        assert got[k]["sessions"] == p.sessions, k
        assert got[k]["imps"] == (None if p.imps is None else float(p.imps) if p.imps % 1 else int(p.imps)), k
        pct = half_up(p.shares / p.boards, "0.01") if p.boards else None
        assert got[k]["pct"] == (None if pct is None else float(pct) if pct % 1 else int(pct)), k


def test_the_nets_and_money_are_the_tally_s(folder: Path, both: tuple[dict, dict]) -> None:  # type: ignore[type-arg]
    _, stats = both
    t = cli_json(folder, "tally", "--all", "--json")
    assert t["pairs"], "a side without names is a row of the tally (each player's share), and nobody's statistics"
    people = {n: v for n, v in t["players"].items() if n not in t["pairs"]}
    assert {n: p["net"] for n, p in stats["players"].items() if p["games"]} == people
    assert {n: p["money"] for n, p in stats["players"].items() if p["games"]} == {n: t["money"][n] for n in people}


@pytest.mark.parametrize("since", ["2025-10-15", "2026-01-01"])
def test_the_nets_and_money_of_a_span_are_the_tally_s_of_the_same_span(folder: Path, since: str) -> None:
    stats = cli_json(folder, "stats", "--format", "json", "--since", since)
    t = cli_json(folder, "tally", "--since", since, "--json")
    people = {n: v for n, v in t["players"].items() if n not in t["pairs"]}
    assert 0 < stats["games"] < GAMES and people
    assert {n: p["net"] for n, p in stats["players"].items() if p["games"]} == people
    assert {n: p["money"] for n, p in stats["players"].items() if p["games"]} == {n: t["money"][n] for n in people}


def test_a_span_and_a_mode_are_the_same_figures_over_fewer_games(folder: Path) -> None:
    export = cli_json(folder, "export", "--all", "--format", "json")
    chosen = [g for g in export["games"] if g["game"]["mode"] == "rubber" and g["created"] >= "2025-10-01"]
    want = reckon({"games": chosen})
    stats = cli_json(folder, "stats", "--format", "json", "--mode", "rubber", "--since", "2025-10-01")
    got = {key(n): p for n, p in stats["players"].items()}
    assert {k: (g["net"], g["games"], g["declarer"]["played"]) for k, g in got.items()} == {
        k: (p.net, p.games, p.declarer["played"]) for k, p in want["players"].items()
    }
