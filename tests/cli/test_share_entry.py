"""``bridgepad share --entry`` as a director runs it: the read-only address first, then one line a
table, then the codes; the one writer (it holds the folder's lock, and refuses while the pad
has it); a one-table game refused; and its end."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from support.cli import one_line_refusal, run_cli
from support.entry import EntryProcess, result, saved_game, several_game, table_state
from support.share import Pad
from test_share import port_closed

from bridgepad.services.share.qr import qr_lines
from bridgepad.store.folder_lock import FolderLock


def test_the_first_line_is_the_read_only_address_then_a_line_a_table_then_the_codes(data_dir: Path) -> None:
    several_game(data_dir).close()
    shared = EntryProcess(data_dir, 4)
    try:
        assert len({shared.token, *(u.split("/")[3] for u in shared.tables.values())}) == 5
        code, out, err = shared.end(signal.SIGTERM)
    finally:
        shared.close()
    assert code == 0 and err == "", err
    lines = [shared.first, *shared.lines, *out.splitlines()]
    assert lines[0] == shared.url
    assert lines[1:5] == [f"table {t}: {shared.tables[t]}" for t in (1, 2, 3, 4)]
    # Then the codes: the read-only one, then each table's, each under its caption.
    at = 5
    for caption, url in [("The read-only view, for anyone watching:", shared.url)] + [
        (f"Table {t}, to enter its results:", shared.tables[t]) for t in (1, 2, 3, 4)
    ]:
        drawn = qr_lines(url)
        assert lines[at] == caption
        assert lines[at + 1 : at + 1 + len(drawn)] == drawn
        at += 1 + len(drawn)
    assert lines[at:] == [
        "A table's link enters that table's results: give each table its own, and nobody else.",
        "One writer: this holds the data folder, and the pad opens it read-only until Ctrl+C stops sharing.",
    ]
    assert port_closed(shared.port)


def test_it_holds_the_folder_s_lock_while_it_serves_and_lets_it_go_at_the_end(data_dir: Path) -> None:
    several_game(data_dir).close()
    shared = EntryProcess(data_dir, 4)
    try:
        holder = FolderLock(data_dir).holder()
        assert holder is not None and holder.what == "bridgepad share --entry" and holder.pid == shared.process.pid
        assert not FolderLock(data_dir).try_acquire()  # nobody else writes: the pad would open read-only
        # Nor does bridgepad new, which says who holds the folder.
        line = one_line_refusal(run_cli(data_dir, "new", "rubber"))
        assert line.startswith("bridgepad new: bridgepad share --entry is writing to the data folder (pid ")
        # Another share --entry is told to use the links of the first.
        line = one_line_refusal(run_cli(data_dir, "share", "--entry", "--port", "0"))
        assert line.startswith("bridgepad share --entry: another bridgepad share --entry serves this folder's tables already")
        # The results it is sent are written by it, in the folder.
        got = asyncio.run(result(shared.port, shared.tables[3], id="z", board=7, contract="3NT", declarer="S", tricks=9))
        # Board 7, both vulnerable: three no trump made, 100 for the tricks and 500 for the game.
        assert got.status == 201 and got.json["ns_score"] == 600
        code, _, err = shared.end(signal.SIGINT)
        assert code == 0, err
    finally:
        shared.close()
    inputs = saved_game(data_dir).several_tables
    assert inputs is not None and [(r.id, r.table, r.board) for r in inputs.results] == [("z", 3, 7)]
    lock = FolderLock(data_dir)
    assert lock.try_acquire()
    lock.release()


def test_while_the_pad_has_the_folder_it_says_to_press_the_share_key_there(data_dir: Path) -> None:
    pad = several_game(data_dir)  # the pad: the app's own lock, held as "bridgepad"
    try:
        line = one_line_refusal(run_cli(data_dir, "share", "--entry"))
    finally:
        pad.close()
    assert line.startswith("bridgepad share --entry: the pad has this data folder open (pid ")
    assert line.endswith("press p in the pad to share the tables' links from it instead, or close the pad first.")


def test_a_game_of_one_table_is_refused_in_one_line(data_dir: Path) -> None:
    Pad(data_dir).close()
    line = one_line_refusal(run_cli(data_dir, "share", "--entry"))
    assert line == (
        "bridgepad share --entry: the game on the pad is not a game of several tables; start one with "
        "bridgepad new duplicate --tables 4 (or the pad's n), or share it read-only with bridgepad share."
    )
    # Nothing held after it: the pad may open the folder.
    lock = FolderLock(data_dir)
    assert lock.try_acquire()
    lock.release()


def test_a_team_match_has_two_tables_links(data_dir: Path) -> None:
    several_game(data_dir, tables=2, boards=8).close()
    shared = EntryProcess(data_dir, 2)
    try:
        state = asyncio.run(table_state(shared.port, shared.tables[2]))
        # A team match: nobody moves; table 2 starts with the second set of boards.
        assert state["game"] == "Team match, 2 tables, 8 boards: 2 rounds of 4"
        assert [b["board"] for b in state["boards"]] == [5, 6, 7, 8]
        code, _, err = shared.end()
        assert code == 0, err
    finally:
        shared.close()
