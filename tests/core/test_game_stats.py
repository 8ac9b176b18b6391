"""A game's statistics rows (``game_stats.stats_rows``), worked by hand, and the history's
index keeping them: the same rows back from ``index.sqlite``, a forged BLOB costing only
its game, and a game read once for them and never again."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from support.builders import WORKED_LOG
from support.robust.index import change
from test_properties import FAST, games

from bridgepad.core.evening.game_stats import AT, EMPTY, FIGURES, Bid, bid_kind, state_stats_rows, stats_rows
from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.serialize import game_to_json
from bridgepad.core.records.record import record_of
from bridgepad.core.rules.game import Game, GameOverError
from bridgepad.core.rules.kinds import derive
from bridgepad.services.history import INDEX_NAME, History, _pack_stats, _unpack_stats
from bridgepad.store.game_store import GameStore


def rows_of(log: str) -> dict[str, dict[str, int]]:
    """The non-zero figures of each seat, by seat letter (the record's rows, the same as the state's)."""
    (state,) = parse_log(log).games()
    rows = stats_rows(record_of(state))
    assert state_stats_rows(state) == rows
    return {seat: {f: row[AT[f]] for f in FIGURES if row[AT[f]]} for seat, row in zip("NESW", rows)}


@pytest.mark.parametrize(
    ("contract", "kind"),
    [
        ("1C", Bid.PART),
        ("4D", Bid.PART),  # 80
        ("5D", Bid.GAME),  # 100
        ("2NT", Bid.PART),  # 70
        ("3NT", Bid.GAME),  # 100
        ("3S", Bid.PART),  # 90
        ("4H", Bid.GAME),  # 120
        ("2SX", Bid.PART),  # 120 doubled, but a part score as bid
        ("3NTXX", Bid.GAME),
        ("6C", Bid.SMALL),
        ("6NTX", Bid.SMALL),
        ("7D", Bid.GRAND),
    ],
)
def test_a_contract_is_counted_by_what_was_bid(contract: str, kind: Bid) -> None:
    from bridgepad.core.readers.notation import parse_contract

    c = parse_contract(contract)
    assert c is not None and bid_kind(c) is kind


def test_the_worked_rubber_seat_by_seat() -> None:
    # N 3S 10 (+1), E 4HX 8 (-2, doubled), S 2C 8 (=), W 3NT 9 (=), N 4SX 9 (-1, doubled), E 2H 8 (=), S 6D 12 (=).
    assert rows_of(WORKED_LOG) == {
        "N": {"played": 2, "made": 1, "part_bid": 1, "part_made": 1, "game_bid": 1, "doubled_down": 1, "defended": 3, "set": 1}
        | {"doubled_defended": 1, "doubles_set": 1},
        "E": {"played": 2, "made": 1, "game_bid": 1, "part_bid": 1, "part_made": 1, "doubled_down": 1, "tricks_over": -2}
        | {"defended": 4, "set": 1, "doubled_defended": 1, "doubles_set": 1},
        "S": {"played": 2, "made": 2, "part_bid": 1, "part_made": 1, "small_bid": 1, "small_made": 1, "defended": 3, "set": 1}
        | {"doubled_defended": 1, "doubles_set": 1},
        "W": {"played": 1, "made": 1, "game_bid": 1, "game_made": 1, "defended": 4, "set": 1}
        | {"doubled_defended": 1, "doubles_set": 1},
    }


def test_the_tricks_over_the_contract_are_summed_signed() -> None:
    rows = rows_of("N 3S 10\nE 4HX 8\nS 2C 8\nW 3NT 9\nN 4SX 9\nE 2H 8\nS 6D 12\n")
    assert rows["N"].get("tricks_over", 0) == 0  # +1, then -1
    assert rows["E"]["tricks_over"] == -2


def test_a_passed_out_deal_is_nobody_s_contract() -> None:
    assert rows_of("pass\npass\n") == {"N": {}, "E": {}, "S": {}, "W": {}}


def test_a_redoubled_contract_counts_as_doubled_too_and_a_revoke_as_scored() -> None:
    # N 4SXX 9 made by the revoke: 9 tricks as played, E-W revoked winning 1 after it: one to N-S, 10 scored.
    rows = rows_of("N 4SXX 9 rev EW 1\nE 1NTXX 5\n")
    assert rows["N"] == {"played": 1, "made": 1, "game_bid": 1, "game_made": 1, "doubled_made": 1, "redoubled_made": 1} | {
        "defended": 1,
        "set": 1,
        "doubled_defended": 1,
        "doubles_set": 1,
    }
    assert rows["E"]["redoubled_down"] == 1 and rows["E"]["doubled_down"] == 1 and rows["E"]["tricks_over"] == -2


def test_a_duplicate_session_s_boards_count_as_any_contract() -> None:
    rows = rows_of("duplicate\nN 4S 10 others 420\nE 3NT 8 others -400\npass others 0\n")
    assert rows["N"]["played"] == 1 and rows["E"]["played"] == 1 and rows["E"].get("made", 0) == 0
    assert rows["N"]["defended"] == 1 and rows["N"]["set"] == 1


@FAST
@given(games())
def test_the_index_s_summary_without_the_record_is_the_record_s(game: Game) -> None:
    """The index makes a game's summary and rows from its derived state (``of_derived``): the
    same as from its record, in every mode, whatever was played."""
    try:
        state = derive(game)
    except GameOverError:
        return  # hands after the end: no summary either way
    when = ("20250101-200000-0001", "2025-01-01T20:00:00+00:00", "2025-01-01T22:30:00+00:00")
    made = GameSummary.of_derived(state, *when)
    assert made == GameSummary.of_record(record_of(state, *when))
    assert len(made.seat_stats) == 4


def test_a_game_of_several_tables_summarised_without_its_record_is_the_record_s() -> None:
    """The pairs' rows of a team match and of a Mitchell (``pair_rows``), from the state as from the record."""
    from support.several import mitchell, team_match

    when = ("20250101-200000-0001", "2025-01-01T20:00:00+00:00", "2025-01-01T22:30:00+00:00")
    for game in (team_match(), mitchell()):
        state = derive(game)
        made = GameSummary.of_derived(state, *when)
        assert made == GameSummary.of_record(record_of(state, *when))
        assert len(made.seat_stats) == 2 * len(made.pairs) > 4 and any(any(row) for row in made.seat_stats)


