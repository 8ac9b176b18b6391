"""The history's summary index: built once, then only changed game files are re-read.

Game files are written here directly (no fsync) so that a few hundred take a moment.
Reads are counted by wrapping ``GameStore.load_stat``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from support.history_games import ENDED, OPEN, SHORT, T0, TEMPLATES, WORKED, gid, write_game
from support.robust.index import change, ids

from bridgepad.core.evening.tally import tally
from bridgepad.core.model import Hand, Side
from bridgepad.core.rules.game import Mode, Status
from bridgepad.services.history import INDEX_NAME, INDEX_SCHEMA, History
from bridgepad.store.game_store import GameStore


@pytest.fixture
def store(data_dir: Path) -> GameStore:
    """A store of 300 games, one every six hours."""
    s = GameStore(data_dir)
    s.ensure()
    for k in range(300):
        write_game(s, gid(k), TEMPLATES[k % 4], T0 + timedelta(hours=6 * k))
    return s


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of every game file read through GameStore.load_stat (``load`` and its file's stat, as the history reads)."""
    seen: list[str] = []
    real = GameStore.load_stat

    def counting(self: GameStore, game_id: str):  # type: ignore[no-untyped-def]
        seen.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(GameStore, "load_stat", counting)
    return seen


def index_stat(store: GameStore) -> tuple[int, int]:
    st = os.stat(store.root / INDEX_NAME)
    return (st.st_mtime_ns, st.st_ino)


def test_the_index_is_built_from_every_game_then_read_instead_of_them(store: GameStore, loads: list[str]) -> None:
    first = History(store).summaries()
    assert len(first) == 300 and len(loads) == 300
    assert (store.root / INDEX_NAME).is_file()
    loads.clear()
    again = History(store).summaries()  # a new instance: from the index alone
    assert loads == []
    assert again == first


def test_newest_first(store: GameStore) -> None:
    ids = [s.id for s in History(store).summaries()]
    assert ids == [gid(k) for k in reversed(range(300))]


def test_only_changed_new_and_gone_files_are_looked_at(store: GameStore, loads: list[str]) -> None:
    History(store).summaries()
    loads.clear()
    before = index_stat(store)
    # Three games changed, two removed, four new.
    renamed = replace(ENDED.game, players=("Eve", "Fay", "Gil", "Hal"))
    for k in (3, 50, 299):
        write_game(store, gid(k), renamed, T0 + timedelta(hours=6 * k))
    for k in (10, 11):
        store.path(gid(k)).unlink()
    for k in range(300, 304):
        write_game(store, gid(k), WORKED.game, T0 + timedelta(hours=6 * k))
    h = History(store)
    out = h.summaries()
    assert sorted(loads) == sorted([gid(3), gid(50), gid(299)] + [gid(k) for k in range(300, 304)])
    assert h.loads == 7
    assert len(out) == 302
    by_id = {s.id: s for s in out}
    assert gid(10) not in by_id and gid(11) not in by_id
    assert by_id[gid(3)].status is Status.ENDED and by_id[gid(3)].players == ("Eve", "Fay", "Gil", "Hal")
    assert by_id[gid(50)].status is Status.ENDED and by_id[gid(303)].status is Status.WON
    assert index_stat(store) != before  # rewritten, since it changed
    # And the rewritten index now covers them: nothing is read on the next call.
    loads.clear()
    assert History(store).summaries() == out and loads == []


def test_the_index_is_not_rewritten_when_nothing_changed(store: GameStore) -> None:
    History(store).summaries()
    before = index_stat(store)
    h = History(store)
    h.summaries()
    h.summaries()
    assert index_stat(store) == before


def test_a_kept_history_rereads_only_what_another_window_saved(store: GameStore, loads: list[str]) -> None:
    h = History(store)
    h.summaries()
    loads.clear()
    stored = store.load(gid(7))  # what the pad does when a hand is added
    store.save(type(stored)(stored.id, stored.game.add(Hand()), stored.created, stored.updated))
    loads.clear()
    out = h.summaries()
    assert loads == [gid(7)]
    assert next(s for s in out if s.id == gid(7)).hands == len(TEMPLATES[7 % 4].hands) + 1


def _cut(p: Path) -> None:
    p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])


