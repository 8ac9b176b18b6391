"""A game of several tables in its file: written and read back whole, and a damaged one refused by name."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from support.builders import hand

from bridgepad.core.model import Side
from bridgepad.core.readers.serialize import SchemaError, game_from_json, game_to_json
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds.several_tables.entering import next_round, submit
from bridgepad.core.rules.kinds.several_tables.inputs import By, SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup, Pair


def played() -> Game:
    s = SeveralTables(MovementSetup.of(MovementKind.MITCHELL, 3, 6, pairs=5), ((Pair(Side.NS, 1), ("Ann", "Bob")),))
    for table, board, typed in ((1, 1, ("4S", "N", "10")), (1, 2, ("pass",)), (2, 3, ("3NTX", "S", "8"))):
        outcome = submit(s, TableResult(f"id-{table}-{board}", table, 0, board, hand(*typed)))
        s = s.with_result(outcome.result)  # type: ignore[union-attr]
    move = next_round(s, 1, 1, "2026-12-04T20:00:00+00:00")
    assert move is not None
    s = s.with_move(move)
    s = s.with_result(TableResult("d-1", 1, 1, 1, hand("4S", "N", "11"), By.DIRECTOR, "N-S took 11: agreed by both"))
    return Game(mode=Mode.DUPLICATE, several_tables=s)


def test_a_game_of_several_tables_reads_back_as_written() -> None:
    game = played()
    data = game_to_json(game)
    assert data["several_tables"]["results"][1] == {
        "id": "id-1-2",
        "table": 1,
        "round": 1,
        "board": 2,
        "by": "table",
        "pass": True,
    }
    assert data["several_tables"]["names"] == {"NS1": ["Ann", "Bob"]}
    assert game_from_json(data) == game
    assert game_to_json(game_from_json(data)) == data


def damaged(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(game_to_json(played()))
    change(data["several_tables"])
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(movement="howell"), "movement is not teams or mitchell"),
        (lambda d: d.update(tables=9), "several_tables tables: A Mitchell is played at 3 to 8 tables"),
        (lambda d: d["results"][0].update(board=5), "result 1: board 5 is not played at table 1 in round 1"),
        (lambda d: d["results"][1].update(id="id-1-1"), "result 2 has the id id-1-1 of an earlier result"),
        (lambda d: d["results"][2].update(round=2), "result 3: board 3 is not played at table 2 in round 2"),
        (lambda d: d["results"][3].update(why=""), "a director's change has a reason"),
        (lambda d: d["results"][0].update(why="no"), "a director's change has a reason"),
        (lambda d: d["results"][0].update(tricks=14), "tricks must be a whole number from 0 to 13"),
        (lambda d: d["results"][0].update(others=[420]), "honors or other tables' scores"),
        (lambda d: d["moves"][0].update(round=3), "takes table 1 to round 3 from round 1"),
        (lambda d: d["names"].update(EW3=["Cy", "Di"]), "'EW3' is not a pair of this movement"),
        (lambda d: d["names"].update(NS2=["Cy\x1b[31m", "Di"]), "characters that cannot be shown"),
        (lambda d: d.update(results="all"), "results is not a list"),
    ],
)
def test_a_damaged_game_of_several_tables_is_refused_by_name(change: Any, words: str) -> None:
    with pytest.raises(SchemaError, match=None) as caught:
        game_from_json(damaged(change))
    assert words in str(caught.value), caught.value


def test_a_result_of_a_round_the_table_has_not_reached_is_damage() -> None:
    data = damaged(lambda d: d.update(moves=[]))
    data["several_tables"]["results"] = [r for r in data["several_tables"]["results"] if r["by"] == "table"]
    data["several_tables"]["results"].append({"id": "late", "table": 2, "round": 2, "board": 5, "by": "table", "pass": True})
    with pytest.raises(SchemaError, match="round 2, which table 2 has not reached"):
        game_from_json(data)