def test_the_rows_survive_the_index_s_blob_whatever_their_size() -> None:
    big = tuple(tuple((-1) ** i * (i * 37) for i in range(len(FIGURES))) for _ in range(4))
    huge = ((70_000, *EMPTY[1:]), EMPTY, EMPTY, (-70_000, *EMPTY[1:]))
    for rows in ((EMPTY,) * 4, big, huge, ()):
        assert _unpack_stats(_pack_stats(rows)) == rows
    assert len(_pack_stats((EMPTY,) * 4)) == 1 + 4 * len(FIGURES)  # a byte a figure, most of the time


def write(store: GameStore, game_id: str, game: Game, at: datetime) -> None:
    meta = {"id": game_id, "created": at.isoformat(), "updated": at.isoformat()}
    store.path(game_id).write_text(json.dumps(game_to_json(game, meta)), encoding="utf-8")


def test_the_index_keeps_the_rows_and_a_forged_blob_costs_only_its_game(data_dir: Path) -> None:
    store = GameStore(data_dir)
    store.ensure()
    worked = parse_log(WORKED_LOG).games()[0]
    t0 = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)
    for k in range(20):
        write(store, f"2025{k:010d}", worked.game, t0 + timedelta(hours=k))
    built = History(store).summaries()
    assert all(s.seat_stats == stats_rows(record_of(worked)) for s in built)
    again = History(store)
    assert again.summaries() == built and again.loads == 0  # the rows from the index alone
    # A BLOB of the wrong length, of an unknown size byte, of one seat's row: that game is read again.
    index = data_dir / INDEX_NAME
    assert change(index, "UPDATE games SET stats = x'0102' WHERE id = ?", "20250000000003") == 1
    assert change(index, "UPDATE games SET stats = CAST(x'03' || substr(stats, 2) AS BLOB) WHERE id = ?", "20250000000004") == 1
    assert change(index, "UPDATE games SET stats = substr(stats, 1, 20) WHERE id = ?", "20250000000005") == 1
    third = History(store)
    assert third.summaries() == built and third.loads == 3


def test_the_index_is_read_up_to_a_limit_of_its_own(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lifetime's index outgrows the 16 MB of any other data file: it has a limit of its own,
    and one larger than that is rebuilt from the games, never read."""
    from bridgepad.services import history as history_module
    from bridgepad.store.data_files import MAX_DATA_BYTES

    assert history_module.MAX_INDEX_BYTES >= 4 * MAX_DATA_BYTES
    store = GameStore(data_dir)
    store.ensure()
    worked = parse_log(WORKED_LOG).games()[0]
    for k in range(30):
        write(store, f"2025{k:010d}", worked.game, datetime(2025, 1, 1, tzinfo=UTC) + timedelta(hours=k))
    History(store).summaries()
    size = (data_dir / INDEX_NAME).stat().st_size
    h = History(store)
    assert len(h.summaries()) == 30 and h.loads == 0
    monkeypatch.setattr(history_module, "MAX_INDEX_BYTES", size - 1)
    h = History(store)
    assert len(h.summaries()) == 30 and h.loads == 30