def _scribbled(p: Path) -> None:
    """Bytes overwritten in the middle of the file, as a failing disk might: the header is intact."""
    data = bytearray(p.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 4096] = b"\xa5" * 4096
    p.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.unlink(),
        lambda p: p.write_bytes(b"{not json"),
        lambda p: p.write_bytes(b"\xff\xfe\x00"),
        lambda p: p.write_bytes(b""),
        lambda p: p.write_text('{"schema": "4/3", "games": [], "problems": []}'),  # the index before it was a database
        _cut,
        _scribbled,
        lambda p: change(p, "UPDATE meta SET schema = '0/1'"),
        lambda p: change(p, "ALTER TABLE games ADD COLUMN extra TEXT"),
        lambda p: change(p, "DROP TABLE problems"),
    ],
    ids=["missing", "corrupt", "binary", "empty", "json", "cut", "scribbled", "other-schema", "other-shape", "a-table-gone"],
)
def test_a_missing_damaged_or_foreign_index_is_rebuilt(store: GameStore, loads: list[str], damage) -> None:  # type: ignore[no-untyped-def]
    first = History(store).summaries()
    damage(store.root / INDEX_NAME)
    loads.clear()
    assert History(store).summaries() == first
    assert len(loads) == 300
    assert len(ids(store.root / INDEX_NAME)) == 300  # written again, whole


def test_the_old_json_index_is_removed_once_the_database_is_written(store: GameStore) -> None:
    old = store.root / "index.json"
    old.write_text('{"schema": "4/3", "games": [], "problems": []}')
    History(store).summaries()
    assert (store.root / INDEX_NAME).is_file() and not old.exists()


def test_an_index_that_is_a_view_is_rebuilt_without_running_it(store: GameStore, loads: list[str]) -> None:
    """A forged index whose games are a query that never ends: refused by its schema, unread."""
    first = History(store).summaries()
    index = store.root / INDEX_NAME
    change(index, "DROP TABLE games")
    change(
        index,
        "CREATE VIEW games AS WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n) SELECT k AS id FROM n",
    )
    loads.clear()
    assert History(store).summaries() == first and len(loads) == 300


def test_a_damaged_row_costs_only_that_game(store: GameStore, loads: list[str]) -> None:
    History(store).summaries()
    assert change(store.root / INDEX_NAME, "UPDATE games SET status = 'nonsense status' WHERE id = ?", gid(42)) == 1
    loads.clear()
    out = History(store).summaries()
    assert loads == [gid(42)] and len(out) == 300


def test_a_stale_entry_for_a_deleted_game_is_dropped(store: GameStore) -> None:
    History(store).summaries()
    store.discard(gid(0))
    out = History(store).summaries()
    assert len(out) == 299 and gid(0) not in {s.id for s in out}
    assert gid(0) not in ids(store.root / INDEX_NAME)


def test_an_unreadable_game_is_skipped_reported_and_kept_aside(store: GameStore) -> None:
    History(store).summaries()
    bad = store.path(gid(5))
    bad.write_bytes(b'{"schema": 2, "mode": "rub')
    h = History(store)
    out = h.summaries()
    assert len(out) == 299
    assert len(h.problems) == 1 and f"{gid(5)}.json" in h.problems[0]
    assert not bad.exists()
    assert [p.name for p in store.games_dir.glob(f"{gid(5)}.json.corrupt-*")]
    h.summaries()
    assert h.problems == []  # set aside: not met again


def test_a_game_that_cannot_be_replayed_is_reported_and_not_reread(store: GameStore, loads: list[str]) -> None:
    over = SHORT.game.add(SHORT.game.hands[0])  # a hand after the rubber was won
    write_game(store, "2025-bad", over, T0)
    h = History(store)
    out = h.summaries()
    assert len(out) == 300
    assert any("2025-bad.json" in p for p in h.problems)
    assert store.path("2025-bad").exists()  # left as it is
    loads.clear()
    h2 = History(store)
    h2.summaries()
    assert loads == [] and any("2025-bad.json" in p for p in h2.problems)


def test_read_only_writes_nothing_and_moves_nothing(store: GameStore) -> None:
    bad = store.path(gid(9))
    bad.write_bytes(b"")
    h = History(store, read_only=True)
    out = h.summaries()
    assert len(out) == 299 and len(h.problems) == 1
    assert not (store.root / INDEX_NAME).exists()
    assert bad.exists()
    h.loads = 0
    assert h.summaries() == out and h.loads == 1  # only the unreadable file is tried again


