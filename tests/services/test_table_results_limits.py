"""The 10,000-result door: a game seeded at 9,999 results takes one more and refuses the next,
with a sentence the phone shows and the director can act on, and opens again afterwards with
every result a phone was told was saved. A board's changes at a table are bounded the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.entry import result, serving_entry
from support.seeded import TWO_SPADES, seed_folder
from support.share import Pad

from bridgepad.core.rules.kinds.several_tables.entering import (
    MAX_KEPT_PER_BOARD,
    MAX_RESULTS,
    EntryRefused,
    Recorded,
    Repeated,
)
from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store.game_store import GameStore


def reopened(root: Path) -> Session:
    """The folder opened again by a new process's session, as at the next start."""
    session = Session.open(GameStore(root))
    assert session.problems == ()
    return session


def test_the_result_past_the_limit_is_refused_and_the_game_opens_with_every_saved_one(data_dir: Path) -> None:
    game_id = seed_folder(data_dir, MAX_RESULTS - 1)
    pad = Pad(data_dir)
    try:
        results = TableResults(pad.session)
        last = results.submit(2, 5, TWO_SPADES, "the-last")
        assert isinstance(last, Recorded)
        with pytest.raises(EntryRefused, match=r"^The game is full: it holds 10,000 results, the most one game keeps") as e:
            results.submit(2, 6, TWO_SPADES, "one-too-many")
        assert "the director can start a new game of several tables" in str(e.value)
        with pytest.raises(EntryRefused, match="The game is full"):
            results.submit(2, 5, TWO_SPADES, "replacing", replace_earlier=True)
        with pytest.raises(EntryRefused, match="The game is full"):
            results.correct(1, 1, TWO_SPADES, "the director's change")
        assert isinstance(results.submit(2, 5, TWO_SPADES, "the-last"), Repeated)  # a retry is still answered
    finally:
        pad.close()
    session = reopened(data_dir)
    assert session.stored.id == game_id
    inputs = session.game.several_tables
    assert inputs is not None and len(inputs.results) == MAX_RESULTS
    assert inputs.results[-1].id == "the-last" and not any(r.id == "one-too-many" for r in inputs.results)


async def test_the_phone_is_told_422_with_the_sentence_at_the_limit(data_dir: Path) -> None:
    seed_folder(data_dir, MAX_RESULTS - 1)
    pad = Pad(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(2)
            got = await result(server.port, url, id="p1", board=5, contract="4S", declarer="N", tricks=10)
            assert got.status == 201, got.raw
            for board, replace in ((6, False), (5, True)):
                fields = {"replace": True} if replace else {}
                got = await result(
                    server.port, url, id=f"p-{board}", board=board, contract="3NT", declarer="S", tricks=9, **fields
                )
                assert got.status == 422, got.raw
                assert got.json["error"].startswith("The game is full: it holds 10,000 results")
    finally:
        pad.close()
    inputs = reopened(data_dir).game.several_tables
    assert inputs is not None and len(inputs.results) == MAX_RESULTS and inputs.results[-1].id == "p1"


async def test_a_board_sent_again_and_again_stops_at_its_bound_and_the_others_go_on(data_dir: Path) -> None:
    seed_folder(data_dir, 0)
    pad = Pad(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(2)
            for n in range(MAX_KEPT_PER_BOARD):
                got = await result(
                    server.port, url, id=f"again-{n}", board=5, contract="4S", declarer="N", tricks=10, replace=True
                )
                assert got.status == 201, got.raw
            got = await result(server.port, url, id="again-past", board=5, contract="4S", declarer="N", tricks=9, replace=True)
            assert got.status == 422
            assert got.json["error"] == (
                f"Board 5 has been sent {MAX_KEPT_PER_BOARD} times from table 2, the most kept for a board, so this one was "
                "not saved: the last one sent counts; ask the director to change it at the laptop."
            )
            got = await result(server.port, url, id="other-board", board=6, contract="4S", declarer="N", tricks=10)
            assert got.status == 201
        # The director still changes the board, up to a bound of the director's own.
        results = TableResults(pad.session)
        for n in range(MAX_KEPT_PER_BOARD):
            results.correct(2, 5, TWO_SPADES, f"change {n}")
        with pytest.raises(EntryRefused, match=r"^Board 5 at table 2 has been changed 20 times by the director"):
            results.correct(2, 5, TWO_SPADES, "one more")
    finally:
        pad.close()
    inputs = reopened(data_dir).game.several_tables
    assert inputs is not None and len(inputs.results) == 2 * MAX_KEPT_PER_BOARD + 1


def test_corrections_made_in_the_same_second_each_get_an_id_of_their_own(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A game's id is its second and 16 random bits: pinned here, as two corrections in one second
    # with the same bits would have them (seen once among twenty corrections under load).
    import os

    real = os.urandom
    monkeypatch.setattr(os, "urandom", lambda n: b"\x00" * n if n == 2 else real(n))  # new_id's two bytes
    seed_folder(data_dir, 0)
    pad = Pad(data_dir)
    try:
        results = TableResults(pad.session)
        made = [results.correct(2, board, TWO_SPADES, f"change {board}") for board in (4, 5, 6)]
        assert len({r.result.id for r in made}) == 3
    finally:
        pad.close()
