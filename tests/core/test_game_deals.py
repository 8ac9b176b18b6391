"""A duplicate game's boards in its file (schema 4): kept as inputs and read as strictly as
its hands, an older file brought up to date, and the double-dummy cache beside them, kept
only while it belongs to the game's cards and never a reason to refuse the file."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from support.builders import hand

from bridgepad.core.boards.board_set import BoardSet, DealtBoard, FieldResult
from bridgepad.core.boards.cards import read_deal
from bridgepad.core.boards.dealing import deal_board
from bridgepad.core.boards.double_dummy import Par, ParContract, Solution, TrickTable
from bridgepad.core.model import Contract, Seat, Strain
from bridgepad.core.readers.serialize import SCHEMA, SchemaError, game_from_json, game_to_json
from bridgepad.core.records.sameness import inputs_key
from bridgepad.core.rules.game import Game, Mode
from bridgepad.store.game_store import GameStore, StoredGame, game_bytes

DEAL = read_deal("N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7")
FIELD = (FieldResult(420, Contract(4, Strain.S), Seat.N, 10), FieldResult(-50))
BOARDS = BoardSet((DealtBoard(1, DEAL, FIELD), DealtBoard(2, deal_board(7, 2))))
GAME = Game(mode=Mode.DUPLICATE, hands=(hand("4S", "N", "10"),), deals=BOARDS)
SOLUTION = Solution(
    TrickTable.from_pbn("54555546658977889778"),
    Par(-140, (ParContract(Contract(1, Strain.S), (Seat.E, Seat.W), 2),)),
)


def test_a_games_boards_are_saved_and_read_back_as_they_were() -> None:
    data = game_to_json(GAME)
    assert data["schema"] == SCHEMA == 4
    assert data["deals"][0] == {
        "board": 1,
        "deal": "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7",
        "field": [{"score": 420, "contract": "4S", "declarer": "N", "tricks": 10}, {"score": -50}],
    }
    assert "field" not in data["deals"][1]
    assert game_from_json(json.loads(json.dumps(data))) == GAME


def test_a_game_without_boards_is_written_as_before() -> None:
    assert "deals" not in game_to_json(replace(GAME, deals=None))


def test_the_boards_are_inputs_of_the_game() -> None:
    assert inputs_key(GAME) != inputs_key(replace(GAME, deals=None))
    other = BoardSet((DealtBoard(1, DEAL, FIELD[:1]), BOARDS.boards[1]))
    assert inputs_key(GAME) != inputs_key(replace(GAME, deals=other))


@pytest.mark.parametrize(
    ("deals", "said"),
    [
        ([], "The file's deals are not a list of 1 to 256 boards."),
        ([{"board": 0, "deal": DEAL.pbn()}], "The file's deals: each board has a number from 1 to 9,999."),
        ([{"board": 2, "deal": DEAL.pbn()}, {"board": 1, "deal": DEAL.pbn()}], "The file's board 1 comes after board 2"),
        ([{"board": 3, "deal": DEAL.pbn().replace("AQ632", "AQ63")}], "The file's board 3: its Deal gives North 12 cards"),
        (
            [{"board": 1, "deal": DEAL.pbn(), "field": [{"score": 620}]}],
            "The file's board 1 field: +620 is a vulnerable game for N-S",
        ),
        (
            [{"board": 1, "deal": DEAL.pbn(), "field": [{"score": 450, "contract": "4S", "declarer": "N", "tricks": 10}]}],
            "The file's board 1 field: 4S by N taking 10 scores +420 for N-S on board 1, not +450.",
        ),
        ([{"board": 1, "deal": DEAL.pbn(), "field": [{"score": "420"}]}], "The file's board 1: a field result is an N-S score"),
        (
            [{"board": 1, "deal": DEAL.pbn(), "field": [{"score": 420, "declarer": "X"}]}],
            "The file's board 1: a field result's declarer",
        ),
    ],
)
def test_saved_boards_of_the_wrong_shape_are_refused_naming_the_board(deals: object, said: str) -> None:
    data = game_to_json(GAME)
    data["deals"] = deals
    with pytest.raises(SchemaError) as e:
        game_from_json(data)
    assert str(e.value).startswith(said), str(e.value)


def test_a_rubber_with_boards_is_refused() -> None:
    data = game_to_json(replace(GAME, deals=None, mode=Mode.RUBBER, hands=()))
    data["deals"] = game_to_json(GAME)["deals"]
    with pytest.raises(SchemaError, match="belong to a duplicate game, not to a rubber"):
        game_from_json(data)


def stored(game: Game = GAME, solved: dict | None = None) -> StoredGame:  # type: ignore[type-arg]
    return StoredGame("20261204-200000-dd02", game, "2026-12-04T20:00:00+01:00", "2026-12-04T21:00:00+01:00", solved or {})


def test_the_cache_is_written_at_the_end_of_the_file_and_read_back(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    store.ensure()
    store.save(stored(solved={(1, DEAL): SOLUTION}))
    raw = store.path("20261204-200000-dd02").read_bytes()
    data = json.loads(raw)
    assert list(data)[-1] == "double_dummy"  # after the inputs: the head still names the mode
    assert data["double_dummy"] == [
        {"board": 1, "deal": DEAL.pbn(), "tricks": "54555546658977889778", "par": "NS -140", "contracts": "EW 1S+2"}
    ]
    assert store.read("20261204-200000-dd02").solved == {(1, DEAL): SOLUTION}
    assert store.mode_of("20261204-200000-dd02") is Mode.DUPLICATE


def test_a_cache_that_does_not_belong_to_the_cards_is_dropped_not_refused(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    store.ensure()
    data = json.loads(game_bytes(stored(solved={(1, DEAL): SOLUTION})))
    data["double_dummy"] += [
        {"board": 2, "deal": DEAL.pbn(), "tricks": "54555546658977889778", "par": "NS -140", "contracts": "EW 1S+2"},
        {"board": 2, "deal": deal_board(7, 2).pbn(), "tricks": "5455", "par": "NS 0", "contracts": "Pass"},
        {"board": 7, "deal": DEAL.pbn(), "tricks": "54555546658977889778", "par": "NS 0", "contracts": "Pass"},
        "not an entry",
    ]
    store.path("20261204-200000-dd02").write_text(json.dumps(data), encoding="utf-8")
    back = store.load("20261204-200000-dd02")  # a writer's load: nothing kept aside
    assert back.solved == {(1, DEAL): SOLUTION}
    assert not list(store.games_dir.glob("*.corrupt-*"))
    # Cards replaced: their old solution is not written again.
    changed = replace(back, game=replace(GAME, deals=BoardSet((DealtBoard(1, deal_board(7, 1)),))))
    assert "double_dummy" not in json.loads(game_bytes(changed))


def test_a_schema_3_file_is_brought_up_to_date_and_kept_beside(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    store.ensure()
    old = game_to_json(replace(GAME, deals=None), {"id": "20261204-200000-dd03"})
    old["schema"] = 3
    path = store.path("20261204-200000-dd03")
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = store.load("20261204-200000-dd03")
    assert loaded.game == replace(GAME, deals=None)
    assert json.loads(path.read_bytes())["schema"] == 4
    (kept,) = store.games_dir.glob("20261204-200000-dd03.json.schema3-*")
    assert json.loads(kept.read_bytes())["schema"] == 3
