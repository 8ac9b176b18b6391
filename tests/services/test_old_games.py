"""A game saved by an older bridgepad still opens, scores and exports the same; a game saved
by a newer one is refused in a sentence and left exactly as it is.

tests/data/old_games holds game files as each schema's bridgepad wrote them: schema 1 at
23e3539, schema 2 at 0fe5533, schema 3 at c6a1e52 (each commit checked out and its own store
saving the games), schema 4 by today's. The games are the same in each, as far as that
schema could hold them (matchpoints against several results and a revoke from schema 3, a
game of several tables and a set's cards from schema 4). Their figures are worked here by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support import DATA
from support.cli import run_cli

from bridgepad.core.readers.serialize import SCHEMA
from bridgepad.core.rules.kinds import derive
from bridgepad.store.errors import UnreadableGame
from bridgepad.store.game_store import GameStore

OLD = DATA / "old_games"
KINDS = {
    1: ("rubber", "chicago", "duplicate-imps"),
    2: ("rubber", "chicago", "duplicate-imps"),
    3: ("rubber", "chicago", "duplicate-imps", "duplicate-matchpoints"),
    4: ("rubber", "chicago", "duplicate-imps", "duplicate-matchpoints", "team-match", "duplicate-deals"),
}
# What each game says in the Markdown export, and its figures in the JSON export.
# Rubber: 4S= by N, 120 below; passed out; 3NT= by E, 100 below; 2DX by W two down, E-W
# vulnerable, 200 + 300 above for N-S; 6NT= by S, 190 below, the small slam vulnerable 750
# and the rubber won 2-1 500: N-S 310 below and 1,750 above.
# Chicago (the dealer's opponents vulnerable on deals 2 and 3): 4H= by N, none vulnerable,
# 120 + 300; 4S= by E (N-S vulnerable), 120 + 300; 3NT+1 by W (E-W vulnerable) 100 + 30 +
# 500; 2SX by N one down, both vulnerable, 200 to E-W: E-W 220 below and 1,030 above.
# Duplicate, IMPs against one other table: 4S= +420 against +170 (250: 6 IMPs); 3NT= by E
# -400 against -430 (30: 1 IMP); 6NT= by S not vulnerable +990 against +490 (500: 11 IMPs).
# Matchpoints against three results a board: +420 against 170, 420, 450 is 2 + 1 + 0; -400
# against -400, -430, -600 is 1 + 2 + 2; 3NT by S, nine tricks and E-W's revoke after which
# they won one trick (one trick transferred: ten, +430) against 400, 430, 400 is 2 + 1 + 2:
# 13 of 18, 72.22%.
# The team match: worked board by board in tests/test_tui_tables.py, team 1 +12 IMPs.
WORDS = {
    "rubber": "We win the rubber 2–1, 2,060 to 100, by 1,960.",
    "chicago": "They win the Chicago, 1,250 to 420, by 830.",
    "duplicate-imps": "3 boards played, N-S +18 IMPs",
    "duplicate-matchpoints": "3 boards played, N-S 72.22% (13 of 18 matchpoints).",
    "team-match": "the winners: Team 1 +12 IMPs",
    "duplicate-deals": "3 boards played, N-S +18 IMPs",
}


def checked_figures(kind: str, figures: dict) -> None:  # type: ignore[type-arg]
    if kind == "rubber":
        assert (figures["NS"], figures["EW"]) == (
            {"below": 310, "above": 1750, "total": 2060, "games": 2},
            {"below": 100, "above": 0, "total": 100, "games": 1},
        )
        assert figures["status"] == "won"
    elif kind == "chicago":
        assert (figures["NS"]["total"], figures["EW"]["total"]) == (420, 1250)
        assert (figures["EW"]["below"], figures["EW"]["above"]) == (220, 1030)
    elif kind in ("duplicate-imps", "duplicate-deals"):
        assert [b["imps"] for b in figures["boards"]] == [6, 1, 11]
        assert figures["totals"]["imps"] == 18
    elif kind == "duplicate-matchpoints":
        assert [b["ns_score"] for b in figures["boards"]] == [420, -400, 430]
        assert [b["matchpoints"]["ns"] for b in figures["boards"]] == [3, 5, 5]
        assert (figures["totals"]["matchpoints"], figures["totals"]["top"], figures["totals"]["pct"]) == (13, 18, 72.22)
    elif kind == "team-match":
        imps = {p["pair"]: p["imps"] for p in figures["pairs"]}
        assert imps == {"NS1": 12, "EW2": 12, "NS2": -12, "EW1": -12}
    if kind == "duplicate-deals":
        # Seed 7's board 1, as bridgepad deal --seed 7 deals it, with its solution kept.
        assert figures["boards"][0]["cards"] == "N:93.KQ6432.T874.9 QJ.98.A962.T8763 AKT8654.5.J5.AKQ 72.AJT7.KQ3.J542"
        assert figures["boards"][0]["double_dummy"]["par"] == 420


def folder_of(tmp_path: Path, schema: int) -> tuple[Path, dict[str, str]]:
    """A data folder holding that schema's games, and each kind's game id."""
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    ids = {}
    for kind in KINDS[schema]:
        source = OLD / f"schema{schema}-{kind}.json"
        data = json.loads(source.read_bytes())
        assert data["schema"] == schema  # the file is as that bridgepad wrote it
        ids[kind] = data["id"]
        shutil.copyfile(source, games / f"{data['id']}.json")
    return tmp_path / "data", ids


@pytest.mark.parametrize("schema", sorted(KINDS))
def test_a_game_saved_by_each_schema_opens_and_scores_as_it_did(tmp_path: Path, schema: int) -> None:
    assert sorted(KINDS) == list(range(1, SCHEMA + 1)), "a new schema needs its files here"
    root, ids = folder_of(tmp_path, schema)
    store = GameStore(root)
    for kind, game_id in ids.items():
        before = store.path(game_id).read_bytes()
        stored = store.load(game_id)
        derive(stored.game)
        after = json.loads(store.path(game_id).read_bytes())
        assert after["schema"] == SCHEMA
        if schema < SCHEMA:
            # Brought up to this schema, the file as it was kept beside it, byte for byte.
            (kept,) = store.games_dir.glob(f"{game_id}.json.schema{schema}-*")
            assert kept.read_bytes() == before
        assert store.load(game_id).game == stored.game  # the rewritten file reads as the old one
    # Exported as a person exports them, every figure as worked above.
    done = run_cli(root, "export", "--format", "json", "--all")
    assert done.returncode == 0, done.stderr
    exported = {g["id"]: g for g in json.loads(done.stdout)["games"]}
    for kind, game_id in ids.items():
        checked_figures(kind, exported[game_id]["figures"])
    done = run_cli(root, "export", "--format", "md", "--all")
    assert done.returncode == 0, done.stderr
    for kind in ids:
        assert WORDS[kind] in done.stdout, kind


def test_a_game_from_a_newer_bridgepad_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    root, ids = folder_of(tmp_path, SCHEMA)
    store = GameStore(root)
    path = store.path(ids["rubber"])
    data = json.loads(path.read_bytes())
    data["schema"] = SCHEMA + 1
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    before = path.read_bytes()
    store.set_current(ids["rubber"])
    with pytest.raises(UnreadableGame) as refused:
        store.load(ids["rubber"])
    assert f"written by a newer bridgepad (schema {SCHEMA + 1}; this one reads {SCHEMA})" in str(refused.value)
    # Never rewritten: today the store sets it aside under a new name, byte for byte, as it
    # does any file it cannot read (tests/test_robust_corrupt.py), and the pad says where.
    kept = refused.value.kept
    assert kept is not None and kept.name.startswith(f"{ids['rubber']}.json.corrupt-")
    assert kept.read_bytes() == before
    assert f"it was kept as {kept.name}" in str(refused.value) or kept.name in str(refused.value)
    # A command that only reads refuses it in the same sentence and leaves it where it is.
    shutil.copyfile(kept, path)
    done = run_cli(root, "export", "--format", "json", "--game", ids["rubber"])
    assert done.returncode != 0 and f"newer bridgepad (schema {SCHEMA + 1}" in done.stderr, done.stderr
    assert path.read_bytes() == before