def test_summary_figures(store: GameStore) -> None:
    by_id = {s.id: s for s in History(store).summaries()}
    worked, short, live, ended = (by_id[gid(k)] for k in range(4))
    assert worked.totals == (1830, 510) and worked.margin == 1320 and worked.games == (2, 1)
    assert worked.status is Status.WON and worked.complete and worked.hands == 7
    assert worked.players == ("Ann", "Bob", "Cy", "Di") and worked.mode is Mode.RUBBER and worked.we is Side.NS
    assert worked.headline == "We win the rubber 2–1, 1,830 to 510, by 1,320."
    assert worked.written == T0.isoformat() and worked.created == worked.started == T0
    assert worked.total(Side.EW) == 510 and worked.games_won(Side.NS) == 2
    assert short.totals == (900, 0) and short.games == (2, 0)
    assert live.status is Status.IN_PLAY and not live.complete and live.totals == (0, 60)
    assert ended.status is Status.ENDED and not ended.complete and ended.totals == (400, 160)


def test_the_tally_from_the_history(store: GameStore) -> None:
    t = tally(History(store).summaries())
    # 75 of each template; the open ones do not count.
    assert t.games == 225 and t.in_play == 75
    # Only the worked rubber has names; the others count under the seat pairs.
    per_cycle = {"Ann": 1320, "Cy": 1320, "Bob": -1320, "Di": -1320, "North-South": 900 + 240, "East-West": -1140}
    assert {p.name: p.points for p in t.players} == {n: 75 * v for n, v in per_cycle.items()}


def test_no_data_folder_lists_nothing_and_creates_nothing(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "none")
    assert History(store).summaries() == []
    assert not (tmp_path / "none").exists()


def test_a_summary_comes_back_from_the_index_as_it_went_in(data_dir: Path) -> None:
    """Every field, a duplicate session's IMPs too: exactly the Decimal the game gave, never a float."""
    from support.record.games import duplicate

    from bridgepad.core.rules.settings import DuplicateScoring

    store = GameStore(data_dir)
    store.ensure()
    for k, game in enumerate([WORKED.game, OPEN.game, duplicate(DuplicateScoring.IMPS), duplicate(DuplicateScoring.MATCHPOINTS)]):
        write_game(store, gid(k), game, T0 + timedelta(hours=k))
    built = History(store).summaries()
    read = History(store)
    assert read.summaries() == built and read.loads == 0  # from the index alone
    (teams,) = (s for s in built if s.scoring is DuplicateScoring.IMPS)
    assert isinstance(teams.imps, Decimal) and teams.imps == 13  # worked in support.record.games: N-S +13 IMPs
    assert next(s for s in read.summaries() if s.id == teams.id).imps == teams.imps


def test_the_index_is_a_database_of_this_schema(store: GameStore) -> None:
    import sqlite3
    from contextlib import closing

    History(store).summaries()
    with closing(sqlite3.connect(store.root / INDEX_NAME)) as con:
        assert con.execute("SELECT schema FROM meta").fetchall() == [(INDEX_SCHEMA,)]
        assert con.execute("SELECT count(*) FROM games").fetchone() == (300,)


def test_a_look_only_call_writes_nothing_and_leaves_loading_to_the_next(store: GameStore, loads: list[str]) -> None:
    """The new-game dialog only looks: no index written, no file set aside; the history's
    next call then reads those games through Store.load, which may bring them up to date."""
    h = History(store)
    first = h.summaries(look_only=True)
    assert len(first) == 300 and loads == [] and not (store.root / INDEX_NAME).exists()
    assert h.summaries(look_only=True) is first  # nothing changed: the same list, nothing read
    assert h.summaries() == first
    assert len(loads) == 300 and (store.root / INDEX_NAME).exists()
    loads.clear()
    assert h.summaries() == first and loads == []


def test_a_kept_history_gives_its_last_list_while_nothing_changes(store: GameStore) -> None:
    h = History(store)
    out = h.summaries()
    assert h.summaries() is out
    store.discard(gid(3))
    assert len(h.summaries()) == 299


def test_progress_is_told_while_the_index_is_rebuilt(store: GameStore) -> None:
    told: list[tuple[int, int]] = []
    History(store).summaries(progress=lambda n, m: told.append((n, m)))
    assert told[0] == (0, 300) and told[-1] == (300, 300) and len(told) > 2
    told.clear()
    History(store).summaries(progress=lambda n, m: told.append((n, m)))
    assert told == []  # the index kept: nothing to read
