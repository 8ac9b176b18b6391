"""The game's journal: a table's result saved as one synced line, the file written whole from it
later (compaction), and every reader of the game seeing the lines the file does not cover yet,
each once; a torn or damaged journal dropped from the damage on, reported, never fatal."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from support.seeded import TWO_SPADES, seed_folder
from support.share import Pad

from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.services.share.source import FolderSource
from bridgepad.store.errors import SaveError
from bridgepad.store.game_journal import journal_path
from bridgepad.store.game_store import GameStore


def ids_read(root: Path, game_id: str) -> list[str]:
    stored = GameStore(root).load_quietly(game_id)
    assert stored is not None and stored.game.several_tables is not None
    return [r.id for r in stored.game.several_tables.results]


def file_ids(root: Path, game_id: str) -> list[str]:
    """The results the game file alone holds, read as bridgepad 0.x read it (no journal)."""
    data = json.loads(GameStore(root).path(game_id).read_text(encoding="utf-8"))
    return [r["id"] for r in data["several_tables"]["results"]]


def test_a_result_is_a_journal_line_that_every_reader_sees_then_folded_into_the_file(data_dir: Path) -> None:
    game_id = seed_folder(data_dir, 3)
    pad = Pad(data_dir)
    try:
        TableResults(pad.session).submit(2, 5, TWO_SPADES, "r1")
        TableResults(pad.session).submit(2, 6, TWO_SPADES, "r2")
        journal = journal_path(GameStore(data_dir).games_dir, game_id)
        assert journal.read_bytes().count(b"\n") == 2
        assert file_ids(data_dir, game_id) == ["seed-0", "seed-1", "seed-2"]  # not yet folded
        assert ids_read(data_dir, game_id)[-2:] == ["r1", "r2"]
        several = FolderSource(data_dir).session().game.several_tables  # the read-only share's reader
        assert several is not None and [r.id for r in several.results][-2:] == ["r1", "r2"]
        assert pad.session._store.compactor.wait()
        assert file_ids(data_dir, game_id)[-2:] == ["r1", "r2"] and not journal.exists()
        assert json.loads(GameStore(data_dir).path(game_id).read_text())["journaled"] == 2
    finally:
        pad.close()


def test_a_file_written_whole_and_its_journal_not_yet_trimmed_reads_each_result_once(data_dir: Path) -> None:
    """Killed between the compaction's write and its trim: the lines the file covers are skipped."""
    game_id = seed_folder(data_dir, 1)
    pad = Pad(data_dir)
    try:
        for n in range(3):
            TableResults(pad.session).submit(2, 5 + n, TWO_SPADES, f"r{n}")
        store = GameStore(data_dir)
        journal = journal_path(store.games_dir, game_id)
        lines = journal.read_bytes()
        assert pad.session._store.compactor.wait()
        journal.write_bytes(lines)  # the journal as it was before the trim
        assert ids_read(data_dir, game_id) == ["seed-0", "r0", "r1", "r2"]
    finally:
        pad.close()
    session = Session.open(GameStore(data_dir))
    assert session.problems == ()
    assert [r.id for r in session.game.several_tables.results] == ["seed-0", "r0", "r1", "r2"]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("damage", "kept", "said"),
    [
        (lambda raw: raw + b'{"seq": 3, "updated": "2026-12', ["r0", "r1"], "its last line was cut short (never reported saved)"),
        (
            lambda raw: raw.replace(b'"seq":2', b'"seq":x', 1),
            ["r0"],
            "its line 2 cannot be read, so 1 line(s) from it were dropped",
        ),
        (lambda raw: raw.replace(b'"id":"r1"', b'"id":"r0"', 1), ["r0"], "1 line(s) from its line 2 do not fit the game"),
    ],
    ids=["torn last line", "damaged line", "a line the game refuses"],
)
def test_a_damaged_journal_is_dropped_from_the_damage_reported_and_folded_at_the_next_start(
    data_dir: Path, damage, kept: list[str], said: str
) -> None:
    game_id = seed_folder(data_dir, 0)
    pad = Pad(data_dir)
    for n in range(2):
        TableResults(pad.session).submit(2, 5 + n, TWO_SPADES, f"r{n}")
    pad.close()
    store = GameStore(data_dir)
    journal = journal_path(store.games_dir, game_id)
    journal.write_bytes(damage(journal.read_bytes()))
    assert ids_read(data_dir, game_id) == kept  # a reader that only looks: the lines before the damage
    pad = Pad(data_dir)
    try:
        (problem,) = pad.session.problems
        assert said in problem and "the game was written whole without it and the journal kept as" in problem
        assert not journal.exists() and file_ids(data_dir, game_id) == kept
        assert [p.name for p in store.games_dir.iterdir() if ".journal.corrupt-" in p.name]
        TableResults(pad.session).submit(2, 7, TWO_SPADES, "after")
    finally:
        pad.close()
    session = Session.open(GameStore(data_dir))
    assert session.problems == ()
    assert [r.id for r in session.game.several_tables.results] == [*kept, "after"]  # type: ignore[union-attr]


def test_a_failed_append_is_not_kept_and_the_next_save_writes_the_game_whole_past_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = seed_folder(data_dir, 0)
    pad = Pad(data_dir)
    try:
        results = TableResults(pad.session)
        results.submit(2, 5, TWO_SPADES, "r0")
        real = os.fsync
        journal = str(journal_path(GameStore(data_dir).games_dir, game_id))

        def full_disk(fd: int) -> None:
            if os.readlink(f"/proc/self/fd/{fd}") == journal:
                raise OSError(28, "No space left on device")
            real(fd)

        monkeypatch.setattr(os, "fsync", full_disk)
        with pytest.raises(SaveError, match="No space left on device"):
            results.submit(2, 6, TWO_SPADES, "r1")
        assert [r.id for r in pad.session.game.several_tables.results] == ["r0"]  # type: ignore[union-attr]
        monkeypatch.setattr(os, "fsync", real)
        results.submit(2, 6, TWO_SPADES, "r1")  # the phone's retry
        assert not os.path.exists(journal)  # written whole, covering the failed line
    finally:
        pad.close()
    assert ids_read(data_dir, game_id) == ["r0", "r1"]


def test_a_directors_change_undone_stays_undone_whatever_the_journal_held(data_dir: Path) -> None:
    game_id = seed_folder(data_dir, 0)
    pad = Pad(data_dir)
    try:
        results = TableResults(pad.session)
        results.submit(2, 5, TWO_SPADES, "r0")
        results.correct(2, 5, TWO_SPADES, "wrong declarer")
        assert pad.session.undo() is not None
        assert pad.session._store.compactor.wait()
    finally:
        pad.close()
    assert ids_read(data_dir, game_id) == ["r0"]
