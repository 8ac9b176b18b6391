"""Games to and from JSON: the saved shape, and strict reading of anything else."""

from __future__ import annotations

import pytest

from bridgepad.core.model import Contract, Doubling, Hand, Honors, Seat, Side, Strain
from bridgepad.core.readers.serialize import (
    SCHEMA,
    FutureSchemaError,
    SchemaError,
    game_from_json,
    game_to_json,
)
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import Settings

GAME = Game(
    first_dealer=Seat.W,
    hands=(
        Hand(Contract(4, Strain.S, Doubling.DOUBLED), Seat.N, 9, Honors(Side.EW, 100)),
        Hand(),
    ),
    players=("Ann", "", "Cy", ""),
)


def test_saved_shape() -> None:
    data = game_to_json(GAME, {"id": "x"})
    assert data["schema"] == SCHEMA
    assert data["id"] == "x"
    assert data["mode"] == "rubber"
    assert data["first_dealer"] == "W"
    assert data["players"] == {"N": "Ann", "S": "Cy"}  # only the names given
    assert data["ended"] is False
    assert data["settings"] == Settings().to_json()
    assert data["hands"] == [
        {"contract": "4SX", "declarer": "N", "tricks": 9, "honors": {"side": "EW", "points": 100}},
        {"pass": True},
    ]
    assert "first_board" not in data  # duplicate only
    assert game_to_json(Game(mode=Mode.DUPLICATE, first_board=17))["first_board"] == 17
    assert game_from_json(data) == GAME


def test_future_schema_is_refused_as_such() -> None:
    data = game_to_json(GAME)
    data["schema"] = SCHEMA + 1
    with pytest.raises(FutureSchemaError):
        game_from_json(data)


@pytest.mark.parametrize("schema", [None, 0, "1", True, 1.0])
def test_unknown_schema(schema) -> None:
    data = game_to_json(GAME)
    data["schema"] = schema
    with pytest.raises(SchemaError):
        game_from_json(data)


def test_older_schema_is_read() -> None:
    # Schema 1 had no entry times on hands; it reads as the same game.
    data = game_to_json(GAME)
    data["schema"] = 1
    assert game_from_json(data) == GAME


@pytest.mark.parametrize(
    "hand",
    [
        {"contract": "3NT", "declarer": "N", "tricks": 9, "honors": {"side": "NS", "points": 100}},  # 100 at NT
        {"contract": "4S", "declarer": "N", "tricks": 9, "honors": {"side": "NS", "points": 120}},
        {"contract": "4S", "declarer": "N", "tricks": 9, "honors": {"side": "XX", "points": 100}},
        {"contract": "4S", "declarer": "N", "tricks": 9, "honors": [100]},
        {"contract": "4S", "declarer": "N", "tricks": 14},
        {"contract": "4S", "declarer": "N", "tricks": -1},
        {"contract": "4S", "declarer": "N", "tricks": "10"},
        {"contract": "4S", "declarer": "N", "tricks": 9.0},
        {"contract": "4S", "declarer": "Q", "tricks": 9},
        {"contract": "4S", "tricks": 9},
        {"contract": "pass", "declarer": "N", "tricks": 9},
        {"contract": "8S", "declarer": "N", "tricks": 9},
        {"declarer": "N", "tricks": 9},
        {"pass": True, "others": [20_000]},
        "4S N 9",
        None,
    ],
)
def test_bad_hands_are_schema_errors(hand) -> None:
    data = game_to_json(GAME)
    data["hands"] = [hand]
    with pytest.raises(SchemaError) as e:
        game_from_json(data)
    assert "hand 1" in str(e.value)


@pytest.mark.parametrize(
    "key, value",
    [
        ("mode", "poker"),
        ("first_dealer", "X"),
        ("hands", None),
        ("players", ["Ann"]),
        ("players", {"N": 3}),
        ("ended", "no"),
        ("first_board", 0),
    ],
)
def test_bad_fields_are_schema_errors(key: str, value) -> None:
    data = game_to_json(GAME)
    data[key] = value
    with pytest.raises(SchemaError):
        game_from_json(data)


def test_not_a_game() -> None:
    for data in ([], "game", 1, None):
        with pytest.raises(SchemaError):
            game_from_json(data)


def test_unknown_settings_fall_back_to_the_defaults() -> None:
    data = game_to_json(GAME)
    data["settings"] = {"honors": "yes", "chicago_vulnerable": "sometimes", "colour": "blue"}
    assert game_from_json(data).settings == Settings()
