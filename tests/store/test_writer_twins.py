"""Every limit the reader has, the writer keeps: for each bound the game file's reader puts on a
game of several tables (and on the files themselves), a file at the bound opens, and the writer
refuses, before anything is saved, the one change that would pass it.

``TWINS`` names each bound the reader has and the test that exercises its writer twin; the first
test finds the bounds in the readers' own source, so a bound added there without a twin fails."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from support.seeded import TWO_SPADES, seeded_game, with_results
from support.share import Pad

import bridgepad.core.readers.serialize as serialize_module
import bridgepad.core.readers.several_tables_json as several_module
import bridgepad.store.game_journal as journal_module
from bridgepad.core.model import Contract, Hand, Honors, Revoke, Seat, Side, Strain
from bridgepad.core.readers.notation import MAX_NAME
from bridgepad.core.readers.serialize import game_from_json, game_to_json, is_time
from bridgepad.core.rules.kinds.several_tables.entering import (
    MAX_ID_LENGTH,
    MAX_KEPT_PER_BOARD,
    MAX_RESULTS,
    MAX_WHY,
    EntryRefused,
    Recorded,
    correct,
    next_round,
    submit,
)
from bridgepad.core.rules.kinds.several_tables.inputs import By, SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import Pair
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store import game_store
from bridgepad.store.data_files import MAX_DATA_BYTES
from bridgepad.store.game_journal import MAX_LINE_BYTES, JournalFull, JournalWriter, journal_line
from bridgepad.store.game_store import GameStore, GameTooLarge, now_iso

# The reader's bound -> the test of its writer twin (below).
TWINS = {
    "MAX_RESULTS": "test_results_in_a_game",
    # The writer's alone: the reader takes more (a file written before the bound must open).
    "MAX_KEPT_PER_BOARD": "test_a_boards_changes_are_bounded_by_the_writer_and_an_older_file_of_more_still_opens",
    "MAX_ID_LENGTH": "test_a_results_id",
    "MAX_WHY": "test_a_directors_reason",
    "MAX_OTHERS": "test_a_hand_of_several_tables",
    "SCORE_LIMIT": "test_a_hand_of_several_tables",
    "MAX_TIME_LENGTH": "test_the_times_written",
    "MAX_NAME": "test_the_pairs_names",
    "MAX_DATA_BYTES": "test_the_game_files_size",
    "MAX_LINE_BYTES": "test_the_journals_lines_and_size",
    "MAX_JOURNAL_BYTES": "test_the_journals_lines_and_size",
    "MAX_SEQ": "test_the_journals_lines_and_size",
}
READERS = (several_module, serialize_module, journal_module)


def test_every_bound_of_the_reader_has_its_writer_twin() -> None:
    found = set()
    for module in READERS:
        assert module.__file__ is not None
        found |= set(re.findall(r"\b(MAX_[A-Z_]+|[A-Z_]+_LIMIT)\b", Path(module.__file__).read_text(encoding="utf-8")))
    found -= {"MAX_DATA_TEXT"}  # words, not a bound
    assert found <= set(TWINS), f"bounds of the reader without a writer twin: {sorted(found - set(TWINS))}"
    for test in set(TWINS.values()):
        assert callable(globals().get(test)), test


def reads(inputs: SeveralTables) -> bool:
    """True if a game file holding ``inputs`` opens."""
    game = replace(seeded_game(0), several_tables=inputs)
    return game_from_json(game_to_json(game)).several_tables == inputs


def fresh(results: int = 0) -> SeveralTables:
    inputs = seeded_game(results).several_tables
    assert inputs is not None
    return inputs


def table_result(rid: str, board: int = 5, hand: Hand = TWO_SPADES, table: int = 2) -> TableResult:
    return TableResult(rid, table, 0, board, hand)


def test_results_in_a_game() -> None:
    at_bound = fresh(MAX_RESULTS)
    assert reads(at_bound)
    with pytest.raises(EntryRefused, match="The game is full"):
        submit(at_bound, table_result("one-more"))
    with pytest.raises(EntryRefused, match="The game is full"):
        correct(at_bound, replace(table_result("director-1"), why="a reason"))
    assert isinstance(submit(fresh(MAX_RESULTS - 1), table_result("the-last")), Recorded)


def test_a_boards_changes_are_bounded_by_the_writer_and_an_older_file_of_more_still_opens() -> None:
    assert reads(fresh(4 * MAX_KEPT_PER_BOARD + 4))  # table 1's boards sent more often, as before the bound
    inputs = fresh(4 * MAX_KEPT_PER_BOARD)
    with pytest.raises(EntryRefused, match="has been sent 20 times from table 1"):
        submit(inputs, table_result("again", board=1, table=1), replace=True)


def test_a_results_id() -> None:
    long_id = "x" * MAX_ID_LENGTH
    inputs = fresh().with_result(TableResult(long_id, 2, 1, 5, TWO_SPADES))
    assert reads(inputs)
    for bad in ("x" * (MAX_ID_LENGTH + 1), "", "é", "a\x1bb"):
        with pytest.raises(EntryRefused, match="needs an id of 1 to 64 plain characters"):
            submit(fresh(), table_result(bad))
    with pytest.raises(EntryRefused, match="was used for board 5 at table 2"):
        submit(inputs, table_result(long_id, board=6))
    with pytest.raises(EntryRefused, match="is used already"):
        correct(inputs, replace(table_result(long_id), why="a reason"))


def test_where_a_result_may_be() -> None:
    """Its table, a board of its round there, a round the table has reached: as the reader checks."""
    for table, board, said in ((3, 5, "There is no table 3"), (2, 1, "Board 1 is played at table 2 in round 2, not now")):
        with pytest.raises(EntryRefused, match=said):
            submit(fresh(), table_result("r", board=board, table=table))
    with pytest.raises(EntryRefused, match="is in round 1, not 2"):
        next_round(fresh(), 2, 2, now_iso())


def test_a_directors_reason() -> None:
    inputs = fresh().with_result(TableResult("d", 2, 1, 5, TWO_SPADES, By.DIRECTOR, "w" * MAX_WHY))
    assert reads(inputs)
    for why, said in (("w" * (MAX_WHY + 1), "at most 200 characters"), ("", "Say why"), ("a\x07b", "can be shown")):
        with pytest.raises(EntryRefused, match=said):
            correct(fresh(), replace(table_result("d2"), why=why))


def test_a_hand_of_several_tables() -> None:
    honors = Hand(Contract(4, Strain.S), Seat.N, 10, honors=Honors(Side.NS, 100))
    others = replace(TWO_SPADES, others=(420,))
    tricks = Hand(Contract(4, Strain.S), Seat.N, 14)
    revoke = Hand(Contract(4, Strain.S), Seat.N, 13, revoke=Revoke(Side.EW, 3))
    for hand, said in ((honors, "no honors"), (others, "no other tables"), (tricks, "0 to 13"), (revoke, "The revoke")):
        with pytest.raises(EntryRefused, match=said):
            submit(fresh(), table_result("h", hand=hand))


def test_the_times_written() -> None:
    assert is_time(now_iso()) and len(now_iso()) <= serialize_module.MAX_TIME_LENGTH


def test_the_pairs_names(data_dir: Path) -> None:
    from support.seeded import seed_folder

    seed_folder(data_dir, 0)
    pad = Pad(data_dir)
    try:
        results = TableResults(pad.session)
        inputs = pad.session.game.several_tables
        assert inputs is not None
        at_bound = inputs.with_names([(Pair.from_key("NS1"), ("a" * MAX_NAME, "Bob"))])  # type: ignore[list-item]
        assert results.name_pairs(at_bound) and reads(pad.session.game.several_tables)  # type: ignore[arg-type]
        for bad in ("a" * (MAX_NAME + 1), "Ann\x1b[2J"):
            with pytest.raises(EntryRefused):
                results.name_pairs(inputs.with_names([(Pair.from_key("NS1"), (bad, "Bob"))]))  # type: ignore[list-item]
    finally:
        pad.close()


def test_the_game_files_size(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert game_store.MAX_DATA_BYTES is MAX_DATA_BYTES  # the writer's bound is the reader's own
    store = GameStore(data_dir)
    store.ensure()
    stored = store.add(with_results(seeded_game(10)))
    monkeypatch.setattr(game_store, "MAX_DATA_BYTES", len(game_store.game_bytes(stored)) - 1)
    with pytest.raises(GameTooLarge, match="more than bridgepad reads back"):
        store.save(stored)


def test_the_journals_lines_and_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = JournalWriter(tmp_path)
    line = journal_line(1, now_iso(), {"names": {"NS1": ["x" * MAX_LINE_BYTES, "y"]}})
    with pytest.raises(JournalFull):
        writer.append("g", line)
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 300)
    small = journal_line(1, now_iso(), {"move": {"table": 1, "round": 2, "at": now_iso()}})
    writer.append("g", small)
    with pytest.raises(JournalFull):
        for seq in range(2, 10):
            writer.append("g", journal_line(seq, now_iso(), {"move": {"table": 1, "round": 2, "at": now_iso()}}))
    assert (tmp_path / "g.journal").stat().st_size <= 300
    assert journal_module.MAX_SEQ == 2**53
